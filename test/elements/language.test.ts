import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/index';

function iconLabel(icon: Element): string | null | undefined {
  return icon.shadowRoot?.querySelector('[part~="button"]')?.textContent;
}

describe('element language', () => {
  it('is Spanish by default and follows the element lang, independently per element', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-icon data-render-icon="true"></loyalty-icon>
      <div lang="en"><loyalty-icon></loyalty-icon></div>
    </div>`);
    const [spanish, english] = [...root.querySelectorAll('loyalty-icon')];
    await waitUntil(() => iconLabel(spanish!) && iconLabel(english!), 'icons rendered');
    expect(iconLabel(spanish!)).to.equal('Club de fidelidad');
    expect(iconLabel(english!)).to.equal('Loyalty club');
  });

  it('switches at runtime when an ancestor lang changes', async () => {
    const root = await fixture<HTMLElement>(html`<div lang="es"><loyalty-icon></loyalty-icon></div>`);
    const icon = root.querySelector('loyalty-icon')!;
    await waitUntil(() => iconLabel(icon) === 'Club de fidelidad', 'Spanish first');
    root.setAttribute('lang', 'en-GB');
    await waitUntil(() => iconLabel(icon) === 'Loyalty club', 'English after the switch');
  });
});
