// @ts-check
/**
 * Member prices in the reference Django bookcore, over HTTP (docs/bookcore-contract.md "Member prices"): the
 * loyalty availability with its rates, a guest's package options and cart lines carrying the member price beside
 * the public one, and a signed-in member's priced at it, the cart saying so.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDjango, utcDate } from './support.mjs';

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

describe('Django 3.2: member prices', () => {
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
