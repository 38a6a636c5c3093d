import type { MouseEventHandler, ReactNode } from 'react';

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
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Extra `part` names, for the page's `::part()` styling. */
  part?: string;
}

/** A button: presentational, the label and the callback come from the caller. */
export function Button({ children, type = 'button', variant = 'primary', disabled = false, busy = false, onClick, part }: ButtonProps) {
  return (
    <button
      type={type}
      part={['button', `button-${variant}`, part].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
