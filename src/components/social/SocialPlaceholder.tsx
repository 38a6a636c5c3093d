import type { JSX } from 'react';

/** Props of {@link SocialPlaceholder}. */
export interface SocialPlaceholderProps {
  /** How many buttons are on their way. */
  providers: number;
}

/**
 * Where the social buttons will be while their code and the providers' SDKs load: a block of their size and the
 * divider's line, so the e-mail form below does not move when they arrive (a guest's press on it would land
 * elsewhere). Hidden from assistive technology: it holds nothing yet.
 */
export function SocialPlaceholder({ providers }: SocialPlaceholderProps): JSX.Element {
  // The divider's line comes too (its "o" with the buttons): the same height, so the form stays put.
  return (
    <>
      <div part="social-loading" aria-hidden="true">
        {Array.from({ length: providers }, (_, index) => (
          <div key={index} part="social-placeholder" />
        ))}
      </div>
      <div part="social-divider" aria-hidden="true" />
    </>
  );
}
