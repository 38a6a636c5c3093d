import { createContext, useContext, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { SectionHeadingIdContext } from './section-heading';

/**
 * Lets a section say its heading has mounted, so the panel can move focus to a section that was still loading
 * when the panel switched to it (the auth panel provides it).
 */
export const SectionMountedContext = createContext<(heading: HTMLElement) => void>(() => undefined);

/** Props of {@link AuthSectionLayout}. */
export interface AuthSectionLayoutProps {
  /** The section's heading text. */
  title: string;
  /** The section name, for `data-section` and the page's styling. */
  name: string;
  children?: ReactNode;
}

/**
 * One auth section: a region labelled by its heading, the view's one `h2` (in the modal it names the dialog too).
 * When the panel moves to the section, focus goes to its first field or action (AuthPanel.tsx), inside the region
 * the heading names, so screen-reader users hear where they are; the heading takes it (programmatically only,
 * `tabindex="-1"`) only in a section without any control.
 */
export function AuthSectionLayout({ title, name, children }: AuthSectionLayoutProps) {
  const ownId = useId();
  const headingId = useContext(SectionHeadingIdContext) ?? ownId;
  const heading = useRef<HTMLHeadingElement>(null);
  const sectionMounted = useContext(SectionMountedContext);
  // In the commit that shows the section, as the panel's own focus move (AuthPanel.tsx).
  useLayoutEffect(() => {
    if (heading.current) sectionMounted(heading.current);
  }, [sectionMounted]);
  return (
    <section part="auth-section" data-section={name} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} part="section-heading" tabIndex={-1} data-section-heading="">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Props of {@link LinkButton}. */
export interface LinkButtonProps {
  children: ReactNode;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** An action that stays in the panel (another section), so a button, styled as a link. */
export function LinkButton({ children, onClick }: LinkButtonProps) {
  return (
    <button type="button" part="link-button" onClick={onClick}>
      {children}
    </button>
  );
}
