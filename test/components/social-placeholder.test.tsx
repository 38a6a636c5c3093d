/**
 * The social buttons' place is held while they load (the first click lands): the buttons come after
 * their code and each provider's SDK, from the provider's server; when they pushed the e-mail form down on
 * arrival, a guest's press on the form or its links landed elsewhere. A page of its own: the stand-in SDKs must
 * not have loaded before (the failing one comes first: a provider's SDK that loaded serves every later button).
 */
import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { injectFault, resetServer } from '../api/dev-server';
import { STANDIN_SDKS } from '../hardening/support/widget-page';

/** Whether the page has fetched a module whose address ends with the given path. */
function fetched(path: string): boolean {
  return performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(path));
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

describe('the social buttons\' place', function () {
  this.timeout(20_000);

  beforeEach(async () => {
    await resetServer();
  });

  it('is given up by a provider whose SDK failed, and the buttons\' code is never fetched', async () => {
    const panel = (
      await fixture<HTMLElement>(
        `<div><loyalty-panel data-active-section="SIGNIN" data-google-sdk-url="/sdk/missing-gsi.js" data-facebook-sdk-url="/sdk/missing-facebook.js"></loyalty-panel></div>`,
      )
    ).querySelector('loyalty-panel')!;
    await waitUntil(() => panel.shadowRoot?.querySelector('[name="email"]'), 'the sign-in form', { timeout: 5000 });
    await waitUntil(
      () => !panel.shadowRoot?.querySelector('[part~="social-loading"], [part~="social-placeholder"]'),
      'no place held once both SDKs failed',
      { timeout: 8000 },
    );
    expect(panel.shadowRoot!.querySelector('[part~="social"]')).to.equal(null);
    // No button can show without its SDK: the providers' code (docs/loyalty-widget.md "Social login") waits for one.
    expect(fetched('/src/components/social/SocialProviders.tsx'), 'the providers\' code, with no SDK to draw its buttons').to.equal(false);
  });

  it('is held while they load: the e-mail form below does not move when they arrive', async () => {
    // The providers' SDKs arrive a second late, as on a slow network.
    await injectFault({ path: '/sdk/*', delayMs: 1000, times: 4 });
    const panel = (await fixture<HTMLElement>(`<div><loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel></div>`)).querySelector('loyalty-panel')!;
    await waitUntil(() => panel.shadowRoot?.querySelector('[name="email"]'), 'the sign-in form', { timeout: 5000 });
    const email = panel.shadowRoot!.querySelector<HTMLInputElement>('[name="email"]')!;
    await nextFrame();
    const before = email.getBoundingClientRect().top;
    expect(panel.shadowRoot!.querySelector('[part~="social"]'), 'the buttons still on their way').to.equal(null);
    await expect(panel).to.be.accessible();
    await waitUntil(() => panel.shadowRoot?.querySelector('[part~="social"] [part~="social-button"]'), 'the social buttons', { timeout: 8000 });
    await nextFrame();
    expect(email.getBoundingClientRect().top, 'the e-mail field where it was').to.equal(before);
    expect(panel.shadowRoot!.querySelector('[part~="social-loading"]')).to.equal(null);
  });
});
