/**
 * `<hotel-page>`'s view (docs/hotel-page.md): the hotel's mobile page built from bookcore's mobile section, in the
 * element's language. Loaded only when a page carries the tag (elements/hotel-page.ts imports it on connect), and
 * written without React: plain DOM, text set as text.
 *
 * Each section is a labelled region with one heading. It loads when the guest comes near it (an
 * IntersectionObserver, 200 px ahead), asks each of its calls once (src/state/hotel-page.ts), and hides itself
 * when its main call fails or answers a `cod_error`; the rest of the page stays. After a section shows, its
 * schema.org document is written into the page's `<head>` once (src/lib/json-ld.ts escapes it).
 */
import { pageRuntime } from '../../core/runtime';
import { adoptDocumentTokens } from '../../core/stylesheets';
import { followPageStylesheets } from '../../core/widget-host';
import { languageFor, type Language } from '../../i18n/languages';
import { cdnUrlTemplate, IMAGE_PRESETS, responsiveImage, type ImagePresetName, type ResponsiveImageOptions } from '../../lib/cdn-images';
import { jsonLdText } from '../../lib/json-ld';
import { trustedJsonLdText } from '../../lib/trusted-types';
import { warn } from '../../lib/warn';
import { createHotelPageData, type HotelPageData, type MobileImage, type MobileRoom, type SchemaSection } from '../../state/hotel-page';
import css from '../../../styles/hotel-page.css';
import { element, webAddress } from './dom';
import { openGallery } from './gallery';
import { followMemberPrices, type MemberPrices } from './member-prices';
import { hotelPageText, type HotelPageTextKey } from '../../i18n/hotel-page';

/** The sections, in page order. */
export const HOTEL_PAGE_SECTIONS = ['home', 'rooms', 'services', 'gallery', 'map', 'social-networks', 'offers', 'contact'] as const;

/** One section of the page. */
export type HotelPageSection = (typeof HOTEL_PAGE_SECTIONS)[number];

/** How many services show before "see more", unless `data-services-quantity` says otherwise. */
export const DEFAULT_SERVICES_QUANTITY = 4;

const SCHEMAS: Partial<Record<HotelPageSection, SchemaSection>> = {
  home: 'home',
  rooms: 'rooms',
  services: 'services',
  gallery: 'photos',
  contact: 'contact',
};

/** What a section's renderer is given. */
interface SectionContext {
  readonly data: HotelPageData;
  readonly language: Language;
  readonly labels: Readonly<Record<string, string>>;
  readonly images: ResponsiveImageOptions;
  readonly servicesQuantity: number;
  readonly root: ShadowRoot;
  readonly memberPrices: MemberPrices;
  readonly text: (key: HotelPageTextKey, values?: Record<string, string | number>) => string;
}

/** A section's heading text and its content; a renderer throws when the section cannot show. */
interface RenderedSection {
  heading: string;
  subtitle?: string | undefined;
  content: Node[];
}

let sheet: CSSStyleSheet | undefined;

function stylesheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    // In the built-in layer, so a brand's unlayered project stylesheet wins at equal specificity.
    sheet.replaceSync(`@layer loyalty-elements {\n${css}\n}`);
  }
  return sheet;
}

const mounted = new WeakMap<HTMLElement, () => void>();

/**
 * Called by `<hotel-page>` whenever it connects or disconnects: a microtask later, an element in a page shows
 * (unless it already does: a move keeps it), and one out of every page stops.
 *
 * @param host - the element.
 */
export function followHotelPage(host: HTMLElement): void {
  queueMicrotask(() => {
    if (host.isConnected) {
      if (!mounted.has(host)) mounted.set(host, mountHotelPage(host));
      return;
    }
    mounted.get(host)?.();
    mounted.delete(host);
  });
}

/**
 * Renders `<hotel-page>` into its shadow root and loads its sections as the guest reaches them.
 *
 * @param host - the element; its `data-hotel-code` names the hotel, its (or the page's) `lang` the language.
 * @returns what stops it: observers, and the page stylesheets it follows.
 */
