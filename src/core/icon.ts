/**
 * The loyalty icon's button, painted without React (docs/loyalty-widget.md "Member and guest"): labelled with the
 * configured call to action, else the built-in label in the element's language, classed `in` for a member with a
 * first name and `out` otherwise, and opening auth. While it is rendered it counts in `iconCountAtom`, which makes
 * auth a modal. The notification under it is the React part's (src/components/react-part.tsx).
 */
import { esFirstPaint, loadFirstPaintTexts } from '../i18n/first-paint';
import { languageFor, type Language } from '../i18n/languages';
import { trackLoyaltyEvent } from '../lib/analytics/track';
import { emit } from '../lib/events';
import { authOpenAtom, isMemberAtom, openAuthAtom } from '../state/session';
import { configAtom, iconCountAtom, type getLoyaltyStore } from '../state/store';

type Store = ReturnType<typeof getLoyaltyStore>;

/** Whether the page turned the icon off with `<meta name="renderIcon" content="false">` (the page meta of docs/loyalty-widget.md). */
function pageHidesIcon(): boolean {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="renderIcon"]');
  return meta?.content.trim().toLowerCase() === 'false';
}

/** The built-in labels loaded so far, by language (Spanish is in the first payload). */
const labels = new Map<Language, string>([['es', esFirstPaint.icon.label]]);

/**
 * Paints the icon's button into the host's shadow root, before `before` (the React part's container, when there
 * is one), and keeps it in step with the store and the page's language.
 *
 * @returns a function that takes the button away and stops following.
 */
export function paintIcon(host: HTMLElement, store: Store, before: () => Node | null): () => void {
  const root = host.shadowRoot!;
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('part', 'button');
  button.setAttribute('aria-haspopup', 'dialog');
  button.addEventListener('click', () => {
    const section = store.set(openAuthAtom);
    emit(host, 'loyalty-open', { section });
    void trackLoyaltyEvent('open_loyalty_modal');
  });
  button.addEventListener('pointerenter', () => showWholeLabelWhenTruncated(button));
  let counted = false;
  let stopped = false;

  const render = () => {
    if (stopped) return;
    const { cta, renderIcon } = store.get(configAtom);
    const rendered = renderIcon && !pageHidesIcon();
    if (rendered !== counted) {
      counted = rendered;
      store.set(iconCountAtom, (count) => count + (rendered ? 1 : -1));
    }
    const language = languageFor(host);
    // Painted with the configured call to action, else the built-in label: Spanish at once, another language once
    // its texts have loaded (the button waits for them rather than flash Spanish).
    const label = cta || labels.get(language);
    if (rendered && label === undefined) {
      // During a switch the old label stays until the new language's has loaded; a first paint waits for it.
      void loadFirstPaintTexts(language).then(
        (resource) => labels.set(language, resource.icon.label),
        () => labels.set(language, esFirstPaint.icon.label),
      ).then(render);
      if (button.isConnected) return;
    }
    if (!rendered || label === undefined) {
      button.remove();
      return;
    }
    button.className = `loyalty-icon ${store.get(isMemberAtom) ? 'in' : 'out'}`;
    button.setAttribute('aria-expanded', String(store.get(authOpenAtom)));
    if (button.textContent !== label) button.textContent = label;
    if (!button.isConnected) root.insertBefore(button, before());
  };

  const unsubscribes = [configAtom, isMemberAtom, authOpenAtom].map((atom) => store.sub(atom, render));
  // The element's own lang or any ancestor's may change at runtime (a page's language switcher).
  const languages = new MutationObserver(render);
  languages.observe(host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  render();
  return () => {
    stopped = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
    languages.disconnect();
    button.remove();
    if (counted) store.set(iconCountAtom, (count) => count - 1);
  };
}

/**
 * A header that squeezes the icon truncates its label to one line with an ellipsis (loyalty-icon.css): the
 * button's text, its accessible name, stays whole, and while it is cut the whole label is its tooltip (`title`)
 * for sighted pointer users. Decided as the pointer comes over it, which is when a `title` shows, whatever the
 * button's size or label did before.
 */
function showWholeLabelWhenTruncated(button: HTMLButtonElement): void {
  const label = button.textContent ?? '';
  if (button.scrollWidth > button.clientWidth && label) button.title = label;
  else button.removeAttribute('title');
}
