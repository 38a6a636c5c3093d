import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormSubmission } from '../../forms/Form';
import { inputAttributesFor } from '../../forms/input-attributes';
import { prepareFields } from '../../forms/field-definition';
import { isAbortError } from '../../lib/api-error';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { goToSectionAtom, joinOfferAtom } from '../../state/session';
import { resendSignUpAtom, signUpAtom, signUpSentAtom } from '../../state/sign-up';
import { authDisplayAtom } from '../../state/store';
import { Button } from '../../ui/Button';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';
import { useRegistrationConsents } from './consents';
import { useFormDraft } from './form-drafts';
import { useActionTexts } from './texts';
import { useAuthHostEffects } from './useAuthHostEffects';
import { useCooldown } from './useCooldown';

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
  // What was typed stays, in memory, when the modal closes or the guest follows a link, until the page changes;
  // an account created clears it.
  const kept = useFormDraft('SIGNUP');
  // Opened from a member price's join action: the heading says what joining costs (docs/loyalty-price.md "Joining from a price").
  const joinOffer = useAtomValue(joinOfferAtom);
  const title = joinOffer ? t('auth.signUpWithPrice', { price: joinOffer }) : t('auth.signUpTitle');

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
    <AuthSectionLayout name="SIGNUP" title={title}>
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

/**
 * SIGNUP_SUCCESS: the validation mail is on its way, to the address it names. Its primary action never is a
 * sign-in, which cannot work before the account is validated: in the modal "Cerrar" (the guest's next step is
 * their mailbox), inline the resend. The mail can go again once a short cooldown has passed (the sign-up posted
 * again, `resendSignUpAtom`), and "¿No es tu correo?" takes the guest back to SIGNUP with what they typed, the
 * password left out (docs/loyalty-widget.md "Sections").
 */
export function SignUpSuccessSection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  const sent = useAtomValue(signUpSentAtom);
  const resendSignUp = useSetAtom(resendSignUpAtom);
  const display = useAtomValue(authDisplayAtom);
  const { closeAuth } = useAuthHostEffects();
  const texts = useActionTexts();
  const kept = useFormDraft('SIGNUP');
  const wait = useCooldown(sent?.at);
  const modal = display === 'modal';

  function correct() {
    if (sent) {
      const passwords = new Set(
        prepareFields(settings.SIGNUP?.form ?? NO_FIELDS)
          .filter((field) => inputAttributesFor(field, 'new-password').type === 'password')
          .map((field) => field.name),
      );
      const values: Record<string, string> = Object.create(null) as Record<string, string>;
      const ticks: Record<string, boolean> = Object.create(null) as Record<string, boolean>;
      for (const [name, value] of Object.entries(sent.form)) {
        if (passwords.has(name) || value === undefined) continue;
        values[name] = String(value);
        ticks[name] = String(value) === 'true';
      }
      kept.save({ values, ticks });
    }
    goTo('SIGNUP');
  }

  return (
    <AuthSectionLayout name="SIGNUP_SUCCESS" title={t('auth.signUpSuccessTitle')}>
      <p part="section-text">{sent ? t('auth.signUpSentTo', { email: sent.email }) : t('auth.signUpSuccessText')}</p>
      <div part="section-actions">
        {modal && (
          <Button onClick={closeAuth} part="next-step">
            {t('ui.close')}
          </Button>
        )}
        {sent && (
          <Button variant={modal ? 'secondary' : 'primary'} part={modal ? 'resend' : 'resend next-step'} disabled={wait > 0} onClick={() => void resendSignUp(texts)}>
            {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.resendMail')}
          </Button>
        )}
      </div>
      {sent && (
        <p part="section-links">
          <LinkButton onClick={correct}>{t('auth.wrongAddress')}</LinkButton>
        </p>
      )}
      <p part="section-links">
        {t('auth.alreadyValidated')} <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
