// @ts-check
/**
 * `node --test test/lib/docs-links.node.test.mjs`: README.md and docs/*.md can be followed. Every relative link
 * (Markdown links and images, outside code) leads to a file or folder of the repository, and its `#anchor`, if any,
 * to a heading of that page; README.md links every docs page; and the documentation describes the behaviour in
 * the project's own words, never citing "SPEC.md", a document the repository does not hold.
 */
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { ROOT, anchorsOf, docFiles, readDoc } from '../../scripts/docs-sections.mjs';

/**
 * A Markdown text with fenced code blocks and inline code spans blanked (same line count), where links are not links.
 * @param {string} markdown
 */
function withoutCode(markdown) {
  /** @type {string | null} */
  let fence = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && fence === null) {
        fence = marker;
        return '';
      }
      if (marker && fence !== null && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
        fence = null;
        return '';
      }
      return fence === null ? line.replace(/(`+)[^`]*?\1/g, '') : '';
    })
    .join('\n');
}

/**
 * The link targets of a Markdown text, each with its line.
 * @param {string} markdown
 */
function linksOf(markdown) {
  return withoutCode(markdown)
    .split('\n')
    .flatMap((line, index) => [...line.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({ target: match[1] ?? '', line: index + 1 })));
}

test('every relative link in README.md and docs/*.md leads to a file of the repository, and its #anchor to a heading', () => {
  /** @type {string[]} */
  const broken = [];
  let checked = 0;
  for (const file of docFiles()) {
    for (const { target, line } of linksOf(readDoc(file))) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue;
      checked += 1;
      const [path = '', anchor] = target.split('#');
      const at = `${file} line ${line}: ${target}`;
      const resolved = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURIComponent(path));
      if (relative(ROOT, resolved).startsWith(`..${sep}`) || !resolved.startsWith(ROOT.replace(/[\\/]$/, ''))) {
        broken.push(`${at} (outside the repository)`);
        continue;
      }
      if (!existsSync(resolved)) {
        broken.push(`${at} (no such file)`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!statSync(resolved).isFile() || !resolved.endsWith('.md')) {
        broken.push(`${at} (an anchor into something that is not a Markdown page)`);
        continue;
      }
      if (!anchorsOf(readDoc(relative(ROOT, resolved))).has(anchor)) broken.push(`${at} (no heading with that anchor)`);
    }
  }
  assert.ok(checked > 0, 'no relative link found at all');
  assert.deepEqual(broken, []);
});

test('README.md links every docs page', () => {
  const linked = new Set(
    linksOf(readDoc('README.md'))
      .map(({ target }) => target.split('#')[0] ?? '')
      .filter((path) => path !== '' && !/^[a-z][a-z\d+.-]*:/i.test(path))
      .map((path) => relative(ROOT, resolve(ROOT, path)).split(sep).join('/')),
  );
  assert.deepEqual(docFiles().filter((file) => file !== 'README.md' && !linked.has(file)), []);
});

test('README.md and docs/*.md do not cite SPEC.md, which the repository does not hold', () => {
  const citations = docFiles().flatMap((file) =>
    readDoc(file)
      .split('\n')
      .flatMap((text, index) => (/SPEC\.md/.test(text) ? [`${file} line ${index + 1}: ${text.trim().slice(0, 100)}`] : [])),
  );
  assert.deepEqual(citations, []);
});
