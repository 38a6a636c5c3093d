/**
 * What an element shows, without React, when its React part could not be loaded and the guest is waiting for it
 * (the panel they opened, the cart): the load-failure message in the element's language, with a retry button,
 * as the React parts show it for their own lazily loaded parts (docs/reliability.md "Lazy parts recover"). In the
 * modal display the message stands where the panel would, and Escape gives up, as closing the panel does.
 */
import { LOAD_FAILURE_TEXTS } from '../i18n/load-failure';
import { languageFor } from '../i18n/languages';

/** How the message is placed and what its controls do. */
export interface LoadFailureOptions {
  /** Shown over the page, where the modal panel would open; otherwise in the element's place. */
  modal: boolean;
  /** The retry button: the load is tried again, in place (the page is not loaded again). */
  onRetry: () => void;
  /** Escape in the modal message: the guest gives up, as closing the panel. */
  onDismiss: () => void;
}

/**
 * Shows the message in the element's shadow root, its retry focused in the modal display.
 *
 * @returns a function that removes it.
 */
export function showLoadFailure(host: HTMLElement, { modal, onRetry, onDismiss }: LoadFailureOptions): () => void {
  const texts = LOAD_FAILURE_TEXTS[languageFor(host)];
  const box = document.createElement('div');
  box.setAttribute('part', 'load-failure');
  box.setAttribute('role', 'alert');
  if (modal) box.dataset['modal'] = '';
  const text = document.createElement('p');
  text.setAttribute('part', 'load-failure-text');
  text.textContent = texts.failed;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.setAttribute('part', 'load-failure-retry');
  retry.textContent = texts.retry;
  retry.addEventListener('click', onRetry);
  box.append(text, retry);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDismiss();
  };
  if (modal) document.addEventListener('keydown', onKey);
  host.shadowRoot!.append(box);
  if (modal) retry.focus();
  return () => {
    document.removeEventListener('keydown', onKey);
    box.remove();
  };
}
