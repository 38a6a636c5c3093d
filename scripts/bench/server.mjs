// @ts-check
/**
 * The benchmark's server, on a free loopback port: the dev bookcore (demo/server/bookcore.mjs, the same API,
 * stylesheets and SDK stand-ins the demo uses), the build under /dist/, the baseline build under /baseline/, and
 * the benchmark pages (./pages/) under /bench/, with the landing page's three variants ({@link LANDING_PAGES}).
 * Both sides are served by the same process the same way, static text gzip-compressed (level 9) when the browser
 * accepts it, as a hotel's web server sends its assets: what the browser fetches counts in the bytes a guest
 * downloads.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { readIfFile, resolveInside, staticFileReply } from '../../demo/server/lib/static-files.mjs';

const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LANDING_TEMPLATE = fileURLToPath(new URL('./pages/landing.html', import.meta.url));

/**
 * The landing page (./pages/landing.html) three ways, by path: the tags each variant puts at the template's
 * `<!-- widget: head -->`, `<!-- widget: header -->` and `<!-- widget: main -->` markers.
 *
 * - `guest.html`: the realistic guest page — the ES build as docs/loyalty-widget.md puts it on a page, in Spanish
 *   (the page's `lang`, the widget's default), the icon with its notification and the tooltip (both configured in
 *   the dev bookcore's settings), the panel opening at SIGNIN with the social providers the settings configure (Google and
 *   Facebook, from their own servers: the benchmark counts and aborts any request off this machine), two hotels'
 *   member prices (`<loyalty-price>`, docs/loyalty-price.md "Light": what it adds before the icon counts here), no cart;
 * - `guest-baseline.html`: the same page with a bare React 19 + r2wc element (../baseline/) in the icon's place;
 * - `landing.html`: the page without either.
 * @type {Record<string, { head: string, header: string, main: string }>}
 */
export const LANDING_PAGES = {
  'guest.html': {
    head: '<script type="module" src="/dist/loyalty-elements.js"></script>',
    header: '<loyalty-icon class="loyalty-icon"></loyalty-icon>\n      <loyalty-tooltip data-target=".loyalty-icon"></loyalty-tooltip>',
    main: '<loyalty-panel data-cta="Club Hotel Demo" data-project-code="demo-brand" data-loyalty-title="Club Hotel Demo" data-active-section="SIGNIN"></loyalty-panel>\n      <loyalty-price data-hotel-code="HSIE"></loyalty-price>\n      <loyalty-price data-hotel-code="HMAR"></loyalty-price>',
  },
  'guest-baseline.html': {
    head: '<script type="module" src="/baseline/baseline.js"></script>',
    header: '<baseline-button></baseline-button>',
    main: '',
  },
  'landing.html': { head: '', header: '', main: '' },
};

/**
 * The landing page's variant `name` ({@link LANDING_PAGES}).
 * @param {string} name
 */
export function landingPage(name) {
  const variant = LANDING_PAGES[name];
  if (!variant) throw new Error(`no landing page variant ${name}`);
  return readFileSync(LANDING_TEMPLATE, 'utf8').replace(/<!-- widget: (head|header|main) -->/g, (_, slot) => variant[/** @type {'head' | 'header' | 'main'} */ (slot)]);
}

/**
 * @param {{ distDir: string, baselineDir: string }} dirs absolute folders
 * @returns {Promise<{ origin: string, reset: () => void, close: () => Promise<void> }>}
 */
export async function startBenchServer({ distDir, baselineDir }) {
  // The cart benchmark posts canned carts of 10,000 lines (about 3 MB) to the fault switch: above the dev
  // server's 1 MiB default for request bodies.
  const bookcore = createBookcore({ root: ROOT, bodyLimitBytes: 16 * 1024 * 1024 });
  /** @type {Array<[string, string]>} */
  const mounts = [
    ['/dist/', distDir],
    ['/baseline/', baselineDir],
    ['/bench/', PAGES_DIR],
  ];
  const server = createServer(async (req, res) => {
    try {
      if (await bookcore.handle(req, res)) return;
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const landing = pathname.startsWith('/bench/') && Object.hasOwn(LANDING_PAGES, pathname.slice('/bench/'.length)) ? pathname.slice('/bench/'.length) : null;
      const mount = mounts.find(([prefix]) => pathname.startsWith(prefix));
      const target = landing ? resolveInside(PAGES_DIR, landing) : mount && resolveInside(mount[1], pathname.slice(mount[0].length));
      const body = landing ? Buffer.from(landingPage(landing)) : target && (await readIfFile(target));
      if (!target || !body) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const reply = staticFileReply(req.headers['accept-encoding'], target, body);
      res.writeHead(reply.status, { ...reply.headers, 'cache-control': 'no-cache' }).end(reply.body);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal server error');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    reset: () => bookcore.reset(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
