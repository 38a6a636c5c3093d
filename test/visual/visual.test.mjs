// @ts-check
/**
 * Visual regression: screenshots of the widget's states in the three demo brands at 360 and 1366 px, compared
 * with the committed baselines in test/visual/baselines/ (pixelmatch, a small tolerance). A failure writes the
 * actual shot and a diff image (changed pixels in red over a faded copy) to .test-results/visual/.
 *
 * Chromium only: fonts, anti-aliasing and form controls differ between engines, and one engine's baselines are
 * what a brand's designer reviews. Deterministic: reduced motion and animations disabled, the caret hidden, a
 * fixed clock, the dev server reset before each brand.
 *
 * Run after `npm run build`: `npm run test:visual`; update the baselines (and docs/theming.md's brand screenshots in
 * docs/screenshots/, taken from the same run) with `npm run test:visual -- --update`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../../scripts/chromium.mjs';
import { injectFault } from '../../scripts/dev-faults.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BASELINES = fileURLToPath(new URL('./baselines/', import.meta.url));
const RESULTS = `${ROOT}.test-results/visual/`;
const README_SHOTS = `${ROOT}docs/screenshots/`;
const UPDATE = process.argv.includes('--update') || process.env.UPDATE_VISUAL === '1';

/** Share of a shot's pixels that may differ (anti-aliasing noise), and pixelmatch's per-pixel colour threshold. */
const TOLERANCE = 0.002;
const PIXEL_THRESHOLD = 0.1;

/** The demo brands: project code → page. */
const BRAND_PAGES = {
  'demo-brand': '/',
  'second-brand': '/second-brand.html',
  'dark-brand': '/dark-brand.html',
};

const VIEWPORTS = [
  { width: 360, height: 760 },
  { width: 1366, height: 900 },
];

/**
 * The auth sections a guest reaches from an `open-loyalty` button, in the order shot: the forms, then the message
 * sections with their next steps; SOCIAL_GDPR is reached through the Facebook stand-in after them, and
 * PASS_RECOVERY_CHANGE on bookcore's change page through a mailed link (that page is one for every brand: shot in
 * the demo brand's run). Not shot: LOADER (a request in flight).
 */
const GUEST_SECTIONS = [
  'PRE_SIGNUP',
  'SIGNIN',
  'SIGNUP',
  'PASS_RECOVERY',
  'SIGNUP_SUCCESS',
  'SIGNUP_VALIDATION_SUCCESS',
  'PASS_RECOVERY_EMAIL',
  'PASS_RECOVERY_EXPIRED',
  'PASS_RECOVERY_SUCCESS',
];

/**
 * What a section draws after its heading, waited for before the shot: the providers' buttons (their own chunk) on
 * PRE_SIGNUP and SIGNIN, the consents (the form's lazily loaded checkboxes) on SIGNUP; the other sections draw
 * everything with their heading. Each waits for what it shows: a wait for something a section never draws would
 * only end at its timeout (the providers' buttons waited for on SIGNUP cost 30 s a shot).
 */
const DRAWN_LAST = /** @type {Record<string, string>} */ ({
  PRE_SIGNUP: '[part~="social-button"]',
  SIGNIN: '[part~="social-button"]',
  SIGNUP: '[part~="consent"]',
});

/** A fixed "now", so dates the widget writes do not change the pictures. */
const FIXED_NOW = new Date('2026-11-25T10:00:00Z');

/** Starts the demo server on a free port; resolves with its origin and a stop function. */
function startServer() {
  const child = spawn(process.execPath, ['demo/server/start.mjs'], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return /** @type {Promise<{ origin: string, stop: () => void }>} */ (
    new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
        if (origin) resolve({ origin, stop: () => child.kill() });
      });
      child.on('exit', (code) => reject(new Error(`demo server exited (${code}) before listening`)));
    })
  );
}

/**
 * Compares a shot with its baseline (or writes the baseline when updating, or when there is none yet and the
 * run is an update). Returns a problem text, or null when it matches.
 * @param {string} name
 * @param {Buffer} shot
 */
