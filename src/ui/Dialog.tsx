import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** The heading the dialog is labelled by. */
  title: string;
  /** The accessible name of the close button ("Cerrar"). */
  closeLabel: string;
  /** Called on the close button, Escape, or a click on the backdrop; the caller unmounts the dialog. */
  onClose: () => void;
  /**
   * Where focus goes back to when the dialog closes, usually the control that opened it. Default: whatever had
   * focus when the dialog opened.
   */
  returnFocusTo?: HTMLElement | null;
  /** The language of the content, when it differs from the widget's. */
  lang?: string;
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
 * the opener on close.
 *
 * Not the native `<dialog>`: its top layer would escape the element's shadow-root styles' stacking, and Chromium
 * lets Tab leave a modal `<dialog>` for the browser's own UI, which the trap must prevent.
 */
export function Dialog({ title, closeLabel, onClose, returnFocusTo, lang, children }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = returnFocusTo ?? (dialog ? deepActiveElement(dialog) : null);
    closeRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [returnFocusTo]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Escape's key code is 27 (SPEC.md §9); `key` is checked too, and old Edge's 'Esc'.
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
    const active = deepActiveElement(dialog);
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
    <div part="dialog-backdrop" onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        part="dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div part="dialog-header">
          <h2 id={titleId} part="dialog-title">
            {title}
          </h2>
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

/** The focused element, looking through open shadow roots (the document only knows their hosts). */
function deepActiveElement(inside: Node): HTMLElement | null {
  let root = inside.getRootNode() as Document | ShadowRoot;
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) {
    root = active.shadowRoot;
    active = root.activeElement;
  }
  return active instanceof HTMLElement ? active : null;
}
