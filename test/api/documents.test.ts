import { expect } from '@open-wc/testing';
import { fetchLegalDocument } from '../../src/api/documents';
import { ApiError } from '../../src/api/http';
import { injectFault, resetServer, watchFetch } from './dev-server';

describe('fetchLegalDocument', () => {
  beforeEach(async () => {
    await resetServer();
  });

  it('reads the conditions as HTML text, with credentials and Content-Type text/html', async () => {
    // The dev server does not log static files, so the request is observed as it leaves the code.
    const watch = watchFetch();
    let html: string;
    try {
      html = await fetchLegalDocument('/legal/conditions.html');
    } finally {
      watch.restore();
    }
    expect(html).to.match(/^\s*<[a-z][^>]*>/i);
    expect(html).to.equal(await (await fetch('/legal/conditions.html')).text());
    expect(watch.calls).to.have.length(1);
    const { url, init } = watch.calls[0]!;
    expect(url).to.equal('/legal/conditions.html');
    expect(init?.method).to.equal('GET');
    expect(init?.credentials).to.equal('include');
    expect(new Headers(init?.headers).get('Content-Type')).to.equal('text/html');
  });

  it('reads the privacy policy, unparsed', async () => {
    await injectFault({ path: '/legal/privacy.html', status: 200, body: '<h2>Privacidad</h2><p>{"not": "json"}</p>', contentType: 'text/html' });
    expect(await fetchLegalDocument('/legal/privacy.html')).to.equal('<h2>Privacidad</h2><p>{"not": "json"}</p>');
  });

  it('fails with kind http on a missing document', async () => {
    let thrown: unknown;
    try {
      await fetchLegalDocument('/legal/does-not-exist.html');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(ApiError);
    expect((thrown as ApiError).kind).to.equal('http');
    expect((thrown as ApiError).status).to.equal(404);
  });
});
