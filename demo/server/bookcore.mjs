// @ts-check
/**
 * The dev "bookcore": a contract double of the hotel's Django backend (docs/bookcore-contract.md) for the demo
 * and for every test that crosses HTTP.
 *
 * Mount it in a plain node:http server:
 *   const bookcore = createBookcore();
 *   http.createServer(async (req, res) => { if (!(await bookcore.handle(req, res))) serveFiles(req, res); });
 * or as a Koa middleware (@web/test-runner), leaving the body stream unread:
 *   async (ctx, next) => { ctx.respond = false; if (await bookcore.handle(ctx.req, ctx.res)) return;
 *                          ctx.respond = true; await next(); }
 */
import { fileURLToPath } from 'node:url';
import { RequestContext } from './context.mjs';
import { applyFault } from './faults.mjs';
import { BodyTooLargeError, readBody } from './lib/body.mjs';
import { escapeHtml, html, json, methodNotAllowed, notFoundJson, text, writeReply } from './lib/http.mjs';
import { matchRoute } from './lib/router.mjs';
import { cartRoutes } from './routes/cart.mjs';
import { devRoutes } from './routes/dev.mjs';
import { loyaltyRoutes } from './routes/loyalty.mjs';
import { mobileRoutes } from './routes/mobile.mjs';
import { packageRoutes } from './routes/packages.mjs';
import { createPageRoutes } from './routes/pages.mjs';
import { serveSdk } from './routes/sdk.mjs';
import { createStaticHandler } from './routes/static.mjs';
import { Store } from './store.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * @typedef {object} BookcoreOptions
 * @property {string} [root] repository root holding styles/ and demo/; defaults to this checkout
 * @property {number} [tokenTtlMs] lifetime of mailed validation and recovery tokens (default 1 hour)
 * @property {number} [requestLogLimit] recorded requests kept (default 500)
 * @property {number} [bodyLimitBytes] larger request bodies get 413 (default 1 MiB)
 * @property {string[]} [allowedHosts] Host names accepted besides localhost, *.localhost, 127.0.0.1 and [::1]
 */

/**
 * @typedef {object} Bookcore
 * @property {(req: IncomingMessage, res: ServerResponse) => Promise<boolean>} handle serves the request and
 *   resolves true, or resolves false without touching res when the path is not bookcore's
 * @property {() => void} reset back to the seed (same as POST /__dev/reset)
 */

const DEFAULT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOUR_MS = 60 * 60 * 1000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What Django's CsrfViewMiddleware answers a refused POST (django.views.csrf.csrf_failure with DEBUG off): an
 * HTML page, status 403, whatever the request asked for. Widgets must cope with it, not with a friendly JSON.
 * @param {string} reason
 */
