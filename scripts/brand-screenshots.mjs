// @ts-check
/**
 * docs/screenshots/<brand>.png: each demo brand's page with the loyalty panel open, for the README's Theming
 * section. Run after `npm run build`: `node scripts/brand-screenshots.mjs`. It starts the demo server
 * (demo/server/start.mjs, PORT=0) and drives Chromium with playwright-core (CHROME_PATH, else the usual paths).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from './chromium.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

/** The brand pages of demo/: project code → page. */
export const BRAND_PAGES = {
  'demo-brand': '/',
  'second-brand': '/second-brand.html',
  'dark-brand': '/dark-brand.html',
};

/** Starts the demo server on a free port; resolves with its origin and a stop function. */
function startServer() {
  const child = spawn(process.execPath, ['demo/server/start.mjs'], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (origin) resolve({ origin, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`demo server exited (${code}) before listening`)));
  });
}

const server = /** @type {{ origin: string, stop: () => void }} */ (await startServer());
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  mkdirSync(OUT, { recursive: true });
  await fetch(`${server.origin}/__dev/reset`, { method: 'POST' });
  for (const [brand, path] of Object.entries(BRAND_PAGES)) {
    const context = await browser.newContext({ viewport: { width: 960, height: 960 }, reducedMotion: 'reduce' });
    await context.route('**/*', (route) => (isLoopbackUrl(new URL(route.request().url())) ? route.continue() : route.abort()));
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    // The brand stylesheet is in the icon's shadow root and loaded before the shot.
    await page.waitForFunction(
      (code) => [...(document.querySelector('loyalty-icon')?.shadowRoot?.querySelectorAll('link') ?? [])].some((link) => link.href.endsWith(`/static/${code}/loyalty/loyalty.css`) && link.sheet),
      brand,
    );
    // The page's "Ya soy socio" button opens the modal at SIGNIN: social buttons, a form, links.
    await page.locator('.open-loyalty').click();
    await page.locator('loyalty-panel [part~="auth-section"][data-section="SIGNIN"] [part~="input"]').first().waitFor();
    await page.locator('loyalty-panel [part~="social-button"]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    const dialog = await page.locator('loyalty-panel [part~="dialog"]').boundingBox();
    if (!dialog) throw new Error(`${brand}: no dialog to photograph`);
    // The dialog and a margin of the dimmed page around it.
    const margin = 24;
    const clip = { x: Math.max(0, dialog.x - margin), y: Math.max(0, dialog.y - margin), width: dialog.width + 2 * margin, height: Math.min(960, dialog.height + 2 * margin) };
    await page.screenshot({ path: `${OUT}${brand}.png`, animations: 'disabled', clip });
    console.log(`docs/screenshots/${brand}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
