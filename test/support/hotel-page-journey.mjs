// @ts-check
/**
 * What the end-to-end suites check of `<hotel-page>` on a real page (docs/hotel-page.md), whichever server serves it
 * and whichever engine shows it: every section reached and shown (or, when told, hidden), its headings in the
 * page's language, and the schema.org documents written once each, as valid JSON.
 */

/** The two seeded hotels in two languages, with what each must show. */
export const HOTEL_PAGE_CASES = /** @type {const} */ ([
  { hotel: 'HSIE', lang: 'es', name: 'Sierra Nevada Lodge', rooms: 'Habitaciones', room: 'Habitación Estándar', contact: 'Contacto' },
  { hotel: 'HURB', lang: 'en', name: 'Urban Madrid Centro', rooms: 'Rooms', room: 'Gran Vía Suite', contact: 'Contact' },
]);

/**
 * The schema.org documents a hotel's page writes, as `mark type` sorted (docs/hotel-page.md "Search engines"): the
 * hotel for home, contact and services, the rooms' list and the photo gallery.
 * @param {string} hotel
 */
export function expectedSchemas(hotel) {
  return [`${hotel}:contact Hotel`, `${hotel}:home Hotel`, `${hotel}:photos ImageGallery`, `${hotel}:rooms ItemList`, `${hotel}:services Hotel`];
}

/**
 * Runs in the page: scrolls each section of the first `<hotel-page>` into view in turn, waits until each has shown
 * or hidden itself, then the schema.org documents, and answers what it found.
 * @param {{ timeoutMs: number, schemas: number }} options
 */
export async function readHotelPage({ timeoutMs, schemas }) {
  const deadline = Date.now() + timeoutMs;
  const until = async (/** @type {() => unknown} */ check, /** @type {string} */ what) => {
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`${what} never happened`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const page = /** @type {HTMLElement} */ (document.querySelector('hotel-page'));
  await until(() => page.shadowRoot?.querySelector('[data-section]'), 'the hotel page rendered');
  const root = /** @type {ShadowRoot} */ (page.shadowRoot);
  const sections = [...root.querySelectorAll('[data-section]')].map((section) => /** @type {HTMLElement} */ (section));
  for (const section of sections) {
    section.scrollIntoView();
    await until(() => section.dataset['state'] === 'ready' || section.dataset['state'] === 'failed', `${section.dataset['section']} settled`);
  }
  const scripts = () => [...document.head.querySelectorAll('script[data-hotel-page-schema]')].map((script) => /** @type {HTMLScriptElement} */ (script));
  await until(() => scripts().length >= schemas, `${schemas} schema.org documents`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    sections: Object.fromEntries(
      sections.map((section) => [
        section.dataset['section'],
        { state: section.dataset['state'], hidden: section.hidden, headings: [...section.querySelectorAll('h2')].map((heading) => heading.textContent) },
      ]),
    ),
    rooms: [...root.querySelectorAll('[part~="room-title"]')].map((title) => title.textContent),
    schemas: scripts().map((script) => {
      /** @type {unknown} */
      let type;
      try {
        type = JSON.parse(script.textContent ?? '')['@type'];
      } catch {
        type = 'invalid JSON';
      }
      return { mark: script.dataset['hotelPageSchema'], type, type_attribute: script.type };
    }),
  };
}
