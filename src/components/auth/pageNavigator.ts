/**
 * How the auth panel moves the page (docs/loyalty-widget.md "After sign-in"): the one seam tests replace, since a real reload
 * or assignment would end the test page. "Reload" means the page's address loaded again by GET.
 */

/** Moves the page. */
export interface PageNavigator {
  /** Goes to an address already checked by `isAllowedDestination`. */
  assign(url: string): void;
  /**
   * Shows the page afresh: its address loaded again by GET (docs/loyalty-widget.md, "After sign-in"), never
   * `location.reload()`, which would send again the form a page reached by a POST was rendered from.
   */
  reload(): void;
}

/**
 * The navigator that moves a window: the page's own, or a frame's.
 *
 * @param view - the window to move.
 */
export function windowNavigator(view: Window): PageNavigator {
  return {
    assign: (url) => view.location.assign(url),
    reload: () => {
      // Without its fragment: the same address with one would only scroll. Replaced, not pushed: Back still
      // leads where it led, and no history entry is left that holds the form's POST.
      const address = new URL(view.location.href);
      address.hash = '';
      view.location.replace(address.href);
    },
  };
}

const browserNavigator: PageNavigator = {
  assign: (url) => windowNavigator(window).assign(url),
  reload: () => windowNavigator(window).reload(),
};

let current: PageNavigator = browserNavigator;

/** The navigator in use: the browser's, unless a test replaced it. */
export function pageNavigator(): PageNavigator {
  return current;
}

/**
 * Replaces the navigator (tests).
 *
 * @returns a function that puts the browser's navigator back.
 */
export function setPageNavigator(navigator: PageNavigator): () => void {
  current = navigator;
  return () => {
    current = browserNavigator;
  };
}
