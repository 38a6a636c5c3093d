import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/index';
import { HOTEL_PAGE_SECTIONS } from '../../src/components/hotel-page/hotel-page';
import { HOTEL_PAGE_TEXTS } from '../../src/i18n/hotel-page';
import { LANGUAGES } from '../../src/i18n/languages';
import { waitUntil } from '../support/wait-until';
import { clearRecordedRequests, deleteCsrfCookie, injectFault, primeCsrfCookie, recordedRequests, resetServer, signInThroughApi } from '../api/dev-server';
import { authOpenAtom } from '../../src/state/session';
import { sectionAtom } from '../../src/state/store';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';

function part(element: HTMLElement, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

function parts(element: HTMLElement, name: string): HTMLElement[] {
  return Array.from(element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`));
}

function section(page: HTMLElement, name: string): HTMLElement {
  // No shadow root before the element's code has loaded.
  return page.shadowRoot?.querySelector<HTMLElement>(`[data-section="${name}"]`) as HTMLElement;
}

function settled(page: HTMLElement, name: string): boolean {
  const state = section(page, name)?.dataset['state'];
  return state === 'ready' || state === 'failed';
}

async function renderPage(attributes = 'data-hotel-code="HSIE"', lang = 'es'): Promise<HotelPageElement> {
  const container = await fixture<HTMLElement>(`<div lang="${lang}"><hotel-page ${attributes}></hotel-page></div>`);
  const page = container.querySelector('hotel-page')!;
  await waitUntil(() => settled(page, 'home'), 'home shown');
  return page;
}

type HotelPageElement = HTMLElementTagNameMap['hotel-page'];

/** Scrolls each section into view in turn and waits until it has shown or hidden itself. */
async function reachEverySection(page: HTMLElement): Promise<void> {
  for (const name of HOTEL_PAGE_SECTIONS) {
    section(page, name).scrollIntoView();
    await waitUntil(() => settled(page, name), `${name} settled`);
  }
}

function schemaScripts(): HTMLScriptElement[] {
  return Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-hotel-page-schema]'));
}

describe('<hotel-page>', () => {
  beforeEach(async () => {
    await resetServer();
    await primeCsrfCookie();
    schemaScripts().forEach((script) => script.remove());
    window.scrollTo(0, 0);
  });

  it("renders the hotel's home in the page's language, asking about that hotel", async () => {
    const page = await renderPage();
    const home = section(page, 'home');
    expect(home.getAttribute('aria-labelledby')).to.equal('hotel-page-home-heading');
    expect(home.querySelector('h2')!.textContent).to.equal('Sierra Nevada Lodge');
    expect(part(page, 'subtitle')!.textContent).to.equal('Granada');
    expect(part(page, 'description-text')!.textContent).to.contain('Descubre Granada');
    expect(part(page, 'map-description-text')!.textContent).to.equal('Plaza de Andalucía 3, 18196 Sierra Nevada, Granada');
    const [request] = await recordedRequests('/m2/ajax/home/section/header');
    expect(request!.search).to.equal('?hotelcode=HSIE&lang=es');
  });

  it('shows every section with one heading each, each call asked once however often the guest scrolls', async () => {
    const page = await renderPage();
    await reachEverySection(page);
    await reachEverySection(page);
    window.scrollTo(0, 0);
    for (const name of HOTEL_PAGE_SECTIONS) {
      expect(section(page, name).dataset['state'], name).to.equal('ready');
      expect(section(page, name).querySelectorAll('h2'), name).to.have.length(1);
    }
    expect(part(page, 'section-rooms')!.querySelector('h2')!.textContent).to.equal('Habitaciones');
    expect(parts(page, 'room').map((room) => room.querySelector('h3')!.textContent)).to.deep.equal([
      'Habitación Estándar',
      'Habitación Superior',
      'Habitación Familiar',
    ]);
    expect(parts(page, 'social-link').map((link) => link.getAttribute('href'))).to.deep.equal(['https://www.facebook.com/hsie', 'https://www.instagram.com/hsie']);
    expect(part(page, 'contact-link')!.getAttribute('href')).to.equal('tel:+34958000202');
    const requests = await recordedRequests('/m2/ajax/*');
    const gets = requests.filter((request) => request.method === 'GET').map((request) => `${request.path}${request.search}`);
    expect(new Set(gets).size, gets.join('\n')).to.equal(gets.length);
    for (const get of gets) expect(get).to.match(/[?&]lang=es/);
  });

  it('loads a section only when the guest comes near it', async () => {
    const container = await fixture<HTMLElement>('<div lang="es" style="height: 400px; overflow: auto"><hotel-page data-hotel-code="HSIE"></hotel-page></div>');
    const page = container.querySelector('hotel-page')!;
    await waitUntil(() => settled(page, 'home'), 'home shown');
    expect(await recordedRequests('/m2/ajax/contact')).to.have.length(0);
    expect(section(page, 'contact').dataset['state']).to.equal('waiting');
    section(page, 'contact').scrollIntoView();
    await waitUntil(() => settled(page, 'contact'), 'contact shown');
    expect(await recordedRequests('/m2/ajax/contact')).to.have.length(1);
  });

  it('speaks English for an English page, bookcore asked in English', async () => {
    const page = await renderPage('data-hotel-code="HURB"', 'en');
    expect(section(page, 'home').querySelector('h2')!.textContent).to.equal('Urban Madrid Centro');
    section(page, 'rooms').scrollIntoView();
    await waitUntil(() => settled(page, 'rooms'), 'rooms shown');
    expect(section(page, 'rooms').querySelector('h2')!.textContent).to.equal('Rooms');
    expect(parts(page, 'room').map((room) => room.querySelector('h3')!.textContent)).to.include('Gran Vía Suite');
    expect(part(page, 'room-details-button')!.textContent).to.equal('See details');
    const [request] = await recordedRequests('/m2/ajax/rooms');
    expect(request!.search).to.equal('?hotelcode=HURB&lang=en');
  });

  it('hides a section whose call fails or answers a cod_error, and shows the rest', async () => {
    await injectFault({ path: '/m2/ajax/offers', status: 500 });
    await injectFault({ path: '/m2/ajax/rooms', body: { cod_error: '103', error: 'El hotel no existe.' } });
    const page = await renderPage();
    await reachEverySection(page);
    expect(section(page, 'offers').hidden).to.equal(true);
    expect(section(page, 'offers').dataset['state']).to.equal('failed');
    expect(section(page, 'rooms').hidden).to.equal(true);
    for (const name of HOTEL_PAGE_SECTIONS.filter((name) => name !== 'offers' && name !== 'rooms')) {
      expect(section(page, name).dataset['state'], name).to.equal('ready');
      expect(section(page, name).hidden, name).to.equal(false);
    }
    // A failed section never asks again (GET retries of a 500 aside, one call).
    const asked = (await recordedRequests('/m2/ajax/rooms')).length;
    await reachEverySection(page);
    expect(await recordedRequests('/m2/ajax/rooms')).to.have.length(asked);
  });

  it('writes each shown section’s schema.org document into the head once, as valid JSON', async () => {
    const page = await renderPage();
    await reachEverySection(page);
    await waitUntil(() => schemaScripts().length === 5, 'five documents');
    const documents = Object.fromEntries(schemaScripts().map((script) => [script.dataset['hotelPageSchema'], JSON.parse(script.textContent!) as Record<string, unknown>]));
    expect(Object.keys(documents).sort()).to.deep.equal(['HSIE:contact', 'HSIE:home', 'HSIE:photos', 'HSIE:rooms', 'HSIE:services']);
    expect(documents['HSIE:home']!['@type']).to.equal('Hotel');
    expect(documents['HSIE:rooms']!['@type']).to.equal('ItemList');
    expect(documents['HSIE:photos']!['@type']).to.equal('ImageGallery');
    schemaScripts().forEach((script) => expect(script.type).to.equal('application/ld+json'));
    // A second element for the same hotel writes none again.
    const second = await renderPage();
    await reachEverySection(second);
    expect(schemaScripts()).to.have.length(5);
  });

  it('on a page with no CSRF token yet, reads the user view once for it before the schema.org POSTs', async () => {
    deleteCsrfCookie();
    // Nor a token an earlier answer of this test page handed out, nor its widget's start: a fresh page's runtime.
    providePageRuntime(createRuntime());
    await clearRecordedRequests();
    const page = await renderPage();
    await reachEverySection(page);
    await waitUntil(() => schemaScripts().length === 5, 'five documents');
    // The widget's start reads it (with the settings), once, for the schema calls and the member prices alike.
    expect(await recordedRequests('/bookcore/loyalty/ajax/user/')).to.have.length(1);
    expect(await recordedRequests('/bookcore/partempresas/loyalty/settings/')).to.have.length(1);
    const posts = await recordedRequests('/m2/ajax/schema/*');
    expect(posts).to.have.length(5);
    for (const post of posts) expect(post.status, post.path).to.equal(200);
  });

  it("while the widget's start is under way, the schema.org POSTs wait for both of its answers, a token readable or not", async () => {
    // A first visit: each of the start's answers may set a new CSRF cookie, so a POST sent between them carries the
    // first while the second replaces it (Django refuses it). Here a token is readable from the start, and the user
    // view answers 700 ms late.
    await primeCsrfCookie();
    providePageRuntime(createRuntime());
    await clearRecordedRequests();
    await injectFault({ path: '/bookcore/loyalty/ajax/user/', method: 'GET', body: {}, delayMs: 700 });
    // The panel begins the start; the hotel page comes while its user view is still out.
    const container = await fixture<HTMLElement>('<div lang="es"><loyalty-panel></loyalty-panel></div>');
    await waitUntil(async () => (await recordedRequests('/bookcore/loyalty/ajax/user/')).length === 1, 'the start under way');
    const page = document.createElement('hotel-page');
    page.setAttribute('data-hotel-code', 'HSIE');
    container.append(page);
    await waitUntil(() => settled(page, 'home'), 'home shown');
    await reachEverySection(page);
    await waitUntil(() => schemaScripts().length === 5, 'five documents');
    const [user] = await recordedRequests('/bookcore/loyalty/ajax/user/');
    const userAnswered = Date.parse(user!.at) + (user!.ms ?? 0);
    const early = (await recordedRequests('/m2/ajax/schema/*')).filter((post) => Date.parse(post.at) < userAnswered).map((post) => post.path);
    expect(early, 'schema.org POSTs sent before the user view answered').to.deep.equal([]);
  });

  it("waits for the user view's token to reach document.cookie before the schema.org POSTs (WebKit shows it a moment late)", async () => {
    // A bookcore whose settings carry no token (it is optional there): the settings as the dev server gives them,
    // less the token, answered without a cookie.
    const settings = (await (await fetch('/bookcore/partempresas/loyalty/settings/')).json()) as Record<string, unknown>;
    delete settings['csrfToken'];
    deleteCsrfCookie();
    providePageRuntime(createRuntime());
    await clearRecordedRequests();
    await injectFault({ path: '/bookcore/partempresas/loyalty/settings/', method: 'GET', body: settings });
    // The user view answers, and its cookie reaches the page's cookies 150 ms later, as WebKit's can.
    await injectFault({ path: '/bookcore/loyalty/ajax/user/', method: 'GET', body: {} });
    const lateCookie = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name.includes('/bookcore/loyalty/ajax/user/'))) return;
      lateCookie.disconnect();
      setTimeout(() => {
        document.cookie = `csrftoken=${'Ab1'.repeat(21)}x; path=/; SameSite=Lax`;
      }, 150);
    });
    lateCookie.observe({ type: 'resource', buffered: true });
    try {
      const page = await renderPage();
      await reachEverySection(page);
      await waitUntil(() => schemaScripts().length === 5, 'five documents');
      const posts = await recordedRequests('/m2/ajax/schema/*');
      expect(posts.map((post) => `${post.path} ${post.status}`).sort()).to.deep.equal(
        ['contact', 'home', 'photos', 'rooms', 'services'].map((name) => `/m2/ajax/schema/${name} 200`),
      );
    } finally {
      lateCookie.disconnect();
    }
  });

  it('escapes a schema answer so it cannot close its script element', async () => {
    const hostile = '</script><script>window.hotelPagePwned = true</script><!--';
    await injectFault({ path: '/m2/ajax/schema/home', method: 'POST', body: { cod_error: '000', schema: { '@type': 'Hotel', name: hostile } } });
    await renderPage();
    const home = () => schemaScripts().filter((script) => script.dataset['hotelPageSchema'] === 'HSIE:home');
    await waitUntil(() => home().length === 1, 'home document');
    const [script] = home();
    expect(script!.textContent).not.to.contain('<');
    expect((JSON.parse(script!.textContent!) as { name: string }).name).to.equal(hostile);
    expect(document.head.querySelectorAll('script[data-hotel-page-schema] script')).to.have.length(0);
    expect((window as unknown as { hotelPagePwned?: boolean }).hotelPagePwned).to.equal(undefined);
  });

  it('serves its pictures through the CDN presets, with srcset, sizes and dimensions, lazy below the fold', async () => {
    const page = await renderPage('data-hotel-code="HSIE" data-image-cdn="https://img.example/{w}x{h}/{fit}/q{q}/{path}"');
    const principal = part(page, 'image-home-principal') as HTMLImageElement;
    expect(principal.getAttribute('src')).to.equal('https://img.example/920x800/crop/q60/static/img/hotels/hsie.svg');
    expect(principal.getAttribute('srcset')).to.contain('https://img.example/480x400/crop/q60/static/img/hotels/hsie.svg 480w');
    expect(principal.getAttribute('sizes')).to.equal('(max-width: 800px) 100vw, 920px');
    expect([principal.getAttribute('width'), principal.getAttribute('height'), principal.getAttribute('loading')]).to.deep.equal(['480', '400', 'eager']);
    section(page, 'rooms').scrollIntoView();
    await waitUntil(() => settled(page, 'rooms'), 'rooms shown');
    const room = part(page, 'image-availability-room') as HTMLImageElement;
    expect([room.getAttribute('width'), room.getAttribute('height'), room.getAttribute('loading')]).to.deep.equal(['420', '250', 'lazy']);
    expect(room.getAttribute('sizes')).to.equal('(max-width: 800px) 100vw, 840px');
  });

  it('opens a room’s detail view from its own call, once per room, and gives focus back on Escape', async () => {
    const page = await renderPage();
    section(page, 'rooms').scrollIntoView();
    await waitUntil(() => settled(page, 'rooms'), 'rooms shown');
    const button = parts(page, 'room-details-button')[0] as HTMLButtonElement;
    button.click();
    const dialog = () => part(page, 'room-dialog') as HTMLDialogElement | null;
    await waitUntil(() => dialog()?.querySelector('[part~="room-description"]'), 'details shown');
    expect(dialog()!.open).to.equal(true);
    expect(dialog()!.querySelector('h2')!.textContent).to.equal('Habitación Estándar');
    expect(dialog()!.querySelector('[part~="room-description"]')!.textContent).to.contain('Sierra Nevada Lodge');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => dialog() === null, 'dialog closed');
    expect(page.shadowRoot!.activeElement).to.equal(button);
    button.click();
    await waitUntil(() => dialog()?.querySelector('[part~="room-description"]'), 'details shown again');
    part(page, 'close')!.click();
    const requests = await recordedRequests('/m2/ajax/hotel/HSIE/room/EST');
    expect(requests.map((request) => request.search)).to.deep.equal(['?lang=es']);
  });

  it('lists the first services, then all of them on "see more"', async () => {
    const page = await renderPage('data-hotel-code="HSIE" data-services-quantity="3"');
    section(page, 'services').scrollIntoView();
    await waitUntil(() => settled(page, 'services'), 'services shown');
    expect(parts(page, 'service')).to.have.length(3);
    expect(section(page, 'services').querySelector('h2')!.textContent).to.equal('Servicios');
    const more = part(page, 'see-more') as HTMLButtonElement;
    expect(more.textContent).to.equal('Ver más');
    more.click();
    await waitUntil(() => parts(page, 'service').length === 7, 'every service');
    expect(part(page, 'see-more')).to.equal(null);
    expect((await recordedRequests('/m2/ajax/hotel/services')).map((request) => request.search)).to.deep.equal([
      '?hotelcode=HSIE&quantity=3&lang=es',
      '?hotelcode=HSIE&lang=es',
    ]);
    expect(parts(page, 'service-image').length).to.be.greaterThan(0);
  });

  it('shows the gallery photo by photo with the arrow keys, and closes on Escape', async () => {
    const page = await renderPage();
    section(page, 'gallery').scrollIntoView();
    await waitUntil(() => settled(page, 'gallery'), 'gallery shown');
    const thumbnails = parts(page, 'gallery-thumbnail') as HTMLButtonElement[];
    expect(thumbnails).to.have.length(4);
    expect(thumbnails[1]!.getAttribute('aria-label')).to.equal('Ampliar foto 2 de 4');
    thumbnails[1]!.focus();
    thumbnails[1]!.click();
    const lightbox = part(page, 'lightbox') as HTMLDialogElement;
    expect(lightbox.open).to.equal(true);
    expect(part(page, 'lightbox-position')!.textContent).to.equal('Foto 2 de 4');
    await sendKeys({ press: 'ArrowRight' });
    expect(part(page, 'lightbox-position')!.textContent).to.equal('Foto 3 de 4');
    expect(part(page, 'lightbox-caption')!.textContent).to.equal('Habitación Superior');
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(part(page, 'lightbox-position')!.textContent).to.equal('Foto 4 de 4');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => part(page, 'lightbox') === null, 'viewer closed');
    expect(page.shadowRoot!.activeElement).to.equal(thumbnails[1]);
  });

  it("shows a guest a room's member price as <loyalty-price> does: the saving as one sentence, a join action opening SIGNUP headed with that price", async () => {
    providePageRuntime(createRuntime());
    const dataLayer: Record<string, unknown>[] = [];
    (window as unknown as { dataLayer: unknown }).dataLayer = dataLayer;
    const container = await fixture<HTMLElement>('<div lang="es"><loyalty-panel></loyalty-panel><hotel-page data-hotel-code="HSIE"></hotel-page></div>');
    const page = container.querySelector('hotel-page')!;
    const panel = container.querySelector('loyalty-panel')!;
    await waitUntil(() => settled(page, 'home'), 'home shown');
    section(page, 'rooms').scrollIntoView();
    await waitUntil(() => settled(page, 'rooms'), 'rooms shown');
    const room = parts(page, 'room')[0]!;
    await waitUntil(() => room.querySelector<HTMLElement>('[part~="member-offer"]')?.dataset['state'] === 'guest', 'the guest price drawn');
    const offer = room.querySelector<HTMLElement>('[part~="member-offer"]')!;
    expect(Number(offer.dataset['loyaltyPrice'])).to.be.lessThan(Number(offer.dataset['price']));
    // The card shows the public price once ("desde … / noche"), and the member offer beside it, labelled, without
    // striking the same price again.
    const publicText = room.querySelector('[part~="price-amount"]')!.textContent!;
    expect(offer.querySelector('[part~="public-price"]') === null, 'the public price not struck again').to.equal(true);
    const shown = [...room.querySelectorAll('*')].filter((node) => node.children.length === 0 && node.textContent === publicText).length;
    expect(shown, 'the public price shown once on the card').to.equal(1);
    expect(offer.querySelector('[part~="member-label"]')!.textContent).to.equal('Para miembros');
    const memberText = offer.querySelector('[part~="member-price"]')!.textContent!;
    expect(memberText).to.match(/^\d+,\d\d\u00a0€$/);
    expect(offer.querySelector('[part~="saving"]')!.textContent).to.match(/^Ahorras \d+,\d\d\u00a0€$/);
    expect(offer.querySelector('[part~="sentence"]')!.textContent).to.match(new RegExp(`^Precio: ${publicText}\\. Para miembros: ${memberText}, ahorras \\d+,\\d\\d\u00a0€\\.$`));
    expect(offer.querySelector('[part~="member-price"]')!.closest('[aria-hidden="true"]'), 'visible pieces hidden from screen readers').to.not.equal(null);
    expect(offer.querySelector('[part~="sign-in"]')!.textContent).to.equal('Inicia sesión');
    const join = offer.querySelector<HTMLButtonElement>('[part~="join"]')!;
    expect(join.tagName).to.equal('BUTTON');
    expect(join.textContent).to.equal('Únete gratis');
    await expect(page).to.be.accessible();
    join.click();
    expect(pageRuntime().store.get(authOpenAtom)).to.equal(true);
    expect(pageRuntime().store.get(sectionAtom)).to.equal('SIGNUP');
    await waitUntil(() => panel.shadowRoot!.querySelector('[part~="auth-section"][data-section="SIGNUP"] h2')?.textContent === `Únete gratis y paga ${memberText}`, 'the SIGNUP heading with the price');
    await waitUntil(() => dataLayer.some((entry) => entry['event'] === 'interested_in_loyalty'), 'tracked');
    expect(dataLayer.find((entry) => entry['event'] === 'interested_in_loyalty')!['loyaltyOrigin']).to.equal('hotel-page');
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  });

  it('shows a member "your member price" on rooms and offers, with no join action', async () => {
    providePageRuntime(createRuntime());
    await signInThroughApi();
    const container = await fixture<HTMLElement>('<div lang="es"><loyalty-panel></loyalty-panel><hotel-page data-hotel-code="HSIE"></hotel-page></div>');
    const page = container.querySelector('hotel-page')!;
    await waitUntil(() => settled(page, 'home'), 'home shown');
    for (const name of ['rooms', 'offers']) {
      section(page, name).scrollIntoView();
      await waitUntil(() => settled(page, name), `${name} shown`);
    }
    const offers = [parts(page, 'room')[0]!, parts(page, 'offer')[0]!].map((item) => item.querySelector<HTMLElement>('[part~="member-offer"]')!);
    await waitUntil(() => offers.every((offer) => offer.dataset['state'] === 'member'), 'the member prices drawn');
    for (const offer of offers) {
      expect(offer.querySelector('[part~="member-label"]')!.textContent).to.equal('Tu precio de miembro');
      expect(offer.querySelector('[part~="member-price"]')!.textContent).to.match(/^\d+,\d\d\u00a0€$/);
      expect(offer.querySelector('[part~="join"]')).to.equal(null);
    }
    await expect(page).to.be.accessible();
  });

  it('without a <loyalty-panel> to open, shows the member price and the saving with no actions', async () => {
    providePageRuntime(createRuntime());
    const page = await renderPage();
    section(page, 'offers').scrollIntoView();
    await waitUntil(() => settled(page, 'offers'), 'offers shown');
    const offer = parts(page, 'offer')[0]!.querySelector<HTMLElement>('[part~="member-offer"]')!;
    await waitUntil(() => offer.dataset['state'] === 'guest', 'the guest price drawn');
    expect(offer.querySelector('[part~="member-price"]')!.textContent).to.match(/^\d+,\d\d\u00a0€$/);
    expect(offer.querySelector('[part~="saving"]')!.textContent).to.match(/^Ahorras /);
    expect(offer.querySelector('[part~="sentence"]')!.textContent).to.match(/^Precio: .*ahorras/);
    expect(offer.querySelector('button')).to.equal(null);
    expect(offer.querySelector('[part~="actions"]')).to.equal(null);
  });

  it('shows nothing and warns without a hotel code', async () => {
    const container = await fixture<HTMLElement>('<div><hotel-page></hotel-page></div>');
    const page = container.querySelector('hotel-page')!;
    await waitUntil(() => page.shadowRoot, 'its code loaded');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(part(page, 'page')).to.equal(null);
    // (A previous test's element may still have a call on the way: every call names its hotel.)
    expect((await recordedRequests('/m2/ajax/*')).filter((request) => request.method === 'GET' && !request.search.includes('hotelcode='))).to.have.length(0);
  });

  it('has every one of its own texts in the 8 languages, each filled in and translated', () => {
    const keys = Object.keys(HOTEL_PAGE_TEXTS.es);
    for (const language of LANGUAGES) {
      const texts = HOTEL_PAGE_TEXTS[language] as Record<string, string>;
      expect(Object.keys(texts).sort(), language).to.deep.equal([...keys].sort());
      for (const key of keys) expect(texts[key]!.trim(), `${language}.${key}`).not.to.equal('');
      if (language !== 'es') {
        const same = keys.filter((key) => texts[key] === HOTEL_PAGE_TEXTS.es[key as keyof typeof HOTEL_PAGE_TEXTS.es] && !/^\{\{|^(Contact|Galeria|Foto|E-mail|Desde|Ver menos|Ver mais)/.test(texts[key]!));
        expect(same.length, `${language} copies Spanish: ${same.join(', ')}`).to.be.lessThan(6);
      }
    }
  });

  it('is accessible with every section shown', async () => {
    const page = await renderPage();
    await reachEverySection(page);
    await expect(page).to.be.accessible();
  });
});
