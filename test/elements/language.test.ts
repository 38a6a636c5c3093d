import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { de } from '../../src/i18n/de';
import { fr } from '../../src/i18n/fr';
import { pt } from '../../src/i18n/pt';

function iconLabel(icon: Element): string | null | undefined {
  return icon.shadowRoot?.querySelector('[part~="button"]')?.textContent;
}

/** Whether the page has fetched a module whose address ends with the given path. */
function fetched(path: string): boolean {
  return performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(path));
}

describe('element language', () => {
  it('loads a language only when an element speaks it, the icon only its first-paint words', async () => {
    // Nothing in this file imports the Dutch texts: only the widget's on-demand imports can fetch them.
    expect(fetched('/src/i18n/first-paint/nl.ts'), 'Dutch before any Dutch element').to.equal(false);
    const root = await fixture<HTMLElement>(html`<div lang="nl"><loyalty-icon></loyalty-icon></div>`);
    const icon = root.querySelector('loyalty-icon')!;
    await waitUntil(() => iconLabel(icon) === 'Loyaliteitsclub', 'Dutch label');
    expect(fetched('/src/i18n/first-paint/nl.ts'), 'Dutch once a Dutch element shows').to.equal(true);
    // The panel's Dutch texts travel with the React part, which the icon's paint does not load.
    expect(fetched('/src/i18n/nl.ts'), 'the full Dutch resource before the panel').to.equal(false);
  });

  it('is Spanish by default and follows the element lang, independently per element', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <loyalty-icon data-render-icon="true"></loyalty-icon>
      <div lang="en"><loyalty-icon></loyalty-icon></div>
      <loyalty-icon lang="fr"></loyalty-icon>
      <div lang="pt-BR"><loyalty-icon></loyalty-icon></div>
      <div lang="ja"><loyalty-icon></loyalty-icon></div>
    </div>`);
    const [spanish, english, french, portuguese, japanese] = [...root.querySelectorAll('loyalty-icon')];
    await waitUntil(() => [spanish, english, french, portuguese, japanese].every((icon) => iconLabel(icon!)), 'icons rendered');
    expect(iconLabel(spanish!)).to.equal('Club de fidelidad');
    expect(iconLabel(english!)).to.equal('Loyalty club');
    expect(iconLabel(french!)).to.equal(fr.icon.label);
    expect(iconLabel(portuguese!)).to.equal(pt.icon.label);
    expect(iconLabel(japanese!), 'an unsupported language gives Spanish').to.equal('Club de fidelidad');
  });

  it('switches at runtime when an ancestor lang changes, keeping the old language until the new one loads', async () => {
    const root = await fixture<HTMLElement>(html`<div lang="es"><loyalty-icon></loyalty-icon></div>`);
    const icon = root.querySelector('loyalty-icon')!;
    await waitUntil(() => iconLabel(icon) === 'Club de fidelidad', 'Spanish first');
    const seen = new Set<string>();
    const observer = new MutationObserver(() => seen.add(iconLabel(icon) ?? '(none)'));
    observer.observe(icon.shadowRoot!, { subtree: true, childList: true, characterData: true });
    root.setAttribute('lang', 'de-AT');
    await waitUntil(() => iconLabel(icon) === de.icon.label, 'German after the switch');
    observer.disconnect();
    expect([...seen].filter((label) => label !== de.icon.label && label !== 'Club de fidelidad'), 'never blank in between').to.deep.equal([]);
    root.setAttribute('lang', 'en-GB');
    await waitUntil(() => iconLabel(icon) === 'Loyalty club', 'English after a second switch');
  });
});
