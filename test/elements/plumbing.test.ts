import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { LoyaltyPanelElement } from '../../elements/loyalty-panel';
import { defineElement } from '../../elements/define';
import { settingsAtom } from '../../src/state/session';
import { configAtom, sectionAtom } from '../../src/state/store';
import { pageRuntime } from '../../src/core/runtime';

function shadowOf(el: Element): ShadowRoot {
  expect(el.shadowRoot, `${el.localName} has an open shadow root`).to.be.instanceOf(ShadowRoot);
  return el.shadowRoot!;
}

describe('element plumbing', () => {
  afterEach(() => {
    pageRuntime().store.set(sectionAtom, 'PRE_SIGNUP');
  });

  it('defines the four tags', () => {
    for (const tag of ['loyalty-icon', 'loyalty-panel', 'loyalty-tooltip', 'package-cart']) {
      expect(customElements.get(tag), tag).to.be.a('function');
    }
  });

  it('ignores a second definition of a tag instead of throwing', () => {
    const first = customElements.get('loyalty-panel');
    expect(() => defineElement('loyalty-panel', class extends HTMLElement {})).not.to.throw();
    expect(customElements.get('loyalty-panel')).to.equal(first);
    expect(first).to.equal(LoyaltyPanelElement);
  });

  it('renders the icon inside an open shadow root with its cta from the panel configuration', async () => {
    await fixture(html`<loyalty-panel data-cta="Únete al club"></loyalty-panel>`);
    const icon = await fixture(html`<loyalty-icon></loyalty-icon>`);
    await waitUntil(() => shadowOf(icon).querySelector('[part="button"]'), 'icon rendered');
    expect(shadowOf(icon).querySelector('[part="button"]')!.textContent).to.equal('Únete al club');
    // Its own sheet first, once; the notification it hosts may add its own once the settings are in (WebKit's were
    // at times, before this check).
    const sheets = shadowOf(icon).adoptedStyleSheets;
    expect(sheets.length).to.be.greaterThan(0);
    expect(new Set(sheets).size, 'no sheet adopted twice').to.equal(sheets.length);
    expect([...sheets[0]!.cssRules].map((rule) => rule.cssText).join('\n')).to.contain('part="button"');
  });

  it('shares one store: a section change reaches the panel and is reflected and announced', async () => {
    const panel = await fixture<HTMLElement>(html`<loyalty-panel></loyalty-panel>`);
    await waitUntil(() => panel.getAttribute('section') === 'PRE_SIGNUP', 'initial section reflected');
    const announced = oneEvent(panel, 'loyalty-section');
    pageRuntime().store.set(sectionAtom, 'SIGNIN');
    const event = (await announced) as CustomEvent<{ section: string }>;
    expect(event.detail.section).to.equal('SIGNIN');
    expect(event.bubbles && event.composed).to.equal(true);
    expect(panel.getAttribute('section')).to.equal('SIGNIN');
  });

  it('warns about a malformed attribute, names it, and still upgrades with the default', async () => {
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const panel = await fixture<HTMLElement>(
        html`<loyalty-panel data-is-desktop="maybe" data-signin="javascript:alert(1)" data-domain="http://127.0.0.1:9/"></loyalty-panel>`,
      );
      expect(panel).to.be.instanceOf(LoyaltyPanelElement);
    } finally {
      console.warn = original;
    }
    const text = warnings.map((args) => String(args[0])).join('\n');
    expect(text).to.contain('data-is-desktop="maybe"');
    expect(text).to.contain('data-signin="javascript:alert(1)"');
    const config = pageRuntime().store.get(configAtom);
    expect(config.isDesktop).to.equal(false);
    expect(config.endpoints.signin).to.equal('/bookcore/loyalty/ajax/signin/');
    expect(config.domain).to.equal('http://127.0.0.1:9');
  });

  it('puts a default back when a configuration attribute is removed', async () => {
    const panel = await fixture<HTMLElement>(html`<loyalty-panel data-cta="Hola"></loyalty-panel>`);
    expect(pageRuntime().store.get(configAtom).cta).to.equal('Hola');
    panel.removeAttribute('data-cta');
    expect(pageRuntime().store.get(configAtom).cta).to.equal('');
  });

  it('passes axe', async () => {
    const panel = await fixture<HTMLElement>(html`<div><loyalty-panel></loyalty-panel><loyalty-icon></loyalty-icon><package-cart></package-cart><loyalty-tooltip></loyalty-tooltip></div>`);
    const icon = panel.querySelector('loyalty-icon')!;
    await waitUntil(() => icon.shadowRoot!.querySelector('button'));
    await waitUntil(() => ['ready', 'failed'].includes(pageRuntime().store.get(settingsAtom).status), 'settings settled');
    // The notification fades in (once per session, so it may not come); axe measures the contrast of what is
    // painted, so once it is there let its animation finish.
    await waitUntil(() => icon.shadowRoot!.querySelector('[part~="notification"]'), 'notification', { timeout: 1500 }).catch(() => undefined);
    await waitUntil(() => icon.shadowRoot!.getAnimations().every((animation) => animation.playState !== 'running'), 'animations settled', { timeout: 3000 });
    await expect(panel).to.be.accessible();
  });
});
