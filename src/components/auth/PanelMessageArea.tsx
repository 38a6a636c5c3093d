import { useAtom } from 'jotai/react';
import { useEffect } from 'react';
import { MESSAGE_DURATION_MS, messageAtom } from '../../state/session';
import { Message } from '../../ui/Message';

/** Props of {@link PanelMessageArea}. */
export interface PanelMessageAreaProps {
  /** How long a message stays; SPEC.md §9's 10 s unless a test shortens it. */
  durationMs?: number;
}

/**
 * The panel's message (SPEC.md §8): errors in an alert region, warnings and confirmations in a status region,
 * each cleared after {@link MESSAGE_DURATION_MS}. Both regions stay in the page while empty, since screen
 * readers announce only changes to live regions that already existed.
 */
export function PanelMessageArea({ durationMs = MESSAGE_DURATION_MS }: PanelMessageAreaProps) {
  const [message, setMessage] = useAtom(messageAtom);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => {
      // A newer message has its own timer.
      setMessage((current) => (current === message ? null : current));
    }, durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs, setMessage]);

  const polite = message && message.tone !== 'error' ? message : null;
  return (
    <div part="panel-messages">
      <Message tone="error" part="panel-message">
        {message?.tone === 'error' ? message.text : null}
      </Message>
      <Message
        tone={polite?.tone === 'warning' ? 'warning' : 'info'}
        part={['panel-message', polite?.tone === 'success' ? 'message-success' : ''].filter(Boolean).join(' ')}
      >
        {polite?.text}
      </Message>
    </div>
  );
}
