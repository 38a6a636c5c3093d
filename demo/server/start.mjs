// @ts-check
/**
 * `npm start`: the demo on 127.0.0.1 with the dev bookcore on the same origin.
 * PORT picks the port (default 8000, 0 for any free one). Prints exactly one line once listening:
 *   bookcore dev server: http://127.0.0.1:PORT/
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBookcore } from './bookcore.mjs';
import { text, writeReply } from './lib/http.mjs';
import { contentTypeOf, kindOf, readIfFile, resolveInside } from './lib/static-files.mjs';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST_DIR = join(ROOT, 'dist');
const DEMO_DIR = join(ROOT, 'demo');
// Third-party scripts the demo pages use, served from node_modules so the demo needs no network.
const VENDOR_DIR = join(ROOT, 'node_modules', 'jquery', 'dist');

/**
 * @param {string | undefined} value
 * @returns {number}
 */
function parsePort(value) {
  if (value === undefined || value === '') return 8000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  return port;
}

/**
 * /dist/* from the build output, /vendor/* from jQuery's dist, anything else from demo/ with index.html for folders.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function serveFile(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return writeReply(res, text('Method not allowed', 405));
  const pathname = (req.url ?? '/').split('?')[0];
  const [root, relative] = pathname.startsWith('/dist/')
    ? [DIST_DIR, pathname.slice('/dist/'.length)]
    : pathname.startsWith('/vendor/')
      ? [VENDOR_DIR, pathname.slice('/vendor/'.length)]
      : [DEMO_DIR, pathname.slice(1)];
  const target = resolveInside(root, relative);
  if (!target) return writeReply(res, text('Not found', 404));

  if ((await kindOf(target)) === 'directory') {
    // Relative links in index.html resolve against the folder only when the URL ends with a slash.
    if (!pathname.endsWith('/')) return writeReply(res, { status: 301, headers: { location: `${pathname}/` } });
    return sendFile(res, join(target, 'index.html'));
  }
  return sendFile(res, target);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} filePath
 */
async function sendFile(res, filePath) {
  const body = await readIfFile(filePath);
  writeReply(res, body ? { status: 200, headers: { 'content-type': contentTypeOf(filePath) }, body } : text('Not found', 404));
}

function main() {
  const port = parsePort(process.env.PORT);
  const bookcore = createBookcore({ root: ROOT });
  const server = createServer(async (req, res) => {
    try {
      if (!(await bookcore.handle(req, res))) await serveFile(req, res);
    } catch (error) {
      console.error(error);
      writeReply(res, text('Internal server error', 500));
    }
  });

  server.on('error', (error) => {
    console.error(`bookcore dev server: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, HOST, () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    console.log(`bookcore dev server: http://${HOST}:${address.port}/`);
  });

  const stop = () => {
    // Hung fault-injected requests and keep-alive sockets would otherwise hold close() open.
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main();
