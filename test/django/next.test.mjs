// @ts-check
/**
 * Back where the guest started (docs/bookcore-contract.md "Back where the guest started"), on the reference Django
 * bookcore over real HTTP: the sign-up and recovery mails carry the page the widget posted as `next` (this
 * site's only), the validation link signs the member in and redirects there (else to the start page), the next
 * settings answer says `justSignedIn` once, and a password change signs the member in, its page going on to `next`
 * through `data-login`. A foreign `next`, a `//host` one, a backslash one and a `javascript:` one are never followed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readMailbox, startDjango } from './support.mjs';

const ANA = 'ana@example.com';

/** A browser stand-in: keeps cookies, sends the CSRF token as the widget does, follows no redirect. */
class Client {
  /** @param {string} origin */
  constructor(origin) {
    this.origin = origin;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    this.csrfToken = '';
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} [form]
   */
  async send(method, path, form) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', referer: `${this.origin}/` };
    if (this.csrfToken) headers['x-csrftoken'] = this.csrfToken;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(this.origin + path, { method, headers, body: form ? new URLSearchParams(form) : undefined, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute)) || value === '""') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The settings view hands out the CSRF token (ensure_csrf_cookie) and says who is signed in. */
  async settings() {
    const body = await (await this.send('GET', '/bookcore/partempresas/loyalty/settings/')).json();
    this.csrfToken = body.csrfToken;
    return body;
  }

  /**
   * @param {string} path
   * @param {Record<string, string>} form
   */
  async post(path, form) {
    const response = await this.send('POST', path, form);
    return { status: response.status, body: await response.json() };
  }
}

describe('Django: back where the guest started', () => {
  /** @type {import('./support.mjs').Django} */
  let django;
  before(async () => {
    django = await startDjango();
  });
  after(async () => {
    await django?.stop();
  });

  /** @param {string} to */
  const lastLink = async (to) => {
    const mails = (await readMailbox(django.origin)).filter((mail) => mail.to === to);
    assert.ok(mails.length > 0, `a mail to ${to}`);
    return new URL(/** @type {string} */ (mails[mails.length - 1]?.links[0]));
  };

  it('the validation link signs the member in once and redirects to the page the sign-up started from', async () => {
    const guest = new Client(django.origin);
    await guest.settings();
    const email = 'irene@example.com';
    const signup = await guest.post('/bookcore/loyalty/ajax/signup/', {
      email, password: 'Irene-2026!', nombre: 'Irene', apellidos: 'Mora', politica: 'true', newsletter: 'false',
      next: `${django.origin}/hoteles/?zona=sur#mapa`,
    });
    assert.equal(signup.status, 200, JSON.stringify(signup.body));
    const link = await lastLink(email);
    assert.equal(link.searchParams.get('next'), '/hoteles/?zona=sur', 'the page, as a path, without its fragment');

    const reader = new Client(django.origin);
    const validation = await reader.send('GET', link.pathname + link.search);
    assert.equal(validation.status, 302);
    assert.equal(validation.headers.get('location'), '/hoteles/?zona=sur');
    const first = await reader.settings();
    assert.equal(first.loggedIn?.email, email, 'signed in by the link');
    assert.equal(first.justSignedIn, true);
    const second = await reader.settings();
    assert.equal(second.loggedIn?.email, email);
    assert.equal(second.justSignedIn, undefined, 'once only');
  });

  it('a foreign next, //evil, a backslash and javascript: are neither kept nor followed: the start page', async () => {
    const refused = ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example/phish', 'javascript:alert(1)'];
    for (const [index, next] of refused.entries()) {
      const guest = new Client(django.origin);
      await guest.settings();
      const email = `guest${index}@example.com`;
      await guest.post('/bookcore/loyalty/ajax/signup/', { email, password: 'Guest-2026!', nombre: 'G', apellidos: 'H', politica: 'true', newsletter: 'false', next });
      const link = await lastLink(email);
      assert.equal(link.searchParams.get('next'), null, `${next} is not kept`);
      const validation = await guest.send('GET', `${link.pathname}?next=${encodeURIComponent(next)}`);
      assert.equal(validation.status, 302);
      assert.equal(validation.headers.get('location'), '/', `${next} leads to the start page`);
    }
  });

  it('a password change signs the member in; the change page goes on to the page the recovery started from', async () => {
    const guest = new Client(django.origin);
    await guest.settings();
    await guest.post('/bookcore/loyalty/ajax/password/recovery/', { email: ANA, userType: 'loyalty', next: `${django.origin}/paquete/?id=1` });
    const link = await lastLink(ANA);
    assert.equal(link.searchParams.get('next'), '/paquete/?id=1');
    const reader = new Client(django.origin);
    const page = await (await reader.send('GET', link.pathname + link.search)).text();
    assert.match(page, /data-login="\/paquete\/\?id=1"/);
    const foreign = await (await reader.send('GET', `${link.pathname}?next=${encodeURIComponent('//evil.example/')}`)).text();
    assert.ok(!foreign.includes('evil.example'));
    assert.match(foreign, /data-login="\/"/);

    await reader.settings();
    const [, uid = '', token = ''] = /^\/bookcore\/password\/cambiar\/([^/]+)\/([^/]+)\/$/.exec(link.pathname) ?? [];
    const change = await reader.post('/bookcore/loyalty/ajax/password/recovery/change/', { uid, token, password: 'Nueva-Clave-2027' });
    assert.equal(change.status, 200, JSON.stringify(change.body));
    assert.equal(change.body.userName, ANA);
    assert.equal(change.body.user?.nombre, 'Ana');
    assert.ok(change.body.csrfToken);
    assert.equal((await reader.settings()).loggedIn?.email, ANA);
  });
});
