// @ts-check
/**
 * End to end (docs/theming.md): the brands' project stylesheets (demo/brands/demo-brand.css on
 * demo/index.html, demo/brands/second-brand.css on demo/second-brand.html, the dark demo/brands/dark-brand.css on
 * demo/dark-brand.html), each axe-clean (contrast included) with the panel open, with a screenshot of each.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { authSection, axeAudit, collectPageErrors, it, launchBrowser, resetBookcore, startDemoServer } from './support.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.test-results/screenshots/', import.meta.url));

/**
 * A brand's `--loyalty-color-primary` as its stylesheet declares it (`#rrggbb`) and as getComputedStyle answers a
 * colour (`rgb(r, g, b)`).
 * @param {string} projectCode
 */
function brandPrimary(projectCode) {
  const css = readFileSync(new URL(`../../demo/brands/${projectCode}.css`, import.meta.url), 'utf8');
  const declared = /--loyalty-color-primary:\s*(#[0-9a-f]{6})\s*;/i.exec(css)?.[1];
  assert.ok(declared, `demo/brands/${projectCode}.css sets --loyalty-color-primary as #rrggbb`);
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(declared.slice(at, at + 2), 16));
  return { declared: declared.toLowerCase(), rgb: `rgb(${r}, ${g}, ${b})` };
}

describe('three brands, one code base', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    await resetBookcore(server.origin);
    browser = await launchBrowser();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('themes the icon with each brand primary colour; screenshots with the panel open', async () => {
    /** @type {Record<string, string>} */
    const backgrounds = {};
    for (const { path, projectCode } of [
      { path: '/', projectCode: 'demo-brand' },
      { path: '/second-brand.html', projectCode: 'second-brand' },
      { path: '/dark-brand.html', projectCode: 'dark-brand' },
    ]) {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      await page.setViewportSize({ width: 1024, height: 900 });
      const errors = collectPageErrors(page);
      const axe = axeAudit(page);
      await page.goto(`${server.origin}${path}`);
      assert.equal(await page.locator('loyalty-panel').getAttribute('data-project-code'), projectCode);
      const icon = page.locator('loyalty-icon [part="button"]');
      // The brand stylesheet is linked into the icon's shadow root and loaded.
      await page.waitForFunction(
        (code) =>
          [...(document.querySelector('loyalty-icon')?.shadowRoot?.querySelectorAll('link[rel="stylesheet"]') ?? [])].some(
            (link) => /** @type {HTMLLinkElement} */ (link).href.endsWith(`/static/${code}/loyalty/loyalty.css`) && /** @type {HTMLLinkElement} */ (link).sheet,
          ),
        projectCode,
      );
      const { declared, rgb: expected } = brandPrimary(projectCode);
      const background = await icon.evaluate((button) => getComputedStyle(button).backgroundColor);
      const primary = await icon.evaluate((button) => getComputedStyle(button).getPropertyValue('--loyalty-color-primary').trim());
      assert.equal(primary.toLowerCase(), declared, `${projectCode}: the icon sees the brand's --loyalty-color-primary`);
      assert.equal(background, expected, `${projectCode}: the icon's background is the brand's primary colour`);
      backgrounds[projectCode] = background;

      await icon.click();
      await authSection(page, 'PRE_SIGNUP').waitFor();
      await page.getByRole('dialog').waitFor();
      // The panel's own primary button carries the brand too.
      assert.equal(
        await page.locator('loyalty-panel [part~="sign-up-with-email"]').evaluate((button) => getComputedStyle(button).backgroundColor),
        expected,
        `${projectCode}: the panel's primary button is the brand's primary colour`,
      );
      await axe.check(`PRE_SIGNUP (${projectCode})`);
      await page.screenshot({ path: `${SCREENSHOTS}${projectCode}-panel-open.png`, animations: 'disabled' });
      assert.deepEqual(errors, [], `${projectCode}: no page errors`);
      assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
      await page.close();
    }
    assert.equal(new Set(Object.values(backgrounds)).size, 3, `the three brands look different: ${JSON.stringify(backgrounds)}`);
  });
});
