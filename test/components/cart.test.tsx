import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { setViewport } from '@web/test-runner-commands';
import '../../elements/index';
import { MAX_CART_ITEMS } from '../../src/components/cart/cart-items-shown';
import { formatPrice } from '../../src/lib/price/format-price';
import { userAtom } from '../../src/state/session';
import { signInAtom } from '../../src/state/sign-in';
import { signOutAtom } from '../../src/state/sign-out';
import { sectionAtom } from '../../src/state/store';
import {
  addPackageThroughApi,
  allRecordedRequests,
  formFields,
  injectFault,
  onlyRequest,
  primeCsrfCookie,
  recordedRequests,
  resetServer,
  signInThroughApi,
} from '../api/dev-server';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

type DataLayerEntry = { event: string; eventAction?: string; ecommerce?: { products: Record<string, unknown>[] } };

const PACKAGE_PATH = '/bookcore/packages/*';
const CART_PATH = '/bookcore/shopping-cart/json/';

/** A date `days` from today, YYYY-MM-DD (UTC, as the server counts). */
function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from the browser's today to a YYYY-MM-DD date, as analytics count them. */
function daysFromToday(date: string): number {
  const today = new Date();
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
}

function part(element: HTMLElement, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

function parts(element: HTMLElement, name: string): HTMLElement[] {
  return Array.from(element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`));
}

function dataLayer(): DataLayerEntry[] {
  return (window as unknown as { dataLayer: DataLayerEntry[] }).dataLayer;
}

async function renderCart(attributes = 'data-package-id="1"'): Promise<HTMLElement> {
  const container = await fixture<HTMLElement>(`<div><package-cart ${attributes}></package-cart></div>`);
  const cart = container.querySelector<HTMLElement>('package-cart')!;
  await waitUntil(() => cart.shadowRoot?.querySelector('[part~="cart"][data-state="ready"], [part~="cart"][data-state="failed"]'), 'cart read', { timeout: 5000 });
  return cart;
}

async function search(cart: HTMLElement, checkIn: string, checkOut = ''): Promise<void> {
  (part(cart, 'check-in') as HTMLInputElement).value = checkIn;
  (part(cart, 'check-out') as HTMLInputElement).value = checkOut;
  part(cart, 'search-button')!.click();
}

async function searchAndWaitForOptions(cart: HTMLElement, checkIn: string, checkOut = ''): Promise<void> {
  await search(cart, checkIn, checkOut);
  await waitUntil(() => parts(cart, 'option').length > 0, 'options listed', { timeout: 5000 });
}

function option(cart: HTMLElement, name: string): HTMLElement {
  const found = parts(cart, 'option').find((candidate) => candidate.querySelector('[part~="option-title"]')?.textContent === name);
  if (!found) throw new Error(`no option ${name}`);
  return found;
}

async function addOption(cart: HTMLElement, name: string): Promise<void> {
  const before = parts(cart, 'item').length;
  option(cart, name).querySelector<HTMLButtonElement>('[part~="add"]')!.click();
  await waitUntil(() => parts(cart, 'item').length === before + 1, 'item added', { timeout: 5000 });
}

// Every case of the file starts from the seed, a CSRF cookie, a fresh store and an empty dataLayer.
beforeEach(async () => {
  await resetServer();
  await primeCsrfCookie();
  providePageRuntime(createRuntime());
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
});

describe('<package-cart>', () => {

  it('shows the empty state, axe clean', async () => {
    const cart = await renderCart();
    expect(part(cart, 'empty')!.textContent).to.equal('Tu carrito está vacío.');
    expect(parts(cart, 'item')).to.have.length(0);
    await expect(cart).to.be.accessible();
  });

  it('shows a loader while the cart loads, axe clean', async () => {
    await injectFault({ path: CART_PATH, delayMs: 3000, times: 1 });
    const container = await fixture<HTMLElement>(html`<div><package-cart></package-cart></div>`);
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => part(cart, 'loader'), 'loader shown');
    expect(part(cart, 'cart')!.getAttribute('aria-busy')).to.equal('true');
    expect(part(cart, 'loader')!.textContent).to.equal('Cargando el carrito…');
    await expect(cart).to.be.accessible();
  });

  it('shows an error with a retry when the cart cannot be read, axe clean', async () => {
    await injectFault({ path: CART_PATH, status: 500 });
    const cart = await renderCart('');
    expect(part(cart, 'cart-error')!.textContent).to.contain('No se ha podido cargar el carrito.');
    await expect(cart).to.be.accessible();
    await fetch('/__dev/faults', { method: 'DELETE' });
    part(cart, 'retry')!.click();
    await waitUntil(() => part(cart, 'empty'), 'empty cart after retry', { timeout: 5000 });
  });

  it('on a page without the loyalty elements, an add Django refuses for CSRF is sent again with the token the settings give', async () => {
    // No panel starts the widget here: what the transport asks after a refusal must come with the store itself.
    providePageRuntime(createRuntime());
    const cart = await renderCart();
    // Django now keeps its token under a cookie name this page was not configured for: the token the page reads
    // is refused (the same refusal a token rotated by another tab's sign-in meets while the cookie is HttpOnly).
    const switched = await fetch('/__dev/csrf', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cookieName: 'other_csrftoken' }) });
    expect(switched.ok).to.equal(true);
    await searchAndWaitForOptions(cart, isoDaysFromNow(30));
    await addOption(cart, parts(cart, 'option-title')[0]!.textContent!);
    const adds = await recordedRequests('/bookcore/shopping-cart/add-package/');
    expect(adds.map((request) => request.status), 'refused, then added').to.deep.equal([403, 200]);
  });

  it('searches, adds, upgrades and removes a package, with analytics, axe clean with items', async () => {
    const checkIn = isoDaysFromNow(30);
    const cart = await renderCart();
    await searchAndWaitForOptions(cart, checkIn);
    const availability = await recordedRequests(PACKAGE_PATH);
    expect(availability).to.have.length(1);
    expect(availability[0]!.path).to.equal('/bookcore/packages/1/availability/');
    expect(availability[0]!.query).to.deep.equal({ entrada: checkIn, salida: '' });
    const first = option(cart, parts(cart, 'option-title')[0]!.textContent!);
    expect(first.querySelector('[part~="option-price"]')!.textContent).to.contain(formatPrice(320, { currency: 'EUR', locale: 'es' }));
    expect(first.querySelector('img')!.getAttribute('srcset')).to.contain('w=420&h=250&fit=crop');

    await addOption(cart, parts(cart, 'option-title')[0]!.textContent!);
    const [add] = await recordedRequests('/bookcore/shopping-cart/add-package/');
    expect(formFields(add!)).to.deep.equal({ id_opc: '11', codhotel: 'HMAR', entrada: checkIn, salida: '', codpromo: 'None' });
    const item = parts(cart, 'item')[0]!;
    expect(item.querySelector('[part~="item-title"]')!.textContent).to.equal('Hotel Mar Azul');
    expect(item.querySelector('[part~="item-package"]')!.textContent).to.contain('Escapada romántica');
    expect(item.querySelector('[part~="item-details"]')!.textContent).to.contain('2 noches').and.contain('2 adultos');
    expect(item.querySelector('[part~="item-price"]')!.textContent).to.contain(formatPrice(320, { currency: 'EUR', locale: 'es' }));
    expect(item.querySelector('img')!.getAttribute('srcset')).to.contain('fit=crop');
    expect(part(cart, 'total-amount')!.textContent).to.equal(formatPrice(320, { currency: 'EUR', locale: 'es' }));
    expect(dataLayer().at(-1)).to.deep.include({ event: 'add_pack', eventCategory: 'Shopping Cart', eventAction: 'add_pack' });
    expect(dataLayer().at(-1)!.ecommerce!.products).to.deep.equal([
      { packageId: '1', packageName: 'Escapada romántica', optionId: '11', optionName: parts(cart, 'option-title')[0]!.textContent },
      { hotelCode: 'HMAR', hotelName: 'Hotel Mar Azul', destinationName: '', destinationCode: '' },
    ]);
    await waitUntil(() => part(cart, 'best-upgrade'), 'best upgrade offered', { timeout: 5000 });
    expect((await recordedRequests('/bookcore/shopping-cart/best-upgradable-room/')).at(-1)!.query).to.deep.equal({ lang: 'es' });
    await expect(cart).to.be.accessible();

    // The item's upgrades, then the first one.
    part(cart, 'upgrades-toggle')!.click();
    await waitUntil(() => parts(cart, 'upgrade').length > 0, 'upgrades listed', { timeout: 5000 });
    expect(part(cart, 'upgrades-toggle')!.getAttribute('aria-expanded')).to.equal('true');
    const uuid = formFields(add!).id_opc && (await (await fetch(CART_PATH)).json() as { items: { uuid: string }[] }).items[0]!.uuid;
    expect((await recordedRequests(`/bookcore/shopping-cart/upgradable-room/json/${uuid}/`))[0]!.query).to.deep.equal({ lang: 'es' });
    await expect(cart).to.be.accessible();
    const offerName = part(cart, 'upgrade-name')!.textContent;
    part(cart, 'upgrade-button')!.click();
    await waitUntil(() => parts(cart, 'upgrade').length === 0 && part(cart, 'item-price')!.textContent !== '', 'upgraded', { timeout: 5000 });
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'change_rate'), 'change_rate tracked');
    await waitUntil(() => cart.shadowRoot!.activeElement === part(cart, 'upgrades-toggle'), 'focus back on the toggle');
    expect(part(cart, 'upgrades-toggle')!.getAttribute('aria-expanded')).to.equal('false');
    const [upgrade] = await recordedRequests('/bookcore/shopping-cart/upgrade-room/');
    expect(formFields(upgrade!)).to.deep.equal({ uuid, room_code: 'DBLS', board_code: 'MP' });
    expect(offerName).to.contain('Media pensión');
    const changeRate = dataLayer().find((entry) => entry.event === 'change_rate')!;
    expect(changeRate.ecommerce!.products[0]).to.deep.include({ roomCode: 'DBLS', boardCode: 'MP', upgradedFromRoomCode: 'DBLS', upgradedFromBoardCode: 'AD', availabilityPosition: 1, price: 360, userType: 'anonymous' });
    expect(changeRate.ecommerce!.products[0]).not.to.have.property('userId');
    await waitUntil(() => part(cart, 'item-price')!.textContent!.includes(formatPrice(360, { currency: 'EUR', locale: 'es' })), 'new price');

    part(cart, 'remove')!.click();
    await waitUntil(() => part(cart, 'empty'), 'removed', { timeout: 5000 });
    expect(cart.shadowRoot!.activeElement === part(cart, 'cart-title'), 'focus on the cart heading').to.equal(true);
    expect(formFields((await recordedRequests('/bookcore/shopping-cart/delete-package/'))[0]!)).to.deep.equal({ uuid });
    expect(dataLayer().at(-1)).to.deep.include({ event: 'remove_pack', eventCategory: 'Shopping Cart' });
    expect(dataLayer().at(-1)!.ecommerce!.products).to.deep.equal([
      { packageId: '1', packageName: 'Escapada romántica', optionId: '11', optionName: parts(cart, 'option-title')[0]!.textContent },
      { hotelCode: 'HMAR', hotelName: 'Hotel Mar Azul', destinationName: '', destinationCode: '' },
    ]);
  });

  it("shows a guest each option's and line's member price with what joining saves, and the join action of <loyalty-price>", async () => {
    const checkIn = isoDaysFromNow(30);
    const container = await fixture<HTMLElement>('<div><loyalty-panel></loyalty-panel><package-cart data-package-id="1"></package-cart></div>');
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => cart.shadowRoot?.querySelector('[part~="cart"][data-state="ready"]'), 'cart read', { timeout: 5000 });
    await searchAndWaitForOptions(cart, checkIn);
    const first = option(cart, parts(cart, 'option-title')[0]!.textContent!);
    // The seed's option 11: 320 € public, 288 € for members (docs/bookcore-contract.md "Member prices").
    const eur = (amount: number) => formatPrice(amount, { currency: 'EUR', locale: 'es' });
    expect(first.querySelector('[part~="member-offer-text"]')!.textContent).to.equal(`Para miembros: ${eur(288)}, ahorras ${eur(32)}.`);
    const join = first.querySelector<HTMLButtonElement>('[part~="join"]')!;
    expect([join.textContent, join.className, join.dataset['externalAuthSection'], join.dataset['joinPrice'], join.dataset['loyaltyOrigin']]).to.deep.equal(['Únete gratis', 'open-loyalty', 'SIGNUP', eur(288), 'package-cart']);
    await addOption(cart, parts(cart, 'option-title')[0]!.textContent!);
    const item = parts(cart, 'item')[0]!;
    expect(item.querySelector('[part~="item-price"]')!.textContent).to.contain(eur(320));
    expect(item.querySelector('[part~="member-offer-text"]')!.textContent).to.equal(`Para miembros: ${eur(288)}, ahorras ${eur(32)}.`);
    expect(part(cart, 'member-pricing')).to.equal(null);
    await expect(cart).to.be.accessible();
    // The join takes the page-wide route: SIGNUP, and the interest tracked with where it came from.
    item.querySelector<HTMLButtonElement>('[part~="join"]')!.click();
    expect(pageRuntime().store.get(sectionAtom)).to.equal('SIGNUP');
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'interested_in_loyalty'), 'interested_in_loyalty tracked');
    expect(dataLayer().find((entry) => entry.event === 'interested_in_loyalty')).to.deep.equal({
      event: 'interested_in_loyalty',
      eventCategory: 'Loyalty',
      eventLabel: 'interested_in_loyalty',
      loyaltyOrigin: 'package-cart',
    });
  });

  it('offers no join action on a page without the loyalty widget: the saving still shows', async () => {
    const cart = await renderCart();
    await searchAndWaitForOptions(cart, isoDaysFromNow(30));
    const first = option(cart, parts(cart, 'option-title')[0]!.textContent!);
    expect(first.querySelector('[part~="member-offer-text"]')!.textContent).to.contain('Para miembros');
    expect(first.querySelector('[part~="join"]')).to.equal(null);
  });

  it("prices a member's options and cart at member prices, and the cart says so", async () => {
    await signInThroughApi();
    const container = await fixture<HTMLElement>('<div><loyalty-panel></loyalty-panel><package-cart data-package-id="1"></package-cart></div>');
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => pageRuntime().store.get(userAtom) !== null, 'the start names the member', { timeout: 5000 });
    await waitUntil(() => cart.shadowRoot?.querySelector('[part~="cart"][data-state="ready"]'), 'cart read', { timeout: 5000 });
    const checkIn = isoDaysFromNow(30);
    await searchAndWaitForOptions(cart, checkIn);
    const eur = (amount: number) => formatPrice(amount, { currency: 'EUR', locale: 'es' });
    const first = option(cart, parts(cart, 'option-title')[0]!.textContent!);
    expect(first.querySelector('[part~="option-price"]')!.textContent).to.contain(eur(288));
    expect(first.querySelector('[part~="member-price-note"]')!.textContent).to.equal('Tu precio de miembro');
    expect(first.querySelector('[part~="join"]')).to.equal(null);
    await addOption(cart, parts(cart, 'option-title')[0]!.textContent!);
    await waitUntil(() => part(cart, 'member-pricing') !== null, 'the cart says it is priced at member prices');
    expect(part(cart, 'member-pricing')!.textContent).to.equal('Precios de miembro aplicados a tu carrito.');
    expect(part(cart, 'total-amount')!.textContent).to.equal(eur(288));
    await expect(cart).to.be.accessible();
  });

  it('validates the dates before any request, with accessible messages', async () => {
    const cart = await renderCart();
    await search(cart, '');
    const checkIn = part(cart, 'check-in') as HTMLInputElement;
    const checkOut = part(cart, 'check-out') as HTMLInputElement;
    expect(checkIn.getAttribute('aria-invalid')).to.equal('true');
    const errorId = checkIn.getAttribute('aria-describedby')!;
    expect(cart.shadowRoot!.getElementById(errorId)!.textContent).to.equal('Indica la fecha de entrada.');
    expect(cart.shadowRoot!.activeElement === checkIn, 'focus on check-in').to.equal(true);

    await search(cart, isoDaysFromNow(-2));
    await waitUntil(() => cart.shadowRoot!.getElementById(errorId)!.textContent === 'La fecha de entrada no puede ser anterior a hoy.', 'past check-in refused');

    await search(cart, isoDaysFromNow(10), isoDaysFromNow(10));
    await waitUntil(() => checkOut.getAttribute('aria-invalid') === 'true', 'check-out refused');
    expect(checkIn.hasAttribute('aria-invalid')).to.equal(false);
    expect(part(cart, 'search')!.textContent).to.contain('La fecha de salida debe ser posterior a la de entrada.');
    expect(cart.shadowRoot!.activeElement === checkOut, 'focus on check-out').to.equal(true);
    await expect(cart).to.be.accessible();
    expect(await recordedRequests(PACKAGE_PATH)).to.have.length(0);

    await searchAndWaitForOptions(cart, isoDaysFromNow(10), isoDaysFromNow(13));
    expect((await recordedRequests(PACKAGE_PATH))[0]!.query).to.deep.equal({ entrada: isoDaysFromNow(10), salida: isoDaysFromNow(13) });
  });

  it('shows a server cod_error beside the option and the item, changes nothing else, and allows a retry', async () => {
    const cart = await renderCart();
    await searchAndWaitForOptions(cart, isoDaysFromNow(20));
    const [first, second] = parts(cart, 'option');
    await injectFault({ path: '/bookcore/shopping-cart/add-package/', body: { cod_error: '101', error: 'No hay disponibilidad para esas fechas.' }, times: 1 });
    first!.querySelector<HTMLButtonElement>('[part~="add"]')!.click();
    await waitUntil(() => first!.querySelector('[part~="option-error"]')!.textContent === 'No hay disponibilidad para esas fechas.', 'error beside the option', { timeout: 5000 });
    expect(first!.querySelector('[part~="option-error"]')!.getAttribute('role')).to.equal('alert');
    expect(second!.querySelector('[part~="option-error"]')!.textContent).to.equal('');
    expect(part(cart, 'empty')).to.exist;
    await expect(cart).to.be.accessible();

    await addOption(cart, first!.querySelector('[part~="option-title"]')!.textContent!);
    expect(first!.querySelector('[part~="option-error"]')!.textContent).to.equal('');

    await injectFault({ path: '/bookcore/shopping-cart/delete-package/', body: { cod_error: '103', error: 'El elemento no existe en el carrito.' }, times: 1 });
    part(cart, 'remove')!.click();
    await waitUntil(() => part(cart, 'item-error')!.textContent === 'El elemento no existe en el carrito.', 'error beside the item', { timeout: 5000 });
    expect(parts(cart, 'item')).to.have.length(1);
    expect(dataLayer().filter((entry) => entry.event === 'remove_pack')).to.have.length(0);
    await expect(cart).to.be.accessible();
    part(cart, 'remove')!.click();
    await waitUntil(() => part(cart, 'empty'), 'removed on retry', { timeout: 5000 });
  });

  it('shows the server text when the search itself fails, and lists nothing', async () => {
    const cart = await renderCart();
    await search(cart, isoDaysFromNow(400));
    await waitUntil(() => part(cart, 'search-error')!.textContent !== '', 'search error shown', { timeout: 5000 });
    expect(part(cart, 'search-error')!.getAttribute('role')).to.equal('alert');
    expect(parts(cart, 'option')).to.have.length(0);
    expect((await recordedRequests(PACKAGE_PATH))).to.have.length(1);
    await expect(cart).to.be.accessible();
  });

  it('sends one request however often a pending button is clicked, with a loader', async () => {
    const cart = await renderCart();
    await searchAndWaitForOptions(cart, isoDaysFromNow(15));
    await injectFault({ path: '/bookcore/shopping-cart/add-package/', delayMs: 800, times: 1 });
    const button = parts(cart, 'add')[0] as HTMLButtonElement;
    button.click();
    button.click();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await waitUntil(() => button.disabled, 'button disabled');
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(parts(cart, 'option')[0]!.querySelector('[part~="loader"]')).to.exist;
    button.click();
    await waitUntil(() => parts(cart, 'item').length === 1, 'added', { timeout: 5000 });
    expect(await recordedRequests('/bookcore/shopping-cart/add-package/')).to.have.length(1);
  });

  it('shows prices in another currency converted with the cart rates', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(40));
    const cart = await renderCart('data-package-id="1" data-currency="USD" data-locale="en_US"');
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown');
    // 320 EUR × 1.08 (USD) ÷ 1 (EUR)
    expect(part(cart, 'item-price')!.textContent).to.contain(formatPrice(345.6, { currency: 'USD', locale: 'en_US' }));
    expect(part(cart, 'total-amount')!.textContent).to.equal('$345.60');
    await searchAndWaitForOptions(cart, isoDaysFromNow(40));
    expect(parts(cart, 'option-price')[0]!.textContent).to.contain('$345.60');
    expect(part(cart, 'rate-notice')!.textContent).to.equal('');

    cart.setAttribute('data-currency', 'JPY');
    await waitUntil(() => part(cart, 'rate-notice')!.textContent !== '', 'missing rate notice');
    expect(part(cart, 'rate-notice')!.textContent).to.equal('No tenemos el tipo de cambio de JPY: los precios se muestran en EUR.');
    expect(part(cart, 'total-amount')!.textContent).to.equal(formatPrice(320, { currency: 'EUR', locale: 'en_US' }));
    expect(cart.shadowRoot!.textContent).not.to.contain('NaN');
    await expect(cart).to.be.accessible();
  });

  it('reads the cart once for a member already signed in when the page loads: the start naming them is no change', async () => {
    await signInThroughApi();
    await addPackageThroughApi('21', 'HSIE', isoDaysFromNow(50));
    const container = await fixture<HTMLElement>('<div><loyalty-panel></loyalty-panel><package-cart></package-cart></div>');
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => pageRuntime().store.get(userAtom) !== null, 'the start names the member', { timeout: 5000 });
    await waitUntil(() => parts(cart, 'item').length === 1, 'cart shown', { timeout: 5000 });
    // Whatever the order of the two answers, nothing else asks for the cart afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await recordedRequests(CART_PATH)).to.have.length(1);
  });

  it('follows a real sign-in and sign-out of the loyalty widget: the dropped cart shows empty', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(35));
    const cart = await renderCart('');
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown');
    const store = pageRuntime().store;
    const signedIn = await store.set(signInAtom, { email: 'ana@example.com', password: 'Loyalty2026!' }, { genericError: 'error' });
    expect(signedIn.ok).to.equal(true);
    await waitUntil(() => part(cart, 'empty'), 'cart dropped at sign-in shows empty', { timeout: 5000 });
    expect(await recordedRequests('/bookcore/shopping-cart/drop/')).to.have.length(1);

    await addPackageThroughApi('12', 'HURB', isoDaysFromNow(35));
    const signedOut = await store.set(signOutAtom, { genericError: 'error' });
    expect(signedOut.ok).to.equal(true);
    expect(store.get(userAtom)).to.equal(null);
    // The cart is read again after the logout (which flushed the session's cart).
    await waitUntil(async () => {
      const paths = (await allRecordedRequests()).map((request) => request.path);
      return paths.lastIndexOf(CART_PATH) > paths.lastIndexOf('/bookcore/partempresas/ajax/logout/');
    }, 'cart read after logout', { timeout: 5000 });
    await waitUntil(() => part(cart, 'cart')!.getAttribute('data-state') === 'ready', 'cart ready');
    expect(part(cart, 'empty')).to.exist;
  });

  it('tracks book_now with the cart packages on the book link, and refuses a javascript: address', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(45));
    const cart = await renderCart('data-book-url="/checkout/"');
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown');
    const link = part(cart, 'book-now') as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal('/checkout/');
    const stay = (event: Event) => event.preventDefault();
    window.addEventListener('click', stay);
    try {
      link.click();
    } finally {
      window.removeEventListener('click', stay);
    }
    expect(dataLayer().at(-1)).to.deep.include({ event: 'book_now', eventCategory: 'Shopping Cart' });
    expect(dataLayer().at(-1)!.ecommerce!.products).to.deep.equal([
      { packageId: '1', packageName: 'Escapada romántica', optionId: '11', optionName: parts(cart, 'item-package')[0]!.textContent!.split(' · ')[1] },
      { hotelCode: 'HMAR', hotelName: 'Hotel Mar Azul', destinationName: '', destinationCode: '' },
    ]);

    cart.setAttribute('data-book-url', 'javascript:alert(1)');
    await waitUntil(() => part(cart, 'book-now') === null, 'unsafe link removed');
  });

  it('speaks English with lang="en", and asks for English room names', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(25));
    const container = await fixture<HTMLElement>(html`<div lang="en"><package-cart data-package-id="1"></package-cart></div>`);
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown', { timeout: 5000 });
    expect(part(cart, 'cart-title')!.textContent).to.equal('Your cart');
    expect(part(cart, 'item-details')!.textContent).to.contain('2 nights').and.contain('2 adults');
    expect(part(cart, 'total-amount')!.textContent).to.equal(formatPrice(320, { currency: 'EUR', locale: 'en' }));
    part(cart, 'upgrades-toggle')!.click();
    await waitUntil(() => parts(cart, 'upgrade').length > 0, 'upgrades listed', { timeout: 5000 });
    expect((await recordedRequests('/bookcore/shopping-cart/upgradable-room/json/*'))[0]!.query).to.deep.equal({ lang: 'en' });
    expect(part(cart, 'remove')!.getAttribute('aria-label')).to.match(/^Remove .* from the cart$/);
    await expect(cart).to.be.accessible();
  });

  it('tracks a room line as a Room product (book_now, remove_room), with the member and the hotels', async () => {
    // A cart as bookcore holds it after a room booked on its availability page, beside a package.
    const checkIn = isoDaysFromNow(12);
    const canned = {
      cod_error: '000',
      currency: 'EUR',
      total: 610,
      rates: [{ codigo: 'EUR', tasa: 1 }],
      items: [
        {
          uuid: 'line-package', kind: 'package',
          hotel: { code: 'HMAR', name: 'Hotel Mar Azul' }, room: { code: 'DBL', name: 'Habitación Doble Estándar' },
          package: { id: 1, name: 'Escapada romántica' }, option: { id: 11, name: 'Mar Azul, 2 noches' },
          checkIn, checkOut: isoDaysFromNow(14), nights: 2, occupancy: { adults: 2, children: 0 },
          board: { code: 'AD', name: 'Alojamiento y desayuno' }, rateCode: 'PAQ1', price: 320,
        },
        {
          uuid: 'line-room', kind: 'room',
          hotel: { code: 'HURB', name: 'Urban Madrid Centro' }, room: { code: 'EXE', name: 'Habitación Ejecutiva' },
          package: null, option: null,
          checkIn, checkOut: isoDaysFromNow(14), nights: 2, occupancy: { adults: 2, children: 1 },
          board: { code: 'SA', name: 'Solo alojamiento' }, rateCode: 'FLEX', price: 290,
        },
      ],
    };
    await injectFault({ path: CART_PATH, method: 'GET', status: 200, body: canned, times: 1 });
    // A member whose userName is an id, and one whose userName is an e-mail (never sent to analytics).
    const member = { userName: 'socio-1042', nombre: 'Ana', apellidos: 'García López' };
    pageRuntime().store.set(userAtom, member);
    const cart = await renderCart('data-book-url="/checkout/"');
    await waitUntil(() => parts(cart, 'item').length === 2, 'both lines shown');
    expect(parts(cart, 'item-title').map((title) => title.textContent)).to.deep.equal(['Hotel Mar Azul', 'Urban Madrid Centro']);

    const stay = (event: Event) => event.preventDefault();
    window.addEventListener('click', stay);
    try {
      part(cart, 'book-now')!.click();
    } finally {
      window.removeEventListener('click', stay);
    }
    const bookNow = dataLayer().at(-1)!;
    expect(bookNow).to.deep.include({ event: 'book_now', eventCategory: 'Shopping Cart' });
    const roomLine = {
      roomCode: 'EXE', roomName: 'Habitación Ejecutiva', rateCode: 'FLEX', hotelCode: 'HURB', availabilityPosition: 2,
      price: 290, productType: 'room', quantity: 1, occupancyCode: '2-1', checkInDate: checkIn, boardCode: 'SA',
      userType: 'loyalty', userId: 'socio-1042', cityName: '', cityCode: '', daysUntilCheckin: daysFromToday(checkIn), nights: 2,
    };
    expect(bookNow.ecommerce!.products).to.deep.equal([
      { packageId: '1', packageName: 'Escapada romántica', optionId: '11', optionName: 'Mar Azul, 2 noches' },
      roomLine,
      { hotelCode: 'HMAR', hotelName: 'Hotel Mar Azul', destinationName: '', destinationCode: '' },
      { hotelCode: 'HURB', hotelName: 'Urban Madrid Centro', destinationName: '', destinationCode: '' },
    ]);

    // Removing the room line: remove_room with the line's own room, as a Room product (nothing "upgraded from").
    // The member changes to one whose userName is an e-mail, and the cart is read again after the removal, as
    // bookcore holds it. The event names the member of the moment it is sent, so no render has to follow the
    // change first (the next test presses remove in the very task that changes the member).
    await injectFault({ path: CART_PATH, method: 'GET', status: 200, body: canned, times: 1 });
    pageRuntime().store.set(userAtom, { ...member, userName: 'ana@example.com' });
    await injectFault({ path: '/bookcore/shopping-cart/delete-package/', status: 200, body: { cod_error: '000' }, times: 1 });
    const roomItem = parts(cart, 'item')[1]!;
    roomItem.querySelector<HTMLButtonElement>('[part~="remove"]')!.click();
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'remove_room'), 'remove_room tracked', { timeout: 5000 });
    expect(formFields((await recordedRequests('/bookcore/shopping-cart/delete-package/'))[0]!)).to.deep.equal({ uuid: 'line-room' });
    const withoutUserId = Object.fromEntries(Object.entries(roomLine).filter(([key]) => key !== 'userId'));
    expect(dataLayer().find((entry) => entry.event === 'remove_room')!.ecommerce!.products).to.deep.equal([withoutUserId]);
  });

  it('names in book_now and remove_room the member of the moment, even one who signed in the instant before the press', async () => {
    // A guest's cart with a room line; the guest signs in and, in the same task (before any render follows the
    // sign-in), books, then signs in as another member and removes the line. Each event must carry the member
    // signed in when it is sent, never the one the cart last rendered with (docs/package-cart.md "read when the event is sent").
    const checkIn = isoDaysFromNow(12);
    const canned = {
      cod_error: '000',
      currency: 'EUR',
      total: 290,
      rates: [{ codigo: 'EUR', tasa: 1 }],
      items: [
        {
          uuid: 'line-room', kind: 'room',
          hotel: { code: 'HURB', name: 'Urban Madrid Centro' }, room: { code: 'EXE', name: 'Habitación Ejecutiva' },
          package: null, option: null,
          checkIn, checkOut: isoDaysFromNow(14), nights: 2, occupancy: { adults: 2, children: 1 },
          board: { code: 'SA', name: 'Solo alojamiento' }, rateCode: 'FLEX', price: 290,
        },
      ],
    };
    await injectFault({ path: CART_PATH, method: 'GET', status: 200, body: canned, times: 1 });
    expect(pageRuntime().store.get(userAtom), 'a guest').to.equal(null);
    const cart = await renderCart('data-book-url="/checkout/"');
    await waitUntil(() => parts(cart, 'item').length === 1 && part(cart, 'book-now'), 'the line and the book link shown');

    const stay = (event: Event) => event.preventDefault();
    window.addEventListener('click', stay);
    try {
      pageRuntime().store.set(userAtom, { userName: 'socio-2077', nombre: 'Luis', apellidos: 'Pérez' });
      part(cart, 'book-now')!.click();
    } finally {
      window.removeEventListener('click', stay);
    }
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'book_now'), 'book_now tracked');
    const bookNow = dataLayer().find((entry) => entry.event === 'book_now')!;
    expect(bookNow.ecommerce!.products[0]).to.deep.include({ roomCode: 'EXE', userType: 'loyalty', userId: 'socio-2077' });

    await injectFault({ path: '/bookcore/shopping-cart/delete-package/', status: 200, body: { cod_error: '000' }, times: 1 });
    pageRuntime().store.set(userAtom, { userName: 'socio-3100', nombre: 'Eva', apellidos: 'Ruiz' });
    part(cart, 'remove')!.click();
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'remove_room'), 'remove_room tracked', { timeout: 5000 });
    expect(dataLayer().find((entry) => entry.event === 'remove_room')!.ecommerce!.products[0]).to.deep.include({
      roomCode: 'EXE',
      userType: 'loyalty',
      userId: 'socio-3100',
    });
  });

  it('names in change_rate the member signed in when the upgrade is taken, not the one the offer rendered with', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(29));
    const cart = await renderCart('');
    await waitUntil(() => part(cart, 'best-upgrade-button'), 'best upgrade offered', { timeout: 5000 });
    // Signed in in the task that presses the offer: no render has followed.
    pageRuntime().store.set(userAtom, { userName: 'socio-2077', nombre: 'Luis', apellidos: 'Pérez' });
    part(cart, 'best-upgrade-button')!.click();
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'change_rate'), 'change_rate tracked', { timeout: 5000 });
    expect(dataLayer().find((entry) => entry.event === 'change_rate')!.ecommerce!.products[0]).to.deep.include({ userType: 'loyalty', userId: 'socio-2077' });
  });

  it('takes the best upgrade in one click: the upgrade posted, change_rate tracked, the new price shown', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(28));
    const cart = await renderCart('');
    await waitUntil(() => part(cart, 'best-upgrade'), 'best upgrade offered', { timeout: 5000 });
    const { items } = (await (await fetch(CART_PATH)).json()) as { items: { uuid: string; room: { code: string }; board: { code: string }; price: number }[] };
    const { room: offer } = (await (await fetch('/bookcore/shopping-cart/best-upgradable-room/')).json()) as {
      room: { uuid: string; room: { code: string; name: string }; board: { code: string }; price: number };
    };
    const line = items[0]!;
    expect(offer.uuid).to.equal(line.uuid);
    expect(part(cart, 'best-upgrade-text')!.textContent).to.contain(offer.room.name);
    expect(part(cart, 'item-price')!.textContent).to.contain(formatPrice(line.price, { currency: 'EUR', locale: 'es' }));

    part(cart, 'best-upgrade-button')!.click();
    await waitUntil(() => part(cart, 'item-price')!.textContent!.includes(formatPrice(offer.price, { currency: 'EUR', locale: 'es' })), 'the upgraded price', { timeout: 5000 });
    expect(formFields(await onlyRequest('/bookcore/shopping-cart/upgrade-room/'))).to.deep.equal({ uuid: line.uuid, room_code: offer.room.code, board_code: offer.board.code });
    expect(part(cart, 'total-amount')!.textContent).to.equal(formatPrice(offer.price, { currency: 'EUR', locale: 'es' }));
    expect(part(cart, 'best-upgrade-error')?.textContent ?? '').to.equal('');
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'change_rate'), 'change_rate tracked');
    const changeRate = dataLayer().find((entry) => entry.event === 'change_rate')!;
    expect(changeRate.ecommerce!.products).to.have.length(1);
    expect(changeRate.ecommerce!.products[0]).to.deep.include({
      roomCode: offer.room.code,
      boardCode: offer.board.code,
      upgradedFromRoomCode: line.room.code,
      upgradedFromBoardCode: line.board.code,
      price: offer.price,
      hotelCode: 'HMAR',
      availabilityPosition: 1,
    });
  });

  it('shows the server text beside the item when its upgrades cannot be listed, and lists them on retry', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(33));
    const cart = await renderCart('');
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown');
    await injectFault({ path: '/bookcore/shopping-cart/upgradable-room/json/*', body: { cod_error: '104', error: 'Las mejoras no están disponibles ahora mismo.' }, times: 1 });
    part(cart, 'upgrades-toggle')!.click();
    await waitUntil(() => part(cart, 'item-error')!.textContent === 'Las mejoras no están disponibles ahora mismo.', 'error beside the item', { timeout: 5000 });
    expect(part(cart, 'item-error')!.getAttribute('role')).to.equal('alert');
    expect(part(cart, 'upgrades'), 'no list').to.equal(null);
    expect(part(cart, 'upgrades-toggle')!.getAttribute('aria-expanded')).to.equal('false');
    await waitUntil(() => !(part(cart, 'upgrades-toggle') as HTMLButtonElement).disabled, 'toggle usable again');
    await expect(cart).to.be.accessible();

    part(cart, 'upgrades-toggle')!.click();
    await waitUntil(() => parts(cart, 'upgrade').length > 0, 'upgrades listed on retry', { timeout: 5000 });
    expect(part(cart, 'item-error')!.textContent).to.equal('');
  });

  it('shows the server text beside the item when an upgrade is refused, keeps the list and the price, and upgrades on retry', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(36));
    const cart = await renderCart('');
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown');
    const price = part(cart, 'item-price')!.textContent;
    part(cart, 'upgrades-toggle')!.click();
    await waitUntil(() => parts(cart, 'upgrade').length > 0, 'upgrades listed', { timeout: 5000 });
    const offers = parts(cart, 'upgrade').length;
    await injectFault({ path: '/bookcore/shopping-cart/upgrade-room/', body: { cod_error: '105', error: 'Esa habitación ya no está disponible.' }, times: 1 });
    part(cart, 'upgrade-button')!.click();
    await waitUntil(() => part(cart, 'item-error')!.textContent === 'Esa habitación ya no está disponible.', 'error beside the item', { timeout: 5000 });
    expect(parts(cart, 'upgrade'), 'the list the guest chose from stays').to.have.length(offers);
    expect(part(cart, 'item-price')!.textContent).to.equal(price);
    expect(dataLayer().filter((entry) => entry.event === 'change_rate')).to.have.length(0);
    await waitUntil(() => !(part(cart, 'upgrade-button') as HTMLButtonElement).disabled, 'upgrade usable again');
    await expect(cart).to.be.accessible();

    part(cart, 'upgrade-button')!.click();
    await waitUntil(() => parts(cart, 'upgrade').length === 0 && part(cart, 'item-price')!.textContent !== price, 'upgraded on retry', { timeout: 5000 });
    expect(part(cart, 'item-error')!.textContent).to.equal('');
    expect(await recordedRequests('/bookcore/shopping-cart/upgrade-room/')).to.have.length(2);
    await waitUntil(() => dataLayer().some((entry) => entry.event === 'change_rate'), 'change_rate tracked after the retry');
  });

  it('on a cart-only page, takes its own data-add-package, data-delete-package and data-package-availability', async () => {
    const checkIn = isoDaysFromNow(30);
    const cart = await renderCart(
      'data-package-id="1" data-package-availability="/bookcore/packages/PACKID/availability/?entrada=CHECKIN&salida=CHECKOUT&source=cart" ' +
        'data-add-package="/bookcore/shopping-cart/add-package/?source=cart" data-delete-package="/bookcore/shopping-cart/delete-package/?source=cart"',
    );
    expect(document.querySelector('loyalty-panel')).to.equal(null);
    await searchAndWaitForOptions(cart, checkIn);
    expect((await onlyRequest('/bookcore/packages/1/availability/')).query).to.deep.equal({ entrada: checkIn, salida: '', source: 'cart' });
    await addOption(cart, parts(cart, 'option-title')[0]!.textContent!);
    expect((await onlyRequest('/bookcore/shopping-cart/add-package/')).query).to.deep.equal({ source: 'cart' });
    part(cart, 'remove')!.click();
    await waitUntil(() => parts(cart, 'item').length === 0, 'item removed', { timeout: 5000 });
    expect((await onlyRequest('/bookcore/shopping-cart/delete-package/')).query).to.deep.equal({ source: 'cart' });
  });

  it('falls back to the panel\'s addresses, then to the defaults, and refuses an address that is not one', async () => {
    const checkIn = isoDaysFromNow(30);
    const container = await fixture<HTMLElement>(html`<div>
      <loyalty-panel data-render-icon="false" data-add-package="/bookcore/shopping-cart/add-package/?source=panel"></loyalty-panel>
      <package-cart data-package-id="1" data-delete-package="javascript:alert(1)"></package-cart>
    </div>`);
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => part(cart, 'cart')?.getAttribute('data-state') === 'ready', 'cart read', { timeout: 5000 });
    await searchAndWaitForOptions(cart, checkIn);
    expect((await onlyRequest('/bookcore/packages/1/availability/')).query).to.deep.equal({ entrada: checkIn, salida: '' });
    await addOption(cart, parts(cart, 'option-title')[0]!.textContent!);
    expect((await onlyRequest('/bookcore/shopping-cart/add-package/')).query).to.deep.equal({ source: 'panel' });
    part(cart, 'remove')!.click();
    await waitUntil(() => parts(cart, 'item').length === 0, 'item removed', { timeout: 5000 });
    expect((await onlyRequest('/bookcore/shopping-cart/delete-package/')).search).to.equal('');
  });

  it(`a cart of 1,000 lines shows the first ${MAX_CART_ITEMS}, says how many it left out and keeps bookcore's total of them all, axe clean`, async () => {
    // Before the cap (docs/reliability.md "Caps") 10,000 lines took about 10 s to render. Each line is priced 10 €; bookcore's total is of all 1,000.
    const checkIn = isoDaysFromNow(40);
    const items = Array.from({ length: 1000 }, (_, index) => ({
      uuid: `line-${index}`, kind: 'room',
      hotel: { code: 'HMAR', name: 'Hotel Mar Azul' }, room: { code: 'DBL', name: `Habitación ${index + 1}` },
      package: null, option: null, checkIn, checkOut: isoDaysFromNow(42), nights: 2, occupancy: { adults: 2, children: 0 },
      board: { code: 'AD', name: 'Alojamiento y desayuno' }, price: 10,
    }));
    const canned = { cod_error: '000', currency: 'EUR', total: 10_000, items, rates: [{ codigo: 'EUR', tasa: 1 }] };
    await injectFault({ path: CART_PATH, method: 'GET', status: 200, body: canned, times: 1 });
    const cart = await renderCart('');
    const lines = parts(cart, 'item');
    expect(lines).to.have.length(MAX_CART_ITEMS);
    // The first lines in bookcore's order.
    expect(lines[0]!.textContent).to.contain('Habitación 1');
    expect(lines.at(-1)!.textContent).to.contain(`Habitación ${MAX_CART_ITEMS}`);
    const number = new Intl.NumberFormat('es');
    expect(part(cart, 'items-left-out')?.textContent).to.equal(
      `Se muestran los primeros ${MAX_CART_ITEMS} de ${number.format(1000)} elementos del carrito (${number.format(1000 - MAX_CART_ITEMS)} sin mostrar); el total los incluye todos.`,
    );
    expect(part(cart, 'total-amount')!.textContent).to.equal(formatPrice(10_000, { currency: 'EUR', locale: 'es' }));
    await expect(cart).to.be.accessible();
  });

  it('reads the cart again in the new language when the page switches language', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(25));
    const container = await fixture<HTMLElement>(html`<div lang="es"><package-cart></package-cart></div>`);
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => parts(cart, 'item').length === 1, 'item shown', { timeout: 5000 });
    expect((await recordedRequests(CART_PATH)).map((request) => request.query)).to.deep.equal([{ lang: 'es' }]);
    container.setAttribute('lang', 'en');
    await waitUntil(async () => (await recordedRequests(CART_PATH)).some((request) => request.query['lang'] === 'en'), 'the cart read in English', { timeout: 5000 });
    await waitUntil(() => part(cart, 'cart-title')?.textContent === 'Your cart', 'English texts');
  });
});


