/**
 * The widget configuration, read from the data attributes of `<loyalty-panel>` (docs/configuration.md).
 *
 * Each attribute is validated on its own: a malformed value is reported with a console warning naming the
 * attribute and replaced by its default, so one typo in a CMS template never takes the widget down. Read by hand,
 * without valibot: this module is in the first payload (docs/architecture.md "React on intent").
 */
import { DEFAULT_ENDPOINTS, type Endpoints } from '../api/endpoints';
import { DEFAULT_CSRF_COOKIE_NAME, isCookieName } from '../lib/csrf/cookie-name';
import { AUTH_SECTIONS, type AuthSection } from '../lib/events';
import { warn } from '../lib/warn';

/** How an attribute's text is read: its value, or the reasons it is refused (which the warning names). */
type Reader<T> = (text: string) => { value: T } | { reasons: string[] };

/**
 * A reader that prepares the text (trimmed, say), runs every check on it (each failing one adds its reason, as a
 * pipe of checks does) and, when all pass, gives `output` of it.
 */
function reader<T>(prepare: (text: string) => string, checks: ReadonlyArray<readonly [pass: (text: string) => boolean, reason: string]>, output: (text: string) => T): Reader<T> {
  return (text) => {
    const prepared = prepare(text);
    const reasons = checks.filter(([pass]) => !pass(prepared)).map(([, reason]) => reason);
    return reasons.length > 0 ? { reasons } : { value: output(prepared) };
  };
}

const trim = (text: string) => text.trim();
const same = (text: string) => text;
const nonEmpty = [(text: string) => text !== '', 'expected an address'] as const;

const BooleanText = reader(
  (text) => text.trim().toLowerCase(),
  // Django templates render Python booleans as "True"/"False"; CMS editors write "1"/"0" or "yes"/"no".
  [[(text) => ['true', 'false', '1', '0', 'yes', 'no'].includes(text), 'expected true or false']],
  (text) => text === 'true' || text === '1' || text === 'yes',
);

/** A page address: a path on this site or an absolute http(s) URL. Anything else (`javascript:`…) is refused. */
const Address = reader(trim, [nonEmpty, [isPageAddress, 'expected a path starting with "/" or an http(s) URL']], same);

const Domain = reader(trim, [[(text) => text === '' || isHttpUrl(text), 'expected an http(s) URL']], (text) => text.replace(/\/+$/, ''));

const ProjectCode = reader(trim, [[(text) => /^[\w-]*$/.test(text), 'expected letters, digits, "-" or "_"']], same);

const Section = reader(
  (text) => text.trim().toUpperCase(),
  [[(text) => (AUTH_SECTIONS as readonly string[]).includes(text), `expected one of ${AUTH_SECTIONS.join(', ')}`]],
  (text) => text as AuthSection,
);

const Text = reader(same, [], same);

/** A script address: a path on this site or an absolute https URL (a plain-http SDK would be a hijack point). */
const ScriptAddress = reader(trim, [nonEmpty, [isScriptAddress, 'expected a path starting with "/" or an https URL']], same);

/** Django's `CSRF_COOKIE_NAME`: a cookie name (letters, digits and the few signs RFC 6265 allows). */
const CookieName = reader(trim, [[isCookieName, 'expected a cookie name']], same);

const GraphVersion = reader(trim, [[(text) => /^v\d+\.\d+$/.test(text), 'expected a version such as v2.11']], same);

/** The settings of docs/configuration.md, with their defaults. */
export interface WidgetSettings {
  cta: string;
  isDesktop: boolean;
  isEmbedded: boolean;
  projectCode: string;
  /** Origin prefix for stylesheets, trailing slash removed; empty for this site. */
  domain: string;
  loyaltyTitle: string;
  loyaltyActive: boolean;
  activeSection: AuthSection;
  tokenPassword: string;
  tokenUID: string;
  renderIcon: boolean;
  /** Google Identity Services script; a stand-in on pages without internet. */
  googleSdkUrl: string;
  /** Facebook JS SDK script; a stand-in on pages without internet. */
  facebookSdkUrl: string;
  /** Graph API version passed to `FB.init`. */
  facebookSdkVersion: string;
  /** The cookie Django keeps the anti-forgery token in (`CSRF_COOKIE_NAME`). */
  csrfCookieName: string;
}

/**
 * The addresses the widget calls or navigates to: every configurable address but set-cookie. docs/bookcore-contract.md lists
 * set-cookie as a call "with a passed payload" and nothing says the widget makes it, so its address is not a
 * `<loyalty-panel>` attribute: a host page that sets a cookie through bookcore configures it on its own client
 * (`createBookcoreClient({ endpoints: { setCookie } })` of `loyalty-elements/bookcore`).
 */
export type WidgetEndpoints = Omit<Endpoints, 'setCookie'>;

/** The widget's default addresses. */
const WIDGET_ENDPOINTS: Readonly<WidgetEndpoints> = Object.freeze(
  Object.fromEntries(Object.entries(DEFAULT_ENDPOINTS).filter(([key]) => key !== 'setCookie')) as unknown as WidgetEndpoints,
);

