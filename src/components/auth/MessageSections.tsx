import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { goToSectionAtom } from '../../state/session';
import { authDisplayAtom } from '../../state/store';
import { Button } from '../../ui/Button';
import { AuthSectionLayout } from './AuthSectionLayout';
import { useAuthHostEffects } from './useAuthHostEffects';

/**
 * A message section's next step, so none is a dead end: the primary action leads on, and in the modal a
 * secondary "Cerrar" lets a guest whose next step is elsewhere (their mailbox) close it. The panel moves focus
 * to the primary action on arrival.
 */
export function NextStep({ label, onNext, closable = false }: { label: string; onNext: () => void; closable?: boolean }) {
  const { t } = useTranslation();
  const display = useAtomValue(authDisplayAtom);
  const { closeAuth } = useAuthHostEffects();
  return (
    <div part="section-actions">
      <Button onClick={onNext} part="next-step">
        {label}
      </Button>
      {closable && display === 'modal' && (
        <Button variant="secondary" onClick={closeAuth} part="close-section">
          {t('ui.close')}
        </Button>
      )}
    </div>
  );
}

/** SIGNUP_VALIDATION_SUCCESS: the account is validated (the validation page's first section); sign in next. */
export function SignUpValidationSuccessSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="SIGNUP_VALIDATION_SUCCESS" title={t('auth.validationTitle')}>
      <p part="section-text">{t('auth.validationText')}</p>
      <NextStep label={t('auth.toSignIn')} onNext={() => goTo('SIGNIN')} />
    </AuthSectionLayout>
  );
}

/** PASS_RECOVERY_EXPIRED: the mailed link was used or expired; the next step asks for a new one. */
export function PasswordRecoveryExpiredSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="PASS_RECOVERY_EXPIRED" title={t('auth.expiredTitle')}>
      <p part="section-text">{t('auth.expiredText')}</p>
      <NextStep label={t('auth.requestNewLink')} onNext={() => goTo('PASS_RECOVERY')} />
    </AuthSectionLayout>
  );
}
