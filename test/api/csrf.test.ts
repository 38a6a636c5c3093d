import { expect } from '@open-wc/testing';
import { createCsrfState, findCsrfToken, readCsrfToken, rememberCsrfToken, setCsrfCookieName } from '../../src/lib/csrf/token';

// The order under test (docs/integration.md "CSRF: where the widget finds the token"): the configured cookie, the newest
// answer's csrfToken, a field inside <loyalty-panel>, the field of the page's first same-origin POST form.

const added: Element[] = [];
// Each test's own anti-forgery state, as a page's transport holds one (docs/architecture.md "The runtime").
let csrf = createCsrfState();

function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

function clearCookies(): void {
  for (const name of ['csrftoken', 'bookcore_csrf']) document.cookie = `${name}=; path=/; max-age=0`;
}

function tokenField(value: string): HTMLInputElement {
  const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'csrfmiddlewaretoken' });
  field.value = value;
  return field;
}

/** Appends markup to the body, removed after the test. */
function addMarkup(markup: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  document.body.append(holder);
  added.push(holder);
  return holder;
}

/** A form of the page holding a token field. */
function addForm(value: string, attributes: string): HTMLFormElement {
  return addMarkup(`<form ${attributes}><input type="hidden" name="csrfmiddlewaretoken" value="${value}"></form>`).querySelector('form')!;
}

describe('readCsrfToken', () => {
  beforeEach(() => {
    csrf = createCsrfState();
    clearCookies();
  });
  afterEach(() => {
    for (const element of added.splice(0)) element.remove();
    csrf = createCsrfState();
    clearCookies();
  });

  it('reads the csrftoken cookie among others, percent-decoded', () => {
    document.cookie = 'lang=es; path=/';
    setCookie('csrftoken', 'a+b=');
    expect(readCsrfToken(csrf)).to.equal('a+b=');
  });

  it('does not mistake a cookie whose name merely ends in csrftoken', () => {
    document.cookie = 'xcsrftoken=wrong; path=/';
    expect(readCsrfToken(csrf)).to.equal(null);
    document.cookie = 'xcsrftoken=; path=/; max-age=0';
  });

  it('reads the cookie data-csrf-cookie-name names (CSRF_COOKIE_NAME), and no other', () => {
    setCookie('csrftoken', 'NotDjangosCookie');
    setCookie('bookcore_csrf', 'TokenFromTheNamedCookie');
    setCsrfCookieName(csrf, 'bookcore_csrf');
    expect(readCsrfToken(csrf)).to.equal('TokenFromTheNamedCookie');
    clearCookies();
    expect(readCsrfToken(csrf), 'csrftoken is not read once another name is set').to.equal(null);
  });

  it('keeps the default name when the configured one cannot be a cookie name', () => {
    setCookie('csrftoken', 'Token');
    setCsrfCookieName(csrf, 'bad name;');
    expect(readCsrfToken(csrf)).to.equal('Token');
  });

  it('takes the newest csrfToken of an answer when no cookie is readable (HttpOnly, CSRF_USE_SESSIONS)', () => {
    addForm('TokenOfThePageForm', 'method="post"');
    rememberCsrfToken(csrf, 'FirstAnswer');
    rememberCsrfToken(csrf, 'NewestAnswer');
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'NewestAnswer', origin: 'answer' });
  });

  it('ignores an answer token that is not a usable header value', () => {
    rememberCsrfToken(csrf, 'Good');
    for (const bad of ['', 'with space', 'line\nbreak', 42, null, { token: 'x' }, 'x'.repeat(600)]) rememberCsrfToken(csrf, bad);
    expect(readCsrfToken(csrf)).to.equal('Good');
  });

  it('prefers the readable cookie over an answer token', () => {
    rememberCsrfToken(csrf, 'AnswerToken');
    setCookie('csrftoken', 'CookieToken');
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'CookieToken', origin: 'cookie' });
  });

  it('without cookie or answer, reads the field inside <loyalty-panel> before any form of the page', () => {
    addForm('TokenOfThePageForm', 'method="post"');
    const panel = addMarkup('<loyalty-panel></loyalty-panel>').querySelector('loyalty-panel')!;
    panel.append(tokenField('TokenInThePanel'));
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'TokenInThePanel', origin: 'panel field' });
  });

  it('then the first POST form of the page that posts to this origin', () => {
    addForm('OfAGetForm', 'method="get"');
    addForm('OfAFormWithoutMethod', '');
    addForm('OfAnotherSite', 'method="post" action="https://other.example/collect/"');
    addForm('OfThisSite', `method="POST" action="${location.origin}/reservas/"`);
    addForm('OfALaterForm', 'method="post"');
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'OfThisSite', origin: 'page form' });
  });

  it('never reads a field planted outside any form, even first in the page', () => {
    const planted = tokenField('PlantedToForce403');
    document.body.prepend(planted);
    added.push(planted);
    expect(readCsrfToken(csrf)).to.equal(null);
    addForm('TheRealToken', 'method="post" action=""');
    expect(readCsrfToken(csrf)).to.equal('TheRealToken');
  });

  it('is not fooled by a form whose fields are named "action" and "method" (clobbering)', () => {
    const form = addForm('OfAnotherSite', 'method="post" action="https://other.example/"');
    form.insertAdjacentHTML('beforeend', `<input name="action" value="${location.origin}/"><input name="method" value="post">`);
    expect(readCsrfToken(csrf)).to.equal(null);
  });

  it('survives an element named "cookie" that shadows document.cookie', () => {
    setCookie('csrftoken', 'RealCookie');
    addMarkup('<img name="cookie" alt="">');
    expect(readCsrfToken(csrf)).to.equal('RealCookie');
  });

  it('prefers an answer token that came after the cookie last changed, until the cookie changes (WebKit sets a fetch cookie late)', () => {
    setCookie('csrftoken', 'Retired');
    rememberCsrfToken(csrf, 'Rotated');
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'Rotated', origin: 'answer' });
    setCookie('csrftoken', 'OtherTab');
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'OtherTab', origin: 'cookie' });
  });

  it("prefers a cookie that changed while the answer's request was out (a parallel answer set it on a first visit)", () => {
    // Sent without a cookie; a parallel answer's Set-Cookie came before this answer was handled.
    setCookie('csrftoken', 'FromTheParallelAnswer');
    rememberCsrfToken(csrf, 'FromThisAnswer', document, null);
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'FromTheParallelAnswer', origin: 'cookie' });
    // Sent with the retired cookie, which still reads so (WebKit's late cookie): the answer's, until it changes.
    rememberCsrfToken(csrf, 'RotatedByLogin', document, 'FromTheParallelAnswer');
    expect(findCsrfToken(csrf)).to.deep.equal({ token: 'RotatedByLogin', origin: 'answer' });
  });

  it('reads afresh on every call, so a rotated cookie is picked up', () => {
    setCookie('csrftoken', 'first');
    expect(readCsrfToken(csrf)).to.equal('first');
    setCookie('csrftoken', 'second');
    expect(readCsrfToken(csrf)).to.equal('second');
  });
});