/** Everything the elements are configured with: settings plus every API and page address. */
export interface WidgetConfig extends WidgetSettings {
  endpoints: WidgetEndpoints;
}

/** Defaults of docs/configuration.md. */
export const DEFAULT_CONFIG: WidgetConfig = {
  cta: '',
  isDesktop: false,
  isEmbedded: false,
  projectCode: '',
  domain: '',
  loyaltyTitle: '',
  loyaltyActive: true,
  activeSection: 'PRE_SIGNUP',
  tokenPassword: '',
  tokenUID: '',
  renderIcon: true,
  googleSdkUrl: 'https://accounts.google.com/gsi/client',
  facebookSdkUrl: 'https://connect.facebook.net/es_ES/sdk.js',
  facebookSdkVersion: 'v2.11',
  csrfCookieName: DEFAULT_CSRF_COOKIE_NAME,
  endpoints: WIDGET_ENDPOINTS,
};

type SettingSchema<Key extends keyof WidgetSettings> = Reader<WidgetSettings[Key]>;

/** The attribute that carries each setting, and how its text is read. */
const SETTING_ATTRIBUTES: { [Key in keyof WidgetSettings]: readonly [attribute: string, schema: SettingSchema<Key>] } = {
  cta: ['data-cta', Text],
  isDesktop: ['data-is-desktop', BooleanText],
  isEmbedded: ['data-is-embedded', BooleanText],
  projectCode: ['data-project-code', ProjectCode],
  domain: ['data-domain', Domain],
  loyaltyTitle: ['data-loyalty-title', Text],
  loyaltyActive: ['data-loyalty-active', BooleanText],
  activeSection: ['data-active-section', Section],
  tokenPassword: ['data-token-password', Text],
  tokenUID: ['data-token-uid', Text],
  renderIcon: ['data-render-icon', BooleanText],
  googleSdkUrl: ['data-google-sdk-url', ScriptAddress],
  facebookSdkUrl: ['data-facebook-sdk-url', ScriptAddress],
  facebookSdkVersion: ['data-facebook-sdk-version', GraphVersion],
  csrfCookieName: ['data-csrf-cookie-name', CookieName],
};

/** Every attribute name the configuration is read from, for `observedAttributes`. */
export const CONFIG_ATTRIBUTES: readonly string[] = [
  ...Object.values(SETTING_ATTRIBUTES).map(([attribute]) => attribute),
  ...Object.keys(WIDGET_ENDPOINTS).map(endpointAttribute),
];

/** `dropUrl` → `data-drop-url`. */
export function endpointAttribute(key: string): string {
  return `data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * Reads and validates the configuration from attribute values.
 *
 * @param readAttribute - returns an attribute's text, or null when absent (e.g. `el.getAttribute.bind(el)`).
 * @returns the configuration; absent or malformed attributes take their defaults, malformed ones with a warning.
 */
export function readConfig(readAttribute: (name: string) => string | null): WidgetConfig {
  const settings = { ...DEFAULT_CONFIG } as Record<keyof WidgetSettings, unknown>;
  for (const key of Object.keys(SETTING_ATTRIBUTES) as (keyof WidgetSettings)[]) {
    const [attribute, schema] = SETTING_ATTRIBUTES[key];
    const text = readAttribute(attribute);
    if (text === null) continue;
    const parsed = (schema as Reader<unknown>)(text);
    if ('value' in parsed) settings[key] = parsed.value;
    else reportMalformed(attribute, text, parsed.reasons, DEFAULT_CONFIG[key]);
  }
  const endpoints = { ...WIDGET_ENDPOINTS };
  for (const key of Object.keys(WIDGET_ENDPOINTS) as (keyof WidgetEndpoints)[]) {
    const attribute = endpointAttribute(key);
    const text = readAttribute(attribute);
    if (text === null) continue;
    const parsed = Address(text);
    if ('value' in parsed) endpoints[key] = parsed.value;
    else reportMalformed(attribute, text, parsed.reasons, WIDGET_ENDPOINTS[key]);
  }
  return { ...(settings as unknown as WidgetSettings), endpoints };
}

function reportMalformed(attribute: string, text: string, reasons: readonly string[], fallback: unknown) {
  const reason = reasons.join('; ');
  warn(`ignoring ${attribute}=${JSON.stringify(text)}: ${reason}; using ${JSON.stringify(fallback)}.`);
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const SITE = 'https://site.invalid';

/**
 * Whether a path stays on this site once resolved. "//host/path" is protocol-relative, i.e. another site, and so
 * are "/\host" (URL parsing reads a backslash as a slash) and "/<tab>/host" (it drops tabs and newlines): such an
 * address must be written out as an absolute URL.
 */
function isSitePath(text: string): boolean {
  if (!text.startsWith('/')) return false;
  try {
    return new URL(text, SITE).origin === SITE;
  } catch {
    return false;
  }
}

function isPageAddress(text: string): boolean {
  return isSitePath(text) || isHttpUrl(text);
}

function isScriptAddress(text: string): boolean {
  if (text.startsWith('/')) return isSitePath(text);
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}
