import { expect } from '@open-wc/testing';
import { defaultStylesheetUrl, projectStylesheetUrl, resolveStylesheets } from '../../src/api/stylesheets';
import { injectFault, resetServer } from './dev-server';

const DEFAULT_SHEET = '/static/builds/loyalty/loyalty.css';

/** Runs `run` with console.warn captured. */
async function capturingWarnings<T>(run: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...parts: unknown[]) => void warnings.push(parts.map(String).join(' '));
  try {
    return { result: await run(), warnings };
  } finally {
    console.warn = original;
  }
}

describe('stylesheet addresses', () => {
  it('puts the default and the project sheet under the static paths', () => {
    expect(defaultStylesheetUrl()).to.equal('/static/builds/loyalty/loyalty.css');
    expect(projectStylesheetUrl('', 'demo-brand')).to.equal('/static/demo-brand/loyalty/loyalty.css');
  });

  it('prefixes the domain without its trailing slashes', () => {
    expect(defaultStylesheetUrl('https://cdn.example/')).to.equal('https://cdn.example/static/builds/loyalty/loyalty.css');
    expect(projectStylesheetUrl('https://cdn.example//', 'b')).to.equal('https://cdn.example/static/b/loyalty/loyalty.css');
  });
});

describe('resolveStylesheets', () => {
  beforeEach(async () => {
    await resetServer();
  });

  it('adopts the default sheet when it answers 200 and there is no project', async () => {
    const { result, warnings } = await capturingWarnings(() => resolveStylesheets({}));
    expect(result).to.deep.equal([DEFAULT_SHEET]);
    expect(warnings).to.deep.equal([]);
  });

  it('adopts the default and the project sheet, default first', async () => {
    const result = await resolveStylesheets({ projectCode: 'demo-brand' });
    expect(result).to.deep.equal([DEFAULT_SHEET, '/static/demo-brand/loyalty/loyalty.css']);
  });

  it('skips a project sheet that answers 404 and warns with its address', async () => {
    const { result, warnings } = await capturingWarnings(() => resolveStylesheets({ projectCode: 'no-such-brand' }));
    expect(result).to.deep.equal([DEFAULT_SHEET]);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('/static/no-such-brand/loyalty/loyalty.css');
    expect(warnings[0]).to.include('404');
  });

  it('skips the default sheet too when it answers 404', async () => {
    await injectFault({ path: DEFAULT_SHEET, status: 404, body: 'Not found', contentType: 'text/plain' });
    const { result, warnings } = await capturingWarnings(() => resolveStylesheets({ projectCode: 'second-brand' }));
    expect(result).to.deep.equal(['/static/second-brand/loyalty/loyalty.css']);
    expect(warnings.join('\n')).to.include(DEFAULT_SHEET);
  });

  it('falls back to the default sheet when the project check fails at the network level', async () => {
    await injectFault({ path: '/static/demo-brand/loyalty/loyalty.css', drop: true });
    await injectFault({ path: DEFAULT_SHEET, status: 404, body: 'Not found', contentType: 'text/plain' });
    const { result, warnings } = await capturingWarnings(() => resolveStylesheets({ projectCode: 'demo-brand' }));
    expect(result).to.deep.equal([DEFAULT_SHEET]);
    expect(warnings.join('\n')).to.include('/static/demo-brand/loyalty/loyalty.css');
  });

  it('falls back to the default sheet when nothing can be reached, and never throws', async () => {
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const { result, warnings } = await capturingWarnings(() =>
      resolveStylesheets({ domain: 'https://cdn.example/', projectCode: 'demo-brand' }, unreachable),
    );
    expect(result).to.deep.equal(['https://cdn.example/static/builds/loyalty/loyalty.css']);
    expect(warnings).to.have.length(2);
  });

  it('checks the sheets under the domain, trailing slash removed', async () => {
    const asked: string[] = [];
    const countingFetch = (input: string, init?: RequestInit) => {
      asked.push(input);
      return fetch(input, init);
    };
    const result = await resolveStylesheets({ domain: `${location.origin}/`, projectCode: 'demo-brand' }, countingFetch);
    const expected = [`${location.origin}/static/builds/loyalty/loyalty.css`, `${location.origin}/static/demo-brand/loyalty/loyalty.css`];
    expect(result).to.deep.equal(expected);
    expect(asked.sort()).to.deep.equal(expected);
  });

  it('uses the given fetch and checks exactly the two addresses', async () => {
    const asked: string[] = [];
    const fakeFetch = (input: string) => {
      asked.push(input);
      return Promise.resolve(new Response('', { status: input.includes('/builds/') ? 200 : 404 }));
    };
    const { result } = await capturingWarnings(() => resolveStylesheets({ domain: 'https://cdn.example', projectCode: 'x' }, fakeFetch));
    expect(asked.sort()).to.deep.equal(['https://cdn.example/static/builds/loyalty/loyalty.css', 'https://cdn.example/static/x/loyalty/loyalty.css']);
    expect(result).to.deep.equal(['https://cdn.example/static/builds/loyalty/loyalty.css']);
  });

  it("finishes each check's request, its body read in the background, instead of leaving it open until the check times out", async () => {
    // A body left unread keeps the request open in the browser (Chromium ended it only at the check's 10 s
    // timeout): the page's network never went quiet, for the guest's later parts or anyone measuring the page.
    const responses: Response[] = [];
    const fakeFetch = (input: string) => {
      const response = new Response('.sheet {}', { status: input.includes('/builds/') ? 200 : 404 });
      responses.push(response);
      return Promise.resolve(response);
    };
    await capturingWarnings(() => resolveStylesheets({ domain: 'https://cdn.example', projectCode: 'x' }, fakeFetch));
    expect(responses.map((response) => response.bodyUsed)).to.deep.equal([true, true]);
  });
});
