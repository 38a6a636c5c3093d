// @ts-check
/**
 * A cold demo home page for the first-paint journeys in every engine and driver (test/e2e/first-paint.test.mjs,
 * test/e2e/webkit-first-paint.mjs): a small HTTP proxy in front of the demo server that serves `/` without its cart
 * (the cart would bring React at once, as it must show), with the social providers' real SDK addresses (unless asked
 * not to), and with a
 * script of the proxy's own origin, run before the library, that keeps the page from ever being idle (no idle
 * prefetch: React comes only for the guest's intent). WebDriver classic has no init script, so the page itself
 * carries it; it is a file of the page's origin, which the strict policy allows. Every answer is `no-store`, so a
 * browser session that loaded React on an earlier page asks again, and the proxy's log says when React's chunks were
 * first asked for.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The build's chunks that hold React (dist/bundle-graph.json), as paths the page asks for. */
export function reactChunks() {
  const chunks = JSON.parse(readFileSync('dist/bundle-graph.json', 'utf8'))
    .chunks.filter((/** @type {{ moduleIds: string[] }} */ chunk) => chunk.moduleIds.some((id) => id.includes('node_modules/react-dom/')))
    .map((/** @type {{ file: string }} */ chunk) => `/dist/${chunk.file}`);
  assert.ok(chunks.length > 0, 'found the chunk that holds React');
  return chunks;
}

/** The script the cold page runs before the library: no idle callback ever comes. */
const NEVER_IDLE = '/__cold-page/never-idle.js';

/**
 * Starts the proxy in front of the demo server at `upstream`.
 * @param {string} upstream - the demo server's origin
 * @param {{ realSdks?: boolean }} [options] - `realSdks` (the default): the providers' real SDK addresses, for a
 *   test that watches what is asked for off this machine; otherwise the demo's own stand-ins, which a strict policy
 *   allows
 * @returns {Promise<{ origin: string, reactRequests: () => string[], stop: () => Promise<void> }>}
 */
export async function startColdPage(upstream, { realSdks = true } = {}) {
  const react = reactChunks();
  /** @type {string[]} */
  const reactRequests = [];
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', upstream);
      if (url.pathname === NEVER_IDLE) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        res.end('window.requestIdleCallback = () => 0;\n');
        return;
      }
      if (react.includes(url.pathname)) reactRequests.push(url.pathname);
      /** @type {Buffer[]} */
      const parts = [];
      for await (const part of req) parts.push(part);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'accept-encoding', 'content-length'].includes(name)));
      const answer = await fetch(url, {
        method: req.method,
        headers: /** @type {Record<string, string>} */ (headers),
        body: parts.length ? Buffer.concat(parts) : undefined,
        redirect: 'manual',
      });
      let body = Buffer.from(await answer.arrayBuffer());
      if (url.pathname === '/') {
        let html = body
          .toString('utf8')
          .replace('<package-cart></package-cart>', '')
          .replace('<script type="module"', `<script src="${NEVER_IDLE}"></script>\n    <script type="module"`);
        if (realSdks) {
          html = html
            .replace('data-google-sdk-url="/sdk/google-gsi.js"', 'data-google-sdk-url="https://accounts.google.com/gsi/client"')
            .replace('data-facebook-sdk-url="/sdk/facebook-sdk.js"', 'data-facebook-sdk-url="https://connect.facebook.net/es_ES/sdk.js"');
        }
        body = Buffer.from(html);
      }
      /** @type {Record<string, string | string[]>} */
      const out = {};
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'set-cookie', 'cache-control', 'etag', 'last-modified'].includes(name)) out[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      out['cache-control'] = 'no-store';
      res.writeHead(answer.status, out);
      res.end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    reactRequests: () => [...reactRequests],
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