// What a guest meets beyond axe (docs/package-cart.md): announcements and focus, one button scale, the upgrade offer with the
// line it upgrades, pictures that fill their box on phones, errors that read as errors.
const canSetViewport = await setViewport({ width: 800, height: 600 }).then(
  () => true,
  () => false,
);
const itWithViewport = canSetViewport ? it : it.skip;

/** The cart's polite announcer: a status region in the element from the start. */
function announcer(cart: HTMLElement): HTMLElement {
  const region = part(cart, 'announcement');
  if (!region) throw new Error('no announcement region');
  return region;
}

/** WCAG contrast ratio of two sRGB colours given as [r, g, b] 0–255. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) =>
    rgb
      .map((channel) => channel / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** A CSS colour as the browser paints it, [r, g, b] 0–255 (a canvas resolves color-mix, color() and names). */
function painted(color: string): number[] {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d')!;
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
}

describe('<package-cart> as a hotel brand would ship it', () => {
  beforeEach(async () => {
    if (canSetViewport) await setViewport({ width: 800, height: 600 });
  });

  it('announces search results, an addition and a removal politely, and keeps focus on a sensible place', async () => {
    const cart = await renderCart();
    const region = announcer(cart);
    expect(region.getAttribute('role')).to.equal('status');
    expect(region.textContent).to.equal('');

    await searchAndWaitForOptions(cart, isoDaysFromNow(30));
    const count = parts(cart, 'option').length;
    await waitUntil(() => announcer(cart).textContent === `${count} opciones disponibles`, `results announced (heard "${announcer(cart).textContent}")`);
    expect(announcer(cart), 'the same region, present before it spoke').to.equal(region);

    const names = parts(cart, 'option-title').map((title) => title.textContent!);
    const firstAdd = parts(cart, 'add')[0]!;
    firstAdd.focus();
    firstAdd.click();
    await waitUntil(() => parts(cart, 'item').length === 1, 'added', { timeout: 5000 });
    await waitUntil(() => region.textContent!.includes('añadido al carrito') && region.textContent!.includes(names[0]!), `addition announced (heard "${region.textContent}")`);
    await waitUntil(() => cart.shadowRoot!.activeElement === firstAdd, 'focus stays on the add button, for another addition');
    await addOption(cart, names[1]!);
    await waitUntil(() => region.textContent!.includes(names[1]!), 'second addition announced');

    // The first line goes: focus moves to the line that took its place.
    const [first, second] = parts(cart, 'item');
    const secondTitle = second!.querySelector('[part~="item-title"]')!;
    const firstRemove = first!.querySelector<HTMLButtonElement>('[part~="remove"]')!;
    firstRemove.focus();
    firstRemove.click();
    await waitUntil(() => parts(cart, 'item').length === 1, 'removed', { timeout: 5000 });
    await waitUntil(() => region.textContent!.includes('eliminado del carrito'), `removal announced (heard "${region.textContent}")`);
    await waitUntil(() => cart.shadowRoot!.activeElement !== null, 'focus kept inside the cart', { timeout: 2000 }).catch(() => undefined);
    expect(document.activeElement, 'focus not lost to the page').to.equal(cart);
    expect(cart.shadowRoot!.activeElement, 'focus on the next line').to.equal(parts(cart, 'item-title')[0]);
    expect(parts(cart, 'item-title')[0]!.textContent).to.equal(secondTitle.textContent);
    await expect(cart).to.be.accessible();

    // The last line goes: focus on the cart's heading.
    const lastRemove = part(cart, 'remove')!;
    lastRemove.focus();
    lastRemove.click();
    await waitUntil(() => part(cart, 'empty'), 'emptied', { timeout: 5000 });
    await waitUntil(() => cart.shadowRoot!.activeElement === part(cart, 'cart-title'), 'focus on the cart heading');
    await expect(cart).to.be.accessible();
  });

  it('announces a search without availability', async () => {
    const cart = await renderCart();
    await injectFault({ path: PACKAGE_PATH, body: { cod_error: '000', package: { id: 1, name: 'Escapada romántica' }, currency: 'EUR', options: [] }, times: 1 });
    await search(cart, isoDaysFromNow(30));
    await waitUntil(() => announcer(cart).textContent === 'No hay opciones disponibles para esas fechas.', `no availability announced (heard "${announcer(cart).textContent}")`, { timeout: 5000 });
  });

  it('says a cart that cannot be read through an alert region that was there before the failure', async () => {
    await injectFault({ path: CART_PATH, status: 500, delayMs: 400, times: 1 });
    const container = await fixture<HTMLElement>(`<div><package-cart></package-cart></div>`);
    const cart = container.querySelector<HTMLElement>('package-cart')!;
    await waitUntil(() => part(cart, 'loader'), 'loading', { timeout: 5000 });
    const alert = part(cart, 'cart-alert');
    expect(alert, 'an alert region while the cart loads').to.not.equal(null);
    expect(alert!.getAttribute('role')).to.equal('alert');
    await waitUntil(() => part(cart, 'cart')!.getAttribute('data-state') === 'failed', 'failed', { timeout: 5000 });
    expect(part(cart, 'cart-alert'), 'the same region').to.equal(alert);
    expect(alert!.textContent).to.equal('No se ha podido cargar el carrito.');
    await expect(cart).to.be.accessible();
  });

  it('gives every cart button one scale: 44 px targets, one font size, primary and secondary styles', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(30));
    const cart = await renderCart('data-package-id="1" data-book-url="/bookcore/shopping-cart/"');
    await waitUntil(() => part(cart, 'best-upgrade') && part(cart, 'book-now'), 'offer and book link shown', { timeout: 5000 });
    const controls = [...parts(cart, 'button'), part(cart, 'book-now')!];
    expect(controls.length).to.be.at.least(5);
    const sizes = new Set(controls.map((control) => getComputedStyle(control).fontSize));
    expect([...sizes], 'one font size').to.have.length(1);
    for (const control of controls) {
      const { height } = control.getBoundingClientRect();
      expect(height, `${control.getAttribute('part')} height`).to.be.at.least(44);
      expect(height, `${control.getAttribute('part')} height`).to.be.below(50);
    }
    const book = getComputedStyle(part(cart, 'book-now')!);
    const primary = getComputedStyle(part(cart, 'search-button')!);
    const secondary = getComputedStyle(part(cart, 'remove')!);
    expect(book.backgroundColor, 'the book link is a primary button').to.equal(primary.backgroundColor);
    expect(book.fontWeight).to.equal(primary.fontWeight);
    expect(secondary.backgroundColor, 'secondary differs from primary').to.not.equal(primary.backgroundColor);
  });

  it('places the best-upgrade offer inside the line it upgrades', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(30));
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(60));
    const { room: offer } = (await (await fetch('/bookcore/shopping-cart/best-upgradable-room/')).json()) as { room: { uuid: string } };
    const cart = await renderCart('');
    await waitUntil(() => part(cart, 'best-upgrade'), 'best upgrade offered', { timeout: 5000 });
    const { items } = (await (await fetch(CART_PATH)).json()) as { items: { uuid: string }[] };
    const index = items.findIndex((item) => item.uuid === offer.uuid);
    expect(index).to.be.at.least(0);
    expect(parts(cart, 'item')[index]!.contains(part(cart, 'best-upgrade')), 'inside the line it upgrades').to.equal(true);
    await expect(cart).to.be.accessible();
  });

  it('places an offer for no line of the cart after the lines', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(30));
    const { room: offer } = (await (await fetch('/bookcore/shopping-cart/best-upgradable-room/')).json()) as { room: Record<string, unknown> };
    await injectFault({ path: '/bookcore/shopping-cart/best-upgradable-room/', body: { cod_error: '000', room: { ...offer, uuid: 'a-line-elsewhere' } }, times: 1 });
    const cart = await renderCart('');
    await waitUntil(() => part(cart, 'best-upgrade'), 'best upgrade offered', { timeout: 5000 });
    const best = part(cart, 'best-upgrade')!;
    expect(best.closest('[part~="item"]'), 'in no line').to.equal(null);
    expect(part(cart, 'items')!.compareDocumentPosition(best) & Node.DOCUMENT_POSITION_FOLLOWING, 'after the lines').to.not.equal(0);
    await expect(cart).to.be.accessible();
  });

  for (const width of [360, 1366]) {
    itWithViewport(`fills the picture's box at ${width} px, a phone's picture as wide as its card`, async () => {
      await setViewport({ width, height: 800 });
      await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(30));
      const cart = await renderCart('');
      await waitUntil(() => part(cart, 'item-image'), 'picture shown', { timeout: 5000 });
      const image = part(cart, 'item-image')! as HTMLImageElement;
      const card = part(cart, 'item')!;
      const style = getComputedStyle(image);
      expect(style.objectFit).to.equal('cover');
      const box = image.getBoundingClientRect();
      expect(box.height / box.width, 'the picture keeps its 42:25 shape').to.be.closeTo(25 / 42, 0.02);
      if (width === 360) {
        const cardStyle = getComputedStyle(card);
        const inner = card.clientWidth - parseFloat(cardStyle.paddingLeft) - parseFloat(cardStyle.paddingRight);
        expect(box.width, 'as wide as the card inside').to.be.closeTo(inner, 1);
      } else {
        expect(box.width, 'beside the text on a desktop').to.be.below(card.clientWidth / 2);
      }
      // The rendition the browser asks the CDN for fits the box: the 420 px one beside the text on a desktop (840 px
      // on a 2× screen), not the 840 px (or 1260 px) one the preset's full-width `sizes` asked for.
      image.scrollIntoView();
      await waitUntil(() => image.currentSrc, 'a rendition picked', { timeout: 5000 });
      const picked = Number(/[?&]w=(\d+)/.exec(image.currentSrc)?.[1]);
      const needed = (width === 360 ? width : box.width) * devicePixelRatio;
      expect(picked, `${image.currentSrc} for ${Math.round(needed)} device px`).to.be.at.least(Math.min(needed, 1260));
      if (width === 1366) expect(picked, image.currentSrc).to.be.at.most(420 * Math.ceil(devicePixelRatio));
    });
  }

  it('shows an error as a marked message with an icon, readable in the three brands', async () => {
    await addPackageThroughApi('11', 'HMAR', isoDaysFromNow(30));
    for (const brand of ['demo-brand', 'second-brand', 'dark-brand']) {
      providePageRuntime(createRuntime());
      // The brand's page: its tokens at the root too, and its surface behind the cart (as demo/<brand>.html).
      const container = await fixture<HTMLElement>(
        `<div style="background: var(--loyalty-color-surface); color: var(--loyalty-color-text)">
          <link rel="stylesheet" href="/static/${brand}/loyalty/loyalty.css">
          <loyalty-panel data-project-code="${brand}" data-render-icon="false"></loyalty-panel><package-cart></package-cart>
        </div>`,
      );
      await waitUntil(() => container.querySelector('link')!.sheet !== null, `${brand} page stylesheet`, { timeout: 5000 });
      const cart = container.querySelector<HTMLElement>('package-cart')!;
      await waitUntil(() => parts(cart, 'item').length === 1, 'item shown', { timeout: 5000 });
      await waitUntil(() => (cart.shadowRoot!.querySelector<HTMLLinkElement>(`link[href*="/${brand}/"]`)?.sheet ?? null) !== null, `${brand} stylesheet applied`, { timeout: 5000 });
      await injectFault({ path: '/bookcore/shopping-cart/delete-package/', body: { cod_error: '103', error: 'El elemento no existe en el carrito.' }, times: 1 });
      part(cart, 'remove')!.click();
      await waitUntil(() => part(cart, 'item-error')!.textContent === 'El elemento no existe en el carrito.', 'error shown', { timeout: 5000 });
      const message = part(cart, 'item-error')!;
      expect(message.getAttribute('role')).to.equal('alert');
      expect(message.getAttribute('part')).to.contain('message-error');
      const icon = message.querySelector('[part~="message-icon"]');
      expect(icon, `${brand}: an icon`).to.not.equal(null);
      expect(icon!.getAttribute('aria-hidden')).to.equal('true');
      expect(icon!.getBoundingClientRect().width, `${brand}: the icon drawn`).to.be.at.least(12);
      const style = getComputedStyle(message);
      expect(parseFloat(style.paddingTop), `${brand}: padded`).to.be.at.least(4);
      expect(parseFloat(style.borderLeftWidth), `${brand}: marked edge`).to.be.at.least(3);
      const ratio = contrast(painted(style.color), painted(style.backgroundColor));
      expect(ratio, `${brand}: text contrast`).to.be.at.least(4.5);
      await expect(cart).to.be.accessible();
    }
  });
});
