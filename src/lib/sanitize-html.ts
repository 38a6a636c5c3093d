/**
 * The one module allowed to turn untrusted markup into DOM: legal documents written by hotel staff in a CMS and
 * served by bookcore. Everything goes through DOMPurify, loaded on first use with a dynamic `import()` so it
 * stays out of the first payload.
 *
 * Decisions:
 * - The result is a `DocumentFragment` (DOMPurify's `RETURN_DOM_FRAGMENT`), never a string: the caller inserts
 *   nodes, so no code of ours assigns `innerHTML`, and the markup is parsed once, in DOMPurify's inert document,
 *   where no script, handler or image load can run.
 * - Scripts, event handlers and `javascript:` addresses are removed (DOMPurify's defaults).
 * - `<style>` elements and `style` attributes are removed too: inside a shadow root a document's stylesheet would
 *   restyle the widget itself, and a fixed-position inline style could cover the page's own controls.
 * - Form controls are removed: a legal text has no business asking the guest for anything.
 * - Every link opens in a new tab with `rel="noopener noreferrer"`: the guest keeps the form they were filling
 *   in, and the opened page gets neither `window.opener` nor the referrer.
 * - `id` and `name` values are prefixed (`user-content-`), so a document's ids can neither clash with the ids
 *   the widget's ARIA references use nor clobber DOM properties.
 * - Trusted Types: on a page with `require-trusted-types-for 'script'`, DOMPurify hands its (still untrusted)
 *   input to the parser through its own policy, `dompurify`, created on first use; integrators allow it beside
 *   ours (`trusted-types loyalty-elements dompurify`, src/lib/trusted-types.ts). Its output needs no policy:
 *   it is a fragment of nodes, not a string for an HTML sink, so `RETURN_TRUSTED_TYPE` has nothing to sign. A page
 *   that runs its own DOMPurify under Trusted Types creates a second `dompurify` policy and so needs
 *   `'allow-duplicates'` in its directive (DOMPurify's documented setup).
 */
import type { Config, DOMPurify } from 'dompurify';

const PURIFY_CONFIG = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
  FORBID_ATTR: ['style'],
  SANITIZE_NAMED_PROPS: true,
} as const satisfies Config;

let purifier: Promise<DOMPurify> | undefined;

function loadPurifier(): Promise<DOMPurify> {
  purifier ??= import('dompurify').then(({ default: createPurifier }) => {
    // A private instance: hooks on the shared default one would change how a host page's own DOMPurify behaves.
    const instance = createPurifier(window);
    instance.addHook('afterSanitizeAttributes', (node) => {
      // Case-insensitive: an SVG link's nodeName is "a", and it may carry its address in xlink:href.
      const name = node.nodeName.toLowerCase();
      if ((name === 'a' || name === 'area') && (node.hasAttribute('href') || node.hasAttribute('xlink:href'))) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    return instance;
  });
  purifier.catch(() => {
    // A failed chunk load (offline, deploy in progress) must not be cached for the page's life.
    purifier = undefined;
  });
  return purifier;
}

/**
 * Sanitises untrusted HTML into nodes that are safe to insert into the widget.
 *
 * @param html - markup from outside the widget (a legal document, say).
 * @returns a fragment owned by the current document, ready for `replaceChildren`.
 * @throws when DOMPurify cannot be loaded.
 */
export async function sanitizeHtml(html: string): Promise<DocumentFragment> {
  const purify = await loadPurifier();
  // DOMPurify's fragment belongs to its inert parsing document; imported here, it is an ordinary fragment of ours.
  return document.importNode(purify.sanitize(html, { ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true }), true);
}
