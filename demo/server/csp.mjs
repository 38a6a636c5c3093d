// @ts-check
/**
 * The strict Content-Security-Policy `DEMO_CSP=strict` serves HTML pages with (demo/server/start.mjs), in a module
 * of its own so tests can read it without starting the server.
 */

/**
 * The strict policy a hardened hotel site would send: scripts and stylesheets from the page's own origin only
 * (no inline `<script>`, `<style>`, `style=""`, event-handler attributes, eval), no plugins, no `<base>`, and
 * Trusted Types enforced for every DOM script sink. The only policies allowed are the elements' own:
 * `loyalty-elements` (src/lib/trusted-types.ts, the social SDK script addresses) and `dompurify` (the one
 * DOMPurify creates to parse legal documents). Constructable stylesheets (`adoptedStyleSheets`) and styles set
 * through the CSSOM (`element.style.x = …`, what React's `style={}` does) are not restricted by `style-src`.
 */
export const STRICT_CSP = [
  "script-src 'self' 'report-sample'",
  "style-src 'self' 'report-sample'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types loyalty-elements dompurify',
].join('; ');
