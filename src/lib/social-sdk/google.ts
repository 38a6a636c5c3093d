/**
 * Google Identity Services (https://accounts.google.com/gsi/client): the part of `google.accounts.id` the
 * widget calls, the script load, and the decoding of the credential (a JWT id token).
 */
import { loadScriptOnce } from './load-script';

/** What GSI passes to the `callback` of `initialize`. */
export interface CredentialResponse {
  /** The id token: a JWT whose payload names the Google account. */
  credential: string;
  select_by?: string;
  clientId?: string;
}

/** The options of `google.accounts.id.renderButton` the widget uses. */
export interface GsiButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
  click_listener?: () => void;
}

/** The `initialize` options the widget uses. */
export interface IdConfiguration {
  client_id: string;
  callback: (response: CredentialResponse) => void;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  context?: 'signin' | 'signup' | 'use';
  ux_mode?: 'popup' | 'redirect';
  itp_support?: boolean;
  use_fedcm_for_prompt?: boolean;
}

/** `google.accounts.id`, as far as the widget calls it. */
export interface GoogleAccountsId {
  initialize(config: IdConfiguration): void;
  renderButton(parent: HTMLElement, options: GsiButtonConfiguration): void;
  prompt(listener?: (notification: unknown) => void): void;
  disableAutoSelect(): void;
  cancel?(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** The Google account an id token names (the standard OpenID Connect claims). */
export interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
  given_name: string;
  family_name: string;
}

/**
 * Loads GSI once per page.
 *
 * @param url - the script address (`data-google-sdk-url`).
 * @returns `google.accounts.id`; rejects when the script is blocked, fails or times out.
 */
export async function loadGoogleIdentity(url: string): Promise<GoogleAccountsId> {
  const existing = window.google?.accounts?.id;
  if (existing) return existing;
  await loadScriptOnce(url);
  const api = window.google?.accounts?.id;
  if (!api) throw new Error(`${url} loaded but defined no google.accounts.id`);
  return api;
}

type Listener = (response: CredentialResponse) => void;

const ROUTER_KEY = Symbol.for('loyalty-elements.social-sdk.google');

interface CredentialRouter {
  clientId: string | null;
  listeners: Listener[];
  active: Listener | null;
}

function router(): CredentialRouter {
  const holder = globalThis as typeof globalThis & { [ROUTER_KEY]?: CredentialRouter };
  holder[ROUTER_KEY] ??= { clientId: null, listeners: [], active: null };
  return holder[ROUTER_KEY];
}

/**
 * GSI takes one `initialize` per page, with one callback. This calls it once per client id, and hands each
 * credential to the listener whose button the visitor last pointed at or focused (else the latest one).
 *
 * @returns `activate`, to call when the listener's button is pointed at, and `release`, to call on unmount.
 */
export function listenForCredential(
  api: GoogleAccountsId,
  clientId: string,
  listener: Listener,
): { activate: () => void; release: () => void } {
  const state = router();
  if (state.clientId !== clientId) {
    state.clientId = clientId;
    api.initialize({
      client_id: clientId,
      callback: (response) => {
        const target = state.active ?? state.listeners.at(-1);
        target?.(response);
      },
      auto_select: false,
      cancel_on_tap_outside: true,
      context: 'signin',
      ux_mode: 'popup',
      itp_support: true,
    });
  }
  state.listeners.push(listener);
  return {
    activate: () => {
      state.active = listener;
    },
    release: () => {
      state.listeners = state.listeners.filter((candidate) => candidate !== listener);
      if (state.active === listener) state.active = null;
    },
  };
}

/**
 * Reads the payload of an id token. The signature is not checked here: the server verifies the token it is
 * sent; the browser only needs the names to fill the consent step.
 *
 * @throws when the token is not a JWT or its payload names no account.
 */
export function decodeIdToken(token: string): GoogleProfile {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('The Google credential is not a JWT.');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  if (!text('sub')) throw new Error('The Google credential names no account.');
  return {
    sub: text('sub'),
    email: text('email'),
    name: text('name'),
    given_name: text('given_name'),
    family_name: text('family_name'),
  };
}
