import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';


/**
 * The e-mail field of the recovery form: the configured sign-in form's `email` field when there is one, so the
 * label, pattern and messages match what the hotel configured; otherwise a translated definition.
 */
export function useRecoveryEmailFields(settings: LoyaltySettings): readonly unknown[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const configured = settings.SIGNIN.form.find((field) => field.name === 'email');
    if (configured) return [{ ...configured, value: null }];
    return [
      {
        name: 'email',
        label: t('auth.emailLabel'),
        type: 'email',
        required: true,
        pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
        error: t('auth.emailRequired'),
        errorPattern: t('auth.emailInvalid'),
        order: 1,
      },
    ];
  }, [settings, t]);
}

/**
 * The two new-password fields of the change form. The pattern of the configured sign-up password, when there is
 * one, applies to the new password too.
 */
export function usePasswordChangeFields(settings: LoyaltySettings): readonly unknown[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const configured = settings.SIGNUP?.form.find((field) => field.name === 'password');
    return [
      {
        name: 'password',
        label: t('auth.newPassword'),
        type: 'password',
        required: true,
        pattern: configured?.pattern,
        errorPattern: configured?.errorPattern,
        error: t('auth.passwordRequired'),
        order: 1,
      },
      {
        name: 'password2',
        label: t('auth.repeatPassword'),
        type: 'password',
        required: true,
        error: t('auth.repeatRequired'),
        order: 2,
      },
    ];
  }, [settings, t]);
}
