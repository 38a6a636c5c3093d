import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { primeCsrfCookie, resetServer } from '../api/dev-server';
import { createRuntime, providePageRuntime } from '../../src/core/runtime';

describe('<loyalty-panel> through its tag', () => {
  let restoreNavigator: () => void = () => undefined;

  beforeEach(async () => {
    await resetServer();
    const token = await primeCsrfCookie();
    await fetch('/bookcore/partempresas/ajax/logout/', { method: 'POST', headers: { 'X-CSRFToken': token } });
    providePageRuntime(createRuntime());
    restoreNavigator = setPageNavigator({ assign: () => undefined, reload: () => undefined });
  });

  afterEach(() => restoreNavigator());

  it('renders its first section inline, reflected in the section attribute, axe clean', async () => {
    const panel = await fixture<HTMLElement>(html`<loyalty-panel data-active-section="SIGNIN" data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"></loyalty-panel>`);
    await waitUntil(() => panel.shadowRoot?.querySelector('[data-section="SIGNIN"] h2'), 'SIGNIN rendered', { timeout: 5000 });
    expect(panel.getAttribute('section')).to.equal('SIGNIN');
    expect(panel.shadowRoot!.querySelector('h2')!.textContent).to.equal('Inicia sesión');
    expect(panel.shadowRoot!.querySelector('[name="email"]')).to.exist;
    await expect(panel).to.be.accessible();
  });

  it('moves to another section by a link and announces it with loyalty-section', async () => {
    const panel = await fixture<HTMLElement>(html`<loyalty-panel data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"></loyalty-panel>`);
    await waitUntil(() => panel.shadowRoot?.querySelector('[data-section="PRE_SIGNUP"] h2'), 'PRE_SIGNUP rendered', { timeout: 5000 });
    const sections: string[] = [];
    panel.addEventListener('loyalty-section', (event) => sections.push((event as CustomEvent<{ section: string }>).detail.section));
    const link = Array.from(panel.shadowRoot!.querySelectorAll('button')).find((button) => button.textContent === 'Inicia sesión')!;
    link.click();
    await waitUntil(() => panel.getAttribute('section') === 'SIGNIN', 'SIGNIN reflected');
    expect(sections).to.deep.equal(['SIGNIN']);
  });
});
