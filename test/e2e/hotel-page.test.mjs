// @ts-check
/**
 * `<hotel-page>` as the build ships it, on the demo server (docs/hotel-page.md): two seeded hotels in two languages,
 * every section reached and shown, its schema.org documents in the head as valid JSON, a failing section leaving
 * the others, and axe finding nothing. In the engine of the run (E2E_ENGINE: Chromium, or Firefox); WebKit's
 * journey is in test/e2e/webkit-journeys.mjs.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe } from 'node:test';
import { expectedSchemas, HOTEL_PAGE_CASES, readHotelPage } from '../support/hotel-page-journey.mjs';
import { axeViolations, collectPageErrors, injectFault, it, launchBrowser, resetBookcore, startDemoServer } from './support.mjs';

const SECTIONS = ['home', 'rooms', 'services', 'gallery', 'map', 'social-networks', 'offers', 'contact'];

describe('<hotel-page> end to end', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await resetBookcore(server.origin);
  });

  for (const expected of HOTEL_PAGE_CASES) {
    it(`${expected.hotel} in ${expected.lang}: every section, headings in the page's language, five schema.org documents`, async () => {
      const page = await browser.context.newPage();
      const errors = collectPageErrors(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${server.origin}/hotel-page.html?hotel=${expected.hotel}&lang=${expected.lang}`);
      const found = await page.evaluate(readHotelPage, { timeoutMs: 20_000, schemas: 5 });
      for (const name of SECTIONS) {
        assert.equal(found.sections[name]?.state, 'ready', `${name}: ${JSON.stringify(found.sections[name])}`);
        assert.equal(found.sections[name]?.headings.length, 1, `${name} has one heading`);
      }
      assert.equal(found.sections['home']?.headings[0], expected.name);
      assert.equal(found.sections['rooms']?.headings[0], expected.rooms);
      assert.equal(found.sections['contact']?.headings[0], expected.contact);
      assert.ok(found.rooms.includes(expected.room), found.rooms.join(', '));
      assert.deepEqual(
        found.schemas.map((schema) => `${schema.mark} ${schema.type} ${schema.type_attribute}`).sort(),
        expectedSchemas(expected.hotel).map((schema) => `${schema} application/ld+json`),
      );
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('a failing section hides itself and leaves the others', async () => {
    await injectFault(server.origin, { path: '/m2/ajax/offers', status: 500 });
    await injectFault(server.origin, { path: '/m2/ajax/hotel/photos', body: { cod_error: '103', error: 'El hotel no existe.' } });
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/hotel-page.html?hotel=HSIE&lang=es`);
    const found = await page.evaluate(readHotelPage, { timeoutMs: 20_000, schemas: 4 });
    assert.deepEqual(found.sections['offers'], { state: 'failed', hidden: true, headings: [] });
    assert.equal(found.sections['gallery']?.state, 'failed');
    for (const name of SECTIONS.filter((name) => name !== 'offers' && name !== 'gallery')) assert.equal(found.sections[name]?.state, 'ready', name);
    // The photos' document is asked only after the gallery shows: none for a hidden gallery.
    assert.deepEqual(found.schemas.map((schema) => schema.mark).sort(), ['HSIE:contact', 'HSIE:home', 'HSIE:rooms', 'HSIE:services']);
    await page.close();
  });

  it('a page without the tag never fetches its code', async () => {
    const page = await browser.context.newPage();
    /** @type {string[]} */
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.origin}/`);
    await page.waitForLoadState('networkidle');
    assert.ok(scripts.length > 0);
    assert.deepEqual(scripts.filter((url) => url.includes('hotel-page')), []);
    await page.close();
  });
});
