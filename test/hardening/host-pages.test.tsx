/**
 * Host pages and hostile data (docs/reliability.md): what a hotel's page, its scripts and its network do to the
 * widget. Each case was seen failing on the code before its fix.
 */
import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import '../../elements/index';
import { defineElement } from '../../elements/define';
import { ApiError, getJson, postForm } from '../../src/api/http';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { closeAuthAtom, openAuthAtom } from '../../src/state/session';
import { addPackageThroughApi, injectFault, primeCsrfCookie, recordedRequests, resetServer } from '../api/dev-server';
import { buttonByText, control, eventually, fillIn, mountPage, panelAlert, part, removePages, STANDIN_SDKS, watchUncaught } from './support/widget-page';
import { pageRuntime } from '../../src/core/runtime';

const SIGNIN = '/bookcore/loyalty/ajax/signin/';

async function started(markup: string): Promise<{ page: HTMLElement; type: string }> {
  const types: string[] = [];
  const listener = (event: Event) => types.push(event.type);
  document.addEventListener('loyalty-ready', listener);
  document.addEventListener('loyalty-fail', listener);
  try {
    const page = mountPage(markup);
    expect(await eventually(() => types.length > 0, 8000), 'the widget announced its start').to.equal(true);
    return { page, type: types[0]! };
  } finally {
    document.removeEventListener('loyalty-ready', listener);
    document.removeEventListener('loyalty-fail', listener);
  }
}

describe('host pages and hostile data', function () {
  this.timeout(30_000);
  let uncaught: ReturnType<typeof watchUncaught>;

  beforeEach(async () => {
    await resetServer();
    uncaught = watchUncaught();
  });

  afterEach(() => {
    removePages();
    uncaught.stop();
    expect(uncaught.errors, 'uncaught errors').to.deep.equal([]);
  });

  it('one enumerable property on Object.prototype (an old library) does not break the decoders: the widget starts', async () => {
    Object.defineProperty(Object.prototype, 'hostPageExtension', { value: () => undefined, enumerable: true, configurable: true, writable: true });
    try {
      const { page, type } = await started(`<loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel>`);
      expect(type).to.equal('loyalty-ready');
      const panel = page.querySelector('loyalty-panel')!;
      expect(await eventually(() => control(panel, 'email'), 8000), 'the sign-in form').to.not.equal(false);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['hostPageExtension'];
    }
  });

  it('the timeout fires when a host page\'s fetch wrapper drops the signal and never answers', async () => {
    const realFetch = window.fetch;
    window.fetch = () => new Promise<Response>(() => undefined);
    try {
      const failure = await getJson('/bookcore/loyalty/ajax/user/', v.unknown(), { timeoutMs: 300, retries: 0 }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(ApiError);
      expect((failure as ApiError).kind).to.equal('timeout');
    } finally {
      window.fetch = realFetch;
    }
  });

  it('a POST answered with a 307 is not followed: no second request carries the token and the password', async () => {
    await primeCsrfCookie();
    await injectFault({ path: SIGNIN, status: 307, location: SIGNIN, body: '', times: 1 });
    const failure = await postForm(SIGNIN, { email: 'ana@example.com', password: 'Loyalty2026!' }, v.unknown()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(ApiError);
    expect((failure as ApiError).kind).to.equal('http');
    expect((await recordedRequests(SIGNIN)).length, 'requests that reached the sign-in address').to.be.at.most(1);
  });

  it('a customElements.define that throws for one tag is contained: the call does not throw', () => {
    const realDefine = customElements.define.bind(customElements);
    const warn = console.warn;
    const warnings: string[] = [];
    customElements.define = () => {
      throw new DOMException('this name has already been used with this registry', 'NotSupportedError');
    };
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    try {
      expect(() => defineElement('loyalty-host-page-test', class extends HTMLElement {})).to.not.throw();
    } finally {
      customElements.define = realDefine;
      console.warn = warn;
    }
    expect(warnings.join()).to.contain('<loyalty-host-page-test> could not be defined');
    defineElement('loyalty-host-page-test', class extends HTMLElement {});
    expect(customElements.get('loyalty-host-page-test')).to.not.equal(undefined);
  });

  it('a sign-in refusal message survives closing and reopening the modal', async () => {
    const { page } = await started(`<loyalty-icon></loyalty-icon><loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel>`);
    const panel = page.querySelector('loyalty-panel')!;
    const store = pageRuntime().store;
    store.set(openAuthAtom, 'SIGNIN');
    expect(await eventually(() => control(panel, 'email'), 8000), 'the sign-in form').to.not.equal(false);
    await injectFault({ path: SIGNIN, status: 400, body: { errors: 'Usuario o contraseña incorrectos.' }, times: 1 });
    fillIn(control(panel, 'email')!, 'ana@example.com');
    fillIn(control(panel, 'password')!, 'wrong-password');
    buttonByText(panel, 'Iniciar sesión')!.click();
    expect(await eventually(() => panelAlert(panel) !== '', 8000), 'the refusal').to.equal(true);
    store.set(closeAuthAtom);
    store.set(openAuthAtom, 'SIGNIN');
    expect(await eventually(() => control(panel, 'email'), 8000)).to.not.equal(false);
    expect(panelAlert(panel)).to.equal('Usuario o contraseña incorrectos.');
  });

  it('loyalty-login is heard when the panel is removed during a sign-in', async () => {
    const navigations: string[] = [];
    const restore = setPageNavigator({ assign: (url) => navigations.push(url), reload: () => navigations.push('reload') });
    const logins: unknown[] = [];
    const onLogin = (event: Event) => logins.push((event as CustomEvent).detail);
    document.addEventListener('loyalty-login', onLogin);
    try {
      const { page } = await started(`<loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel>`);
      const panel = page.querySelector('loyalty-panel')!;
      expect(await eventually(() => control(panel, 'email'), 8000), 'the sign-in form').to.not.equal(false);
      await injectFault({ path: SIGNIN, delayMs: 800, times: 1 });
      fillIn(control(panel, 'email')!, 'ana@example.com');
      fillIn(control(panel, 'password')!, 'Loyalty2026!');
      buttonByText(panel, 'Iniciar sesión')!.click();
      page.remove();
      expect(await eventually(() => logins.length > 0, 10_000), 'loyalty-login heard').to.equal(true);
      expect(logins[0]).to.deep.equal({ userName: 'ana@example.com' });
    } finally {
      document.removeEventListener('loyalty-login', onLogin);
      restore();
    }
  });

  it('a cart amount of 1e999 (Infinity once parsed) costs that line\'s price, never the cart', async () => {
    await addPackageThroughApi('11', 'HMAR', new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    const real = await (await fetch('/bookcore/shopping-cart/json/', { credentials: 'include' })).text();
    const hostile = real.replace(/"price":\s*[0-9.]+/, '"price": 1e999');
    expect(hostile).to.contain('1e999');
    await injectFault({ path: '/bookcore/shopping-cart/json/', status: 200, body: hostile, times: 10 });
    const cart = mountPage('<package-cart></package-cart>').querySelector('package-cart')!;
    expect(await eventually(() => cart.shadowRoot?.querySelectorAll('[part~="item"]').length === 1, 8000), 'the cart shows its line').to.equal(true);
    expect(part(cart, 'cart')?.getAttribute('data-state')).to.equal('ready');
    expect(part(cart, 'item-price')?.textContent ?? '').to.contain('Precio no disponible');
    expect(part(cart, 'load-failure')).to.equal(null);
  });
});