function compare(name, shot) {
  const baselinePath = `${BASELINES}${name}.png`;
  if (UPDATE) {
    writeFileSync(baselinePath, shot);
    return null;
  }
  if (!existsSync(baselinePath)) return `${name}: no baseline (run \`npm run test:visual -- --update\`)`;
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const actual = PNG.sync.read(shot);
  mkdirSync(RESULTS, { recursive: true });
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeFileSync(`${RESULTS}${name}.actual.png`, shot);
    return `${name}: ${actual.width}×${actual.height} px, baseline ${expected.width}×${expected.height} px (see .test-results/visual/${name}.actual.png)`;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changed = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD, alpha: 0.2 });
  const share = changed / (actual.width * actual.height);
  if (share <= TOLERANCE) return null;
  writeFileSync(`${RESULTS}${name}.actual.png`, shot);
  writeFileSync(`${RESULTS}${name}.diff.png`, PNG.sync.write(diff));
  return `${name}: ${changed} px differ (${(share * 100).toFixed(2)} % > ${TOLERANCE * 100} %); see .test-results/visual/${name}.diff.png`;
}

/** @type {{ origin: string, stop: () => void }} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--font-render-hinting=none', '--force-color-profile=srgb'] });
  mkdirSync(BASELINES, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

/**
 * A fresh page of a brand at a viewport: new session, fixed clock, no motion, only loopback.
 * @param {string} path
 * @param {{ width: number, height: number }} viewport
 */
async function openBrandPage(path, viewport) {
  await fetch(`${server.origin}/__dev/reset`, { method: 'POST' });
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'es-ES', timezoneId: 'UTC' });
  await context.route('**/*', (route) => (isLoopbackUrl(new URL(route.request().url())) ? route.continue() : route.abort()));
  const page = await context.newPage();
  // The tooltip is shot alone: the notification waits until the page marks its turn (the widget may otherwise
  // show both for a moment when the tooltip's part loads after the notification's text).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('visual-notification-turn')) sessionStorage.setItem('dont_show_notification', '1');
  });
  await page.clock.setFixedTime(FIXED_NOW);
  await page.goto(`${server.origin}${path}`);
  await page.waitForFunction(() => customElements.get('loyalty-panel') !== undefined);
  return { context, page };
}

/**
 * Waits for fonts and images and shoots a locator with animations off and the caret hidden.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} locator
 */
async function shoot(page, locator) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return locator.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

/**
 * Opens the modal at a section through an `open-loyalty` element, as a page's own button does.
 * @param {import('playwright-core').Page} page
 * @param {string} section
 * @param {string} [shows] the section it lands on, when not that one (a member asking for SIGNIN is greeted)
 */
async function openAt(page, section, shows = section) {
  await page.evaluate((name) => {
    const button = document.createElement('button');
    button.className = 'open-loyalty';
    button.dataset.externalAuthSection = name;
    button.textContent = name;
    document.body.append(button);
    button.click();
    button.remove();
  }, section);
  const dialog = page.locator('loyalty-panel [role="dialog"]');
  await dialog.locator(`[part~="auth-section"][data-section="${shows}"] [data-section-heading]`).waitFor();
  const last = DRAWN_LAST[shows];
  // Not an assertion: a section drawn without it differs from its baseline, which the comparison reports.
  if (last) await dialog.locator(last).first().waitFor().catch(() => undefined);
  return dialog;
}

/**
 * POSTs a form to bookcore from the page, as its scripts do (the session's cookie, its CSRF token, the AJAX
 * header): set-up a guest does elsewhere. Throws unless the answer is a 2xx; resolves with its JSON.
 * @param {import('playwright-core').Page} page
 * @param {string} path
 * @param {Record<string, string>} fields
 */
function postFromPage(page, path, fields) {
  return page.evaluate(
    async ({ path, fields }) => {
      // A view that sets the CSRF cookie when the page has none yet.
      await fetch('/bookcore/loyalty/ajax/user/', { credentials: 'include' });
      const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('csrftoken='))?.slice(10) ?? '');
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'X-CSRFToken': token, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest' },
        body: new URLSearchParams(fields),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    },
    { path, fields },
  );
}

