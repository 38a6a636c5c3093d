/**
 * Where the page goes after a social login: the one seam tests replace, since a real reload would end the test
 * page.
 */
import type { Destination } from '../../lib/navigation';

/** Moves the page to a destination. */
export type SocialNavigator = (destination: Destination) => void;

const defaultNavigator: SocialNavigator = (destination) => {
  if (destination.kind === 'reload') location.reload();
  else location.assign(destination.url);
};

let current: SocialNavigator = defaultNavigator;

/** The navigator in use. */
export function socialNavigator(): SocialNavigator {
  return current;
}

/**
 * Replaces the navigator (tests).
 *
 * @returns a function that puts the default navigator back.
 */
export function setSocialNavigator(navigator: SocialNavigator): () => void {
  current = navigator;
  return () => {
    current = defaultNavigator;
  };
}
