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
}

/**
 * A message region. It is always in the DOM, empty until there is something to say, because screen readers
 * announce changes only in live regions that existed before the change.
 */
export function Message({ id, tone = 'info', children, part }: MessageProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      part={['message', `message-${tone}`, part].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