function csrfFailurePage(reason) {
  return html(
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n  <meta http-equiv="content-type" content="text/html; charset=utf-8">\n` +
      `  <meta name="robots" content="NONE,NOARCHIVE">\n  <title>403 Forbidden</title>\n</head>\n<body>\n` +
      `  <div id="summary">\n    <h1>Forbidden <span>(403)</span></h1>\n    <p>CSRF verification failed. Request aborted.</p>\n` +
      `  </div>\n  <!-- ${escapeHtml(reason)} -->\n</body>\n</html>\n`,
    403,
  );
}
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** @typedef {'api' | 'static' | 'dev' | 'sdk'} Area */

/**
 * @param {string} pathname
 * @returns {Area | null}
 */
function areaOf(pathname) {
  if (pathname.startsWith('/bookcore/') || pathname.startsWith('/m2/ajax/')) return 'api';
  if (pathname.startsWith('/static/') || pathname.startsWith('/legal/')) return 'static';
  if (pathname.startsWith('/__dev/')) return 'dev';
  if (pathname.startsWith('/sdk/')) return 'sdk';
  return null;
}

/** @param {IncomingMessage} req */
function fromLoopback(req) {
  const address = req.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Guards against DNS rebinding: a page on another site whose name resolves to 127.0.0.1 would send its own
 * Host header.
 * @param {string | undefined} host
 * @param {ReadonlySet<string>} allowed
 */
function hostAllowed(host, allowed) {
  if (host === undefined) return true;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return allowed.has(name) || name.endsWith('.localhost');
}

/**
 * @param {string | undefined} rawUrl
 */
function parseUrl(rawUrl) {
  // Prefixing keeps a path such as "//other/x" a path instead of a host.
  return new URL(`http://localhost${rawUrl?.startsWith('/') ? '' : '/'}${rawUrl ?? ''}`);
}

/**
 * @param {BookcoreOptions} [options]
 * @returns {Bookcore}
 */
export function createBookcore(options = {}) {
  const config = {
    root: options.root ?? DEFAULT_ROOT,
    tokenTtlMs: options.tokenTtlMs ?? HOUR_MS,
    requestLogLimit: options.requestLogLimit ?? 500,
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
  };
  const allowedHosts = new Set([...LOOPBACK_HOSTS, ...(options.allowedHosts ?? []).map((host) => host.toLowerCase())]);
  const store = new Store(config);
  const apiRoutes = [...loyaltyRoutes, ...cartRoutes, ...packageRoutes, ...mobileRoutes, ...createPageRoutes(config)];
  const serveStatic = createStaticHandler(config);

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   * @returns {Promise<boolean>} true when a fault answered (or swallowed) the request
   */
  async function injectFault(req, res, url) {
    const fault = store.faults.take(req.method ?? 'GET', url.pathname);
    return fault !== null && applyFault(fault, req, res, store.hanging);
  }

  /**
   * @param {IncomingMessage} req
   * @returns {Promise<Buffer | null>} null when the body is over the limit
   */
  async function readLimitedBody(req) {
    try {
      return await readBody(req, config.bodyLimitBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return null;
      throw error;
    }
  }

  /**
   * @param {RequestContext} ctx
   * @returns {Promise<import('./lib/http.mjs').Reply>}
   */
  async function dispatchApi(ctx) {
    const method = ctx.req.method ?? 'GET';
    const csrfFailure = UNSAFE_METHODS.has(method) ? ctx.csrfFailure() : null;
    if (csrfFailure) return csrfFailurePage(csrfFailure);
    const match = matchRoute(apiRoutes, method, ctx.url.pathname);
    if (!match) return notFoundJson();
    if ('allowed' in match) return methodNotAllowed(match.allowed);
    ctx.params = match.params;
    return match.handler(ctx);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   */
  async function serveApi(req, res, url) {
    const body = await readLimitedBody(req);
    if (!body) return writeReply(res, json({ detail: 'Request body too large.' }, 413));
    store.requestLog.record(req, url, body, res);
    if (await injectFault(req, res, url)) return;
    const origin = req.headers.host ? `http://${req.headers.host}` : 'http://127.0.0.1';
    const ctx = new RequestContext(req, url, body, store, origin);
    const reply = await dispatchApi(ctx);
    writeReply(res, reply, ctx.setCookies);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   */
  async function serveDev(req, res, url) {
    const match = matchRoute(devRoutes, req.method ?? 'GET', url.pathname);
    if (!match) return writeReply(res, notFoundJson());
    if ('allowed' in match) return writeReply(res, methodNotAllowed(match.allowed));
    const raw = await readLimitedBody(req);
    if (!raw) return writeReply(res, json({ detail: 'Request body too large.' }, 413));
    let body;
    try {
      body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      return writeReply(res, json({ detail: 'Body must be JSON.' }, 400));
    }
    writeReply(res, match.handler({ url, store, body }));
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   */
  async function serveStaticArea(req, res, url) {
    if (await injectFault(req, res, url)) return;
    writeReply(res, await serveStatic(req.method ?? 'GET', url.pathname));
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   */
  async function serveSdkArea(req, res, url) {
    if (await injectFault(req, res, url)) return;
    writeReply(res, await serveSdk(req.method ?? 'GET', url.pathname));
  }

  /** @type {Bookcore['handle']} */
  async function handle(req, res) {
    const url = parseUrl(req.url);
    const area = areaOf(url.pathname);
    if (!area) {
      // Chunk-failure hook: an injected fault reaches every path, so a test can fail one lazy chunk once (a network
      // blip) or for good (a chunk gone after a deploy) wherever the page's scripts are served from.
      return store.faults.active.length > 0 && fromLoopback(req) && (await injectFault(req, res, url));
    }
    if (!fromLoopback(req) || !hostAllowed(req.headers.host, allowedHosts)) {
      writeReply(res, text('Forbidden: the dev bookcore only answers loopback requests.', 403));
      return true;
    }
    try {
      if (area === 'api') await serveApi(req, res, url);
      else if (area === 'static') await serveStaticArea(req, res, url);
      else if (area === 'sdk') await serveSdkArea(req, res, url);
      else await serveDev(req, res, url);
    } catch (error) {
      console.error(`bookcore: ${req.method} ${url.pathname} failed`, error);
      writeReply(res, json({ detail: 'Internal server error.' }, 500));
    }
    return true;
  }

  return { handle, reset: () => store.reset() };
}
