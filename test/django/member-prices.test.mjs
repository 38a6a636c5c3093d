// @ts-check
/**
 * Member prices in the reference Django bookcore (docs/bookcore-contract.md "Member prices"): over HTTP, the
 * loyalty availability with its rates, a guest's package options and cart lines carrying the member price beside
 * the public one, and a signed-in member's priced at it, the cart saying so; then the journey of
 * docs/loyalty-price.md: a guest sees the member price on a content page (/hoteles/), joins from it, validates
 * (which signs them in and brings them back there), and books the package at the member price (/paquete/), in
 * the engine `E2E_ENGINE` names (Chromium, or Firefox; WebKit's is in test/e2e/webkit-journeys.mjs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authSection, completeSignUp } from '../e2e/support.mjs';
import { assertPagesEngine, launchPagesBrowser, PAGES_ENGINE, PAGES_ENGINE_LABEL, readMailbox, startDjango, utcDate } from './support.mjs';

const NBSP = '\u00a0';

/** @type {Awaited<ReturnType<typeof startDjango>>} */
let django;

before(async () => {
  django = await startDjango();
});

after(async () => {
  await django?.stop();
});

/** A cookie-keeping client that sends the CSRF header as the widget does. */
class Client {
  /** @type {Map<string, string>} */
  cookies = new Map();

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} [form]
   */
  async send(method, path, form) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', referer: `${django.origin}/` };
    const token = this.cookies.get('csrftoken');
    if (token) headers['x-csrftoken'] = token;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(django.origin + path, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || value === '""') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: await response.json() };
  }
}

describe('Django 3.2: member prices', { skip: PAGES_ENGINE !== 'chromium' && 'engine-free: run in the Chromium pass' }, () => {
  it('the loyalty availability carries the currency rates', async () => {
    const body = (await new Client().send('GET', '/bookcore/availability/loyalty/HSIE/')).body;
    assert.deepEqual([body.hotels[0].code, body.hotels[0].price, body.hotels[0].loyaltyPrice], ['HSIE', 95, 85.5]);
    assert.deepEqual(body.rates[0], { codigo: 'EUR', tasa: 1 });
  });

  it("a guest's options and cart lines carry the member price; a member's are priced at it", async () => {
    const checkIn = utcDate(10);
    const guest = new Client();
    await guest.send('GET', '/bookcore/loyalty/ajax/user/');
    const options = (await guest.send('GET', `/bookcore/packages/1/availability/?entrada=${checkIn}&salida=`)).body.options;
    const option = options.find((/** @type {{ id: number }} */ candidate) => candidate.id === 11);
    assert.deepEqual([option.price, option.loyaltyPrice], [320, 288]);
    await guest.send('POST', '/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
    const guestCart = (await guest.send('GET', '/bookcore/shopping-cart/json/')).body;
    assert.deepEqual([guestCart.items[0].price, guestCart.items[0].loyaltyPrice, guestCart.total, guestCart.loyaltyPricing], [320, 288, 320, false]);

    const member = new Client();
    await member.send('GET', '/bookcore/loyalty/ajax/user/');
    const signedIn = await member.send('POST', '/bookcore/loyalty/ajax/signin/', { email: 'ana@example.com', password: 'Loyalty2026!' });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const memberOptions = (await member.send('GET', `/bookcore/packages/1/availability/?entrada=${checkIn}&salida=`)).body.options;
    const memberOption = memberOptions.find((/** @type {{ id: number }} */ candidate) => candidate.id === 11);
    assert.deepEqual([memberOption.price, memberOption.loyaltyPrice], [288, 288]);
    await member.send('POST', '/bookcore/shopping-cart/add-package/', { id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
    const memberCart = (await member.send('GET', '/bookcore/shopping-cart/json/')).body;
    assert.deepEqual([memberCart.items[0].price, memberCart.items[0].loyaltyPrice, memberCart.total, memberCart.loyaltyPricing], [288, 288, 288, true]);
    const offers = (await member.send('GET', `/bookcore/shopping-cart/upgradable-room/json/${memberCart.items[0].uuid}/`)).body.rooms;
    assert.ok(offers.length > 0 && offers.every((/** @type {{ price: number, supplement: number }} */ offer) => Math.abs(offer.price - 288 - offer.supplement) < 0.01), 'offers priced for the member');
  });
});

describe(`Django 3.2: a guest joins from a member price and books at it (${PAGES_ENGINE_LABEL})`, () => {
  /** @type {Awaited<ReturnType<typeof launchPagesBrowser>>} */
  let browser;

  before(async () => {
    browser = await launchPagesBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('sees the member price on /hoteles/, joins, validates (signed in, back there), and books the package at the member price', async () => {
    const member = { nombre: 'Lucía', apellidos: 'Prieto Gil', email: 'lucia.prieto@example.com', password: 'Sierra-2026!' };
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${django.origin}/hoteles/`);
      await assertPagesEngine(page);
      const sierra = page.locator('loyalty-price[data-hotel-code="HSIE"]');
      await sierra.locator('[part~="price"][data-state="guest"]').waitFor();
      assert.equal(await sierra.locator('[part~="member-price"]').textContent(), `85,50${NBSP}€`);
      assert.equal(await sierra.locator('[part~="sentence"]').textContent(), `Precio: 95,00${NBSP}€. Para miembros: 85,50${NBSP}€, ahorras 9,50${NBSP}€.`);

      await sierra.locator('[part~="join"]').click();
      const signUp = authSection(page, 'SIGNUP');
      await signUp.waitFor();
      assert.equal((await signUp.locator('[part~="section-heading"]').textContent())?.trim(), `Únete gratis y paga 85,50${NBSP}€`);
      await completeSignUp(page, member);

      const mail = (await readMailbox(django.origin)).find((each) => each.to === member.email);
      const link = mail?.links.find((address) => address.includes('/bookcore/loyalty/validate/'));
      assert.ok(link, 'a validation link');
      // The link signs the member in and brings them back to /hoteles/, where they joined.
      await page.goto(link);
      assert.equal(page.url(), `${django.origin}/hoteles/`);
      await sierra.locator('[part~="price"][data-state="member"]').waitFor();
      assert.equal(await sierra.locator('[part~="member-label"]').textContent(), 'Tu precio de miembro');

      await page.goto(`${django.origin}/paquete/`);
      const cart = page.locator('package-cart');
      await cart.locator('[part~="cart"][data-state="ready"]').waitFor();
      await cart.locator('[part~="check-in"]').fill(utcDate(30));
      await cart.locator('[part~="search-button"]').click();
      const option = cart.locator('[part~="option"]').filter({ hasText: 'Doble Superior con cava y desayuno' });
      await option.waitFor();
      assert.equal(await option.locator('[part~="member-price-note"]').textContent(), 'Tu precio de miembro');
      await option.locator('[part~="add"]').click();
      await cart.locator('[part~="item"]').first().waitFor();
      assert.equal(await cart.locator('[part~="total-amount"]').textContent(), `288,00${NBSP}€`);
      assert.equal(await cart.locator('[part~="member-pricing"]').textContent(), 'Precios de miembro aplicados a tu carrito.');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
