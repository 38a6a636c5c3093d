/**
 * The default and project stylesheets (docs/integration.md "The stylesheet addresses the elements ask for") inside each loyalty element's shadow root:
 * resolved once per page (src/state/stylesheets.ts) and added as `<link rel="stylesheet">` elements (allowed by
 * a `style-src` CSP that lists the stylesheet origin, unlike inline styles). The built-in sheet is in a cascade layer, so these unlayered brand rules win.
 */
import type { WidgetConfig } from '../state/config';
import { pageStylesheets } from '../state/stylesheets';
import type { Runtime } from './runtime';

const LINK_MARK = 'data-loyalty-stylesheet';

// The stylesheet key each shadow root was last asked for, so a late answer for an old configuration is dropped.
const requested = new WeakMap<ShadowRoot, string>();

/** Puts the stylesheets for this configuration into a shadow root, first, replacing any earlier ones. */
export function applyPageStylesheets(
  { stylesheets }: Runtime,
  root: ShadowRoot,
  { domain, projectCode }: Pick<WidgetConfig, 'domain' | 'projectCode'>,
): void {
  const key = `${domain}\n${projectCode}`;
  if (requested.get(root) === key) return;
  requested.set(root, key);
  void pageStylesheets(stylesheets, domain, projectCode).then((urls) => {
    if (requested.get(root) !== key || !root.host.isConnected) return;
    removeLinks(root);
    const links = urls.map((url) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.setAttribute(LINK_MARK, '');
      return link;
    });
    // Before React's nodes, so they never get in the way of its reconciliation.
    root.prepend(...links);
  });
}

/** Takes the stylesheets out of a disconnected element's shadow root; the next connection adds them again. */
export function removePageStylesheets(root: ShadowRoot): void {
  requested.delete(root);
  removeLinks(root);
}

function removeLinks(root: ShadowRoot): void {
  for (const link of root.querySelectorAll(`link[${LINK_MARK}]`)) link.remove();
}
