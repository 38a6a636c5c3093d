/**
 * The loyalty calls of the widget's start (docs/loyalty-widget.md "Start-up"): the settings and the current user,
 * in the first payload, read with a small hand check instead of their valibot schemas (./loyalty.schemas.ts), which
 * load with the panel. What the check accepts is what those schemas accept, and the member it reads is the one they
 * decode (test/hardening/decoders.test.ts compares them); the rest of the settings answer is kept as it came, for
 * the panel to decode in full (`decodeSettingsAnswer`, ./loyalty.ts).
 */
import { ApiError } from '../lib/api-error';
import type { User } from './loyalty.schemas';
import { getJsonAnswer, type GetOptions } from './transport';

/** What the start reads of the settings answer; the answer itself, for the full decoding. */
export interface StartSettings {
  /** The answer's `success`, whatever it holds (only `false` hides the widget). */
  success: unknown;
  /** `settings.SIGNIN.form` when it is a list; undefined when the settings carry no sign-in form. */
  signInForm: readonly unknown[] | undefined;
  /** The member `loggedIn` names, or null. */
  loggedIn: User | null;
  /**
   * Once, on the page a mail link led to (docs/bookcore-contract.md "Back where the guest started"): the link signed
   * `loggedIn` in (`justSignedIn: true`), or could not and names the e-mail to sign in with (`signInEmail`).
   */
  justSignedIn: boolean;
  signInEmail: string | undefined;
  /** The answer as it came. */
  answer: Readonly<Record<string, unknown>>;
}

// What valibot's object schemas accept as an object: anything of type object but null (a list included).
function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const UNCOPIED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** The fields a loose object schema keeps as they came: its own enumerable keys but the known ones. */
function otherFields(input: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const others: Record<string, unknown> = {};
  for (const key in input) {
    if (Object.prototype.hasOwnProperty.call(input, key) && !UNCOPIED_KEYS.has(key) && !known.includes(key)) others[key] = input[key];
  }
  return others;
}

const USER_KEYS = ['userName', 'email', 'nombre', 'apellidos', 'info_personal'];
const PERSONAL_KEYS = ['nombre', 'apellidos'];

/**
 * The member a `loggedIn` or `user` value names, or null, as `MemberOrNobodySchema` (./loyalty.schemas.ts) reads
 * it: a value that is no object, or a user without a `nombre` (nor `info_personal.nombre`), is nobody; a field of the
 * wrong type is dropped on its own.
 *
 * @param input - the value.
 */
export function memberOrNobody(input: unknown): User | null {
  if (!isObject(input)) return null;
  const user: Record<string, unknown> = {};
  for (const key of ['userName', 'email']) if (key in input) user[key] = text(input[key]);
  user['nombre'] = text(input['nombre'])?.trim() ?? '';
  user['apellidos'] = text(input['apellidos'])?.trim() ?? '';
  let personal: { nombre: string; apellidos: string } | undefined;
  if ('info_personal' in input) {
    const given = input['info_personal'];
    personal = isObject(given)
      ? { nombre: text(given['nombre']) ?? '', apellidos: text(given['apellidos']) ?? '', ...otherFields(given, PERSONAL_KEYS) }
      : undefined;
    user['info_personal'] = personal;
  }
  const nombre = (user['nombre'] as string) || (personal?.nombre ?? '').trim();
  if (nombre === '') return null;
  return { ...user, ...otherFields(input, USER_KEYS), nombre } as User;
}

/**
 * A configured text of a settings answer the start read, by its path under `settings` (`NOTIFICATIONS`, `messages`,
 * `registered`, `text`), as the settings schema reads it: undefined where a part on the way is no object or the
 * text no text (each part falls back on its own).
 *
 * @param answer - the answer ({@link StartSettings}).
 * @param path - the keys under `settings`.
 */
export function settingsText(answer: Readonly<Record<string, unknown>>, ...path: string[]): string | undefined {
  let part: unknown = answer['settings'];
  for (const key of path) {
    if (!isObject(part)) return undefined;
    part = part[key];
  }
  return text(part);
}

/**
 * Reads the current user.
 *
 * @param url - the user address.
 * @param options - cancellation, timeout and retries.
 * @returns the member, or null for an anonymous visitor.
 */
export async function getStartUser(url: string, options?: GetOptions): Promise<User | null> {
  return memberOrNobody(await getJsonAnswer(url, options));
}

/**
 * Loads the widget settings, the logged-in user and the social client ids: what the start decides on, and the
 * answer for the panel.
 *
 * @param url - the settings address.
 * @param options - cancellation, timeout and retries.
 * @throws {ApiError} kind `schema` when the answer is no object.
 */
export async function getStartSettings(url: string, options?: GetOptions): Promise<StartSettings> {
  const answer = await getJsonAnswer(url, options);
  const read = readStartSettings(answer);
  if (!read) throw new ApiError(`GET ${url} answered an unexpected shape: expected an object`, { kind: 'schema', method: 'GET', url, body: answer });
  return read;
}

/**
 * Reads a settings answer as the start needs it, or null when the settings schema would refuse it (it is no object).
 *
 * @param answer - the parsed answer.
 */
export function readStartSettings(answer: unknown): StartSettings | null {
  if (!isObject(answer)) return null;
  const settings = isObject(answer['settings']) ? answer['settings'] : {};
  const signIn = settings['SIGNIN'];
  return {
    success: answer['success'],
    signInForm: isObject(signIn) && Array.isArray(signIn['form']) ? (signIn['form'] as unknown[]) : undefined,
    loggedIn: 'loggedIn' in answer ? memberOrNobody(answer['loggedIn']) : null,
    justSignedIn: answer['justSignedIn'] === true,
    signInEmail: text(answer['signInEmail'])?.trim() || undefined,
    answer,
  };
}
