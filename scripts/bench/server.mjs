// @ts-check
/**
 * The benchmark's server, on a free loopback port: the dev bookcore (demo/server/bookcore.mjs, the same API,
 * stylesheets and SDK stand-ins the demo uses), the build under /dist/, the baseline build under /baseline/, and
 * the benchmark pages (./pages/) under /bench/. Both sides are served by the same process the same way.
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { contentTypeOf, readIfFile, resolveInside } from '../../demo/server/lib/static-files.mjs';

const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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
      const mount = mounts.find(([prefix]) => pathname.startsWith(prefix));
      const target = mount && resolveInside(mount[1], pathname.slice(mount[0].length));
      const body = target && (await readIfFile(target));
      if (!target || !body) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, { 'content-type': contentTypeOf(target), 'cache-control': 'no-cache' }).end(body);
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