for (const [brand, path] of Object.entries(BRAND_PAGES)) {
  describe(`visual: ${brand}`, () => {
    for (const viewport of VIEWPORTS) {
      it(`${viewport.width} px: tooltip, notification, guest sections, legal document, cart, member sections, dropped cart, cart with lines and an error`, async () => {
        const problems = [];
        const check = (/** @type {string} */ state, /** @type {Buffer} */ shot) => {
          const problem = compare(`${brand}-${viewport.width}-${state}`, shot);
          if (problem) problems.push(problem);
        };
        const { context, page } = await openBrandPage(path, viewport);
        try {
          const header = page.locator('header').first();
          // The tooltip shows first (the panel is not desktop), then the notification in its place.
          const tooltip = page.locator('loyalty-tooltip [part~="tooltip"][data-placed]');
          await tooltip.waitFor();
          check('tooltip', await page.screenshot({ animations: 'disabled', caret: 'hide', clip: await clipAround(header, tooltip, viewport) }));
          await page.locator('loyalty-tooltip [part~="tooltip-close"]').click();
          await tooltip.waitFor({ state: 'detached' });
          // The notification's turn: the next page of the session shows it, the tooltip already seen.
          await page.evaluate(() => {
            sessionStorage.setItem('visual-notification-turn', '1');
            sessionStorage.removeItem('dont_show_notification');
          });
          await page.reload();
          const notification = page.locator('loyalty-icon [part~="notification"][data-placed]');
          await notification.waitFor();
          await page.waitForFunction(() =>
            (document.querySelector('loyalty-icon')?.shadowRoot?.getAnimations() ?? []).every((animation) => animation.playState !== 'running'),
          );
          check('notification', await page.screenshot({ animations: 'disabled', caret: 'hide', clip: await clipAround(header, notification, viewport) }));
          await page.locator('loyalty-icon [part~="notification-close"]').click();
          await notification.waitFor({ state: 'detached' });

          for (const section of GUEST_SECTIONS) {
            const dialog = await openAt(page, section);
            check(section.toLowerCase(), await shoot(page, dialog));
            if (section === 'SIGNUP') {
              await dialog.locator('[part~="consent-link"]').first().click();
              const legal = page.locator('loyalty-panel [role="dialog"] [role="dialog"]');
              await legal.locator('[part~="legal-document"]').waitFor();
              await legal.locator('[part~="legal-document"] *').first().waitFor();
              check('legal-document', await shoot(page, legal));
              await page.keyboard.press('Escape');
              await legal.waitFor({ state: 'detached' });
            }
            await page.keyboard.press('Escape');
            await page.locator('loyalty-panel [role="dialog"]').waitFor({ state: 'detached' });
          }

          // SOCIAL_GDPR: a new social user from the Facebook stand-in, on the consent step. The stand-in signs its token
          // at the page's fixed clock, so the server's "today" is the fixed one from here on (its verification reads it).
          await fetch(`${server.origin}/__dev/clock`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ offsetMs: FIXED_NOW.getTime() - Date.now() }),
          });
          await page.evaluate(() => {
            /** @type {any} */ (window).__standinSocialUser = 'new';
          });
          const social = await openAt(page, 'PRE_SIGNUP');
          await social.locator('[part~="social-facebook"] button').click();
          await social.locator('[part~="auth-section"][data-section="SOCIAL_GDPR"] [data-section-heading]').waitFor();
          await page.mouse.move(0, 0);
          check('social_gdpr', await shoot(page, social));
          await page.keyboard.press('Escape');
          await page.locator('loyalty-panel [role="dialog"]').waitFor({ state: 'detached' });

          const cart = page.locator('package-cart [part~="cart"][data-state="ready"]');
          await cart.waitFor();
          await cart.scrollIntoViewIfNeeded();
          check('cart-empty', await shoot(page, page.locator('package-cart')));

          // A member whose cart was dropped at sign-in, on the next page: the dropped-cart dialog, then the
          // member's section.
          await postFromPage(page, '/bookcore/loyalty/ajax/signin/', { email: 'ana@example.com', password: 'Loyalty2026!' });
          await page.evaluate(() => sessionStorage.setItem('loyalty_dropped_cart', '1'));
          await page.reload();
          const dropped = page.locator('[role="dialog"]:has([part~="dropped-cart"])').first();
          await dropped.waitFor();
          check('dropped-cart', await shoot(page, dropped));
          await page.keyboard.press('Escape');
          await dropped.waitFor({ state: 'detached' });
          const member = await openAt(page, 'SIGNIN', 'SIGNIN_SUCCESS');
          check('signin_success', await shoot(page, member));
          await page.keyboard.press('Escape');
          await member.waitFor({ state: 'detached' });

          // The cart with two lines, the best-upgrade offer inside the line it upgrades and the book link; then a
          // line's error. The server's "today" is the fixed one, so the stay dates do not move.
          await fetch(`${server.origin}/__dev/clock`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ offsetMs: FIXED_NOW.getTime() - Date.now() }),
          });
          for (const [option, hotel, checkIn] of [['31', 'HMAR', '2026-12-18'], ['21', 'HSIE', '2027-01-22']]) {
            const answer = await postFromPage(page, '/bookcore/shopping-cart/add-package/', { id_opc: option, codhotel: hotel, entrada: checkIn, salida: '', codpromo: 'None' });
            assert.equal(answer.cod_error, '000', `add-package answered ${JSON.stringify(answer)}`);
          }
          await page.reload();
          await page.evaluate(() => document.querySelector('package-cart')?.setAttribute('data-book-url', '/bookcore/shopping-cart/'));
          const lines = page.locator('package-cart [part~="item"]');
          await lines.nth(1).waitFor();
          await page.locator('package-cart [part~="item"] [part~="best-upgrade"]').waitFor();
          await page.locator('package-cart [part~="book-now"]').waitFor();
          await page.locator('package-cart').scrollIntoViewIfNeeded();
          check('cart-items', await shoot(page, page.locator('package-cart')));
          await injectFault(server.origin, { path: '/bookcore/shopping-cart/delete-package/', body: { cod_error: '103', error: 'El elemento no existe en el carrito.' }, times: 1 });
          await lines.nth(1).locator('[part~="remove"]').click();
          await lines.nth(1).locator('[part~="item-error"]', { hasText: 'El elemento no existe en el carrito.' }).waitFor();
          await page.locator('package-cart [part~="remove"]:not([disabled])').nth(1).waitFor();
          await page.mouse.move(0, 0);
          check('cart-error', await shoot(page, lines.nth(1)));

          // PASS_RECOVERY_CHANGE: bookcore's own page behind the recovery mail's link, the panel inline on it. One
          // page for every brand (it names the demo brand's project), so shot once, in the demo brand's run.
          if (path === BRAND_PAGES['demo-brand']) {
            // A guest's new session (the member above is signed in), the mail asked for from the home page.
            const guest = await openBrandPage(path, viewport);
            const page = guest.page;
            // The widget's start settled (the guest's icon drawn): its first calls set the CSRF cookie the mail's
            // request reads.
            await page.locator('loyalty-icon [part="button"].out').waitFor();
            await postFromPage(page, '/bookcore/loyalty/ajax/password/recovery/', { email: 'ana@example.com' });
            /** @type {Array<{ to: string, kind: string, links: string[] }>} */
            const mails = await (await fetch(`${server.origin}/__dev/mailbox.json`)).json();
            const link = mails.filter((mail) => mail.kind === 'recovery').at(-1)?.links.find((address) => address.includes('/bookcore/password/cambiar/'));
            assert.ok(link, 'a recovery link was mailed');
            await page.goto(link);
            const change = page.locator('loyalty-panel [part~="auth-section"][data-section="PASS_RECOVERY_CHANGE"]');
            await change.locator('[data-section-heading]').waitFor();
            check('pass_recovery_change', await shoot(page, page.locator('loyalty-panel')));
            await guest.context.close();
          }

          if (UPDATE && viewport.width === 1366) {
            // docs/theming.md's brand picture: the guest's sign-in dialog at desktop width, from this same run.
            mkdirSync(README_SHOTS, { recursive: true });
            writeFileSync(`${README_SHOTS}${brand}.png`, readFileSync(`${BASELINES}${brand}-${viewport.width}-signin.png`));
          }
        } finally {
          await context.close();
        }
        assert.deepEqual(problems, [], problems.join('\n'));
      });
    }
  });
}

