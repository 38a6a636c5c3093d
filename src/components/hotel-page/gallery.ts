/**
 * `<hotel-page>`'s photo viewer: a modal dialog showing one photo at a time. The arrow keys (and the previous and
 * next buttons) move through the photos, wrapping around; Escape or the close button closes it, and focus goes
 * back to the thumbnail that opened it. The position ("Foto 2 de 4") is announced politely as it changes.
 */
import type { MobileImage } from '../../state/hotel-page';
import { element } from './dom';
import type { HotelPageTextKey } from '../../i18n/hotel-page';

/** What the viewer needs. */
export interface GalleryOptions {
  readonly photos: readonly MobileImage[];
  /** The photo shown first. */
  readonly start: number;
  /** Where focus returns when the viewer closes. */
  readonly opener: HTMLElement;
  /** The shadow root the dialog is added to. */
  readonly root: ShadowRoot;
  readonly text: (key: HotelPageTextKey, values?: Record<string, string | number>) => string;
  /** The large picture of a photo. */
  readonly image: (photo: MobileImage) => HTMLImageElement;
}

/**
 * Opens the viewer on one photo.
 *
 * @param options - the photos, the first one shown, and where focus returns.
 * @returns the dialog (open).
 */
export function openGallery({ photos, start, opener, root, text, image }: GalleryOptions): HTMLDialogElement {
  let index = start;
  const figure = element('figure', { part: 'lightbox-figure' });
  const position = element('p', { part: 'lightbox-position', 'aria-live': 'polite' });
  const previous = element('button', { part: 'lightbox-previous button', type: 'button' }, text('previous'));
  const next = element('button', { part: 'lightbox-next button', type: 'button' }, text('next'));
  const close = element('button', { part: 'lightbox-close close button', type: 'button' }, text('close'));
  const dialog = element(
    'dialog',
    { part: 'lightbox', 'aria-label': text('gallery') },
    close,
    figure,
    element('div', { part: 'lightbox-controls' }, previous, position, next),
  );
  const show = () => {
    const photo = photos[index]!;
    figure.replaceChildren(image(photo), photo.alt ? element('figcaption', { part: 'lightbox-caption' }, photo.alt) : '');
    position.textContent = text('photoPosition', { position: index + 1, count: photos.length });
  };
  const move = (step: number) => {
    index = (index + step + photos.length) % photos.length;
    show();
  };
  previous.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'Escape') {
      // Closed here too: some engines give a modal dialog's Escape to the page when focus sits on its body.
      event.preventDefault();
      dialog.close();
    } else return;
    event.preventDefault();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener.focus();
  });
  show();
  root.append(dialog);
  dialog.showModal();
  close.focus();
  return dialog;
}
