import { expect } from '@open-wc/testing';
import { createRuntime, pageRuntime, providePageRuntime } from '../../src/core/runtime';
import { readCsrfToken, rememberCsrfToken, setCsrfCookieName } from '../../src/lib/csrf/token';
import { requestOptionsAtom, sectionAtom } from '../../src/state/store';

// docs/architecture.md "The runtime": what is page-wide is one runtime, made per page and passed in; a test makes its own.

describe('the runtime', () => {
  it('two runtimes share nothing: store, transport, anti-forgery state', () => {
    const one = createRuntime();
    const other = createRuntime();
    one.store.set(sectionAtom, 'SIGNUP');
    expect(other.store.get(sectionAtom), "one runtime's section is not the other's").to.not.equal('SIGNUP');
    expect(one.transport).to.not.equal(other.transport);
    expect(one.store.get(requestOptionsAtom).transport, "a store's actions go through its own runtime's transport").to.equal(one.transport);
    // A page without cookies or forms (undefined would mean this test page, whose cookies an earlier file may have set).
    const blank = document.implementation.createHTMLDocument('');
    rememberCsrfToken(one.transport.csrf, 'OnlyTheFirstRuntimes', blank);
    setCsrfCookieName(one.transport.csrf, 'bookcore_csrf');
    expect(readCsrfToken(one.transport.csrf, blank)).to.equal('OnlyTheFirstRuntimes');
    expect(readCsrfToken(other.transport.csrf, blank), "a token one page's runtime took is not another's").to.equal(null);
    expect(other.transport.csrf.cookieName).to.equal('csrftoken');
  });

  it('each store gives its own transport the call that asks bookcore for a fresh token after a refusal', () => {
    const runtime = createRuntime();
    expect(runtime.transport.csrf.refresh, 'the store gives its transport a refresher').to.be.a('function');
    expect(createRuntime().transport.csrf.refresh).to.not.equal(runtime.transport.csrf.refresh);
  });

  it("the page's runtime is one, shared by every copy of the library through one registered symbol", () => {
    const page = pageRuntime();
    expect(pageRuntime()).to.equal(page);
    const holder = globalThis as unknown as Record<symbol, unknown>;
    expect(holder[Symbol.for('loyalty-elements.runtime')], 'where a second copy finds it').to.equal(page);
    const own = createRuntime();
    providePageRuntime(own);
    expect(pageRuntime()).to.equal(own);
  });
});
