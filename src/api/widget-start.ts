/**
 * The loyalty calls of the widget's start (docs/loyalty-widget.md "Start-up"): the settings and the current user. Apart
 * from the rest of the loyalty client (./loyalty.ts, which re-exports them) so that the icon's first payload
 * carries only these two.
 */
import { DEFAULT_ENDPOINTS } from './endpoints';
import { getJson, type GetOptions } from './http';
import { CurrentUserSchema, SettingsResponseSchema, type CurrentUser, type SettingsResponse } from './loyalty.schemas';

/**
 * Reads the current user.
 *
 * @param url - the user address.
 * @param options - cancellation, timeout and retries.
 * @returns the member, or null for an anonymous visitor.
 */
export function getUser(url: string = DEFAULT_ENDPOINTS.getUser, options?: GetOptions): Promise<CurrentUser> {
  return getJson(url, CurrentUserSchema, options);
}

/**
 * Loads the widget settings, the logged-in user and the social client ids.
 *
 * @param url - the settings address.
 * @param options - cancellation, timeout and retries.
 */
export function getSettings(
  url: string = DEFAULT_ENDPOINTS.settings,
  options?: GetOptions,
): Promise<SettingsResponse> {
  return getJson(url, SettingsResponseSchema, options);
}