export function mountHotelPage(host: HTMLElement): () => void {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  adoptDocumentTokens();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((adopted) => adopted !== stylesheet()), stylesheet()];
  const runtime = pageRuntime();
  const stopStylesheets = followPageStylesheets(runtime, host);
  const hotelCode = host.getAttribute('data-hotel-code')?.trim() ?? '';
  const language = languageFor(host);
  const text = (key: HotelPageTextKey, values?: Record<string, string | number>) => hotelPageText(language, key, values);
  root.replaceChildren();
  if (!hotelCode) {
    warn('<hotel-page> needs a data-hotel-code: nothing is shown.');
    return stopStylesheets;
  }
  const data = createHotelPageData({ hotelCode, lang: language }, runtime);
  const cdn = host.getAttribute('data-image-cdn');
  const base = host.getAttribute('data-image-base') ?? undefined;
  const images: ResponsiveImageOptions = { ...(cdn ? { scheme: cdnUrlTemplate(cdn) } : {}), ...(base ? { base } : {}) };
  const quantity = Number.parseInt(host.getAttribute('data-services-quantity') ?? '', 10);
  const servicesQuantity = Number.isInteger(quantity) && quantity > 0 ? quantity : DEFAULT_SERVICES_QUANTITY;

  const memberPrices = followMemberPrices(host, root, language);
  const page = element('article', { part: 'page', lang: language, 'aria-label': text('pageLabel') });
  root.append(page);
  const slots = HOTEL_PAGE_SECTIONS.map((name) => {
    const section = element('section', { part: `section section-${name}`, 'data-section': name, 'data-state': 'waiting', 'aria-busy': 'true' });
    section.append(element('p', { part: 'loading' }, text('loading')));
    page.append(section);
    return section;
  });

  const labels = data.translations().then(
    (answer) => answer.translations,
    () => ({}) as Record<string, string>,
  );
  const load = (section: HTMLElement) => {
    if (section.dataset['state'] !== 'waiting') return;
    section.dataset['state'] = 'loading';
    const name = section.dataset['section'] as HotelPageSection;
    void labels.then(async (loaded) => {
      const context: SectionContext = { data, language, labels: loaded, images, servicesQuantity, root, memberPrices, text };
      let rendered: RenderedSection;
      try {
        rendered = await RENDERERS[name](context);
      } catch (error) {
        // A failing call or a cod_error costs this section only.
        section.hidden = true;
        section.dataset['state'] = 'failed';
        section.removeAttribute('aria-busy');
        warn(`<hotel-page> ${hotelCode}: the ${name} section is hidden, its call failed.`, error);
        return;
      }
      const headingId = `hotel-page-${name}-heading`;
      const heading = element('h2', { part: 'heading', id: headingId }, rendered.heading);
      section.setAttribute('aria-labelledby', headingId);
      section.replaceChildren(
        element('header', { part: 'section-header' }, heading, rendered.subtitle ? element('p', { part: 'subtitle' }, rendered.subtitle) : null),
        ...rendered.content,
      );
      section.dataset['state'] = 'ready';
      section.removeAttribute('aria-busy');
      const schema = SCHEMAS[name];
      if (schema) writeSchema(host, data, schema);
    });
  };

  let observer: IntersectionObserver | undefined;
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          load(entry.target as HTMLElement);
        }
      },
      { rootMargin: '200px 0px' },
    );
    for (const section of slots) observer.observe(section);
  } else {
    slots.forEach(load);
  }
  return () => {
    observer?.disconnect();
    memberPrices.stop();
    stopStylesheets();
  };
}

/** Writes a section's schema.org document into the page's head once per hotel and section. */
function writeSchema(host: HTMLElement, data: HotelPageData, section: SchemaSection): void {
  const mark = `${data.hotelCode}:${section}`;
  const head = host.ownerDocument.head;
  const written = () => Array.from(head.querySelectorAll('script[data-hotel-page-schema]')).some((script) => script.getAttribute('data-hotel-page-schema') === mark);
  if (written()) return;
  data.schema(section).then(
    (answer) => {
      // An element taken out of the page before its answer came writes nothing.
      if (!host.isConnected || written()) return;
      const script = host.ownerDocument.createElement('script');
      script.type = 'application/ld+json';
      script.setAttribute('data-hotel-page-schema', mark);
      // The type is data, never run; a page enforcing Trusted Types still wants its text from a policy
      // (docs/hotel-page.md "Search engines").
      script.text = trustedJsonLdText(jsonLdText(answer.schema)) as string;
      head.append(script);
    },
    (error: unknown) => warn(`<hotel-page> ${data.hotelCode}: no schema.org document for ${section}.`, error),
  );
}

