/**
 * The legal documents shown by consent checkboxes, fetched once per address for the page's life (docs/forms-and-consent.md
 * "Consent checkboxes") and shared by every form and element on the page.
 *
 * A failed fetch is forgotten, so the guest's next click tries again; a fetch in flight is shared, so a double
 * click makes one request.
 */
import type { LegalDocumentFetcher } from './legal-document-fetcher';

const documents = new Map<string, Promise<string>>();
const loaded = new Set<string>();

/**
 * The document's HTML, fetched on the first call for this address and cached afterwards.
 *
 * @param url - the document address, as configured on the consent checkbox.
 * @param fetchDocument - how to fetch it the first time.
 * @throws whatever the fetcher throws (the failure is not cached).
 */
export function loadLegalDocument(url: string, fetchDocument: LegalDocumentFetcher): Promise<string> {
  let document = documents.get(url);
  if (!document) {
    document = fetchDocument(url).then(
      (html) => {
        loaded.add(url);
        return html;
      },
      (error: unknown) => {
        documents.delete(url);
        throw error;
      },
    );
    documents.set(url, document);
  }
  return document;
}

/** Whether the document is already here, so opening it needs no loader. */
export function isLegalDocumentLoaded(url: string): boolean {
  return loaded.has(url);
}

/** Forgets every cached document; for tests, and for a page that knows its documents changed. */
export function forgetLegalDocuments(): void {
  documents.clear();
  loaded.clear();
}
