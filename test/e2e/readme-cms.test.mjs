// @ts-check
/**
 * End to end: the documentation's CMS/Django template snippet works as written. The first ```django
 * block of the section "A CMS or Django template" (README.md or a docs page, scripts/docs-sections.mjs) is rendered the way Django would render it for the demo site (static files under
 * /dist/, the reset-availability URL, a csrf hidden field) and served as a page of the demo server, with the
 * headers the server gives its own pages (so the strict-CSP run checks it too).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { findSection } from '../../scripts/docs-sections.mjs';
import { collectPageErrors, it, launchBrowser, resetBookcore, startDemoServer } from './support.mjs';

/** The template snippet the documentation gives CMS editors. */
function cmsSnippet() {
  const section = findSection('A CMS or Django template');
  const snippet = /```django\n([\s\S]*?)```/.exec(section.text)?.[1];
  assert.ok(snippet, `${section.file} has a django block under "A CMS or Django template"`);
  return snippet;
}

/** What Django would render for the demo site; a tag or variable this does not know fails the test. */
const CONTEXT = {
  'loyalty.cta': 'Club CMS',
  'project.code': 'demo-brand',
  "is_desktop|yesno:'true,false'": 'false',
  'loyalty.title': 'Club CMS',
};

/** @param {string} snippet */
function render(snippet) {
  const rendered = snippet
    .replace(/\{% load static %\}/g, '')
    .replace(/\{# [\s\S]*? #\}/g, '')
    .replace(/\{% static '([^']+)' %\}/g, (_tag, path) => `/dist/${String(path).replace(/^loyalty-elements\//, '')}`)
    .replace(/\{% csrf_token %\}/g, '<input type="hidden" name="csrfmiddlewaretoken" value="rendered-by-django">')
    .replace(/\{% url 'availability-reset' %\}/g, '/bookcore/availability/reset/')
    .replace(/\{\{ ([^}]+?) \}\}/g, (_variable, name) => {
      const value = CONTEXT[/** @type {keyof typeof CONTEXT} */ (name)];
      assert.ok(value !== undefined, `the test does not know the template variable {{ ${name} }}`);
      return value;
    });
  assert.doesNotMatch(rendered, /\{[%{#]/, 'every template tag rendered');
  return rendered;
}

describe("the documentation's CMS template snippet", () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    await resetBookcore(server.origin);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders into a page where the three tags upgrade, configured from the template, with no errors', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    /** @type {string[]} */
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.route(`${server.origin}/cms-page.html`, async (route) => {
      // The headers the demo server gives its pages (the strict policy when DEMO_CSP=strict), the snippet's body.
      const response = await route.fetch({ url: `${server.origin}/no-icon.html` });
      await route.fulfill({
        response,
        body: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>CMS</title><link rel="icon" href="data:,"></head><body>${render(cmsSnippet())}</body></html>`,
      });
    });
    await page.goto(`${server.origin}/cms-page.html`);
    await page.locator('loyalty-icon [part="button"]').waitFor();
    assert.equal(await page.locator('loyalty-icon [part="button"]').textContent(), 'Club CMS');
    await page.waitForFunction(() => document.querySelector('loyalty-panel')?.getAttribute('section') === 'PRE_SIGNUP');
    assert.equal(await page.evaluate(() => Boolean(customElements.get('loyalty-tooltip') && document.querySelector('loyalty-tooltip')?.shadowRoot)), true);
    // The nomodule classic script is for browsers without modules: this one never fetches it.
    assert.ok(scripts.includes('/dist/loyalty-elements.js'), `scripts fetched: ${scripts.join(', ')}`);
    assert.ok(!scripts.includes('/dist/loyalty-elements.iife.js'), 'the classic script was fetched too');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
