import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';

/**
 * The consents of the sign-up and SOCIAL_GDPR forms: the required policy tick with the configured conditions
 * and privacy documents, and the optional newsletter tick.
 *
 * @param newsletterName - the newsletter's payload key.
 */
export function useRegistrationConsents(settings: LoyaltySettings, newsletterName: string): readonly unknown[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        name: 'politica',
        required: true,
        conditionsUrl: settings.CONDITIONS?.conditionsUrl,
        privacyUrl: settings.CONDITIONS?.privacyUrl,
        errorText: t('auth.policyRequired'),
        language: i18n.language,
      },
      { name: newsletterName, label: t('auth.newsletter') },
    ],
    [settings, newsletterName, t, i18n.language],
  );
}
