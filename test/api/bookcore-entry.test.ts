/**
 * `loyalty-elements/bookcore` in a browser page: every call of docs/bookcore-contract.md through a client with no options (the
 * addresses relative to the page, the page's csrftoken cookie on POSTs) reaches the dev bookcore mounted on the
 * page's origin, as the transport sends it. test/lib/bookcore-entry.node.test.mjs does the same from Node.
 */
import { expect } from '@open-wc/testing';
import { createBookcoreClient, DEFAULT_ENDPOINTS } from '../../src/bookcore';
import { asExpected, transportProblems, walkEverySection7Call, withoutCalls } from '../support/bookcore-walk';
import { allRecordedRequests, clearRecordedRequests, mailbox, primeCsrfCookie, resetServer } from './dev-server';

describe('loyalty-elements/bookcore in a page', () => {
  beforeEach(async () => {
    await resetServer();
    await primeCsrfCookie();
    await clearRecordedRequests();
  });

  afterEach(() => {
    document.cookie = 'loyalty_walk=; path=/; max-age=0';
  });

  it('makes every docs/bookcore-contract.md call against the dev bookcore, as the transport sends it', async () => {
    const client = createBookcoreClient();
    const expected = await walkEverySection7Call(client, {
      requests: allRecordedRequests,
      clearRequests: clearRecordedRequests,
      mailbox,
      standinKeyPem: async () => (await fetch('/demo/stand-in-keys/social-signing-key.pem')).text(),
    });
    const logged = await allRecordedRequests();
    expect(logged.map(asExpected)).to.deep.equal(withoutCalls(expected));
    expect(logged.flatMap(transportProblems)).to.deep.equal([]);
    // The set-cookie call set its cookie on the page.
    expect(document.cookie).to.include('loyalty_walk=visto');
  });

  it('hands the page token to the page origin only, and a configured token to any', async () => {
    const seen: { url: string; token: string | null }[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push({ url: String(input), token: new Headers(init?.headers).get('X-CSRFToken') });
      return Promise.resolve(new Response('{"success": true}', { headers: { 'Content-Type': 'application/json' } }));
    };
    const pageToken = await primeCsrfCookie();
    await createBookcoreClient({ fetch: recordingFetch }).loyalty.logout();
    await createBookcoreClient({ fetch: recordingFetch, baseUrl: location.origin }).loyalty.logout();
    await createBookcoreClient({ fetch: recordingFetch, baseUrl: 'https://other.example' }).loyalty.logout();
    await createBookcoreClient({ fetch: recordingFetch, baseUrl: 'https://other.example', csrfToken: 'given' }).loyalty.logout();
    expect(seen).to.deep.equal([
      { url: DEFAULT_ENDPOINTS.logout, token: pageToken },
      { url: `${location.origin}${DEFAULT_ENDPOINTS.logout}`, token: pageToken },
      { url: `https://other.example${DEFAULT_ENDPOINTS.logout}`, token: null },
      { url: `https://other.example${DEFAULT_ENDPOINTS.logout}`, token: 'given' },
    ]);
  });
});
