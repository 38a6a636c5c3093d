/**
 * The confirmation that a sign-out happened (docs/loyalty-widget.md "After sign-in"): on the page the sign-out
 * navigated to, a short text at the top of the viewport in a polite status region, "Has cerrado sesión" in the
 * element's language, for {@link SIGNED_OUT_NOTICE_MS}. The sign-out leaves a session flag (no personal data); the
 * start takes it, so it shows once. A chunk of its own, loaded only then (./widget-host.ts).
 */
import { loadFirstPaintTexts } from '../i18n/first-paint';
import { languageFor } from '../i18n/languages';
import css from '../../styles/signed-out-notice.css';
import { adoptSheets, builtInSheet } from './stylesheets';

/** How long the confirmation stays. */
export const SIGNED_OUT_NOTICE_MS = 6_000;

/**
 * Shows the confirmation in `host`'s shadow root (after the icon's button when it is an icon).
 *
 * @returns a function that takes it away at once.
 */
export function showSignedOutNotice(host: HTMLElement): () => void {
  const root = host.shadowRoot!;
  const releaseSheets = adoptSheets(root, [builtInSheet(css, true)]);
  // The region is in the page, empty, before its text comes: a screen reader announces a change of a live region.
  const notice = document.createElement('div');
  notice.setAttribute('part', 'signed-out-notice');
  notice.setAttribute('role', 'status');
  notice.setAttribute('aria-live', 'polite');
  const button = root.querySelector('[part="button"]');
  if (button) button.after(notice);
  else root.append(notice);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    clearTimeout(timer);
    notice.remove();
    releaseSheets();
  };
  void loadFirstPaintTexts(languageFor(host)).then(
    (texts) => {
      if (!notice.isConnected) return;
      notice.textContent = texts.notice.signedOut;
      timer = setTimeout(remove, SIGNED_OUT_NOTICE_MS);
    },
    remove,
  );
  return remove;
}
