import { useSetAtom, useStore } from 'jotai/react';
import { useCallback, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { emit } from '../../lib/events';
import { destinationAfterAuth, isAllowedDestination } from '../../lib/navigation';
import { showDueDroppedCartAtom } from '../../state/notices';
import { authOpenAtom, closeAuthAtom } from '../../state/session';
import { configAtom, sectionAtom, sessionCartsAtom } from '../../state/store';
import { useHost } from '../ElementRoot';
import { pageNavigator } from './pageNavigator';

/** The host's part of the panel's actions (events and navigation), which the action atoms leave to the UI. */
export interface AuthHostEffects {
  /**
   * After a login with a user name: `userLoginSuccess` on `document`, `loyalty-login` on the host, navigation.
   * A social sign-in (SPEC.md §4 "Social login": the store has closed the auth view) first says so with
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
 * The host effects of the auth panel (SPEC.md §4 "After login with a userName", "On sign-out"; §2 "Navigation").
 * Navigation goes only to this site's addresses or the configured ones; anything else reloads instead. A page
 * whose `<package-cart>` follows the session is not reloaded (issue 6: the cart refreshes through the store): the
 * auth view closes, as a reload would have left it, and a due dropped-cart dialog shows at once.
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

  // Resolves whether the page stays as it is.
  const navigateAfterAuth = useCallback((loader = false): boolean => {
    const destination = destinationAfterAuth(location.pathname, store.get(configAtom).endpoints, store.get(sessionCartsAtom) > 0);
    if (destination.kind !== 'stay' && loader) flushSync(() => store.set(sectionAtom, 'LOADER'));
    if (destination.kind === 'assign') navigateTo(destination.url);
    else if (destination.kind === 'reload') pageNavigator().reload();
    else {
      // Committed now, so the closing modal hands focus back to its opener before a dialog opens over the page.
      // A social sign-in has closed it already.
      if (store.get(authOpenAtom)) flushSync(closeAuth);
      return true;
    }
    return false;
  }, [store, navigateTo, closeAuth]);

  return useMemo(
    () => ({
      afterLogin(userName: string, options?: { social?: boolean }) {
        const social = options?.social ?? false;
        if (social) closeAuth();
        // SPEC.md §4 "After login with a userName": a member bookcore named no userName for gets no legacy event.
        if (userName) emit(document, 'userLoginSuccess', { userName });
        // A panel removed while the sign-in ran still announces it: from the document, which its listeners reach.
        emit(host.isConnected ? host : document, 'loyalty-login', { userName });
        if (navigateAfterAuth(social)) store.set(showDueDroppedCartAtom);
      },
      afterLogout() {
        emit(host, 'loyalty-logout', {});
        navigateAfterAuth();
      },
      closeAuth,
      navigateTo,
    }),
    [host, store, navigateAfterAuth, closeAuth, navigateTo],
  );
}