describe('rememberCsrfToken', () => {
  beforeEach(() => {
    csrf = createCsrfState();
  });
  afterEach(() => {
    for (const element of added.splice(0)) element.remove();
    csrf = createCsrfState();
  });

  it("writes the answer's token into the panel's field and the fields of this site's POST forms", () => {
    const panel = addMarkup('<loyalty-panel></loyalty-panel>').querySelector('loyalty-panel')!;
    const panelField = tokenField('Old');
    panel.append(panelField);
    const own = addForm('Old', 'method="post"');
    const other = addForm('TheirToken', 'method="post" action="https://other.example/"');
    const search = addForm('Old', 'method="get"');
    rememberCsrfToken(csrf, 'Rotated');
    expect(panelField.value).to.equal('Rotated');
    expect(own.querySelector('input')!.value).to.equal('Rotated');
    expect(other.querySelector('input')!.value, 'never handed to a form that posts to another site').to.equal('TheirToken');
    expect(search.querySelector('input')!.value, 'a GET form would put it in an address').to.equal('Old');
  });

  it("writes the token POSTs will send: the cookie's, when it changed while the answer's request was out", () => {
    const own = addForm('Old', 'method="post"');
    setCookie('csrftoken', 'CookieOfTheSession');
    rememberCsrfToken(csrf, 'OlderAnswer', document, null);
    expect(own.querySelector('input')!.value).to.equal('CookieOfTheSession');
    clearCookies();
  });

  it('leaves the fields alone when the answer carries no token', () => {
    const own = addForm('Kept', 'method="post"');
    rememberCsrfToken(csrf, undefined);
    expect(own.querySelector('input')!.value).to.equal('Kept');
  });
});
