// @ts-check
/**
 * `node --test test/lib/docs-links.node.test.mjs`: README.md and docs/*.md can be followed. Every relative link
 * (Markdown links and images, outside code) leads to a file or folder of the repository, and its `#anchor`, if any,
 * to a heading of that page; README.md links every docs page; and the documentation describes the behaviour in
 * the project's own words. Nothing in the code, tests, scripts, demo or docs cites what a reader of the repository
 * cannot open (an outside specification or an issue tracker), and every `docs/<page>.md "<section>"` citation leads to a
 * page that holds that heading or phrase (docs/architecture.md, "Citing the docs").
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
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

/** The repository's text files a reader follows: code, tests, scripts, the demo and the documentation. */
function explainedFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'elements', 'test', 'scripts', 'demo', 'docs', 'README.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(m?js|tsx?|json|md|html|py|css|txt)$/.test(file) && existsSync(join(ROOT, file)));
}

/** A citation a reader of this repository cannot follow: an outside specification, its sections, an issue tracker's numbers. */
const UNFOLLOWABLE = /SPEC\.md|\bissues? #?\d+|\bissues \d+(?:[–,-] ?\d+)*|§ ?\d/i;

test('code, tests, scripts, the demo and the docs cite nothing outside the repository (no outside spec, section sign or issue number)', () => {
  const citations = explainedFiles().flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((text, index) => (UNFOLLOWABLE.test(text) ? [`${file}:${index + 1}: ${text.trim().slice(0, 120)}`] : [])),
  );
  assert.deepEqual(citations, []);
});

test('every `docs/<page>.md "<section>"` citation a file makes names a page that exists and a heading or phrase it holds', () => {
  const broken = explainedFiles().flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(/docs\/([\w-]+\.md),? \\?["“]([^"”\\\n]+)\\?["”]/g)].flatMap(([, page, phrase]) => {
          const path = join(ROOT, 'docs', /** @type {string} */ (page));
          if (!existsSync(path)) return [`${file}:${index + 1}: docs/${page} does not exist`];
          const body = readFileSync(path, 'utf8').toLowerCase();
          return body.includes(/** @type {string} */ (phrase).toLowerCase()) ? [] : [`${file}:${index + 1}: docs/${page} holds no "${phrase}"`];
        }),
      ),
  );
  assert.deepEqual(broken, []);
});
