/**
 * How the auth panel moves the page (docs/loyalty-widget.md "After sign-in"): the one seam tests replace, since a real reload
 * or assignment would end the test page.
 */

/** Moves the page. */
export interface PageNavigator {
  /** Goes to an address already checked by `isAllowedDestination`. */
  assign(url: string): void;
  /** Reloads the page. */
  reload(): void;
}

const browserNavigator: PageNavigator = {
  assign: (url) => location.assign(url),
  reload: () => location.reload(),
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
