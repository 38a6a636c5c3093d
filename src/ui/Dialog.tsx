import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /**
   * The dialog's title: its heading and name; with `labelledBy`, only its name until the heading named there is
   * in the content.
   */
  title: string;
  /**
   * The id of a heading in the content that names the dialog (the auth panel's section heading). The dialog then
   * shows no title of its own, so the view has one heading, not two stacked ones.
   */
  labelledBy?: string;
  /** The accessible name of the close button ("Cerrar"). */
  closeLabel: string;
  /** Called on the close button, Escape, or a click on the backdrop; the caller unmounts the dialog. */
  onClose: () => void;
  /**
   * Where focus goes back to when the dialog closes, usually the control that opened it. Default: whatever had
   * focus when the dialog opened.
   */
  returnFocusTo?: HTMLElement | null;
  /**
   * What stands in the header at the start of the row whose end is the close button (the auth panel's logo). In
   * the header, it does not scroll with the content.
   */
  header?: ReactNode;
  /** The language of the title and content, when it differs from the widget's (the close button keeps the widget's). */
  lang?: string;
  /**
   * Whether it shows (default true). A closed dialog the caller keeps rendered keeps its content, and what the
   * guest typed in it, hidden until it opens again.
   */
  open?: boolean;
  children: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * A modal dialog following the WAI-ARIA dialog pattern: `role="dialog"`, `aria-modal`, labelled by its title;
 * focus moves to the close button on open, Tab and Shift+Tab cycle inside, Escape closes, and focus returns to
 * the opener on close. While it is open the rest of the page is inert and does not scroll.
 *
 * Not the native `<dialog>`: its top layer would escape the element's shadow-root styles' stacking, and Chromium
 * lets Tab leave a modal `<dialog>` for the browser's own UI, which the trap must prevent.
 */
export function Dialog({ title, labelledBy, closeLabel, onClose, returnFocusTo, header, lang, open = true, children }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const labelInContent = useContentHasId(dialogRef, open ? labelledBy : undefined);

  // A layout effect: focus is inside before the dialog is first painted, never a frame later.
  useLayoutEffect(() => {
    if (!open) return;
    // The opener may sit in another element's shadow root (the icon opens the panel's modal) or in the page.
    const opener = returnFocusTo ?? deepActiveElement();
    const releasePage = dialogRef.current ? holdPage(dialogRef.current) : () => undefined;
    closeRef.current?.focus();
    return () => {
      // The page first, so the opener can take focus again.
      releasePage();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, returnFocusTo]);

  // A focused control that gets disabled (a button while its request runs) drops focus to the body, outside
  // the modal: focus comes back to the dialog itself, unless a dialog opened inside this one looks after it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    let live = true;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      // Once the change that blurred the control is done (a window losing focus keeps its activeElement).
      queueMicrotask(() => {
        const active = deepActiveElement();
        const lost = active === null || active === document.body || active === document.documentElement;
        if (live && lost && dialog.isConnected && !dialog.querySelector('[aria-modal="true"]')) dialog.focus({ preventScroll: true });
      });
    };
    dialog.addEventListener('focusout', onFocusOut);
    return () => {
      live = false;
      dialog.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Escape's key code is 27 (docs/loyalty-widget.md "Modal or inline"); `key` is checked too, and old Edge's 'Esc'.
    if (event.key === 'Escape' || event.key === 'Esc' || event.keyCode === 27) {
      // An enclosing modal (the auth panel) must not close along with this one.
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = deepActiveElement();
    if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    // Closed, the same elements stay (so nothing below remounts) without the dialog role.
    <div part="dialog-backdrop" onClick={onBackdropClick} hidden={!open}>
      <div
        ref={dialogRef}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? 'true' : undefined}
        // Labelled by the content's heading once it is there (a section still loading has none yet): a reference
        // to no element would leave the dialog without a name.
        aria-labelledby={open ? (labelledBy ? (labelInContent ? labelledBy : undefined) : titleId) : undefined}
        aria-label={open && labelledBy && !labelInContent ? title : undefined}
        part="dialog"
        data-untitled={labelledBy ? '' : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div part="dialog-header">
          {header}
          {!labelledBy && (
            <h2 id={titleId} part="dialog-title" lang={lang}>
              {title}
            </h2>
          )}
          <button ref={closeRef} type="button" part="dialog-close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div part="dialog-body" lang={lang}>
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * Whether an element with this id is in the container's subtree, followed as the content changes (sections
 * load lazily and replace one another).
 */
function useContentHasId(container: { readonly current: HTMLElement | null }, id: string | undefined): boolean {
  const [present, setPresent] = useState(false);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || !id) return;
    const check = () => setPresent(element.querySelector(`[id="${CSS.escape(id)}"]`) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, id]);
  return present;
}

/** The page's scrolling as it was before the first open dialog stopped it, while any dialog is open. */
let heldScroll: { count: number; overflow: string } | null = null;

/**
 * Makes everything on the page but the dialog inert (out of the accessibility tree, unclickable, unfocusable)
 * and stops the page scrolling under the backdrop: the siblings of the dialog's element and of each of its
 * ancestors up to the body become `inert`, and the root scroller `overflow: hidden`. Nested dialogs (a legal
 * document over the panel) find their page already held.
 *
 * @returns what gives the page back, exactly as it was.
 */
function holdPage(dialog: HTMLElement): () => void {
  const made: Element[] = [];
  const root = dialog.getRootNode();
  let node: Element | null = root instanceof ShadowRoot ? root.host : dialog;
  while (node && node !== document.body && node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
    node = node.parentElement;
  }
  const scroller = document.documentElement;
  if (heldScroll) heldScroll.count += 1;
  else {
    heldScroll = { count: 1, overflow: scroller.style.overflow };
    scroller.style.overflow = 'hidden';
  }
  return () => {
    for (const element of made) element.removeAttribute('inert');
    if (heldScroll && --heldScroll.count === 0) {
      scroller.style.overflow = heldScroll.overflow;
      heldScroll = null;
    }
  };
}

/**
 * The focused element of the page, looking through open shadow roots (the document only knows their hosts).
 * From the document down, not from the dialog's own root: a shadow root's activeElement is null while focus is
 * in another element's shadow root, which would lose the opener.
 */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}
