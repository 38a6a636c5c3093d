// @ts-check
/**
 * End to end (docs/loyalty-price.md): on a content page (demo/hotels.html) a guest sees a hotel's member price,
 * joins from it (the panel at SIGNUP headed with that price), validates the account by mail, which signs them in
 * and brings them back to that page, sees the member's price, and books a package at the member price
 * (demo/package.html). A failed or empty answer leaves the page as it was.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import {
  authSection,
  axeAudit,
  collectPageErrors,
  completeSignUp,
  injectFault,
  it,
  launchBrowser,
  readMailbox,
  recordedRequests,
  resetBookcore,
  startDemoServer,
} from './support.mjs';

const NBSP = '\u00a0';

/** A UTC date `days` from today, `YYYY-MM-DD` (the server's "today" is UTC). */
function utcDate(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('demo/hotels.html: member prices on a content page, and joining from them', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;

  before(async () => {
    server = await startDemoServer();
  });

  after(async () => {
    await server?.stop();
  });

  it('a guest sees the member price, joins from it, validates (signed in, back on the page), and books the package at the member price', async () => {
    await resetBookcore(server.origin);
    const browser = await launchBrowser();
    try {
      const { origin } = server;
      const page = await browser.context.newPage();
      page.setDefaultTimeout(10_000);
      const errors = collectPageErrors(page);
      const axe = axeAudit(page);
      const member = { nombre: 'Lucía', apellidos: 'Prieto Gil', email: 'lucia.prieto@example.com', password: 'Sierra-2026!' };

      await page.goto(`${origin}/hotels.html`);
      const sierra = page.locator('loyalty-price[data-hotel-code="HSIE"]');
      await sierra.locator('[part~="price"][data-state="guest"]').waitFor();
      assert.equal(await sierra.locator('[part~="member-price"]').textContent(), `85,50${NBSP}€`);
      assert.equal(await sierra.locator('[part~="public-price"]').textContent(), `95,00${NBSP}€`);
      assert.equal(await sierra.locator('[part~="sentence"]').textContent(), `Precio: 95,00${NBSP}€. Para miembros: 85,50${NBSP}€, ahorras 9,50${NBSP}€.`);
      // Three tags, one request.
      assert.deepEqual((await recordedRequests(origin, '/bookcore/availability/loyalty/*')).map((request) => request.path), ['/bookcore/availability/loyalty/']);
      await axe.check('hotels page with member prices');

      // "Únete gratis" opens the panel at SIGNUP, headed with the price.
      await sierra.locator('[part~="join"]').click();
      const signUp = authSection(page, 'SIGNUP');
      await signUp.waitFor();
      assert.equal((await signUp.locator('[part~="section-heading"]').textContent())?.trim(), `Únete gratis y paga 85,50${NBSP}€`);
      await completeSignUp(page, member);

      // The validation mail's link signs the member in and brings them back to the hotels page, where they joined
      // (docs/bookcore-contract.md "Back where the guest started"): the member's price shows.
      const mail = (await readMailbox(origin)).find((each) => each.to === member.email && each.kind === 'validation');
      const link = mail?.links.find((each) => each.includes('/bookcore/loyalty/validate/'));
      assert.ok(link, 'a validation link');
      await page.goto(link);
      assert.equal(page.url(), `${origin}/hotels.html`);
      await sierra.locator('[part~="price"][data-state="member"]').waitFor();
      assert.equal(await sierra.locator('[part~="member-label"]').textContent(), 'Tu precio de miembro');
      assert.equal(await sierra.locator('[part~="member-price"]').textContent(), `85,50${NBSP}€`);
      await axe.check('hotels page, a member');

      // The package page: the member's option and cart at the member price, and the cart says so.
      await page.goto(`${origin}/package.html`);
      const cart = page.locator('package-cart');
      await cart.locator('[part~="cart"][data-state="ready"]').waitFor();
      await cart.locator('[part~="check-in"]').fill(utcDate(30));
      await cart.locator('[part~="search-button"]').click();
      const option = cart.locator('[part~="option"]').filter({ hasText: 'Doble Superior con cava y desayuno' });
      await option.waitFor();
      assert.match((await option.locator('[part~="option-price"]').textContent()) ?? '', /288,00/);
      assert.equal(await option.locator('[part~="member-price-note"]').textContent(), 'Tu precio de miembro');
      await option.locator('[part~="add"]').click();
      await cart.locator('[part~="item"]').first().waitFor();
      assert.match((await cart.locator('[part~="item-price"]').first().textContent()) ?? '', /288,00/);
      assert.equal(await cart.locator('[part~="total-amount"]').textContent(), `288,00${NBSP}€`);
      assert.equal(await cart.locator('[part~="member-pricing"]').textContent(), 'Precios de miembro aplicados a tu carrito.');

      assert.deepEqual(errors, [], 'no page errors');
      assert.deepEqual(axe.findings, [], `axe violations:\n${JSON.stringify(axe.findings, null, 2)}`);
    } finally {
      await browser.close();
    }
  });

  for (const [name, fault] of /** @type {const} */ ([
    ['a failed answer', { path: '/bookcore/availability/loyalty/*', status: 500 }],
    ['an empty answer', { path: '/bookcore/availability/loyalty/*', body: { hotels: [] } }],
  ])) {
    it(`${name} leaves the page as it was, with a console warning`, async () => {
      await resetBookcore(server.origin);
      await injectFault(server.origin, fault);
      const browser = await launchBrowser();
      try {
        const page = await browser.context.newPage();
        page.setDefaultTimeout(10_000);
        /** @type {string[]} */
        const warnings = [];
        page.on('console', (message) => {
          if (message.type() === 'warning') warnings.push(message.text());
        });
        await page.goto(`${server.origin}/hotels.html`);
        const prices = page.locator('loyalty-price');
        await page.waitForFunction(() => [...document.querySelectorAll('loyalty-price')].every((tag) => tag.shadowRoot?.querySelector('[part~="price"]')?.getAttribute('data-state') === 'empty'));
        for (const index of [0, 1, 2]) {
          const box = await prices.nth(index).boundingBox();
          assert.equal(box?.height ?? 0, 0, 'the tag takes no room');
        }
        assert.ok(warnings.some((text) => text.includes('<loyalty-price data-hotel-code="HSIE"> shows nothing')), warnings.join('\n'));
      } finally {
        await browser.close();
      }
    });
  }
});
