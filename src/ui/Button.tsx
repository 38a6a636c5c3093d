import { useImperativeHandle, useLayoutEffect, useRef, type FocusEvent, type MouseEventHandler, type ReactNode, type Ref } from 'react';

/** Props of {@link Button}. */
export interface ButtonProps {
  children: ReactNode;
  /** `submit` inside a form; default `button`, so a stray button never submits. */
  type?: 'button' | 'submit';
  /** `primary` for the main action, `secondary` for the others. */
  variant?: 'primary' | 'secondary';
  /** Off while the action it starts is still running. */
  disabled?: boolean;
  /** Marks the button as working (`aria-busy`), e.g. while its request is pending. */
  busy?: boolean;
  /** A fuller accessible name than the visible text ("Remove Escapada romántica from the cart"). */
  label?: string;
  /** For a disclosure button: whether what it controls is showing… */
  expanded?: boolean;
  /** …and the id of what it controls. */
  controls?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Extra `part` names, for the page's `::part()` styling. */
  part?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A button: presentational, the label and the callback come from the caller. */
export function Button({
  ref,
  children,
  type = 'button',
  variant = 'primary',
  disabled = false,
  busy = false,
  label,
  expanded,
  controls,
  onClick,
  part,
}: ButtonProps) {
  const own = useRef<HTMLButtonElement | null>(null);
  const lostFocus = useRef(false);
  // Disabling the focused button (while its action runs) drops focus to the body, and a keyboard user would
  // start over from the top of the page: once the button is usable again and focus is still nowhere (or only
  // on the dialog around it, which keeps it in a modal meanwhile), it takes focus back.
  useLayoutEffect(() => {
    if (disabled || !lostFocus.current) return;
    lostFocus.current = false;
    const button = own.current;
    if (!button?.isConnected) return;
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const nowhere = active === null || active === document.body || active === document.documentElement;
    const onItsDialog = active?.getAttribute('role') === 'dialog' && active.contains(button);
    if (nowhere || onItsDialog) button.focus();
  }, [disabled]);
  const onBlur = (event: FocusEvent<HTMLButtonElement>) => {
    if (event.relatedTarget === null && event.currentTarget.disabled) lostFocus.current = true;
  };
  useImperativeHandle(ref, () => own.current as HTMLButtonElement, []);
  return (
    <button
      ref={own}
      onBlur={onBlur}
      type={type}
      part={['button', `button-${variant}`, part].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
