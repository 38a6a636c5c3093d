import { Message } from '../../ui/Message';

/**
 * One of the cart's error regions: a {@link Message} (an alert, there before anything fails) that shows the error
 * mark (`message-icon`, drawn by the stylesheet, hidden from assistive technology: the role says it) before the
 * text while there is one, so an error reads as one without relying on its colour.
 */
export function CartError({ part, children }: { part: string; children: string | false }) {
  return (
    <Message tone="error" part={part}>
      {children !== false && children !== '' && (
        <>
          <span part="message-icon" aria-hidden="true"></span>
          {children}
        </>
      )}
    </Message>
  );
}
