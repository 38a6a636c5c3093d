// @ts-check
/**
 * The mobile section against the reference Django bookcore (demo/django): the same walk as the dev server's
 * (test/support/mobile-section.mjs), two seeded hotels in two languages, the schema POSTs under Django's own CSRF
 * check (the token from the user view, as the widget's start reads it); then `<hotel-page>` on a Django page
 * (`/hotel/?hotel=&lang=`, the built dist/ as its static files) for the same hotels and languages, in the engine
 * `E2E_ENGINE` names (Chromium, or Firefox; WebKit's are in test/e2e/webkit-journeys.mjs).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectedSchemas, HOTEL_PAGE_CASES, readHotelPage } from '../support/hotel-page-journey.mjs';
import { walkMobileSection } from '../support/mobile-section.mjs';
import { assertPagesEngine, launchPagesBrowser, PAGES_ENGINE, PAGES_ENGINE_LABEL, startDjango } from './support.mjs';

/** @type {Awaited<ReturnType<typeof startDjango>>} */
let django;
/** One browser for the file, a fresh context per page (launched when a page test first needs it). @type {Awaited<ReturnType<typeof launchPagesBrowser>> | undefined} */
let browser;

before(async () => {
  django = await startDjango();
});

after(async () => {
  await browser?.close();
  await django?.stop();
});

// Over HTTP, engine-free: once, in the Chromium run.
test('Django serves the whole mobile section for two hotels in two languages', { skip: PAGES_ENGINE !== 'chromium' && 'engine-free: run in the Chromium pass' }, async () => {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  /**
   * @param {string} path
   * @param {RequestInit} [init]
   */
  const send = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(`${django.origin}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    if (response.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
    return response.json();
  };
  await send('/bookcore/loyalty/ajax/user/');
  await walkMobileSection({
    get: (path) => send(path),
    post: (path, form) =>
      send(path, {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-csrftoken': cookies.get('csrftoken') ?? '',
          'x-requested-with': 'XMLHttpRequest',
          referer: `${django.origin}/`,
        },
      }),
  });
});

const SECTIONS = ['home', 'rooms', 'services', 'gallery', 'map', 'social-networks', 'offers', 'contact'];

for (const expected of HOTEL_PAGE_CASES) {
  test(`<hotel-page> on a Django page in ${PAGES_ENGINE_LABEL}: ${expected.hotel} in ${expected.lang}, every section, five schema.org documents`, async () => {
    browser ??= await launchPagesBrowser();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      /** @type {string[]} */
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const from = django.log().length;
      await page.goto(`${django.origin}/hotel/?hotel=${expected.hotel}&lang=${expected.lang}`);
      await assertPagesEngine(page);
      const found = await page.evaluate(readHotelPage, { timeoutMs: 20_000, schemas: 5 });
      for (const name of SECTIONS) assert.equal(found.sections[name]?.state, 'ready', `${name}: ${JSON.stringify(found.sections[name])}`);
      assert.equal(found.sections['home']?.headings[0], expected.name);
      assert.equal(found.sections['rooms']?.headings[0], expected.rooms);
      assert.ok(found.rooms.includes(expected.room), found.rooms.join(', '));
      assert.deepEqual(found.schemas.map((schema) => `${schema.mark} ${schema.type}`).sort(), expectedSchemas(expected.hotel));
      assert.deepEqual(django.refusalsSince(from), []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
