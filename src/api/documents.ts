/** The consent documents client (docs/forms-and-consent.md "Consent checkboxes"): legal texts shown in the consent modal. */
import { getText, type GetOptions } from './http';

// The legacy endpoint serves the fragment only when asked with this content type, odd as it is on a GET.
const LEGAL_DOCUMENT_HEADERS = { 'Content-Type': 'text/html' } as const;

/**
 * Reads a conditions or privacy document as HTML text. The caller sanitises it before display: it is markup
 * written by hotel staff in a CMS.
 *
 * @param url - the document address, as configured on the consent checkbox.
 * @param options - cancellation, timeout and retries.
 * @returns the document's HTML, unparsed.
 * @throws {ApiError} kind `http` on a non-2xx answer, `network` or `timeout` when none arrives.
 */
export function fetchLegalDocument(url: string, options?: GetOptions): Promise<string> {
  return getText(url, LEGAL_DOCUMENT_HEADERS, options);
}
