// @ts-check
/**
 * `node --test test/server/static-gzip.node.test.mjs`: the dev server (`npm start`) and the benchmark's server
 * send static text files gzip-compressed when the browser accepts it, as a hotel's web server does, so that what
 * a page fetches counts in the bytes a guest downloads (docs/development.md, "Size and speed"); a client that
 * does not accept gzip gets the file as it is.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { startBenchServer } from '../../scripts/bench/server.mjs';

const DEMO_CSS = fileURLToPath(new URL('../../demo/demo.css', import.meta.url));

/**
 * A GET with the given Accept-Encoding (fetch would decode the body and hide the header's effect).
 * @param {string} url
 * @param {string | undefined} acceptEncoding
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function get(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    httpRequest(url, { headers }, (res) => {
      /** @type {Buffer[]} */
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * @param {string} url a text file's address
 * @param {Buffer} expected the file's bytes
 */
async function assertGzipWhenAccepted(url, expected) {
  const compressed = await get(url, 'gzip, deflate, br');
  assert.equal(compressed.status, 200);
  assert.equal(compressed.headers['content-encoding'], 'gzip', `${url} with Accept-Encoding: gzip`);
  assert.match(String(compressed.headers.vary), /accept-encoding/i);
  assert.deepEqual(gunzipSync(compressed.body), expected);
  assert.ok(compressed.body.length < expected.length, 'smaller than the file');
  for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0']) {
    const plain = await get(url, acceptEncoding);
    assert.equal(plain.headers['content-encoding'], undefined, `${url} with Accept-Encoding: ${acceptEncoding}`);
    assert.deepEqual(plain.body, expected);
  }
}

test('npm start sends static text files gzip-compressed when the browser accepts gzip', async () => {
  const script = fileURLToPath(new URL('../../demo/server/start.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = await once(child.stdout, 'data');
    const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(String(line))?.[1];
    assert.ok(origin, String(line));
    await assertGzipWhenAccepted(`${origin}/demo.css`, readFileSync(DEMO_CSS));
  } finally {
    child.kill('SIGTERM');
  }
  await once(child, 'exit');
});

test("the benchmark's server sends its pages and builds gzip-compressed when the browser accepts gzip", async () => {
  const pagesDir = fileURLToPath(new URL('../../scripts/bench/pages/', import.meta.url));
  const server = await startBenchServer({ distDir: pagesDir, baselineDir: pagesDir });
  try {
    await assertGzipWhenAccepted(`${server.origin}/dist/cart.html`, readFileSync(`${pagesDir}cart.html`));
    await assertGzipWhenAccepted(`${server.origin}/bench/cart.html`, readFileSync(`${pagesDir}cart.html`));
  } finally {
    await server.close();
  }
});
