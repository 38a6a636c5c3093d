/**
 * The widget's notices and start-up bookkeeping (docs/loyalty-widget.md "Start-up", "Tooltip and notification"): which loyalty elements are connected, who
 * announces the start and who shows the dropped-cart dialog, the tooltip and notification texts, and the
 * dropped-cart notice itself.
 *
 * Hosts are kept as opaque objects: this layer only orders them, the elements layer dispatches on them.
 */
import { atom } from 'jotai/vanilla';
import { settingsText } from '../api/widget-start';
import type { User } from '../api/loyalty.schemas';
import { isMemberAtom, memberFullName, settingsAtom, signedInByLinkAtom, takeDroppedCartNotice, userAtom } from './session';

/** The kinds of loyalty element, in the order they are preferred as the home of page-wide notices. */
export type WidgetElementKind = 'icon' | 'panel' | 'tooltip';

/** A connected loyalty element. */
export interface WidgetHost {
  kind: WidgetElementKind;
  host: object;
}

/** The loyalty elements connected now, in connection order. */
export const widgetHostsAtom = atom<readonly WidgetHost[]>([]);

/** Adds a connected element to {@link widgetHostsAtom}. */
export const connectWidgetHostAtom = atom(null, (get, set, entry: WidgetHost) => {
  if (get(widgetHostsAtom).some(({ host }) => host === entry.host)) return;
  set(widgetHostsAtom, [...get(widgetHostsAtom), entry]);
});

/** Removes a disconnected element from {@link widgetHostsAtom}. */
export const disconnectWidgetHostAtom = atom(null, (get, set, host: object) => {
  set(
    widgetHostsAtom,
    get(widgetHostsAtom).filter((entry) => entry.host !== host),
  );
});

const PREFERENCE: readonly WidgetElementKind[] = ['icon', 'panel', 'tooltip'];

function preferred(hosts: readonly WidgetHost[], order: readonly WidgetElementKind[]): object | null {
  for (const kind of order) {
    const found = hosts.find((entry) => entry.kind === kind);
    if (found) return found.host;
  }
  return null;
}

/**
 * The element that shows page-wide notices (the dropped-cart dialog): the first `<loyalty-icon>`, else the
 * panel, else the first tooltip. An icon is on nearly every page; an inline page still has its panel.
 */
export const noticeHostAtom = atom((get) => preferred(get(widgetHostsAtom), PREFERENCE));

/** The element `loyalty-ready` and `loyalty-fail` fire on: the panel, else the first connected element. */
export const announceHostAtom = atom((get) => {
  const hosts = get(widgetHostsAtom);
  return preferred(hosts, ['panel']) ?? hosts[0]?.host ?? null;
});

// Whether the start's outcome was announced and its notices settled, so that happens once per store.
const startSettledAtom = atom(false);

/** What the start came to, for the elements layer to announce. */
export type StartOutcome =
  | { status: 'ready'; loggedIn: boolean; /** The member a mail link signed in on the way here, to announce. */ signedInByLink: User | null }
  | { status: 'failed'; reason: string };

/** The dropped-cart dialog's configured texts (the settings' `DROPPED_CART_NOTIFICATIONS`), each optional. */
export type DroppedCartTexts = Partial<Record<'title' | 'ok' | 'greet' | 'text', string>>;

/** The dropped-cart dialog's content while it is due. */
export interface DroppedCartNotice {
  /** The configured texts; each missing one is the built-in text (the dialog shows whatever is configured). */
  texts: DroppedCartTexts;
  fullName: string;
}

/** The dropped-cart dialog due now, or null. */
export const droppedCartNoticeAtom = atom<DroppedCartNotice | null>(null);

/** Closes the dropped-cart dialog for good. */
export const dismissDroppedCartAtom = atom(null, (_get, set) => set(droppedCartNoticeAtom, null));

/**
 * Shows the dropped-cart dialog when it is due for the member (reading, and so clearing, the flag): at the start
 * of the page the sign-in reloaded or navigated to.
 */
export const showDueDroppedCartAtom = atom(null, (get, set) => {
  const settings = get(settingsAtom);
  const user = get(userAtom);
  if (settings.status !== 'ready') return;
  // Without configured texts the dialog still shows, in the built-in ones (each text falls back on its own).
  const texts: DroppedCartTexts = {};
  for (const key of ['title', 'ok', 'greet', 'text'] as const) {
    const configured = settingsText(settings.answer, 'DROPPED_CART_NOTIFICATIONS', key);
    if (configured !== undefined) texts[key] = configured;
  }
  if (user && get(isMemberAtom) && takeDroppedCartNotice()) {
    set(droppedCartNoticeAtom, { texts, fullName: memberFullName(user) });
  }
});

/**
 * Settles the start once per store, after `startWidgetAtom` resolved: reads (and so clears) the dropped-cart
 * flag for a member, and returns the outcome the first caller announces; later callers get null.
 */
export const settleStartAtom = atom(null, (get, set): StartOutcome | null => {
  const settings = get(settingsAtom);
  if (get(startSettledAtom) || settings.status === 'idle' || settings.status === 'loading') return null;
  set(startSettledAtom, true);
  if (settings.status === 'failed') return { status: 'failed', reason: settings.reason };
  set(showDueDroppedCartAtom);
  return { status: 'ready', loggedIn: get(userAtom) !== null, signedInByLink: get(signedInByLinkAtom) };
});

/** A visitor's text of the settings' audience texts at `path` (`registered` for a member, else `unregistered`), trimmed. */
function audienceText(answer: Readonly<Record<string, unknown>>, path: string[], member: boolean): string {
  return settingsText(answer, ...path, member ? 'registered' : 'unregistered', 'text')?.trim() ?? '';
}

/**
 * The notification's text for this visitor, or '' when there is none: an empty text disables the
 * notification (docs/loyalty-widget.md "Tooltip and notification"), and nothing shows before the settings are ready.
 */
export const notificationTextAtom = atom((get) => {
  const settings = get(settingsAtom);
  if (settings.status !== 'ready') return '';
  return audienceText(settings.answer, ['NOTIFICATIONS', 'messages'], get(isMemberAtom));
});

/** The tooltip's text for this visitor: the TOOLTIP texts, else the notification's; '' for none. */
export const tooltipTextAtom = atom((get) => {
  const settings = get(settingsAtom);
  if (settings.status !== 'ready') return '';
  const member = get(isMemberAtom);
  return audienceText(settings.answer, ['TOOLTIP'], member) || audienceText(settings.answer, ['NOTIFICATIONS', 'messages'], member);
});

/** The icon that shows the notification: the first one rendered, so a page with two icons shows it once. */
export const notificationOwnerAtom = atom<object | null>(null);

/**
 * Whether a tooltip on the page is showing or about to (enabled, not yet shown this session). Tooltip and
 * notification sit in the same place under the icon, so the notification waits for the tooltip to go.
 */
export const tooltipPendingAtom = atom(false);
