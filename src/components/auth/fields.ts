import { useStore } from 'jotai/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import type { AuthSection } from '../../lib/events';
import { carriedValuesAtom, userAtom } from '../../state/session';

const NO_VALUES: Readonly<Record<string, string>> = {};

/**
 * The values a section's form starts with, carried by the link that led there (`carriedValuesAtom`), taken once
 * when the section mounts: a later visit starts empty again, so nothing is sent twice unasked.
 */
export function useCarriedValues(section: AuthSection): Readonly<Record<string, string>> {
  const store = useStore();
  const [values] = useState(() => {
    const carried = store.get(carriedValuesAtom);
    return carried?.section === section ? carried.values : NO_VALUES;
  });
  useEffect(() => {
    if (store.get(carriedValuesAtom)?.section === section) store.set(carriedValuesAtom, null);
  }, [store, section]);
  return values;
}

/** The raw definition of the field called `name` in a configured form, if there is one. */
function configuredField(form: readonly unknown[] | undefined, name: string): Record<string, unknown> | undefined {
  return form?.find(
    (field): field is Record<string, unknown> => typeof field === 'object' && field !== null && (field as { name?: unknown }).name === name,
  );
}

/**
 * The e-mail field of the recovery form: the configured sign-in form's `email` field when there is one, so the
 * label, pattern and messages match what the hotel configured; otherwise a translated definition. It starts with
 * the e-mail the guest typed on SIGNIN, else the member's, so the form can ask for the mail on load.
 */
export function useRecoveryEmailFields(settings: LoyaltySettings): readonly unknown[] {
  const { t } = useTranslation();
  const store = useStore();
  const carried = useCarriedValues('PASS_RECOVERY');
  const [email] = useState(() => carried['email'] || store.get(userAtom)?.email || '');
  return useMemo(() => {
    const configured = configuredField(settings.SIGNIN?.form ?? [], 'email');
    if (configured) return [{ ...configured, value: email }];
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
        value: email,
      },
    ];
  }, [settings, t, email]);
}

/**
 * The two new-password fields of the change form. The pattern of the configured sign-up password, when there is
 * one, applies to the new password too. They start with the values carried to PASS_RECOVERY_CHANGE, if any, so
 * the form can change the password on load.
 */
export function usePasswordChangeFields(settings: LoyaltySettings): readonly unknown[] {
  const { t } = useTranslation();
  const carried = useCarriedValues('PASS_RECOVERY_CHANGE');
  return useMemo(() => {
    const configured = configuredField(settings.SIGNUP?.form, 'password');
    return [
      {
        name: 'password',
        label: t('auth.newPassword'),
        type: 'password',
        required: true,
        pattern: configured?.['pattern'],
        errorPattern: configured?.['errorPattern'],
        error: t('auth.passwordRequired'),
        order: 1,
        value: carried['password'],
      },
      {
        name: 'password2',
        label: t('auth.repeatPassword'),
        type: 'password',
        required: true,
        error: t('auth.repeatRequired'),
        order: 2,
        value: carried['password2'],
      },
    ];
  }, [settings, t, carried]);
}
