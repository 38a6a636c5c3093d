import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { AuthSectionLayout } from './AuthSectionLayout';
import { SignInForm } from './SignInForm';

/** PASS_RECOVERY_SUCCESS: the password changed; a sign-in form follows (docs/loyalty-widget.md "Sections"). */
export function PasswordChangeSuccessSection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  return (
    <AuthSectionLayout name="PASS_RECOVERY_SUCCESS" title={t('auth.changeSuccessTitle')}>
      <p part="section-text">{t('auth.changeSuccessText')}</p>
      <SignInForm settings={settings} section="PASS_RECOVERY_SUCCESS" />
    </AuthSectionLayout>
  );
}
