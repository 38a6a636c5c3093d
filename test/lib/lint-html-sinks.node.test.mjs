// @ts-check
/**
 * The lint rule that keeps markup out of the DOM. ESLint's API lints small samples with the
 * project's own eslint.config.mjs, as if they were files of the project: every HTML sink is refused in src/ and
 * elements/, safe code passes, and the one sanitizing module, src/lib/sanitize-html.ts, may use them.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { recordFigure } from '../../scripts/figures.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'no-restricted-syntax';
const SANITIZING_MODULE = 'src/lib/sanitize-html.ts';

/** One sample per way a string reaches an HTML parser; each must be refused. */
const SINKS = {
  'dangerouslySetInnerHTML': 'export const View = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;',
  'innerHTML assignment': 'export function show(el: HTMLElement, html: string) { el.innerHTML = html; }',
  'innerHTML +=': 'export function add(el: HTMLElement, html: string) { el.innerHTML += html; }',
  'computed innerHTML': "export function show(el: HTMLElement, html: string) { el['innerHTML'] = html; }",
  'outerHTML assignment': 'export function swap(el: HTMLElement, html: string) { el.outerHTML = html; }',
  'innerHTML through an object': 'export function show(el: HTMLElement, html: string) { Object.assign(el, { innerHTML: html }); }',
  'insertAdjacentHTML': "export function add(el: HTMLElement, html: string) { el.insertAdjacentHTML('beforeend', html); }",
  'optional insertAdjacentHTML': "export function add(el: HTMLElement | null, html: string) { el?.insertAdjacentHTML('afterbegin', html); }",
  'document.write': 'export function write(html: string) { document.write(html); }',
  'document.writeln': 'export function write(html: string) { document.writeln(html); }',
  'ownerDocument.write': 'export function write(el: HTMLElement, html: string) { el.ownerDocument.write(html); }',
  'window.document.write': 'export function write(html: string) { window.document.write(html); }',
  'srcdoc assignment': 'export function frame(iframe: HTMLIFrameElement, html: string) { iframe.srcdoc = html; }',
  'srcdoc attribute': "export function frame(iframe: HTMLIFrameElement, html: string) { iframe.setAttribute('srcdoc', html); }",
  'srcDoc in JSX': 'export const Frame = ({ html }: { html: string }) => <iframe title="x" srcDoc={html} />;',
  'createContextualFragment': 'export function parse(html: string) { return document.createRange().createContextualFragment(html); }',
  'setHTMLUnsafe': 'export function show(el: HTMLElement, html: string) { el.setHTMLUnsafe(html); }',
  'DOMParser.parseFromString': "export function parse(html: string) { return new DOMParser().parseFromString(html, 'text/html'); }",
};

/** Code that looks close to a sink but renders text, or only reads; none may be refused. */
const SAFE = {
  'textContent': 'export function show(el: HTMLElement, text: string) { el.textContent = text; }',
  'text in JSX': 'export const View = ({ text }: { text: string }) => <p>{text}</p>;',
  'replaceChildren with nodes': 'export function show(el: HTMLElement, nodes: DocumentFragment) { el.replaceChildren(nodes); }',
  'reading innerHTML': 'export function read(el: HTMLElement): string { return el.innerHTML; }',
  'insertAdjacentText': "export function add(el: HTMLElement, text: string) { el.insertAdjacentText('beforeend', text); }",
  'a stream writer': 'export async function send(stream: WritableStream<string>, text: string) { await stream.getWriter().write(text); }',
  'other attributes': "export function label(el: HTMLElement, text: string) { el.setAttribute('aria-label', text); }",
};

const eslint = new ESLint({ cwd: ROOT });

/**
 * The sink messages ESLint reports for `code` as the file at `filePath`.
 * @param {string} code
 * @param {string} filePath - relative to the project root; the file need not exist.
 */
async function sinkMessages(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  assert.ok(result, 'ESLint answered');
  const fatal = result.messages.filter((message) => message.fatal);
  assert.deepEqual(fatal, [], `the sample parses as ${filePath}`);
  return result.messages.filter((message) => message.ruleId === RULE);
}

/** Sink forms refused in both src/ and elements/. */
let refused = 0;

describe('lint: HTML sinks outside the sanitizing module', () => {
  after(() => {
    const total = Object.keys(SINKS).length;
    recordFigure('lint-html-sinks', `${refused} of ${total} HTML sink forms refused outside ${SANITIZING_MODULE}`, refused === total);
  });

  for (const [name, code] of Object.entries(SINKS)) {
    it(`refuses ${name} in src/ and elements/`, async () => {
      for (const filePath of ['src/components/Sample.tsx', 'elements/sample.tsx']) {
        const messages = await sinkMessages(code, filePath);
        assert.equal(messages.length, 1, `${name} in ${filePath}: ${JSON.stringify(messages)}`);
        assert.match(messages[0]?.message ?? '', /sanitizing module \(src\/lib\/sanitize-html\.ts\)/);
      }
      refused += 1;
    });
  }

  // The module is a .ts file, where JSX does not parse: the JSX samples have no counterpart there.
  for (const [name, code] of Object.entries(SINKS).filter(([, sample]) => !sample.includes('<'))) {
    it(`allows ${name} in ${SANITIZING_MODULE}`, async () => {
      assert.deepEqual(await sinkMessages(code, SANITIZING_MODULE), []);
    });
  }

  for (const [name, code] of Object.entries(SAFE)) {
    it(`does not refuse ${name}`, async () => {
      assert.deepEqual(await sinkMessages(code, 'src/components/Sample.tsx'), []);
    });
  }
});
