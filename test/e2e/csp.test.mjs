// @ts-check
/**
 * End to end (docs/reliability.md): the strict-page run proves something only if it can fail. Under `DEMO_CSP=strict`
 * the served HTML must carry exactly the strict policy (demo/server/csp.mjs), and a page with an inline script
 * injected on purpose must give exactly one violation to the watcher of test/e2e/support.mjs (a control: it
 * declares the violation it provokes, and fails unless the watcher recorded exactly that). Without
 * `DEMO_CSP`, no page carries a policy (the dev mailbox excepted, which brings its own).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { STRICT_CSP as STRICT_POLICY } from '../../demo/server/csp.mjs';
import { cspViolationsSoFar, expectCspViolations, it, launchBrowser, startDemoServer, STRICT_CSP } from './support.mjs';

/** HTML pages of every origin kind: demo files, bookcore's pages, a legal document. */
const HTML_PAGES = [
  '/',
  '/package.html',
  '/no-icon.html',
  '/dispo.html',
  '/bookcore/availability/?entrada=2030-01-01&project=demo-brand',
  '/bookcore/shopping-cart/',
  '/bookcore/loyalty/validado/',
  '/legal/conditions.html',
];

/**
 * What makes the policy strict, written out here rather than read from the module that defines it: a weakened
 * policy (an `'unsafe-inline'`, a dropped Trusted Types directive) must fail this file, not pass it.
 */
const STRICT_DIRECTIVES = [
  "script-src 'self' 'report-sample'",
  "style-src 'self' 'report-sample'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types loyalty-elements dompurify',
];

describe('the strict Content-Security-Policy run', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;

  before(async () => {
    server = await startDemoServer();
  });

  after(async () => {
    await server?.stop();
  });

  it('the strict policy allows no inline or eval script or style, and enforces Trusted Types', () => {
    assert.deepEqual(STRICT_POLICY.split(';').map((directive) => directive.trim()), STRICT_DIRECTIVES);
    assert.doesNotMatch(STRICT_POLICY, /unsafe-|\*|data:|blob:/);
  });

  it(STRICT_CSP ? 'serves every HTML page with exactly the strict policy' : 'serves HTML pages with no policy unless DEMO_CSP=strict', async () => {
    for (const path of HTML_PAGES) {
      const response = await fetch(`${server.origin}${path}`);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, path);
      assert.equal(response.headers.get('content-security-policy'), STRICT_CSP ? STRICT_POLICY : null, path);
    }
    // JSON answers carry none; the dev mailbox keeps its own, stricter one.
    assert.equal((await fetch(`${server.origin}/bookcore/loyalty/ajax/user/`)).headers.get('content-security-policy'), null);
    assert.match((await fetch(`${server.origin}/__dev/mailbox`)).headers.get('content-security-policy') ?? '', /^default-src 'none'/);
  });

  it('control: an inline script injected into a strict page is refused and recorded as exactly one violation', { skip: !STRICT_CSP && 'only under DEMO_CSP=strict' }, async () => {
    expectCspViolations(1);
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      // A test page with the headers the server sent for a demo page (its policy) and a body carrying an inline
      // script, as a template with a forgotten <script> block would.
      await page.route(`${server.origin}/csp-control.html`, async (route) => {
        const response = await route.fetch({ url: `${server.origin}/no-icon.html` });
        assert.equal(response.headers()['content-security-policy'], STRICT_POLICY, 'the served policy');
        await route.fulfill({
          response,
          body: '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>CSP control</title><link rel="icon" href="data:,">' +
            '<script>window.__inlineScriptRan = true;</script></head><body><p>control</p></body></html>',
        });
      });
      await page.goto(`${server.origin}/csp-control.html`);
      assert.equal(await page.evaluate(() => /** @type {any} */ (window).__inlineScriptRan ?? false), false, 'the inline script did not run');
      // The watcher hands violations over as they happen; give a second one time to arrive.
      for (let waited = 0; cspViolationsSoFar() < 1 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(cspViolationsSoFar(), 1, 'the watcher recorded the violation');
    } finally {
      await browser.close();
    }
  });
});
