import type { Resource } from './es';

/** English. */
export const en: Resource = {
  icon: {
    label: 'Loyalty club',
  },
  panel: {
    label: 'Loyalty club',
    section: 'Section: {{section}}',
  },
  tooltip: {
    label: 'Loyalty club notice',
  },
  cart: {
    label: 'Cart',
  },
  forms: {
    required: 'This field is required.',
    invalidField: 'Invalid field',
    requiredNote: 'Fields marked with * are required.',
    choose: 'Choose an option',
    submit: 'Send',
    submitFailed: 'It could not be sent. Please try again.',
    consentLabel: 'I have read and accept',
    consentConditionsLink: 'the terms and conditions',
    consentAnd: 'and',
    consentPrivacyLink: 'the privacy policy',
    consentConditionsTitle: 'Terms and conditions',
    consentPrivacyTitle: 'Privacy policy',
    consentRequired: 'You must accept the conditions to continue.',
    documentLoading: 'Loading the document…',
  },
  ui: {
    close: 'Close',
    loading: 'Loading…',
  },
};