/** An `<img>` in one of the CDN presets, with width and height so nothing moves when it arrives. */
function picture(image: { url: string; alt?: string | undefined }, preset: ImagePresetName, context: SectionContext, eager = false): HTMLImageElement {
  const { src, srcset, sizes } = responsiveImage(image.url, preset, context.images);
  const { small } = IMAGE_PRESETS[preset];
  const height = Math.min(small.height, 'maxHeight' in small ? small.maxHeight : small.height);
  return element('img', {
    part: `image image-${preset.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    src,
    srcset,
    sizes,
    width: small.width,
    height,
    alt: image.alt ?? '',
    loading: eager ? 'eager' : 'lazy',
    fetchpriority: eager ? 'high' : undefined,
    decoding: 'async',
  });
}

function label(context: SectionContext, key: string, fallback: HotelPageTextKey): string {
  return context.labels[key] || context.text(fallback);
}

// Intl rather than the cart's price tables: the cart's formatting module would become a chunk shared by both.
const priceFormats = new Map<Language, Intl.NumberFormat>();

function price(amount: number, context: SectionContext): string {
  let format = priceFormats.get(context.language);
  if (!format) {
    format = new Intl.NumberFormat(context.language, { style: 'currency', currency: 'EUR' });
    priceFormats.set(context.language, format);
  }
  return format.format(amount);
}

/**
 * A room's or offer's prices: the public "from" price, and, where bookcore gives a member price below it, that price
 * as `<loyalty-price>` shows one (./member-prices.ts; docs/hotel-page.md "Member prices").
 */
function prices(item: { priceFrom?: number | undefined; loyaltyPrice?: number | undefined }, context: SectionContext, per?: string): HTMLElement | null {
  if (item.priceFrom === undefined) return null;
  const block = element(
    'p',
    { part: 'price' },
    element('span', { part: 'price-label' }, `${label(context, 'from', 'from')} `),
    element('span', { part: 'price-amount' }, price(item.priceFrom, context)),
    per ? element('span', { part: 'price-unit' }, ` ${per}`) : null,
  );
  if (item.loyaltyPrice === undefined || item.loyaltyPrice >= item.priceFrom) return block;
  const member = element('div', { part: 'member-offer', 'data-price': item.priceFrom, 'data-loyalty-price': item.loyaltyPrice, 'data-currency': 'EUR' });
  context.memberPrices.show(member, { price: item.priceFrom, loyaltyPrice: item.loyaltyPrice, currency: 'EUR', rates: [] });
  return element('div', { part: 'prices' }, block, member);
}

type Renderer = (context: SectionContext) => Promise<RenderedSection>;

/** The nodes that exist. */
function present<T>(node: T | null | undefined): node is T {
  return node !== null && node !== undefined;
}

const optional = <T>(call: Promise<T>): Promise<T | undefined> => call.catch(() => undefined);

const RENDERERS: Record<HotelPageSection, Renderer> = {
  async home(context) {
    const { data } = context;
    const [header, image, description, mapDescription] = await Promise.all([
      data.homeHeader(),
      optional(data.homeImage()),
      optional(data.homeDescription()),
      optional(data.homeMapDescription()),
    ]);
    return {
      heading: header.header.title,
      subtitle: header.header.subtitle,
      content: [
        image ? picture(image.image, 'homePrincipal', context, true) : null,
        description
          ? element(
              'div',
              { part: 'description' },
              description.description.title ? element('p', { part: 'description-title' }, description.description.title) : null,
              element('p', { part: 'description-text' }, description.description.text),
            )
          : null,
        mapDescription
          ? element(
              'div',
              { part: 'map-description' },
              mapDescription.description.title ? element('p', { part: 'map-description-title' }, mapDescription.description.title) : null,
              element('p', { part: 'map-description-text' }, mapDescription.description.text),
            )
          : null,
      ].filter(present),
    };
  },

  async rooms(context) {
    const { data } = context;
    const [answer, header] = await Promise.all([data.rooms(), optional(data.roomsHeader())]);
    const list = element('ul', { part: 'rooms', role: 'list' });
    for (const room of answer.rooms) list.append(roomCard(room, context));
    return { heading: header?.header.title || label(context, 'rooms', 'rooms'), subtitle: header?.header.subtitle, content: [list] };
  },

  async services(context) {
    const { data, servicesQuantity } = context;
    const [answer, header, images] = await Promise.all([data.services(servicesQuantity), optional(data.servicesHeader()), optional(data.serviceImages())]);
    const list = element('ul', { part: 'services', role: 'list', tabindex: -1 });
    const fill = (services: typeof answer.services) =>
      list.replaceChildren(
        ...services.map((service) =>
          element(
            'li',
            { part: 'service' },
            service.icon ? element('img', { part: 'service-icon', src: service.icon, alt: '', width: 24, height: 24, loading: 'lazy', decoding: 'async' }) : null,
            element('span', { part: 'service-name' }, service.name),
          ),
        ),
      );
    fill(answer.services);
    const content: Node[] = [list];
    if (answer.total !== undefined && answer.total > answer.services.length) {
      const more = element('button', { part: 'see-more button', type: 'button' }, label(context, 'seeMore', 'seeMore'));
      more.addEventListener('click', () => {
        more.disabled = true;
        data.services().then(
          (all) => {
            fill(all.services);
            more.remove();
            list.focus();
          },
          () => {
            more.disabled = false;
          },
        );
      });
      content.push(more);
    }
    if (images && images.images.length > 0) {
      content.push(element('ul', { part: 'service-images', role: 'list' }, ...images.images.map((image) => element('li', { part: 'service-image' }, picture(image, 'homeSection', context)))));
    }
    return { heading: header?.header.title || label(context, 'services', 'services'), subtitle: header?.header.subtitle, content };
  },

  async gallery(context) {
    const answer = await context.data.photos();
    if (answer.photos.length === 0) throw new Error('no photos');
    const photos: MobileImage[] = answer.photos;
    const list = element('ul', { part: 'gallery', role: 'list' });
    photos.forEach((photo, index) => {
      const open = element(
        'button',
        { part: 'gallery-thumbnail', type: 'button', 'aria-label': context.text('openPhoto', { position: index + 1, count: photos.length }) },
        picture(photo, 'homeSection', context),
      );
      open.addEventListener('click', () => openGallery({ photos, start: index, opener: open, root: context.root, text: context.text, image: (shown) => picture(shown, 'availabilityRoom', context, true) }));
      list.append(element('li', { part: 'gallery-item' }, open));
    });
    return { heading: label(context, 'gallery', 'gallery'), content: [list] };
  },

  async map(context) {
    const { map } = await context.data.map();
    const zoom = map.zoom ?? 15;
    const href = `https://www.openstreetmap.org/?mlat=${map.latitude}&mlon=${map.longitude}#map=${zoom}/${map.latitude}/${map.longitude}`;
    return {
      heading: label(context, 'map', 'map'),
      content: [
        map.address ? element('p', { part: 'map-address' }, map.address) : null,
        element('p', { part: 'map-coordinates' }, `${map.latitude}, ${map.longitude}`),
        element('a', { part: 'map-link', href, target: '_blank', rel: 'noopener noreferrer' }, context.text('openMap')),
      ].filter(present),
    };
  },

  async 'social-networks'(context) {
    const answer = await context.data.socialNetworks();
    const links = answer.socialNetworks.flatMap((network) => {
      const href = webAddress(network.url);
      if (!href) return [];
      const name = network.network ? network.network.charAt(0).toUpperCase() + network.network.slice(1) : new URL(href).hostname;
      return [element('li', { part: 'social-network' }, element('a', { part: 'social-link', href, target: '_blank', rel: 'noopener noreferrer' }, name))];
    });
    if (links.length === 0) throw new Error('no social network');
    return { heading: label(context, 'socialNetworks', 'socialNetworks'), content: [element('ul', { part: 'social-networks', role: 'list' }, ...links)] };
  },

  async offers(context) {
    const answer = await context.data.offers();
    if (answer.offers.length === 0) throw new Error('no offers');
    const list = element('ul', { part: 'offers', role: 'list' });
    for (const offer of answer.offers) {
      list.append(
        element(
          'li',
          { part: 'offer' },
          offer.image ? picture({ url: offer.image, alt: '' }, 'availabilityRoom', context) : null,
          element('h3', { part: 'offer-title' }, offer.name ?? String(offer.id)),
          offer.description ? element('p', { part: 'offer-description' }, offer.description) : null,
          offer.nights !== undefined ? element('p', { part: 'offer-nights' }, context.text('nights', { count: offer.nights })) : null,
          prices(offer, context),
        ),
      );
    }
    return { heading: label(context, 'offers', 'offers'), content: [list] };
  },

  async contact(context) {
    const { contact } = await context.data.contact();
    const rows: [HotelPageTextKey, Node][] = [];
    if (contact.address) rows.push(['address', document.createTextNode(contact.address)]);
    if (contact.telephone) rows.push(['telephone', element('a', { part: 'contact-link', href: `tel:${contact.telephone.replace(/[^\d+]/g, '')}` }, contact.telephone)]);
    if (contact.email && /^[^\s@<>]+@[^\s@<>]+$/.test(contact.email)) rows.push(['email', element('a', { part: 'contact-link', href: `mailto:${contact.email}` }, contact.email)]);
    if (rows.length === 0) throw new Error('no contact data');
    const list = element('dl', { part: 'contact' });
    for (const [key, value] of rows) list.append(element('dt', { part: 'contact-label' }, context.text(key)), element('dd', { part: 'contact-value' }, value));
    return { heading: label(context, 'contact', 'contact'), content: [list] };
  },
};

/** One room of the list: picture, name, size, occupancy, prices and the button opening its details. */
function roomCard(room: MobileRoom, context: SectionContext): HTMLElement {
  const name = room.name ?? room.code;
  const details = element('button', { part: 'room-details-button button', type: 'button', 'aria-haspopup': 'dialog' }, context.text('roomDetails'));
  details.addEventListener('click', () => openRoomDetails(room.code, name, details, context));
  return element(
    'li',
    { part: 'room', 'data-room-code': room.code },
    room.image ? picture({ url: room.image, alt: '' }, 'availabilityRoom', context) : null,
    element('h3', { part: 'room-title' }, name),
    facts(room, context),
    prices(room, context, context.text('perNight')),
    details,
  );
}

function facts(room: MobileRoom, context: SectionContext): HTMLElement | null {
  const items = [
    room.size !== undefined ? context.text('size', { size: room.size }) : undefined,
    room.maxOccupancy !== undefined ? context.text('occupancy', { count: room.maxOccupancy }) : undefined,
  ].filter((item): item is string => item !== undefined);
  return items.length ? element('p', { part: 'room-facts' }, items.join(' · ')) : null;
}

/**
 * The room detail view: a modal dialog filled from `/hotel/{hotelCode}/room/{roomCode}` (asked once per room),
 * closed by its button or Escape, giving focus back to the button that opened it.
 */
function openRoomDetails(roomCode: string, name: string, opener: HTMLButtonElement, context: SectionContext): void {
  const titleId = `hotel-page-room-${roomCode}-title`;
  const body = element('div', { part: 'room-dialog-body', 'aria-live': 'polite' }, element('p', { part: 'loading' }, context.text('loading')));
  const close = element('button', { part: 'close button', type: 'button' }, context.text('close'));
  const dialog = element('dialog', { part: 'room-dialog', 'aria-labelledby': titleId }, element('h2', { part: 'room-dialog-title', id: titleId }, name), body, close);
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener.focus();
  });
  context.root.append(dialog);
  dialog.showModal();
  close.focus();
  context.data.room(roomCode).then(
    ({ room }) => {
      body.replaceChildren(
        ...[
          room.image ? picture({ url: room.image, alt: '' }, 'availabilityRoom', context, true) : null,
          room.description ? element('p', { part: 'room-description' }, room.description) : null,
          facts(room, context),
          room.amenities.length ? element('ul', { part: 'room-amenities' }, ...room.amenities.map((amenity) => element('li', { part: 'room-amenity' }, amenity))) : null,
          prices(room, context, context.text('perNight')),
        ].filter(present),
      );
    },
    () => body.replaceChildren(element('p', { part: 'room-dialog-error', role: 'alert' }, context.text('roomFailed'))),
  );
}
