/**
 * Optional chunks that stall (docs/reliability.md, "Optional parts"): the dev server never answers the request for
 * the module. A guest's action waits for such a chunk at most OPTIONAL_WAIT_MS (src/lib/optional-wait.ts): sign-in
 * announces itself (`loyalty-login`) and navigates though the analytics layer never arrives; a POST refused for
 * CSRF reaches its caller though the warning's texts never arrive. Each case stalls a module the page has not
 * asked for yet, in every engine.
 */
import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import '../../elements/index';
import { postForm } from '../../src/api/http';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { OPTIONAL_WAIT_MS } from '../../src/lib/optional-wait';
import { injectFault, resetServer } from '../api/dev-server';
import { buttonByText, control, eventually, fillIn, mountPage, removePages, STANDIN_SDKS, watchUncaught } from './support/widget-page';

const DROP = '/bookcore/shopping-cart/drop/';

/** Beyond the bound: the time a loaded machine may add to the sign-in's own answer and the reload's call. */
const SLACK_MS = 2_500;

describe('optional chunks that stall', function () {
  this.timeout(30_000);
  let uncaught: ReturnType<typeof watchUncaught>;

  beforeEach(async () => {
    await resetServer();
    uncaught = watchUncaught();
  });

  afterEach(async () => {
    removePages();
    uncaught.stop();
    // Releases the stalled module requests.
    await resetServer();
    expect(uncaught.errors, 'uncaught errors').to.deep.equal([]);
  });

  it('pins the bound at 1 s', () => {
    expect(OPTIONAL_WAIT_MS).to.equal(1_000);
  });

  it('the analytics chunk stalled: sign-in emits loyalty-login and navigates within the bound', async () => {
    await injectFault({ path: '/src/lib/analytics/data-layer.ts', hang: true });
    const navigations: string[] = [];
    const restore = setPageNavigator({ assign: (url) => navigations.push(url), reload: () => navigations.push('reload') });
    try {
      const panel = mountPage(`<loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel>`).querySelector('loyalty-panel')!;
      let answeredAt = 0;
      let loggedInAt = 0;
      panel.addEventListener('loyalty-login', () => void (loggedInAt = performance.now()));
      expect(await eventually(() => control(panel, 'email'), 15_000), 'the sign-in form').to.not.equal(false);
      fillIn(control(panel, 'email')!, 'ana@example.com');
      fillIn(control(panel, 'password')!, 'Loyalty2026!');
      const realFetch = window.fetch;
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const response = await realFetch(...args);
        if (String(args[0] instanceof Request ? args[0].url : args[0]).includes('/ajax/signin/')) answeredAt = performance.now();
        return response;
      };
      try {
        buttonByText(panel, 'Iniciar sesión')!.click();
        expect(await eventually(() => loggedInAt > 0 && navigations.length > 0, OPTIONAL_WAIT_MS + SLACK_MS + 3_000), 'loyalty-login and the navigation').to.equal(true);
      } finally {
        window.fetch = realFetch;
      }
      expect(loggedInAt - answeredAt, 'from the answer to loyalty-login (ms)').to.be.below(OPTIONAL_WAIT_MS + SLACK_MS);
    } finally {
      restore();
    }
  });

  it('the CSRF warning chunk stalled: the refused POST reaches its caller within the bound', async () => {
    await injectFault({ path: '/src/lib/csrf/csrf-warning.ts', hang: true });
    // Django's refusal, to every send: the refusal stands however the transport tries again.
    await injectFault({ path: DROP, method: 'POST', status: 403, body: '<h1>Forbidden (403)</h1><p>CSRF verification failed. Request aborted.</p>', contentType: 'text/html' });
    const started = performance.now();
    const outcome = await Promise.race([
      postForm(DROP, {}, v.unknown()).then(
        () => 'accepted',
        (error: unknown) => `refused: ${(error as { status?: number }).status}`,
      ),
      new Promise<string>((resolve) => setTimeout(resolve, OPTIONAL_WAIT_MS + SLACK_MS + 3_000, 'still waiting')),
    ]);
    expect(outcome).to.equal('refused: 403');
    expect(performance.now() - started, 'from the POST to its refusal (ms)').to.be.below(OPTIONAL_WAIT_MS + SLACK_MS);
  });
});
