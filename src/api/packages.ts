/** The package availability client (docs/bookcore-contract.md "Package availability"). */
import { DEFAULT_ENDPOINTS } from './endpoints';
import { getJson, type GetOptions } from './http';
import { PackageAvailabilityResponseSchema, type PackageAvailabilityResponse } from './packages.schemas';

/** Which package and dates to ask for (docs/bookcore-contract.md "Package availability"). */
export type PackageAvailabilityParams = {
  packId: string | number;
  /** YYYY-MM-DD. */
  checkIn: string;
  /** YYYY-MM-DD, or empty when the package fixes the length of stay. */
  checkOut?: string | undefined;
};

/**
 * Fills the configured address template. Values are URL-encoded so a date or id can never add query
 * parameters or path segments of its own.
 *
 * @param template - an address holding PACKID, CHECKIN and CHECKOUT (each possibly more than once).
 * @param params - the values; an absent check-out becomes empty.
 * @returns the address to fetch.
 */
export function buildPackageAvailabilityUrl(template: string, params: PackageAvailabilityParams): string {
  const values: Record<string, string> = {
    PACKID: String(params.packId),
    CHECKIN: params.checkIn,
    CHECKOUT: params.checkOut ?? '',
  };
  // One pass, so a value that happens to spell a placeholder is never replaced in its turn.
  return template.replace(/PACKID|CHECKIN|CHECKOUT/g, (placeholder) => encodeURIComponent(values[placeholder] ?? ''));
}

/**
 * Reads a package's options for the given dates.
 *
 * @param params - package and dates.
 * @param template - the address template; PACKID, CHECKIN and CHECKOUT are replaced.
 * @param options - cancellation, timeout and retries.
 */
export function getPackageAvailability(
  params: PackageAvailabilityParams,
  template: string = DEFAULT_ENDPOINTS.packageAvailability,
  options?: GetOptions,
): Promise<PackageAvailabilityResponse> {
  return getJson(buildPackageAvailabilityUrl(template, params), PackageAvailabilityResponseSchema, options);
}
