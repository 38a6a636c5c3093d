import { useContext, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError } from '../lib/api-error';
import { sanitizeHtml } from '../lib/sanitize-html';
import { warn } from '../lib/warn';
import { Loader } from '../ui/Loader';
import type { PreparedConsent } from './consent-definition';
import { LegalDocumentFetcherContext } from './legal-document-fetcher';
import { isLegalDocumentLoaded, loadLegalDocument } from './legal-documents';
import { LegalDocumentModal } from './LegalDocumentModal';

/** Props of {@link ConsentCheckbox}. */
export interface ConsentCheckboxProps {
  consent: PreparedConsent;
  /** The checkbox's id; its error message gets `{id}-error`. */
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Whether its consent error shows (a required tick missing after a submit attempt). */
  invalid: boolean;
}

interface OpenDocument {
  title: string;
  document: DocumentFragment;
  opener: HTMLElement;
}

/**
 * A consent checkbox (docs/forms-and-consent.md "Consent checkboxes") whose label may link to the conditions and privacy documents. A link fetches
 * its document once (a loader shows meanwhile), sanitises it and shows it in a modal; a failed fetch hides the
 * loader and shows nothing (docs/loyalty-widget.md "Messages").
 */
export function ConsentCheckbox({ consent, id, checked, onChange, invalid }: ConsentCheckboxProps) {
  const fetchDocument = useContext(LegalDocumentFetcherContext);
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<OpenDocument | null>(null);
  const { definition } = consent;
  const errorId = `${id}-error`;
  const conditionsLink = definition.conditionsUrl
    ? {
        url: definition.conditionsUrl,
        label: definition.conditionsLinkLabel ?? t('forms.consentConditionsLink'),
        title: definition.conditionsTitle ?? t('forms.consentConditionsTitle'),
      }
    : null;
  const privacyLink = definition.privacyUrl
    ? {
        url: definition.privacyUrl,
        label: definition.privacyLinkLabel ?? t('forms.consentPrivacyLink'),
        title: definition.privacyTitle ?? t('forms.consentPrivacyTitle'),
      }
    : null;

  async function openDocument(event: MouseEvent<HTMLAnchorElement>, url: string, title: string) {
    event.preventDefault();
    if (loading) return;
    const opener = event.currentTarget;
    if (!isLegalDocumentLoaded(url)) setLoading(true);
    try {
      const document = await sanitizeHtml(await loadLegalDocument(url, fetchDocument));
      setOpen({ title, document, opener });
    } catch (error) {
      if (!isAbortError(error)) warn(`could not show the legal document ${url}.`, error);
    } finally {
      setLoading(false);
    }
  }

  const link = (target: { url: string; label: string; title: string }, part: string) => (
    <a
      href={target.url}
      part={`consent-link ${part}`}
      aria-haspopup="dialog"
      onClick={(event) => void openDocument(event, target.url, target.title)}
    >
      {target.label}
    </a>
  );

  return (
    <div part="consent" data-condition-id={definition.conditionId}>
      <div part="consent-control">
        <input
          id={id}
          type="checkbox"
          name={consent.name}
          value="true"
          part="consent-checkbox"
          checked={checked}
          required={consent.required}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label htmlFor={id} part="consent-label">
          {definition.label ?? t(conditionsLink || privacyLink ? 'forms.consentLabel' : 'forms.consentAccept')}
          {conditionsLink && <> {link(conditionsLink, 'conditions-link')}</>}
          {conditionsLink && privacyLink && <> {definition.andLabel ?? t('forms.consentAnd')}</>}
          {privacyLink && <> {link(privacyLink, 'privacy-link')}</>}
          {consent.required && ' (*)'}
        </label>
      </div>
      {loading && <Loader label={t('forms.documentLoading')} />}
      <p id={errorId} part="field-error consent-error" aria-live="polite">
        {invalid ? (definition.errorText ?? t('forms.consentRequired')) : ''}
      </p>
      {open && (
        <LegalDocumentModal
          title={open.title}
          document={open.document}
          lang={definition.language}
          opener={open.opener}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
