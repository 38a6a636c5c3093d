import { useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormSubmission } from '../../forms/Form';
import { isAbortError } from '../../lib/api-error';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { goToSectionAtom } from '../../state/session';
import { signUpAtom } from '../../state/sign-up';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';
import { useRegistrationConsents } from './consents';
import { useFormDraft } from './form-drafts';
import { useActionTexts } from './texts';

const NO_FIELDS: readonly unknown[] = [];

/**
 * SIGNUP: the configured `SIGNUP.form`, the required policy tick with the configured conditions, the optional
 * newsletter tick and the data-protection conditions (docs/loyalty-widget.md "Sections", docs/forms-and-consent.md "Consent checkboxes").
 */
export function SignUpSection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  const signUp = useSetAtom(signUpAtom);
  const texts = useActionTexts();
  const consents = useRegistrationConsents(settings, 'newsletter');
  // What was typed stays when the modal closes or the guest follows a link, until the page changes (not the
  // password); an account created clears it.
  const kept = useFormDraft('SIGNUP');

  async function submit(payload: FormSubmission) {
    // The form only calls this once every field is valid and the policy ticked.
    void trackLoyaltyEvent('validate_form');
    const outcome = await signUp(payload, texts);
    // A sign-up a later action replaced ends in an abort: nothing happened to the guest's sign-up to report.
    if (outcome.ok) {
      kept.clear();
      void trackLoyaltyEvent('signup_success');
    }
    else if (!isAbortError(outcome.error)) void trackLoyaltyEvent('signup_error');
  }

  return (
    <AuthSectionLayout name="SIGNUP" title={t('auth.signUpTitle')}>
      <Form
        fields={settings.SIGNUP?.form ?? NO_FIELDS}
        consents={consents}
        passwordPurpose="new-password"
        onSubmit={submit}
        submitLabel={t('auth.signUpSubmit')}
        label={t('auth.signUpTitle')}
        draft={kept.draft}
        onDraftChange={kept.save}
      />
      <p part="data-protection">{t('auth.dataProtection')}</p>
      <p part="section-links">
        {t('auth.alreadyMember')} <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
