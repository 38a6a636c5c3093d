import { useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { goToSectionAtom } from '../../state/session';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';

/** SIGNUP_SUCCESS: the validation e-mail is on its way. */
export function SignUpSuccessSection() {
  const { t } = useTranslation();
  return (
    <AuthSectionLayout name="SIGNUP_SUCCESS" title={t('auth.signUpSuccessTitle')}>
      <p part="section-text">{t('auth.signUpSuccessText')}</p>
    </AuthSectionLayout>
  );
}

/** SIGNUP_VALIDATION_SUCCESS: the account is validated (the validation page's first section); sign in next. */
export function SignUpValidationSuccessSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="SIGNUP_VALIDATION_SUCCESS" title={t('auth.validationTitle')}>
      <p part="section-text">{t('auth.validationText')}</p>
      <p part="section-links">
        <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}

/** PASS_RECOVERY_EMAIL: the recovery e-mail is on its way (said whether or not the account exists). */
export function PasswordRecoveryEmailSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="PASS_RECOVERY_EMAIL" title={t('auth.recoveryEmailTitle')}>
      <p part="section-text">{t('auth.recoveryEmailText')}</p>
      <p part="section-links">
        <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}

/** PASS_RECOVERY_EXPIRED: the mailed link was used or expired; a link asks for a new one. */
export function PasswordRecoveryExpiredSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="PASS_RECOVERY_EXPIRED" title={t('auth.expiredTitle')}>
      <p part="section-text">{t('auth.expiredText')}</p>
      <p part="section-links">
        <LinkButton onClick={() => goTo('PASS_RECOVERY')}>{t('auth.requestNewLink')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
