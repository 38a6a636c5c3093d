// @ts-check
/**
 * The project's documentation is README.md and the pages under docs/. Tests and scripts that check a piece of it
 * (the commerce examples, the CMS template, the theming tables, the brand screenshots…) find the piece by its
 * heading or marker wherever it lives, so a section can move between README.md and a docs page without its test
 * losing it, and a section that is gone, or that two pages both hold, fails the test that needs it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The documentation files, as paths relative to the root: README.md first, then docs/*.md by name.
 * @param {string} [root]
 * @returns {string[]}
 */
export function docFiles(root = ROOT) {
  const pages = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...pages];
}

/**
 * A documentation file's text.
 * @param {string} file a path relative to the root
 * @param {string} [root]
 */
export function readDoc(file, root = ROOT) {
  return readFileSync(join(root, file), 'utf8');
}

/**
 * @typedef {{ level: number, text: string, line: number, offset: number }} Heading
 *   `line` is 1-based; `offset` is where the heading's line starts in the file's text.
 */

/**
 * The ATX headings (`#` to `######`) of a Markdown text, outside fenced code blocks.
 * @param {string} markdown
 * @returns {Heading[]}
 */
export function headingsOf(markdown) {
  /** @type {Heading[]} */
  const headings = [];
  /** @type {string | null} */
  let fence = null;
  let offset = 0;
  markdown.split('\n').forEach((text, index) => {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fenceMatch) {
      const marker = /** @type {string} */ (fenceMatch[1]);
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = null;
    } else if (fence === null) {
      const match = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(text);
      if (match) headings.push({ level: (match[1] ?? '').length, text: match[2] ?? '', line: index + 1, offset });
    }
    offset += text.length + 1;
  });
  return headings;
}

/**
 * @typedef {{ file: string, heading: Heading, text: string, firstLine: number }} Section
 *   `text` runs from the heading's line to the next heading of the same or a higher level (or the end of the
 *   file); `firstLine` is the heading's 1-based line number in `file`.
 */

/**
 * The one section of README.md or docs/*.md whose heading reads `heading` (its text after the `#` marks, at any
 * level). Throws when no file has it, or when more than one heading has it.
 * @param {string} heading e.g. 'A CMS or Django template'
 * @param {string} [root]
 * @returns {Section}
 */
export function findSection(heading, root = ROOT) {
  const files = docFiles(root);
  /** @type {Section[]} */
  const found = [];
  for (const file of files) {
    const markdown = readDoc(file, root);
    const headings = headingsOf(markdown);
    headings.forEach((candidate, index) => {
      if (candidate.text !== heading) return;
      const next = headings.slice(index + 1).find((later) => later.level <= candidate.level);
      found.push({ file, heading: candidate, text: markdown.slice(candidate.offset, next?.offset), firstLine: candidate.line });
    });
  }
  if (found.length === 0) throw new Error(`no heading "${heading}" in ${files.join(', ')}`);
  if (found.length > 1) throw new Error(`the heading "${heading}" is in more than one place: ${found.map((section) => `${section.file} line ${section.firstLine}`).join(', ')}`);
  return /** @type {Section} */ (found[0]);
}

/**
 * The one documentation file whose text contains `marker` (e.g. a generated block's start comment), with its text.
 * Throws when none or several do.
 * @param {string} marker
 * @param {string} [root]
 * @returns {{ file: string, text: string }}
 */
export function findDocContaining(marker, root = ROOT) {
  const files = docFiles(root);
  const found = files.map((file) => ({ file, text: readDoc(file, root) })).filter(({ text }) => text.includes(marker));
  if (found.length === 0) throw new Error(`no documentation file contains ${JSON.stringify(marker)} (looked in ${files.join(', ')})`);
  if (found.length > 1) throw new Error(`${JSON.stringify(marker)} is in more than one file: ${found.map(({ file }) => file).join(', ')}`);
  return /** @type {{ file: string, text: string }} */ (found[0]);
}

/**
 * The anchor GitHub gives a heading: its text without Markdown links' targets, lower case, punctuation removed
 * (letters, digits, `_`, `-` and spaces kept), spaces as `-`.
 * @param {string} heading
 */
export function headingSlug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The anchors a Markdown text offers: its headings' slugs (a repeated slug gets `-1`, `-2`… as on GitHub) and the
 * `id`/`name` of its HTML anchors.
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function anchorsOf(markdown) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  const anchors = new Set();
  for (const { text } of headingsOf(markdown)) {
    const slug = headingSlug(text);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}
