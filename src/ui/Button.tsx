import type { MouseEventHandler, ReactNode, Ref } from 'react';

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
  return (
    <button
      ref={ref}
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
