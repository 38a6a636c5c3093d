import type { ReactNode } from 'react';

/** Props of {@link Message}. */
export interface MessageProps {
  /** For `aria-describedby` and `aria-errormessage` references. */
  id?: string;
  /** `error` is announced at once (`role="alert"`), the others politely (`role="status"`). */
  tone?: 'error' | 'warning' | 'info';
  /** The text; nothing renders inside while it is empty, but the region itself stays. */
  children?: ReactNode;
  /** Extra `part` names, for the page's `::part()` styling. */
  part?: string;
  /**
   * Shows the tone's mark (`part="message-icon"`, hidden from assistive technology: the role says it) before
   * the text while there is one, so an error reads as one without relying on its colour. The element's
   * stylesheet draws it.
   */
  icon?: boolean;
}

/**
 * A message region. It is always in the DOM, empty until there is something to say, because screen readers
 * announce changes only in live regions that existed before the change.
 */
export function Message({ id, tone = 'info', children, part, icon = false }: MessageProps) {
  const speaks = children !== undefined && children !== null && children !== false && children !== '';
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      part={['message', `message-${tone}`, part].filter(Boolean).join(' ')}
    >
      {/* Drawn by the element's stylesheet (a disc with the tone's mark), so the text stays the region's only text. */}
      {icon && speaks && <span part="message-icon" aria-hidden="true"></span>}
      {children}
    </div>
  );
}
