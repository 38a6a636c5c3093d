import { useSetAtom, useStore } from 'jotai/react';
import { useCallback, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { emit } from '../../lib/events';
import { destinationAfterAuth, isAllowedDestination } from '../../lib/navigation';
import { closeAuthAtom } from '../../state/session';
import { configAtom, sectionAtom } from '../../state/store';
import { useHost } from '../ElementRoot';
import { pageNavigator } from './pageNavigator';

/** The host's part of the panel's actions (events and navigation), which the action atoms leave to the UI. */
export interface AuthHostEffects {
  /**
   * After a login with a user name: `userLoginSuccess` on `document`, `loyalty-login` on the host, navigation.
   * A social sign-in (docs/loyalty-widget.md "Social login": the store has closed the auth view) first says so with
   * `loyalty-close`, and the full-screen LOADER shows while the page navigates away.
   */
  afterLogin(userName: string, options?: { social?: boolean }): void;
  /** After a sign-out: `loyalty-logout` on the host, then navigation. */
  afterLogout(): void;
  /** Closes the auth view: `closeAuthAtom`, then `loyalty-close` on the host. */
  closeAuth(): void;
  /** Goes to an address when it is this site's or a configured one, else reloads. */
  navigateTo(url: string): void;
}

/**
 * The host effects of the auth panel (docs/loyalty-widget.md "After sign-in" and "After sign-out").
 * Navigation goes only to this site's addresses or the configured ones; anything else reloads instead. Every
 * page navigates or reloads, one holding a `<package-cart>` too; a due dropped-cart dialog shows on the page
 * that loads next (the session flag of docs/loyalty-widget.md "After sign-in").
 */
export function useAuthHostEffects(): AuthHostEffects {
  const host = useHost();
  const store = useStore();
  const closeAuthView = useSetAtom(closeAuthAtom);

  const navigateTo = useCallback(
    (url: string) => {
      const { endpoints } = store.get(configAtom);
      const configured = [endpoints.resetAvailability, endpoints.login];
      if (isAllowedDestination(url, location.origin, configured)) pageNavigator().assign(url);
      else pageNavigator().reload();
    },
    [store],
  );

  const closeAuth = useCallback(() => {
    closeAuthView();
    emit(host, 'loyalty-close', {});
  }, [closeAuthView, host]);

  const navigateAfterAuth = useCallback((loader = false) => {
    const destination = destinationAfterAuth(location.pathname, store.get(configAtom).endpoints);
    if (loader) flushSync(() => store.set(sectionAtom, 'LOADER'));
    if (destination.kind === 'assign') navigateTo(destination.url);
    else pageNavigator().reload();
  }, [store, navigateTo]);

  return useMemo(
    () => ({
      afterLogin(userName: string, options?: { social?: boolean }) {
        const social = options?.social ?? false;
        if (social) closeAuth();
        // docs/loyalty-widget.md "After sign-in": a member bookcore named no userName for gets no legacy event.
        if (userName) emit(document, 'userLoginSuccess', { userName });
        // A panel removed while the sign-in ran still announces it: from the document, which its listeners reach.
        emit(host.isConnected ? host : document, 'loyalty-login', { userName });
        navigateAfterAuth(social);
      },
      afterLogout() {
        emit(host, 'loyalty-logout', {});
        navigateAfterAuth();
      },
      closeAuth,
      navigateTo,
    }),
    [host, navigateAfterAuth, closeAuth, navigateTo],
  );
}
