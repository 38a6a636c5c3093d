import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormSubmission } from '../../forms/Form';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { goToSectionAtom } from '../../state/session';
import { recoverySentAtom, requestRecoveryAtom } from '../../state/password';
import { Button } from '../../ui/Button';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';
import { useRecoveryEmailFields } from './fields';
import { NextStep } from './MessageSections';
import { useActionTexts } from './texts';
import { useCooldown } from './useCooldown';

/**
 * Who asks for the recovery mail. The panel serves loyalty members only, so always `loyalty` (bookcore's other
 * user types, company accounts, have their own pages).
 */
export const RECOVERY_USER_TYPE = 'loyalty';

/** Asks for the recovery mail to `email`, tracked as `pass_recovery_email` when bookcore accepts it. */
function useRequestRecovery(): (email: string) => Promise<void> {
  const requestRecovery = useSetAtom(requestRecoveryAtom);
  const texts = useActionTexts();
  return async (email) => {
    const outcome = await requestRecovery({ email, userType: RECOVERY_USER_TYPE }, texts);
    if (outcome.ok) void trackLoyaltyEvent('pass_recovery_email');
  };
}

/**
 * PASS_RECOVERY: asks for the e-mail the recovery link goes to. The field starts with the e-mail the guest typed
 * on SIGNIN (carried by the forgot-password link), else the member's, for the guest to check or correct; the mail
 * goes only when they press the button (docs/loyalty-widget.md "Sections").
 */
export function PasswordRecoverySection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  const request = useRequestRecovery();
  const fields = useRecoveryEmailFields(settings);

  return (
    <AuthSectionLayout name="PASS_RECOVERY" title={t('auth.recoveryTitle')}>
      <p part="section-text">{t('auth.recoveryText')}</p>
      <Form fields={fields} onSubmit={(payload: FormSubmission) => request(payload.email ?? '')} submitLabel={t('auth.recoverySubmit')} label={t('auth.recoveryTitle')} />
      <p part="section-links">
        <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}

/**
 * PASS_RECOVERY_EMAIL: the recovery e-mail is on its way (said whether or not the account exists), naming the
 * address it went to; the guest can send it again once a short cooldown has passed, go back to correct the
 * address, go on to sign in, or close the modal meanwhile (docs/loyalty-widget.md "Sections").
 */
export function PasswordRecoveryEmailSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  const sent = useAtomValue(recoverySentAtom);
  const request = useRequestRecovery();
  const wait = useCooldown(sent?.at);
  return (
    <AuthSectionLayout name="PASS_RECOVERY_EMAIL" title={t('auth.recoveryEmailTitle')}>
      <p part="section-text">{sent ? t('auth.recoveryEmailSentTo', { email: sent.email }) : t('auth.recoveryEmailText')}</p>
      <NextStep label={t('auth.toSignIn')} onNext={() => goTo('SIGNIN')} closable />
      {sent && (
        <>
          <div part="section-actions">
            <Button variant="secondary" part="resend" disabled={wait > 0} onClick={() => void request(sent.email)}>
              {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.resendLink')}
            </Button>
          </div>
          <p part="section-links">
            <LinkButton onClick={() => goTo('PASS_RECOVERY', { email: sent.email })}>{t('auth.wrongAddress')}</LinkButton>
          </p>
        </>
      )}
    </AuthSectionLayout>
  );
}
