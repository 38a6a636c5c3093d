// @ts-check
/**
 * `node --test test/lib/docs-sections.node.test.mjs`: scripts/docs-sections.mjs finds a documentation section by its
 * heading in README.md or in a page of docs/, and fails loudly when the section is gone or held twice — which is what
 * keeps the tests that check the documentation (commerce examples, CMS template, theming tables) true when text moves.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { anchorsOf, docFiles, findDocContaining, findSection, headingSlug, headingsOf } from '../../scripts/docs-sections.mjs';
import { END, START, withTables } from '../../scripts/theming-tables.mjs';

describe('docs-sections', () => {
  /** @type {string} */
  let root;

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'docs-sections-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(
      join(root, 'README.md'),
      ['# project', '', '## Guide', 'Run it.', '', '```sh', '# not a heading', '```', '', '## Moved away', 'Now in a page.', ''].join('\n'),
    );
    writeFileSync(
      join(root, 'docs/integration.md'),
      [
        '# Integration',
        '',
        '## A CMS or Django template',
        '',
        '```django',
        '{% load static %}',
        '## also not a heading',
        '```',
        '',
        '### A detail',
        'Still in the section.',
        '',
        '## Troubleshooting',
        'The next section.',
        '<!-- marker -->',
        '',
      ].join('\n'),
    );
    writeFileSync(join(root, 'docs/theming.md'), '# Theming\n\n## Guide\n\nA second "Guide".\n');
    writeFileSync(join(root, 'docs/notes.txt'), '## A CMS or Django template\n');
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  test('the files are README.md, then docs/*.md by name', () => {
    assert.deepEqual(docFiles(root), ['README.md', 'docs/integration.md', 'docs/theming.md']);
  });

  test('headings inside fenced code are not headings', () => {
    assert.deepEqual(
      headingsOf('# a\n```sh\n# b\n```\n~~~\n## c\n~~~\n## d ##\n').map(({ level, text, line }) => [level, text, line]),
      [
        [1, 'a', 1],
        [2, 'd', 8],
      ],
    );
  });

  test('a section moved to a docs page is found there, with its subsections, up to the next heading of its level', () => {
    const section = findSection('A CMS or Django template', root);
    assert.equal(section.file, 'docs/integration.md');
    assert.equal(section.firstLine, 3);
    assert.ok(section.text.startsWith('## A CMS or Django template\n'));
    assert.match(section.text, /```django\n\{% load static %\}/);
    assert.match(section.text, /### A detail\nStill in the section\./);
    assert.doesNotMatch(section.text, /Troubleshooting/);
  });

  test('the last section of a file runs to its end', () => {
    assert.equal(findSection('Troubleshooting', root).text, '## Troubleshooting\nThe next section.\n<!-- marker -->\n');
  });

  test('a section that is gone fails, naming where it looked', () => {
    assert.throws(() => findSection('Prices and currencies', root), /no heading "Prices and currencies" in README\.md, docs\/integration\.md, docs\/theming\.md/);
  });

  test('a heading held twice fails, naming both places', () => {
    assert.throws(() => findSection('Guide', root), /more than one place: README\.md line 3, docs\/theming\.md line 3/);
  });

  test('a marker is found in the one file that holds it; none or two fail', () => {
    assert.equal(findDocContaining('<!-- marker -->', root).file, 'docs/integration.md');
    assert.throws(() => findDocContaining('<!-- gone -->', root), /no documentation file contains/);
    assert.throws(() => findDocContaining('Guide', root), /more than one file: README\.md, docs\/theming\.md/);
  });
});

test('the theming tables keep the heading level of the page that holds them (#### when new)', () => {
  const manifest = { modules: [{ declarations: [{ tagName: 'loyalty-icon', customElement: true, cssParts: [{ name: 'button', description: 'the button' }], cssProperties: [] }] }] };
  const fresh = withTables(`# Theming\n${START}\n${END}\n`, manifest);
  assert.match(fresh, /^#### Parts of `<loyalty-icon>`$/m);
  const moved = withTables(fresh.replace(/^#### /gm, '## '), manifest);
  assert.match(moved, /^## Tokens$/m);
  assert.match(moved, /^## Parts of `<loyalty-icon>`$/m);
  assert.match(moved, /^\| `button` \| the button \|$/m);
  assert.equal(withTables(moved, manifest), moved);
});

test('headingSlug gives GitHub\'s anchors', () => {
  assert.equal(headingSlug('Prices, currencies, images and analytics (`loyalty-elements/commerce`)'), 'prices-currencies-images-and-analytics-loyalty-elementscommerce');
  assert.equal(headingSlug('The booking cart: `<package-cart>`'), 'the-booking-cart-package-cart');
  assert.equal(headingSlug('Security and reliability'), 'security-and-reliability');
  assert.equal(headingSlug('custom-elements.json and typings for frameworks'), 'custom-elementsjson-and-typings-for-frameworks');
  assert.deepEqual([...anchorsOf('# A\n## B\n## B\n<a id="here"></a>\n')], ['a', 'b', 'b-1', 'here']);
});
