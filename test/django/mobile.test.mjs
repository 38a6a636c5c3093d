// @ts-check
/**
 * The mobile section against the reference Django bookcore (demo/django): the same walk as the dev server's
 * (test/support/mobile-section.mjs), two seeded hotels in two languages, the schema POSTs under Django's own CSRF
 * check (the token from the user view, as the widget's start reads it).
 */
import { after, before, test } from 'node:test';
import { walkMobileSection } from '../support/mobile-section.mjs';
import { startDjango } from './support.mjs';

/** @type {Awaited<ReturnType<typeof startDjango>>} */
let django;

before(async () => {
  django = await startDjango();
});

after(async () => {
  await django?.stop();
});

test('Django serves the whole mobile section for two hotels in two languages', async () => {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  /**
   * @param {string} path
   * @param {RequestInit} [init]
   */
  const send = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(`${django.origin}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    if (response.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
    return response.json();
  };
  await send('/bookcore/loyalty/ajax/user/');
  await walkMobileSection({
    get: (path) => send(path),
    post: (path, form) =>
      send(path, {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-csrftoken': cookies.get('csrftoken') ?? '',
          'x-requested-with': 'XMLHttpRequest',
          referer: `${django.origin}/`,
        },
      }),
  });
});
