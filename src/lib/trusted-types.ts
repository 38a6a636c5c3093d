/**
 * The one Trusted Types policy of loyalty-elements, named `loyalty-elements`.
 *
 * A page that enforces Trusted Types (`Content-Security-Policy: require-trusted-types-for 'script'`) refuses a
 * plain string in a script sink such as `script.src`. The widget has two such sinks. The `<script>` that loads a
 * social SDK (src/lib/social-sdk/load-script.ts): `createScriptURL` blesses only what a configured SDK address may
 * be (`data-google-sdk-url`, `data-facebook-sdk-url`, checked the same way by src/state/config.ts), an address on
 * the page's own origin or an https one. And the text of `<hotel-page>`'s `<script type="application/ld+json">`:
 * `createScript` blesses only an escaped JSON document (valid JSON, no `<` or `>`), never code. Anything else
 * throws, and the script is never added.
 *
 * Integrators who enforce Trusted Types list it: `trusted-types loyalty-elements dompurify` (DOMPurify creates the
 * `dompurify` policy to parse legal documents, src/lib/sanitize-html.ts). The policy is created on first use, not
 * when the library loads. Where the browser has no Trusted Types the plain string is used; where the page's
 * `trusted-types` directive does not allow the name (or a second copy of the library already created it), a
 * warning says so and the plain string is used, which the browser then blocks and reports as a violation.
 */
import { warn } from './warn';

/** The policy name integrators allow in their `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY_NAME = 'loyalty-elements';

/** The part of a Trusted Types policy used here (TypeScript's DOM library has no Trusted Types yet). */
interface ScriptUrlPolicy {
  createScriptURL(input: string): TrustedScriptUrl;
  createScript(input: string): TrustedScriptText;
}

/** A `TrustedScript`: opaque, accepted as a script element's text, stringifies to it. */
export interface TrustedScriptText {
  toString(): string;
}

/** A `TrustedScriptURL`: opaque, accepted by `script.src`, stringifies to the address. */
export interface TrustedScriptUrl {
  toString(): string;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL: (input: string) => string; createScript: (input: string) => string }): ScriptUrlPolicy;
}

// undefined: not asked for yet; null: none (no Trusted Types in this browser, or the page refused the name).
let policy: ScriptUrlPolicy | null | undefined;

/**
 * What a social SDK address may be: the page's own origin, or https.
 *
 * @throws TypeError for anything else (`javascript:`, `data:`, `blob:`, plain http on another site).
 */
function checkScriptUrl(input: string): string {
  const url = new URL(input, document.baseURI);
  if (url.origin === location.origin || url.protocol === 'https:') return url.href;
  throw new TypeError(`[loyalty-elements] refused to load a script from ${url.href}: not this site and not https.`);
}

/**
 * What a script element's text may be: a JSON-LD document as src/lib/json-ld.ts writes it (valid JSON with no `<` or
 * `>`), the data `<hotel-page>` puts in the page's head; never code.
 *
 * @throws TypeError for anything else.
 */
function checkJsonLdText(input: string): string {
  let parsed = false;
  try {
    JSON.parse(input);
    parsed = true;
  } catch {
    // Refused below.
  }
  if (parsed && !/[<>]/.test(input)) return input;
  throw new TypeError('[loyalty-elements] refused a script text that is not an escaped JSON-LD document.');
}

function scriptUrlPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory || typeof factory.createPolicy !== 'function') {
    policy = null;
    return policy;
  }
  try {
    policy = factory.createPolicy(TRUSTED_TYPES_POLICY_NAME, { createScriptURL: checkScriptUrl, createScript: checkJsonLdText });
  } catch (error) {
    warn(
      `could not create the Trusted Types policy "${TRUSTED_TYPES_POLICY_NAME}": allow it in the page's trusted-types directive, or the social login scripts are blocked.`,
      error,
    );
    policy = null;
  }
  return policy;
}

/**
 * A social SDK address, ready for `script.src`: a `TrustedScriptURL` from the `loyalty-elements` policy where the
 * browser has Trusted Types, else the string itself.
 *
 * @param url - the configured SDK address (a path on this site or an https URL).
 * @throws TypeError when the address is neither on this site nor https (whether or not Trusted Types exist).
 */
export function trustedScriptUrl(url: string): TrustedScriptUrl | string {
  const trusted = scriptUrlPolicy();
  return trusted ? trusted.createScriptURL(url) : checkScriptUrl(url);
}

/**
 * A JSON-LD document's text, ready for a `<script type="application/ld+json">`: a `TrustedScript` from the
 * `loyalty-elements` policy where the browser enforces Trusted Types (a page's `require-trusted-types-for 'script'`
 * refuses plain text there), else the text itself.
 *
 * @param text - the document as `jsonLdText` wrote it.
 * @throws TypeError when the text is not valid JSON free of `<` and `>` (whether or not Trusted Types exist).
 */
export function trustedJsonLdText(text: string): TrustedScriptText | string {
  const trusted = scriptUrlPolicy();
  return trusted ? trusted.createScript(text) : checkJsonLdText(text);
}
