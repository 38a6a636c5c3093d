/**
 * How the consent checkboxes get their documents: the API client, handed to the forms by the element root, so
 * forms and components never depend on the transport.
 */
export { fetchLegalDocument } from '../api/documents';
