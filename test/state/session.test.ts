import { expect } from '@open-wc/testing';
import { createStore } from 'jotai/vanilla';
import { sectionAtom } from '../../src/state/store';
import { authOpenAtom, messageAtom, openAuthAtom, settingsAtom, startWidgetAtom, takeDroppedCartNotice, userAtom } from '../../src/state/session';
import { changePasswordAtom } from '../../src/state/password';
import { signInAtom } from '../../src/state/sign-in';
import { signOutAtom } from '../../src/state/sign-out';
import { signUpAtom } from '../../src/state/sign-up';

const texts = { genericError: 'Algo salió mal' };

async function dev(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(path, { ...init, headers: { 'Content-Type': 'application/json' } });
}

async function requestsTo(path: string): Promise<{ method: string }[]> {
  const response = await fetch(`/__dev/requests?path=${encodeURIComponent(path)}`);
  return response.json();
}

async function signInDirectly() {
  // Any bookcore GET sets the csrftoken cookie the POST needs.
  await fetch('/bookcore/loyalty/ajax/user/');
  const store = createStore();
  await store.set(signInAtom, { email: 'ana@example.com', password: 'Loyalty2026!' }, texts);
  return store;
}

describe('session state against the dev server', () => {
  beforeEach(async () => {
    await dev('/__dev/reset', { method: 'POST' });
    // A previous test's session cookie would make the visitor a member.
    await fetch('/bookcore/loyalty/ajax/user/');
    const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
    await fetch('/bookcore/partempresas/ajax/logout/', { method: 'POST', headers: { 'X-CSRFToken': token } });
    await dev('/__dev/requests', { method: 'DELETE' });
    sessionStorage.clear();
  });

  it('starts with one settings and one user request however many elements ask', async () => {
    const store = createStore();
    await Promise.all([store.set(startWidgetAtom), store.set(startWidgetAtom), store.set(startWidgetAtom)]);
    expect(store.get(settingsAtom).status).to.equal('ready');
    expect(await requestsTo('/bookcore/partempresas/loyalty/settings/')).to.have.length(1);
    expect(await requestsTo('/bookcore/loyalty/ajax/user/')).to.have.length(1);
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(sectionAtom)).to.equal('PRE_SIGNUP');
  });

  it('fails the start when settings fail', async () => {
    await dev('/__dev/faults', { method: 'POST', body: JSON.stringify({ path: '/bookcore/partempresas/loyalty/settings/', status: 500 }) });
    const store = createStore();
    await store.set(startWidgetAtom);
    expect(store.get(settingsAtom).status).to.equal('failed');
    await dev('/__dev/faults', { method: 'DELETE' });
  });

  it('fails the start when the settings carry an empty sign-in form', async () => {
    const body = JSON.stringify({ success: true, settings: { SIGNIN: { form: [] } }, loggedIn: null });
    await dev('/__dev/faults', { method: 'POST', body: JSON.stringify({ path: '/bookcore/partempresas/loyalty/settings/', status: 200, body, contentType: 'application/json' }) });
    const store = createStore();
    await store.set(startWidgetAtom);
    expect(store.get(settingsAtom)).to.deep.include({ status: 'failed' });
    await dev('/__dev/faults', { method: 'DELETE' });
  });

  it('signs in, lands on SIGNIN_SUCCESS, and a returning member starts there', async () => {
    const store = await signInDirectly();
    expect(store.get(sectionAtom)).to.equal('SIGNIN_SUCCESS');
    expect(store.get(userAtom)?.nombre).to.equal('Ana');
    const fresh = createStore();
    await fresh.set(startWidgetAtom);
    expect(fresh.get(sectionAtom)).to.equal('SIGNIN_SUCCESS');
    expect(fresh.get(userAtom)?.apellidos).to.equal('García López');
  });

  it('keeps the guest on SIGNIN with the server message after a wrong password', async () => {
    await fetch('/bookcore/loyalty/ajax/user/');
    const store = createStore();
    store.set(sectionAtom, 'SIGNIN');
    const outcome = await store.set(signInAtom, { email: 'ana@example.com', password: 'wrong-password' }, texts);
    expect(outcome.ok).to.equal(false);
    expect(store.get(sectionAtom)).to.equal('SIGNIN');
    expect(store.get(messageAtom)?.tone).to.equal('error');
    expect(store.get(messageAtom)?.text).to.not.equal(texts.genericError);
    expect(store.get(userAtom)).to.equal(null);
  });

  it('sets the dropped-cart notice once when sign-in dropped items', async () => {
    await fetch('/bookcore/loyalty/ajax/user/');
    const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
    const today = new Date();
    const date = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const availability = await (await fetch(`/bookcore/packages/1/availability/?entrada=${date(10)}&salida=${date(12)}`)).json();
    const option = availability.options[0];
    const add = await fetch('/bookcore/shopping-cart/add-package/', {
      method: 'POST',
      headers: { 'X-CSRFToken': token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_opc: String(option.id), codhotel: option.hotel.code, entrada: date(10), salida: date(12), codpromo: 'None' }),
    });
    expect((await add.json()).cod_error).to.equal('000');
    await signInDirectly();
    expect(takeDroppedCartNotice()).to.equal(true);
    expect(takeDroppedCartNotice()).to.equal(false);
  });

  it('does not set the notice when the cart was empty', async () => {
    await signInDirectly();
    expect(takeDroppedCartNotice()).to.equal(false);
  });

  it('signs out: logout, then drop, and the member is gone', async () => {
    const store = await signInDirectly();
    await dev('/__dev/requests', { method: 'DELETE' });
    const outcome = await store.set(signOutAtom, texts);
    expect(outcome.ok).to.equal(true);
    expect(store.get(userAtom)).to.equal(null);
    const log: { path: string }[] = await (await fetch('/__dev/requests')).json();
    const paths = log.map((entry) => entry.path);
    expect(paths.indexOf('/bookcore/partempresas/ajax/logout/')).to.be.lessThan(paths.indexOf('/bookcore/shopping-cart/drop/'));
  });

  it('shows a sign-up for an unvalidated account as a warning', async () => {
    await fetch('/bookcore/loyalty/ajax/user/');
    const store = createStore();
    store.set(sectionAtom, 'SIGNUP');
    const form = { nombre: 'Luis', apellidos: 'Pérez', email: 'luis@example.com', password: 'Loyalty2026!', politica: 'true' };
    const outcome = await store.set(signUpAtom, form, texts);
    expect(outcome.ok).to.equal(false);
    expect(store.get(messageAtom)?.tone).to.equal('warning');
    expect(store.get(sectionAtom)).to.equal('SIGNUP');
  });

  it('sends an unknown recovery token to PASS_RECOVERY_CHANGE with an error, not the expired section', async () => {
    await fetch('/bookcore/loyalty/ajax/user/');
    const store = createStore();
    store.set(sectionAtom, 'PASS_RECOVERY_CHANGE');
    const outcome = await store.set(changePasswordAtom, { uid: 'nobody', token: 'nothing', password: 'Another2026!' }, texts);
    expect(outcome.ok).to.equal(false);
    expect(store.get(sectionAtom)).to.equal('PASS_RECOVERY_CHANGE');
    expect(store.get(messageAtom)?.tone).to.equal('error');
  });

  it('reopening the auth view resets SOCIAL_GDPR to PRE_SIGNUP', () => {
    const store = createStore();
    store.set(sectionAtom, 'SOCIAL_GDPR');
    expect(store.set(openAuthAtom)).to.equal('PRE_SIGNUP');
    expect(store.get(authOpenAtom)).to.equal(true);
  });
});
