/**
 * How the consent checkboxes get their legal documents: a fetcher the element root provides. Apart from the
 * document cache (./legal-documents.ts) so that every element's root can provide it without carrying the cache,
 * which only the consent checkboxes use.
 */
import { createContext } from 'react';

/** How a legal document's HTML is fetched; the element root provides the API client's, tests may give theirs. */
export type LegalDocumentFetcher = (url: string) => Promise<string>;

/** The fetcher the consent checkboxes use. Forms never make requests themselves (docs/architecture.md "The import rule"). */
export const LegalDocumentFetcherContext = createContext<LegalDocumentFetcher>((url) =>
  Promise.reject(new Error(`No legal document fetcher is provided for ${url}.`)),
);
