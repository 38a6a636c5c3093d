// @ts-check
/**
 * /sdk: the stand-in Google Identity Services and Facebook SDK scripts (demo/server/sdk/), for pages without
 * internet. Only GET and HEAD; anything else under /sdk is a 404.
 */
import { readFile } from 'node:fs/promises';
import { text } from '../lib/http.mjs';

/** @typedef {import('../lib/http.mjs').Reply} Reply */

const SCRIPTS = {
  '/sdk/google-gsi.js': new URL('../sdk/google-gsi.js', import.meta.url),
  '/sdk/facebook-sdk.js': new URL('../sdk/facebook-sdk.js', import.meta.url),
};

/**
 * @param {string} method
 * @param {string} pathname
 * @returns {Promise<Reply>}
 */
export async function serveSdk(method, pathname) {
  const file = Object.hasOwn(SCRIPTS, pathname) ? SCRIPTS[/** @type {keyof typeof SCRIPTS} */ (pathname)] : undefined;
  if (!file) return text('Not found', 404);
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { allow: 'GET, HEAD' }, body: '' };
  const body = await readFile(file);
  return { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' }, body };
}
