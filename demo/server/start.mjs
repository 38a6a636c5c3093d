// @ts-check
/**
 * `npm start`: the demo on 127.0.0.1 with the dev bookcore on the same origin.
 * PORT picks the port (default 8000, 0 for any free one). Prints exactly one line once listening:
 *   bookcore dev server: http://127.0.0.1:PORT/
 * DEMO_CSP=strict serves every HTML page (demo pages, bookcore's password-change and validation pages, legal
 * documents) with {@link STRICT_CSP}; unset or `off` sends no policy. A page that brings its own policy (the dev
 * mailbox) keeps it.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBookcore } from './bookcore.mjs';
import { STRICT_CSP } from './csp.mjs';
import { text, writeReply } from './lib/http.mjs';
import { kindOf, readIfFile, resolveInside, staticFileReply } from './lib/static-files.mjs';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST_DIR = join(ROOT, 'dist');
const DEMO_DIR = join(ROOT, 'demo');
// Third-party scripts the demo pages use, served from node_modules so the demo needs no network.
const VENDOR_DIR = join(ROOT, 'node_modules', 'jquery', 'dist');


/**
 * @param {string | undefined} value the DEMO_CSP variable
 * @returns {string | null} the policy to send with HTML pages, or null for none
 */
function parseCspMode(value) {
  if (value === undefined || value === '' || value === 'off') return null;
  if (value === 'strict') return STRICT_CSP;
  throw new Error(`DEMO_CSP must be "strict" or "off", got "${value}"`);
}

/**
 * Adds the policy to this response if it turns out to be an HTML page without a policy of its own. Replies are
 * built by many routes (demo files, bookcore pages, legal documents, fault injection), so the check runs at the
 * one moment they all pass through: when the head is written (`res.end()` writes it through `writeHead` too).
 * @param {import('node:http').ServerResponse} res
 * @param {string} policy
 */
function addPolicyToHtml(res, policy) {
  const writeHead = res.writeHead;
  /** @type {any} */ (res).writeHead = function (/** @type {any[]} */ ...args) {
    const headers = args.find((arg) => arg !== null && typeof arg === 'object' && !Array.isArray(arg)) ?? {};
    const typeOf = (/** @type {string} */ name) => String(res.getHeader(name) ?? headers[name] ?? headers[name.toLowerCase()] ?? '');
    const isHtml = /^text\/html\b/i.test(typeOf('content-type'));
    const hasPolicy = res.hasHeader('content-security-policy') || Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
    if (isHtml && !hasPolicy) res.setHeader('content-security-policy', policy);
    return writeHead.apply(res, /** @type {any} */ (args));
  };
}

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
    return sendFile(req, res, join(target, 'index.html'));
  }
  return sendFile(req, res, target);
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} filePath
 */
async function sendFile(req, res, filePath) {
  const body = await readIfFile(filePath);
  writeReply(res, body ? staticFileReply(req.headers['accept-encoding'], filePath, body) : text('Not found', 404));
}

function main() {
  const port = parsePort(process.env.PORT);
  const policy = parseCspMode(process.env.DEMO_CSP);
  const bookcore = createBookcore({ root: ROOT });
  const server = createServer(async (req, res) => {
    if (policy) addPolicyToHtml(res, policy);
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
    if (policy) console.error('bookcore dev server: strict Content-Security-Policy on HTML pages (DEMO_CSP=strict)');
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
