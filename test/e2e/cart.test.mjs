// @ts-check
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe } from 'node:test';
import { collectPageErrors, injectFault, it, launchBrowser, recordedRequests, startDemoServer } from './support.mjs';

/** A date `days` from today, YYYY-MM-DD (UTC, as the server counts). */
function isoDaysFromNow(/** @type {number} */ days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const RUNS = [
  { lang: 'es', currency: '', texts: { empty: 'Tu carrito está vacío.', nights: '2 noches', add: 'Añadir al carrito', upgrade: 'Mejorar', remove: 'Eliminar', found: /^\d+ opciones disponibles$/, added: /: añadido al carrito\.$/, removed: /: eliminado del carrito\.$/ }, price: /320,00\s€/, upgraded: /360,00\s€/ },
  { lang: 'en', currency: 'USD', texts: { empty: 'Your cart is empty.', nights: '2 nights', add: 'Add to cart', upgrade: 'Upgrade', remove: 'Remove', found: /^\d+ options available$/, added: /: added to the cart\.$/, removed: /: removed from the cart\.$/ }, price: /345[.,]60/, upgraded: /388[.,]80/ },
  { lang: 'es', currency: 'GBP', texts: { empty: 'Tu carrito está vacío.', nights: '2 noches', add: 'Añadir al carrito', upgrade: 'Mejorar', remove: 'Eliminar', found: /^\d+ opciones disponibles$/, added: /: añadido al carrito\.$/, removed: /: eliminado del carrito\.$/ }, price: /272,00\sGBP/, upgraded: /306,00\sGBP/ },
];

describe('demo/package.html: a guest books a package into the cart', () => {
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
    const response = await fetch(`${server.origin}/__dev/reset`, { method: 'POST' });
    assert.equal(response.status, 200);
    await browser.context.clearCookies();
  });

  for (const run of RUNS) {
    it(`searches, adds, upgrades and removes in ${run.lang}, prices in ${run.currency || 'the cart currency (EUR)'}`, async () => {
      const page = await browser.context.newPage();
      const errors = collectPageErrors(page);
      const query = new URLSearchParams({ lang: run.lang, ...(run.currency ? { currency: run.currency } : {}) });
      await page.goto(`${server.origin}/package.html?${query.toString()}`);
      const cart = page.locator('package-cart');
      await cart.locator('[part~="empty"]').waitFor();
      assert.equal(await cart.locator('[part~="empty"]').textContent(), run.texts.empty);
      // The cart sits in the header, beside the loyalty icon.
      assert.equal(await page.locator('header.site-header > package-cart').count(), 1);
      assert.equal(await page.locator('header.site-header > loyalty-icon').count(), 1);

      // A past date is refused without a request.
      await cart.locator('[part~="check-in"]').fill(isoDaysFromNow(-3));
      await cart.locator('[part~="search-button"]').click();
      await cart.locator('[part~="check-in"][aria-invalid="true"]').waitFor();
      const logged = await (await fetch(`${server.origin}/__dev/requests?path=/bookcore/packages/*`)).json();
      assert.deepEqual(logged, []);

      // Search with the keyboard: type the date, Enter submits.
      await cart.locator('[part~="check-in"]').fill(isoDaysFromNow(30));
      await cart.locator('[part~="check-in"]').press('Enter');
      const firstOption = cart.locator('[part~="option"]').first();
      await firstOption.waitFor();
      // What the guest's screen reader hears: the cart's polite status region (docs/package-cart.md).
      const announcement = cart.locator('[part~="announcement"][role="status"]');
      const heard = async (/** @type {RegExp} */ pattern) => {
        await page.waitForFunction(
          (source) => new RegExp(source).test(document.querySelector('package-cart')?.shadowRoot?.querySelector('[part~="announcement"]')?.textContent ?? ''),
          pattern.source,
        );
        return announcement.textContent();
      };
      await heard(run.texts.found);
      assert.match((await firstOption.locator('[part~="option-price"]').textContent()) ?? '', run.price);

      await firstOption.locator('[part~="add"]').click();
      const item = cart.locator('[part~="item"]').first();
      await item.waitFor();
      await heard(run.texts.added);
      assert.match((await item.textContent()) ?? '', new RegExp(run.texts.nights));
      assert.match((await cart.locator('[part~="total-amount"]').textContent()) ?? '', run.price);
      assert.equal((await firstOption.locator('[part~="add"]').textContent()), run.texts.add);

      await item.locator('[part~="upgrades-toggle"]').click();
      await item.locator('[part~="upgrade"]').first().waitFor();
      await item.locator('[part~="upgrade-button"]').first().click();
      await cart.locator('[part~="upgrade"]').first().waitFor({ state: 'detached' });
      await page.waitForFunction(
        (pattern) => new RegExp(pattern).test(document.querySelector('package-cart')?.shadowRoot?.querySelector('[part~="total-amount"]')?.textContent ?? ''),
        run.upgraded.source,
      );
      const upgrade = await (await fetch(`${server.origin}/__dev/requests?path=/bookcore/shopping-cart/upgrade-room/`)).json();
      assert.equal(upgrade.length, 1);

      assert.equal(await item.locator('[part~="remove"]').textContent(), run.texts.remove);
      // Removed with the keyboard: focus lands on the cart's heading, not on the page.
      // (The line's buttons stay disabled until the upgrade's whole refresh, best offer included, is done.)
      await item.locator('[part~="remove"]:not([disabled])').focus();
      await page.keyboard.press('Enter');
      await cart.locator('[part~="empty"]').waitFor();
      await heard(run.texts.removed);
      await page.waitForFunction(() => document.querySelector('package-cart')?.shadowRoot?.activeElement?.getAttribute('part') === 'cart-title');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it("shows the server's cod_error text beside the option, adds on retry, then takes the best upgrade in one click", async () => {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    const errors = collectPageErrors(page);
    // A tag manager's dataLayer, as the GTM snippet creates it before any other script.
    await page.addInitScript(() => {
      /** @type {any} */ (window).dataLayer = [];
    });
    await page.goto(`${server.origin}/package.html`);
    const cart = page.locator('package-cart');
    await cart.locator('[part~="empty"]').waitFor();
    await cart.locator('[part~="check-in"]').fill(isoDaysFromNow(30));
    await cart.locator('[part~="search-button"]').click();
    const [first, second] = [cart.locator('[part~="option"]').nth(0), cart.locator('[part~="option"]').nth(1)];
    await second.waitFor();

    // Bookcore refuses the first add with its own text, through the dev server's fault switches.
    const refusal = 'No quedan plazas para esas fechas en este hotel.';
    await injectFault(server.origin, { path: '/bookcore/shopping-cart/add-package/', method: 'POST', status: 200, body: { cod_error: '102', error: refusal }, times: 1 });
    await first.locator('[part~="add"]').click();
    await first.locator('[part~="option-error"]').filter({ hasText: refusal }).waitFor();
    assert.equal(await first.locator('[part~="option-error"]').getAttribute('role'), 'alert');
    assert.equal((await second.locator('[part~="option-error"]').textContent())?.trim(), '', 'only beside the option concerned');
    assert.equal(await cart.locator('[part~="empty"]').count(), 1, 'the cart did not change');
    assert.equal(await cart.locator('[part~="option"]').count() >= 2, true, 'the options stay listed');

    // The same button retries, with bookcore back.
    await first.locator('[part~="add"]').click();
    const item = cart.locator('[part~="item"]').first();
    await item.waitFor();
    assert.equal((await first.locator('[part~="option-error"]').textContent())?.trim(), '');
    assert.equal((await recordedRequests(server.origin, '/bookcore/shopping-cart/add-package/')).length, 2);

    // The best upgrade, in one click: the offer bookcore makes for this cart, posted as is.
    await cart.locator('[part~="best-upgrade"]').waitFor();
    const { line, offer } = await page.evaluate(async () => {
      const { items } = await fetch('/bookcore/shopping-cart/json/').then((response) => response.json());
      const { room } = await fetch('/bookcore/shopping-cart/best-upgradable-room/').then((response) => response.json());
      return { line: items[0], offer: room };
    });
    assert.ok(offer, 'bookcore offers an upgrade');
    const newPrice = new RegExp(`${offer.price.toFixed(2).replace('.', ',')}\\s€`);
    assert.doesNotMatch((await item.locator('[part~="item-price"]').textContent()) ?? '', newPrice);
    await cart.locator('[part~="best-upgrade-button"]').click();
    await page.waitForFunction(
      (pattern) => new RegExp(pattern).test(document.querySelector('package-cart')?.shadowRoot?.querySelector('[part~="item-price"]')?.textContent ?? ''),
      newPrice.source,
    );
    assert.match((await cart.locator('[part~="total-amount"]').textContent()) ?? '', newPrice);
    const upgrades = await recordedRequests(server.origin, '/bookcore/shopping-cart/upgrade-room/');
    assert.equal(upgrades.length, 1, 'one upgrade posted');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(upgrades[0]?.body ?? '')), { uuid: line.uuid, room_code: offer.room.code, board_code: offer.board.code });
    const changeRate = await page.waitForFunction(() => /** @type {any} */ (window).dataLayer.find((/** @type {any} */ entry) => entry.event === 'change_rate'));
    const event = await changeRate.jsonValue();
    assert.equal(event.eventCategory, 'Shopping Cart');
    assert.deepEqual(
      (({ roomCode, boardCode, upgradedFromRoomCode, upgradedFromBoardCode, price }) => ({ roomCode, boardCode, upgradedFromRoomCode, upgradedFromBoardCode, price }))(event.ecommerce.products[0]),
      { roomCode: offer.room.code, boardCode: offer.board.code, upgradedFromRoomCode: line.room.code, upgradedFromBoardCode: line.board.code, price: offer.price },
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
