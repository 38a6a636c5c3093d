import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionTexts } from '../../state/sign-in';

/** The translated texts the action atoms need. */
export function useActionTexts(): ActionTexts {
  const { t } = useTranslation();
  return useMemo(() => ({ genericError: t('auth.genericError') }), [t]);
}
