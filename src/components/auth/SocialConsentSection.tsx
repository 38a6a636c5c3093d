import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormSubmission } from '../../forms/Form';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { isAbortError } from '../../lib/api-error';
import { goToSectionAtom, pendingSocialUserAtom } from '../../state/session';
import { confirmSocialConsentAtom } from '../../state/social-sign-in';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';
import { useRegistrationConsents } from './consents';
import { useActionTexts } from './texts';
import { useAuthHostEffects } from './useAuthHostEffects';

const NO_FIELDS: readonly unknown[] = [];

/**
 * SOCIAL_GDPR: the social user's name and e-mail, the required conditions, an optional newsletter tick and a
 * confirm button; confirming signs the new member in (docs/loyalty-widget.md "Social login"): `loyalty-close` (the auth
 * view closed behind the full-screen loader), then the login events and the navigation.
 */
export function SocialConsentSection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const user = useAtomValue(pendingSocialUserAtom);
  const confirm = useSetAtom(confirmSocialConsentAtom);
  const goTo = useSetAtom(goToSectionAtom);
  const texts = useActionTexts();
  const { afterLogin } = useAuthHostEffects();
  const consents = useRegistrationConsents(settings, 'recibir_newsletter');

  async function submit(payload: FormSubmission) {
    const outcome = await confirm(payload.recibir_newsletter === 'true', texts);
    if (!outcome.ok) {
      // A confirmation a later action replaced did not fail: nothing to track.
      if (!isAbortError(outcome.error)) void trackLoyaltyEvent('signup_error');
      return;
    }
    void trackLoyaltyEvent('signup_success');
    // A signed-in social user: the auth view closes behind the full-screen loader (docs/loyalty-widget.md "Social login").
    afterLogin(outcome.userName ?? '', { social: true });
  }

  return (
    <AuthSectionLayout name="SOCIAL_GDPR" title={t('auth.socialTitle')}>
      {user ? (
        <>
          <p part="section-text">{t('auth.socialIntro')}</p>
          <dl part="social-user">
            <dt part="social-user-label">{t('auth.socialName')}</dt>
            <dd part="social-user-value">{[user.first_name, user.last_name].filter(Boolean).join(' ') || user.name}</dd>
            <dt part="social-user-label">{t('auth.socialEmail')}</dt>
            <dd part="social-user-value">{user.email}</dd>
          </dl>
          <Form
            fields={NO_FIELDS}
            consents={consents}
            onSubmit={submit}
            submitLabel={t('auth.socialConfirm')}
            label={t('auth.socialTitle')}
          />
          <p part="data-protection">{t('auth.dataProtection')}</p>
        </>
      ) : (
        <p part="section-text">
          {t('auth.socialMissing')} <LinkButton onClick={() => goTo('PRE_SIGNUP')}>{t('auth.toRegistration')}</LinkButton>
        </p>
      )}
    </AuthSectionLayout>
  );
}
