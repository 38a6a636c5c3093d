/**
 * The browser tests' revalidation middleware (scripts/wtr/revalidate-sources.mjs, docs/development.md "Browser
 * engines"): outside Chromium the project's own files are answered `cache-control: no-cache`, whichever way the
 * server's middlewares set their headers — one at a time, or several in one object, as koa allows.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { revalidateSourcesMiddleware } from '../../scripts/wtr/revalidate-sources.mjs';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('revalidating the project’s files (revalidateSourcesMiddleware)', () => {
  /** @type {import('node:http').Server} */
  let server;
  let origin = '';

  before(async () => {
    const app = new Koa();
    for (const middleware of revalidateSourcesMiddleware() ?? []) app.use(/** @type {any} */ (middleware));
    app.use((context) => {
      if (context.path === '/object.js') context.set({ 'content-type': 'text/javascript', 'cache-control': 'max-age=31536000' });
      else context.set('cache-control', 'max-age=31536000');
      context.body = 'export {};';
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    origin = `http://127.0.0.1:${address.port}`;
  });

  after(() => server.close());

  it('answers no-cache for a header set alone', async () => {
    const response = await fetch(`${origin}/src/one.js`, { headers: { 'user-agent': FIREFOX } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
  });

  it('answers no-cache, and the other headers as set, for headers set in one object', async () => {
    const response = await fetch(`${origin}/object.js`, { headers: { 'user-agent': FIREFOX } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('content-type'), 'text/javascript');
  });
});
