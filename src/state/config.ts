/**
 * The widget configuration, read from the data attributes of `<loyalty-panel>` (docs/configuration.md).
 *
 * Each attribute is validated on its own: a malformed value is reported with a console warning naming the
 * attribute and replaced by its default, so one typo in a CMS template never takes the widget down.
 */
import * as v from 'valibot';
import { DEFAULT_ENDPOINTS, type Endpoints } from '../api/endpoints';
import { DEFAULT_CSRF_COOKIE_NAME, isCookieName } from '../lib/csrf';
import { AUTH_SECTIONS, type AuthSection } from '../lib/events';
import { warn } from '../lib/warn';

const BooleanText = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  // Django templates render Python booleans as "True"/"False"; CMS editors write "1"/"0" or "yes"/"no".
  v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'expected true or false'),
  v.transform((text) => text === 'true' || text === '1' || text === 'yes'),
);

/** A page address: a path on this site or an absolute http(s) URL. Anything else (`javascript:`…) is refused. */
const Address = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('expected an address'),
  v.check(isPageAddress, 'expected a path starting with "/" or an http(s) URL'),
);

const Domain = v.pipe(
  v.string(),
  v.trim(),
  v.check((text) => text === '' || isHttpUrl(text), 'expected an http(s) URL'),
  v.transform((text) => text.replace(/\/+$/, '')),
);

const ProjectCode = v.pipe(v.string(), v.trim(), v.regex(/^[\w-]*$/, 'expected letters, digits, "-" or "_"'));

const Section = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.picklist(AUTH_SECTIONS, `expected one of ${AUTH_SECTIONS.join(', ')}`),
);

const Text = v.string();

/** A script address: a path on this site or an absolute https URL (a plain-http SDK would be a hijack point). */
const ScriptAddress = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('expected an address'),
  v.check(isScriptAddress, 'expected a path starting with "/" or an https URL'),
);

/** Django's `CSRF_COOKIE_NAME`: a cookie name (letters, digits and the few signs RFC 6265 allows). */
const CookieName = v.pipe(v.string(), v.trim(), v.check(isCookieName, 'expected a cookie name'));

const GraphVersion = v.pipe(v.string(), v.trim(), v.regex(/^v\d+\.\d+$/, 'expected a version such as v2.11'));

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

type SettingSchema<Key extends keyof WidgetSettings> = v.GenericSchema<string, WidgetSettings[Key]>;

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
    const parsed = v.safeParse(schema, text);
    if (parsed.success) settings[key] = parsed.output;
    else reportMalformed(attribute, text, parsed.issues, DEFAULT_CONFIG[key]);
  }
  const endpoints = { ...WIDGET_ENDPOINTS };
  for (const key of Object.keys(WIDGET_ENDPOINTS) as (keyof WidgetEndpoints)[]) {
    const attribute = endpointAttribute(key);
    const text = readAttribute(attribute);
    if (text === null) continue;
    const parsed = v.safeParse(Address, text);
    if (parsed.success) endpoints[key] = parsed.output;
    else reportMalformed(attribute, text, parsed.issues, WIDGET_ENDPOINTS[key]);
  }
  return { ...(settings as unknown as WidgetSettings), endpoints };
}

function reportMalformed(attribute: string, text: string, issues: readonly v.BaseIssue<unknown>[], fallback: unknown) {
  const reason = issues.map((issue) => issue.message).join('; ');
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
