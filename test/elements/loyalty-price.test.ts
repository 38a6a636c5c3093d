import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { PRICE_TEXTS } from '../../src/i18n/price-texts';
import { LANGUAGES } from '../../src/i18n/languages';
import { authOpenAtom, settingsAtom } from '../../src/state/session';
import { sectionAtom } from '../../src/state/store';
import { injectFault, recordedRequests, resetServer, signInThroughApi } from '../api/dev-server';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

const AVAILABILITY = '/bookcore/availability/loyalty/*';
// The seed's HSIE: public 95 €, member 85,50 € (docs/bookcore-contract.md "Member prices").
// Amounts are written with a no-break space before the euro sign.
const HSIE_SENTENCE = 'Precio: 95,00\u00a0€. Para miembros: 85,50\u00a0€, ahorras 9,50\u00a0€.';

type DataLayerEntry = Record<string, unknown>;

function part(host: Element, name: string): HTMLElement | null {
  return host.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

function shown(host: Element): boolean {
  return part(host, 'price')?.dataset['state'] === 'guest' || part(host, 'price')?.dataset['state'] === 'member';
}

/** Console warnings while `run` runs. */
async function warningsDuring(run: () => Promise<void>): Promise<string[]> {
  const original = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return warnings;
}

describe('<loyalty-price>', () => {
  let dataLayer: DataLayerEntry[];

  beforeEach(async () => {
    await resetServer();
    providePageRuntime(createRuntime());
    dataLayer = [];
    (window as unknown as { dataLayer: DataLayerEntry[] }).dataLayer = dataLayer;
  });

  afterEach(() => {
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  });

  it('shows a guest the member price beside the public one, the saving as one sentence, a join action and a sign-in link', async () => {
    const root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    await waitUntil(() => shown(price), 'the guest price shown');
    expect(part(price, 'price')!.dataset['state']).to.equal('guest');
    expect(part(price, 'public-price')!.textContent).to.equal('95,00\u00a0€');
    expect(part(price, 'member-price')!.textContent).to.equal('85,50\u00a0€');
    expect(part(price, 'saving')!.textContent).to.equal('Ahorras 9,50\u00a0€');
    // A screen reader reads one sentence, not a struck-through number: the visible pieces are hidden from it.
    expect(part(price, 'sentence')!.textContent).to.equal(HSIE_SENTENCE);
    expect(part(price, 'public-price')!.closest('[aria-hidden="true"]'), 'visible pieces hidden from screen readers').to.not.equal(null);
    expect(part(price, 'join')!.textContent).to.equal('Únete gratis');
    expect(part(price, 'join')!.tagName).to.equal('BUTTON');
    expect(part(price, 'sign-in')!.textContent).to.equal('Inicia sesión');
    await expect(price).to.be.accessible();
  });

  it('makes one loyalty availability request for 20 tags on a page', async () => {
    const codes = ['HSIE', 'HMAR', 'HURB', 'NOPE'];
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-panel></loyalty-panel>
      ${Array.from({ length: 20 }, (_, index) => html`<loyalty-price data-hotel-code=${codes[index % codes.length]!}></loyalty-price>`)}
    </div>`);
    const tags = [...root.querySelectorAll('loyalty-price')];
    await waitUntil(() => tags.filter((tag) => shown(tag)).length === 15, 'the 15 tags of known hotels shown');
    const requests = await recordedRequests(AVAILABILITY);
    expect(requests.map((request) => request.path)).to.deep.equal(['/bookcore/availability/loyalty/']);
    const unknown = tags.filter((tag) => tag.getAttribute('data-hotel-code') === 'NOPE');
    expect(unknown.every((tag) => part(tag, 'price')!.dataset['state'] === 'empty' && part(tag, 'price')!.childElementCount === 0)).to.equal(true);
  });

  it('asks for one id when every tag names the same one, at the configured address (data-availability-id)', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-panel data-loyalty-availability="/bookcore/availability/loyalty/"></loyalty-panel>
      <loyalty-price data-hotel-code="HSIE" data-availability-id="HSIE"></loyalty-price>
      <loyalty-price data-availability-id="HSIE"></loyalty-price>
    </div>`);
    const tags = [...root.querySelectorAll('loyalty-price')];
    await waitUntil(() => tags.every((tag) => shown(tag)), 'both shown');
    expect((await recordedRequests(AVAILABILITY)).map((request) => request.path)).to.deep.equal(['/bookcore/availability/loyalty/HSIE/']);
  });

  it('asks again for a tag added later that names another hotel than the one-id request covered', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-panel></loyalty-panel>
      <loyalty-price data-hotel-code="HSIE"></loyalty-price>
    </div>`);
    const first = root.querySelector('loyalty-price')!;
    await waitUntil(() => shown(first), 'the first tag shown');
    // A CMS block rendered later (an accordion, a tab) brings two tags of another hotel.
    root.insertAdjacentHTML('beforeend', '<loyalty-price data-hotel-code="HMAR"></loyalty-price><loyalty-price data-hotel-code="HMAR"></loyalty-price>');
    const late = [...root.querySelectorAll('loyalty-price[data-hotel-code="HMAR"]')];
    await waitUntil(() => late.every((tag) => shown(tag)), 'the late tags shown');
    expect((await recordedRequests(AVAILABILITY)).map((request) => request.path)).to.deep.equal(['/bookcore/availability/loyalty/HSIE/', '/bookcore/availability/loyalty/HMAR/']);
    // A later tag of the first hotel reads the first answer.
    root.insertAdjacentHTML('beforeend', '<loyalty-price data-hotel-code="HSIE"></loyalty-price>');
    const again = root.querySelectorAll('loyalty-price[data-hotel-code="HSIE"]')[1]!;
    await waitUntil(() => shown(again), 'the second HSIE tag shown');
    expect(await recordedRequests(AVAILABILITY)).to.have.length(2);
  });

  it('writes prices in the page language and currency, converted with the answer’s rates', async () => {
    const root = await fixture<HTMLElement>(html`<div lang="en">
      <loyalty-panel></loyalty-panel>
      <loyalty-price data-hotel-code="HSIE" data-currency="USD" data-locale="en-US"></loyalty-price>
    </div>`);
    const price = root.querySelector('loyalty-price')!;
    await waitUntil(() => shown(price), 'shown');
    // 95 € × 1.08 = 102.60 $, 85.50 € × 1.08 = 92.34 $.
    expect(part(price, 'public-price')!.textContent).to.equal('$102.60');
    expect(part(price, 'member-price')!.textContent).to.equal('$92.34');
    expect(part(price, 'sentence')!.textContent).to.equal('Price: $102.60. For members: $92.34, you save $10.26.');
    expect(part(price, 'join')!.textContent).to.equal('Join free');
  });

  it('shows a member "your member price" and the price, with no join action', async () => {
    await signInThroughApi();
    const root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    await waitUntil(() => shown(price), 'the member price shown');
    expect(part(price, 'price')!.dataset['state']).to.equal('member');
    expect(part(price, 'member-label')!.textContent).to.equal('Tu precio de miembro');
    expect(part(price, 'member-price')!.textContent).to.equal('85,50\u00a0€');
    expect(part(price, 'join')).to.equal(null);
    await expect(price).to.be.accessible();
  });

  it('opens the panel at SIGNUP headed with the member price, through the page-wide open-loyalty route, and tracks where the interest came from', async () => {
    const root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    const panel = root.querySelector('loyalty-panel')!;
    await waitUntil(() => shown(price), 'shown');
    part(price, 'join')!.click();
    const store = pageRuntime().store;
    expect(store.get(authOpenAtom)).to.equal(true);
    expect(store.get(sectionAtom)).to.equal('SIGNUP');
    await waitUntil(() => panel.shadowRoot!.querySelector('[part~="auth-section"][data-section="SIGNUP"] h2')?.textContent === 'Únete gratis y paga 85,50\u00a0€', 'the SIGNUP heading with the price');
    await waitUntil(() => dataLayer.some((entry) => entry['event'] === 'interested_in_loyalty'), 'tracked');
    expect(dataLayer.find((entry) => entry['event'] === 'interested_in_loyalty')).to.deep.equal({
      event: 'interested_in_loyalty',
      eventCategory: 'Loyalty',
      eventLabel: 'interested_in_loyalty',
      loyaltyOrigin: 'loyalty-price',
    });
  });

  it('the sign-in link opens SIGNIN, by keyboard too', async () => {
    const root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    await waitUntil(() => shown(price), 'shown');
    const signIn = part(price, 'sign-in')!;
    signIn.focus();
    expect(price.shadowRoot!.activeElement).to.equal(signIn);
    // A <button> turns Enter and Space into a click: the same route as a pointer.
    signIn.click();
    expect(pageRuntime().store.get(sectionAtom)).to.equal('SIGNIN');
  });

  it('leaves the page untouched, with a console warning, when the call fails or gives no member price', async () => {
    await injectFault({ path: '/bookcore/availability/loyalty/*', status: 500 });
    let root!: HTMLElement;
    const warnings = await warningsDuring(async () => {
      root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
      const price = root.querySelector('loyalty-price')!;
      await waitUntil(() => part(price, 'price')!.dataset['state'] === 'empty', 'given up');
    });
    const price = root.querySelector('loyalty-price')!;
    expect(part(price, 'price')!.childElementCount).to.equal(0);
    expect(price.getBoundingClientRect().height, 'no room kept').to.equal(0);
    expect(warnings.some((warning) => warning.includes('[loyalty-elements]') && warning.includes('loyalty-price'))).to.equal(true);
  });

  it('shows nothing when the member price saves nothing', async () => {
    await injectFault({ path: '/bookcore/availability/loyalty/*', body: { hotels: [{ code: 'HSIE', price: '95.00', loyaltyPrice: '95.00' }] }, times: 1 });
    const root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    await waitUntil(() => part(price, 'price')!.dataset['state'] === 'empty', 'given up');
    expect(part(price, 'price')!.childElementCount).to.equal(0);
  });

  it('holds its place while loading: the box does not move when the price appears', async () => {
    await injectFault({ path: '/bookcore/availability/loyalty/*', delayMs: 400, times: 1 });
    const root = await fixture<HTMLElement>(html`<div style="width: 360px"><loyalty-icon></loyalty-icon><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    const loading = price.getBoundingClientRect().height;
    expect(part(price, 'price')!.dataset['state']).to.equal('loading');
    expect(loading, 'room kept while loading').to.be.greaterThan(0);
    await waitUntil(() => shown(price), 'shown');
    expect(price.getBoundingClientRect().height, 'the same room once shown').to.equal(loading);
  });

  it('has its texts in the 8 languages', () => {
    const keys = Object.keys(PRICE_TEXTS.es).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(PRICE_TEXTS[language]).sort(), language).to.deep.equal(keys);
      for (const key of keys) expect(PRICE_TEXTS[language][key as keyof typeof PRICE_TEXTS.es], `${language}.${key}`).to.be.a('string').and.not.equal('');
    }
  });

  it('stays empty while the widget is hidden because its settings failed', async () => {
    await injectFault({ path: '/bookcore/partempresas/loyalty/settings/', status: 500 });
    const root = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-price data-hotel-code="HSIE"></loyalty-price></div>`);
    const price = root.querySelector('loyalty-price')!;
    await waitUntil(() => pageRuntime().store.get(settingsAtom).status === 'failed', 'settings failed');
    await waitUntil(() => part(price, 'price')!.dataset['state'] === 'empty', 'given up');
    expect(part(price, 'price')!.childElementCount).to.equal(0);
  });
});