/**
 * The page's header and a floating bubble under it, as one clip inside the viewport.
 * @param {import('playwright-core').Locator} header
 * @param {import('playwright-core').Locator} bubble
 * @param {{ width: number, height: number }} viewport
 */
async function clipAround(header, bubble, viewport) {
  const a = await header.boundingBox();
  const b = await bubble.boundingBox();
  if (!a || !b) throw new Error('nothing to photograph');
  const top = Math.max(0, Math.min(a.y, b.y) - 8);
  const bottom = Math.min(viewport.height, Math.max(a.y + a.height, b.y + b.height) + 24);
  return { x: 0, y: top, width: viewport.width, height: bottom - top };
}

describe('visual: hotel page', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: <hotel-page> HSIE, each section, the room view and the photo viewer`, async () => {
      const problems = [];
      const check = (/** @type {string} */ state, /** @type {Buffer} */ shot) => {
        const problem = compare(`hotel-page-${viewport.width}-${state}`, shot);
        if (problem) problems.push(problem);
      };
      await fetch(`${server.origin}/__dev/reset`, { method: 'POST' });
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'es-ES', timezoneId: 'UTC' });
      await context.route('**/*', (route) => (isLoopbackUrl(new URL(route.request().url())) ? route.continue() : route.abort()));
      try {
        const page = await context.newPage();
        await page.clock.setFixedTime(FIXED_NOW);
        await page.goto(`${server.origin}/hotel-page.html?hotel=HSIE&lang=es`);
        for (const name of ['home', 'rooms', 'services', 'gallery', 'map', 'social-networks', 'offers', 'contact']) {
          const section = page.locator(`hotel-page [data-section="${name}"]`);
          await section.scrollIntoViewIfNeeded();
          await page.locator(`hotel-page [data-section="${name}"][data-state="ready"]`).waitFor();
          await page.waitForFunction((section) => {
            const images = [...(document.querySelector('hotel-page')?.shadowRoot?.querySelectorAll(`[data-section="${section}"] img`) ?? [])];
            return images.every((image) => /** @type {HTMLImageElement} */ (image).complete);
          }, name);
          // Rooms' and offers' member prices are drawn once the widget's start has answered.
          await page.waitForFunction((section) => document.querySelector('hotel-page')?.shadowRoot?.querySelector(`[data-section="${section}"] [part~="member-offer"][data-state="loading"]`) === null, name);
          check(name, await shoot(page, section));
        }
        await page.locator('hotel-page [part~="room-details-button"]').first().click();
        await page.locator('hotel-page [part~="room-dialog"] [part~="room-description"]').waitFor();
        await page.waitForFunction(() => document.querySelector('hotel-page')?.shadowRoot?.querySelector('[part~="room-dialog"] [part~="member-offer"][data-state="loading"]') === null);
        check('room-dialog', await shoot(page, page.locator('hotel-page [part~="room-dialog"]')));
        await page.keyboard.press('Escape');
        await page.locator('hotel-page [part~="gallery-thumbnail"]').nth(1).click();
        await page.locator('hotel-page [part~="lightbox"]').waitFor();
        check('lightbox', await shoot(page, page.locator('hotel-page [part~="lightbox"]')));
      } finally {
        await context.close();
      }
      assert.deepEqual(problems, []);
    });
  }
});
