import { useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormSubmission } from '../../forms/Form';
import { trackLoyaltyEvent } from '../../lib/analytics/data-layer';
import { goToSectionAtom } from '../../state/session';
import { requestRecoveryAtom } from '../../state/password';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';
import { useRecoveryEmailFields } from './fields';
import { useActionTexts } from './texts';

/**
 * Who asks for the recovery mail. The panel serves loyalty members only, so always `loyalty` (bookcore's other
 * user types, company accounts, have their own pages).
 */
export const RECOVERY_USER_TYPE = 'loyalty';

/**
 * PASS_RECOVERY: asks for the e-mail the recovery link goes to. The field starts with the e-mail the guest typed
 * on SIGNIN (carried by the forgot-password link), else the member's; the form submits on mount (docs/loyalty-widget.md
 * "Form"), which calls the server only when that initial value is a valid e-mail.
 */
export function PasswordRecoverySection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  const requestRecovery = useSetAtom(requestRecoveryAtom);
  const texts = useActionTexts();
  const fields = useRecoveryEmailFields(settings);

  async function submit(payload: FormSubmission) {
    const outcome = await requestRecovery({ email: payload.email ?? '', userType: RECOVERY_USER_TYPE }, texts);
    if (outcome.ok) trackLoyaltyEvent('pass_recovery_email');
  }

  return (
    <AuthSectionLayout name="PASS_RECOVERY" title={t('auth.recoveryTitle')}>
      <p part="section-text">{t('auth.recoveryText')}</p>
      <Form fields={fields} onSubmit={submit} submitOnMount submitLabel={t('auth.recoverySubmit')} label={t('auth.recoveryTitle')} />
      <p part="section-links">
        <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
