import { useAtomValue } from 'jotai/react';
import { useState } from 'react';
import { notificationTextAtom } from '../state/notices';
import { lazyTranslated } from './Translated';

// The notification and its styles load when there is a notification text.
const LoyaltyNotification = lazyTranslated(() => import('./notices/LoyaltyNotification').then((module) => module.LoyaltyNotification));

/**
 * The icon's React part: the notification under the icon's button (docs/loyalty-widget.md "Tooltip and
 * notification"). The button itself paints without React (src/core/icon.ts).
 */
export function LoyaltyIcon() {
  const notification = useAtomValue(notificationTextAtom);
  // Loaded with the first notification text and kept from then on: the notification plays its own exit when
  // its text goes (a member's text replacing a guest's, say), it is never cut off mid-animation.
  const [notificationLoaded, setNotificationLoaded] = useState(false);
  if (notification !== '' && !notificationLoaded) setNotificationLoaded(true);
  return notificationLoaded ? <LoyaltyNotification /> : null;
}
