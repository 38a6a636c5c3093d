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
 * @property {string} [storeCookie] a cookie whose value picks a store of its own (users, sessions, carts, faults,
 *   request log, mailbox, clock, CSRF setup): the test runner names each test file's page with it, so files run side
 *   by side without seeing each other's faults or requests (docs/bookcore-contract.md "Dev-only switches")
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
 * What Django's CsrfViewMiddleware answers a refused POST: django.views.csrf.csrf_failure's page as Django 3.2
 * renders it with DEBUG on (the reason shows; test/fixtures/django-csrf-failure.json holds Django's own renderings),
 * status 403, text/html, whatever the request asked for. Widgets must cope with it, not with a friendly JSON.
 * @param {string} reason one of the middleware's reasons
 */
function csrfFailurePage(reason) {
  const noCookie =
    reason === 'CSRF cookie not set.'
      ? '  <p>You are seeing this message because this site requires a CSRF cookie when submitting forms. This cookie is ' +
        'required for security reasons, to ensure that your browser is not being hijacked by third parties.</p>\n' +
        '  <p>If you have configured your browser to disable cookies, please re-enable them, at least for this site, or ' +
        'for “same-origin” requests.</p>\n'
      : '';
  return html(
    `
<!DOCTYPE html>
<html lang="en">
<head>
  <meta http-equiv="content-type" content="text/html; charset=utf-8">
  <meta name="robots" content="NONE,NOARCHIVE">
  <title>403 Forbidden</title>
  <style type="text/css">
    html * { padding:0; margin:0; }
    body * { padding:10px 20px; }
    body * * { padding:0; }
    body { font:small sans-serif; background:#eee; color:#000; }
    body>div { border-bottom:1px solid #ddd; }
    h1 { font-weight:normal; margin-bottom:.4em; }
    h1 span { font-size:60%; color:#666; font-weight:normal; }
    #info { background:#f6f6f6; }
    #info ul { margin: 0.5em 4em; }
    #info p, #summary p { padding-top:10px; }
    #summary { background: #ffc; }
    #explanation { background:#eee; border-bottom: 0px none; }
  </style>
</head>
<body>
` +
      `<div id="summary">\n  <h1>Forbidden <span>(403)</span></h1>\n  <p>CSRF verification failed. Request aborted.</p>\n\n` +
      `${noCookie ? `\n${noCookie}` : ''}\n</div>\n\n<div id="info">\n  <h2>Help</h2>\n    \n    <p>Reason given for failure:</p>\n` +
      `    <pre>\n    ${escapeHtml(reason)}\n    </pre>\n    \n\n` +
      DJANGO_CSRF_HELP,
    403,
  );
}

// The help of Django 3.2's page with DEBUG on, after the reason, verbatim.
const DJANGO_CSRF_HELP = `  <p>In general, this can occur when there is a genuine Cross Site Request Forgery, or when
  <a
  href="https://docs.djangoproject.com/en/3.2/ref/csrf/">Django’s
  CSRF mechanism</a> has not been used correctly.  For POST forms, you need to
  ensure:</p>

  <ul>
    <li>Your browser is accepting cookies.</li>

    <li>The view function passes a <code>request</code> to the template’s <a
    href="https://docs.djangoproject.com/en/dev/topics/templates/#django.template.backends.base.Template.render"><code>render</code></a>
    method.</li>

    <li>In the template, there is a <code>{% csrf_token
    %}</code> template tag inside each POST form that
    targets an internal URL.</li>

    <li>If you are not using <code>CsrfViewMiddleware</code>, then you must use
    <code>csrf_protect</code> on any views that use the <code>csrf_token</code>
    template tag, as well as those that accept the POST data.</li>

    <li>The form has a valid CSRF token. After logging in in another browser
    tab or hitting the back button after a login, you may need to reload the
    page with the form, because the token is rotated after a login.</li>
  </ul>

  <p>You’re seeing the help section of this page because you have <code>DEBUG =
  True</code> in your Django settings file. Change that to <code>False</code>,
  and only the initial error message will be displayed.  </p>

  <p>You can customize this page using the CSRF_FAILURE_VIEW setting.</p>
</div>

</body>
</html>
`;
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
 * A cookie's value in a Cookie header, or undefined.
 * @param {string | undefined} header
 * @param {string} name
 */
function cookieValue(header, name) {
  const pair = (header ?? '').split(/;\s*/).find((entry) => entry.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
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
  /** The store of requests without the store cookie (the only one when no `storeCookie` is configured). */
  const defaultStore = new Store(config);
  /** @type {Map<string, Store>} */
  const keyedStores = new Map();
  const storeCookie = options.storeCookie;

  /**
   * The store a request belongs to: its store cookie's, made on its first request, or the default one.
   * @param {IncomingMessage} req
   */
  function storeOf(req) {
    const key = storeCookie === undefined ? undefined : cookieValue(req.headers.cookie, storeCookie);
    if (!key) return defaultStore;
    let store = keyedStores.get(key);
    if (!store) {
      store = new Store(config);
      keyedStores.set(key, store);
    }
    return store;
  }
  const apiRoutes = [...loyaltyRoutes, ...cartRoutes, ...packageRoutes, ...mobileRoutes, ...createPageRoutes(config)];
  const serveStatic = createStaticHandler(config);

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   * @param {Store} store
   * @returns {Promise<boolean>} true when a fault answered (or swallowed) the request
   */
  async function injectFault(req, res, url, store) {
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
   * @param {Store} store
   */
  async function serveApi(req, res, url, store) {
    const body = await readLimitedBody(req);
    if (!body) return writeReply(res, json({ detail: 'Request body too large.' }, 413));
    const entry = store.requestLog.record(req, url, body, res);
    // A request without the store cookie (one that followed a redirect to the other loopback name, say) is shown in
    // every store's log too: the test that caused it still sees it, wherever it runs.
    if (store === defaultStore) for (const other of keyedStores.values()) other.requestLog.keep(entry);
    if (await injectFault(req, res, url, store)) return;
    const origin = req.headers.host ? `http://${req.headers.host}` : 'http://127.0.0.1';
    const ctx = new RequestContext(req, url, body, store, origin);
    const reply = await dispatchApi(ctx);
    writeReply(res, reply, ctx.setCookies);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   * @param {Store} store
   */
  async function serveDev(req, res, url, store) {
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
   * @param {Store} store
   */
  async function serveStaticArea(req, res, url, store) {
    if (await injectFault(req, res, url, store)) return;
    writeReply(res, await serveStatic(req.method ?? 'GET', url.pathname));
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   * @param {Store} store
   */
  async function serveSdkArea(req, res, url, store) {
    if (await injectFault(req, res, url, store)) return;
    writeReply(res, await serveSdk(req.method ?? 'GET', url.pathname));
  }

  /** @type {Bookcore['handle']} */
  async function handle(req, res) {
    const url = parseUrl(req.url);
    const area = areaOf(url.pathname);
    const store = storeOf(req);
    if (!area) {
      // Chunk-failure hook: an injected fault reaches every path, so a test can fail one lazy chunk once (a network
      // blip) or for good (a chunk gone after a deploy) wherever the page's scripts are served from.
      return store.faults.active.length > 0 && fromLoopback(req) && (await injectFault(req, res, url, store));
    }
    if (!fromLoopback(req) || !hostAllowed(req.headers.host, allowedHosts)) {
      writeReply(res, text('Forbidden: the dev bookcore only answers loopback requests.', 403));
      return true;
    }
    try {
      if (area === 'api') await serveApi(req, res, url, store);
      else if (area === 'static') await serveStaticArea(req, res, url, store);
      else if (area === 'sdk') await serveSdkArea(req, res, url, store);
      else await serveDev(req, res, url, store);
    } catch (error) {
      console.error(`bookcore: ${req.method} ${url.pathname} failed`, error);
      writeReply(res, json({ detail: 'Internal server error.' }, 500));
    }
    return true;
  }

  return {
    handle,
    reset: () => {
      defaultStore.reset();
      for (const store of keyedStores.values()) store.reset();
    },
  };
}
