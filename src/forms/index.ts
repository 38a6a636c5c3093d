/**
 * The form engine (docs/forms-and-consent.md): forms built from field definitions, consent checkboxes and the legal-document
 * modal. docs/forms-and-consent.md describes the field-definition format.
 */
export { ConsentCheckbox, type ConsentCheckboxProps } from './ConsentCheckbox';
export { ConsentDefinitionSchema, prepareConsents, type ConsentDefinition, type PreparedConsent } from './consent-definition';
export {
  DEFAULT_MAX_LENGTH,
  FieldDefinitionSchema,
  checkField,
  payloadValue,
  prepareFields,
  type FieldDefinition,
  type FieldProblem,
  type FieldType,
  type FieldValue,
  type PreparedField,
} from './field-definition';
export { Form, FormSubmitError, type FormDraft, type FormProps, type FormSubmission } from './Form';
export { inputAttributesFor, type InputAttributes, type PasswordPurpose } from './input-attributes';
export { LegalDocumentFetcherContext, type LegalDocumentFetcher } from './legal-document-fetcher';
export { forgetLegalDocuments, isLegalDocumentLoaded, loadLegalDocument } from './legal-documents';
export { LegalDocumentModal, type LegalDocumentModalProps } from './LegalDocumentModal';
