/**
 * A part that failed to load does not take the guest's press away (docs/reliability.md "Lazy parts recover"; found end to end against
 * the build, test/e2e/lazy-recovery.test.mjs): the guest's next action anywhere retries the load, and a retry that
 * suspended would hide the section, with the button under the pointer, between press and release. A page of its
 * own: the social buttons' module must not have loaded before (a browser keeps a module it loaded once).
 */
import { expect } from '@open-wc/testing';
import '../../elements/index';
import { injectFault, pendingFaults, resetServer } from '../api/dev-server';
import { pressAndRelease } from '../support/pointer';
import { buttonByText, control, eventually, mountPage, part, removePages, STANDIN_SDKS, watchUncaught } from './support/widget-page';

// Chromium only: Firefox and WebKit keep a source module whose fetch failed, so the retry a press starts fails at
// once there (the build asks at a fresh address instead, src/lib/fresh-import.ts), and in a full run WebKit once
// did not reach SIGNIN after the press ("SIGNIN after one press"); passing alone in both. (Chromium then failed the
// same way in a full run: the retry, started on pointerdown, loaded the part before pointerup; it starts on click
// now, src/components/recoverable-lazy.tsx.) The press beside a failed
// part is proven against the build in Chromium and Firefox by test/e2e/lazy-recovery.test.mjs's deploy case
// (docs/development.md "Browser engines").
const itInChromium = /Chrome\//.test(navigator.userAgent) ? it : it.skip;

describe('a part that failed to load', function () {
  this.timeout(30_000);

  itInChromium('keeps the rest of its section pressable: the retry a press starts keeps the message and suspends nothing', async () => {
    await resetServer();
    const uncaught = watchUncaught();
    try {
      // Every try of the social buttons' module fails; Chromium fetches it again on the press's retry.
      await injectFault({ path: '/src/components/social/SocialProviders.tsx', status: 503, times: 3 });
      const panel = mountPage(`<loyalty-panel data-active-section="PRE_SIGNUP" ${STANDIN_SDKS}></loyalty-panel>`).querySelector('loyalty-panel')!;
      expect(await eventually(() => part(panel, 'load-failure'), 10_000), 'the load-failure message').to.not.equal(false);
      // The failure came from the server, not from a module the page already had.
      const [fault] = await pendingFaults();
      expect(fault?.remaining ?? 0, 'tries of the module that reached the server').to.be.lessThan(3);
      await pressAndRelease(buttonByText(panel, 'Inicia sesión')!);
      expect(await eventually(() => panel.getAttribute('section') === 'SIGNIN' && control(panel, 'email'), 10_000), 'SIGNIN after one press').to.not.equal(false);
    } finally {
      removePages();
      uncaught.stop();
    }
    expect(uncaught.errors, 'uncaught errors').to.deep.equal([]);
  });
});
