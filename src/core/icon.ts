/**
 * The loyalty icon's button, painted without React and without the store (docs/loyalty-widget.md "Member and
 * guest"): labelled with the configured call to action, else the built-in label in the element's language, classed
 * `in` for a member with a first name and `out` otherwise, and opening auth. What it shows and what a press does
 * come from its source: the first chunk's (the panel's attributes, a guest until the start says otherwise, a press
 * kept for the start chunk), then the start chunk's (the page's store, ./element-wiring.ts), taken over by the same
 * button, so focus and a press in progress stay.
 */
import { esFirstPaint, loadFirstPaintTexts } from '../i18n/first-paint';
import { languageFor, type Language } from '../i18n/languages';

/** What the icon's button shows. */
export interface IconState {
  /** The configured call to action (`data-cta`), empty for the built-in label. */
  cta: string;
  /** `data-render-icon`: false hides the button. */
  renderIcon: boolean;
  /** Whether the visitor is a member with a first name (`in`). */
  member: boolean;
  /** Whether auth is open (`aria-expanded`). */
  open: boolean;
}

/** Where the button's state comes from and where its presses go. */
export interface IconSource {
  read(): IconState;
  /** The guest pressed the button. */
  press(): void;
  /** The button was put on (+1) or taken off (-1) the page: a rendered icon makes auth a modal. */
  count(delta: 1 | -1): void;
}

/** The icon's button, following one source and then another. */
export interface IconPaint {
  /** Takes its state from `source` from now on (the count moves to it). */
  follow(source: IconSource): void;
  /** Paints again from the source's state. */
  render(): void;
  /** Takes the button away and stops following. */
  stop(): void;
}

/** Whether the page turned the icon off with `<meta name="renderIcon" content="false">` (the page meta of docs/loyalty-widget.md). */
function pageHidesIcon(): boolean {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="renderIcon"]');
  return meta?.content.trim().toLowerCase() === 'false';
}

/** The built-in labels loaded so far, by language (Spanish is in the first payload). */
const labels = new Map<Language, string>([['es', esFirstPaint.icon.label]]);

/**
 * Paints the icon's button into the host's shadow root, before `before` (the React part's container, when there
 * is one), and keeps it in step with its source and the page's language.
 */
export function paintIcon(host: HTMLElement, initial: IconSource, before: () => Node | null): IconPaint {
  const root = host.shadowRoot!;
  let source = initial;
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('part', 'button');
  button.setAttribute('aria-haspopup', 'dialog');
  button.addEventListener('click', () => source.press());
  button.addEventListener('pointerenter', () => showWholeLabelWhenTruncated(button));
  let counted = false;
  let stopped = false;

  const render = () => {
    if (stopped) return;
    const { cta, renderIcon, member, open } = source.read();
    const rendered = renderIcon && !pageHidesIcon();
    if (rendered !== counted) {
      counted = rendered;
      source.count(rendered ? 1 : -1);
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
    button.className = `loyalty-icon ${member ? 'in' : 'out'}`;
    button.setAttribute('aria-expanded', String(open));
    if (button.textContent !== label) button.textContent = label;
    if (!button.isConnected) root.insertBefore(button, before());
  };

  // The element's own lang or any ancestor's may change at runtime (a page's language switcher).
  const languages = new MutationObserver(render);
  languages.observe(host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  render();
  return {
    follow(next) {
      if (counted) source.count(-1);
      counted = false;
      source = next;
      render();
    },
    render,
    stop() {
      stopped = true;
      languages.disconnect();
      button.remove();
      if (counted) source.count(-1);
      counted = false;
    },
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
