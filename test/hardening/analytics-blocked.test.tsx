/**
 * The analytics chunk blocked, as a content blocker blocks it (docs/reliability.md, "Optional parts"): the dev
 * server drops every request for the analytics layer's module (a network error), before the page first asks for
 * it. Analytics is optional: the cart, sign-in with SIGNIN_SUCCESS's sign-out button, sign-up and recovery all
 * work without it, and the page says once, in the console, that events are not sent. In every engine: the fault
 * stays for the page's life, so no module needs fetching again.
 */
import { expect } from '@open-wc/testing';
import '../../elements/index';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { injectFault, resetServer } from '../api/dev-server';
import { buttonByText, control, eventually, fillIn, mountPage, part, removePages, STANDIN_SDKS, watchUncaught } from './support/widget-page';

const DATA_LAYER = '/src/lib/analytics/data-layer.ts';

describe('the analytics chunk blocked', function () {
  this.timeout(40_000);
  let uncaught: ReturnType<typeof watchUncaught>;
  let restoreNavigator: () => void = () => undefined;
  const warnings: string[] = [];
  const realWarn = console.warn;

  before(() => {
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      realWarn(...args);
    };
  });

  after(async () => {
    console.warn = realWarn;
    await resetServer();
  });

  beforeEach(async () => {
    // A visitor each time (the first case signs in), and the module blocked again (a reset clears the faults).
    await resetServer();
    await injectFault({ path: DATA_LAYER, drop: true });
    uncaught = watchUncaught();
    restoreNavigator = setPageNavigator({ assign: () => undefined, reload: () => undefined });
  });

  afterEach(() => {
    restoreNavigator();
    removePages();
    uncaught.stop();
    expect(uncaught.errors, 'uncaught errors').to.deep.equal([]);
  });

  it('the cart shows, and sign-in reaches SIGNIN_SUCCESS with its sign-out button', async () => {
    const page = mountPage(`<package-cart></package-cart><loyalty-panel data-active-section="SIGNIN" ${STANDIN_SDKS}></loyalty-panel>`);
    const cart = page.querySelector('package-cart')!;
    const panel = page.querySelector('loyalty-panel')!;
    const logins: unknown[] = [];
    panel.addEventListener('loyalty-login', (event) => logins.push((event as CustomEvent).detail));
    expect(await eventually(() => part(cart, 'cart'), 15_000), 'the cart').to.not.equal(false);
    expect(await eventually(() => control(panel, 'email'), 15_000), 'the sign-in form').to.not.equal(false);
    fillIn(control(panel, 'email')!, 'ana@example.com');
    fillIn(control(panel, 'password')!, 'Loyalty2026!');
    buttonByText(panel, 'Iniciar sesión')!.click();
    expect(await eventually(() => logins.length > 0, 10_000), 'loyalty-login').to.equal(true);
    expect(await eventually(() => part(panel, 'sign-out'), 10_000), "SIGNIN_SUCCESS's sign-out button").to.not.equal(false);
    expect(part(panel, 'load-failure')).to.equal(null);
    expect(part(cart, 'load-failure')).to.equal(null);
  });

  for (const [section, name] of [['SIGNUP', 'sign-up'], ['PASS_RECOVERY', 'recovery']] as const) {
    it(`${name} shows its form`, async () => {
      const panel = mountPage(`<loyalty-panel data-active-section="${section}" ${STANDIN_SDKS}></loyalty-panel>`).querySelector('loyalty-panel')!;
      expect(await eventually(() => control(panel, 'email'), 15_000), `the ${name} form`).to.not.equal(false);
      expect(part(panel, 'load-failure')).to.equal(null);
    });
  }

  it('says once, in the console, that events are not sent', () => {
    expect(warnings.filter((text) => text.includes('Analytics blocked or offline')), JSON.stringify(warnings)).to.have.length(1);
    expect(warnings.filter((text) => text.includes('could not be loaded: ')), 'no part of the widget failed').to.deep.equal([]);
  });
});
