import { useAtom } from 'jotai/react';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_DURATION_MS, messageAtom } from '../../state/session';
import { Message } from '../../ui/Message';

/** Props of {@link PanelMessageArea}. */
export interface PanelMessageAreaProps {
  /** How long a message stays at least; the 10 s of docs/loyalty-widget.md "Messages" unless a test shortens it. */
  durationMs?: number;
}

/** Whether the pointer is over, or focus is inside, an element (its shadow root's focus included). */
function engaged(element: HTMLElement): boolean {
  return element.matches(':hover') || element.matches(':focus-within');
}

/**
 * The panel's message (docs/loyalty-widget.md "Messages"): errors in an alert region, warnings and confirmations in a status region.
 * A message stays at least {@link MESSAGE_DURATION_MS}, and its time runs only while the guest is not working in
 * the panel (pointer over it or focus inside), so nobody loses a message to the clock while reading or typing
 * (WCAG 2.2.1). An error outlives its time: it stays until the guest's next action in the panel (an input, a
 * change, a click), so a guest back from their password manager still sees why the form did not go (WCAG 3.3.1).
 * Both regions stay in the page while empty, since screen readers announce only changes to live regions that
 * already existed.
 */
export function PanelMessageArea({ durationMs = MESSAGE_DURATION_MS }: PanelMessageAreaProps) {
  const [message, setMessage] = useAtom(messageAtom);
  const areaRef = useRef<HTMLDivElement>(null);
  // The message whose time is up but which waits for the guest's next action (errors only).
  const [expired, setExpired] = useState<typeof message>(null);

  useEffect(() => {
    const area = areaRef.current;
    const panel = area?.closest<HTMLElement>('[part~="panel-content"]') ?? area;
    if (!message || !panel) return;
    const clear = () => setMessage((current) => (current === message ? null : current));
    let remaining = durationMs;
    let startedAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      if (timer !== undefined || engaged(panel)) return;
      startedAt = Date.now();
      timer = setTimeout(() => {
        timer = undefined;
        if (message.tone === 'error') setExpired(message);
        else clear();
      }, remaining);
    };
    const pause = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      remaining = Math.max(0, remaining - (Date.now() - startedAt));
    };
    // Leaving: the pointer or focus may have gone somewhere else inside; check once the event is done.
    const maybeRun = () => queueMicrotask(run);
    panel.addEventListener('pointerenter', pause);
    panel.addEventListener('focusin', pause);
    panel.addEventListener('pointerleave', maybeRun);
    panel.addEventListener('focusout', maybeRun);
    run();
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      panel.removeEventListener('pointerenter', pause);
      panel.removeEventListener('focusin', pause);
      panel.removeEventListener('pointerleave', maybeRun);
      panel.removeEventListener('focusout', maybeRun);
    };
  }, [message, durationMs, setMessage]);

  // An expired error goes with the guest's next action in the panel.
  useEffect(() => {
    const panel = areaRef.current?.closest<HTMLElement>('[part~="panel-content"]');
    if (!expired || expired !== message || !panel) return;
    const clear = () => setMessage((current) => (current === expired ? null : current));
    const events = ['input', 'change', 'click'] as const;
    for (const type of events) panel.addEventListener(type, clear);
    return () => {
      for (const type of events) panel.removeEventListener(type, clear);
    };
  }, [expired, message, setMessage]);

  const polite = message && message.tone !== 'error' ? message : null;
  return (
    <div part="panel-messages" ref={areaRef}>
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
