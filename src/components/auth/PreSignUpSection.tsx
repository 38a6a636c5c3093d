import { useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { goToSectionAtom } from '../../state/session';
import { Button } from '../../ui/Button';
import { SocialButtons } from '../social/SocialButtons';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';

/**
 * PRE_SIGNUP: social buttons or e-mail registration, with a link to sign in (docs/loyalty-widget.md "Sections"). Choosing the e-mail
 * registration is tracked as `interested_in_loyalty`.
 */
export function PreSignUpSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="PRE_SIGNUP" title={t('auth.preSignUpTitle')}>
      <p part="section-text">{t('auth.preSignUpText')}</p>
      <SocialButtons />
      <div part="section-actions">
        <Button
          onClick={() => {
            void trackLoyaltyEvent('interested_in_loyalty');
            goTo('SIGNUP');
          }}
          part="sign-up-with-email"
        >
          {t('auth.signUpWithEmail')}
        </Button>
      </div>
      <p part="section-links">
        {t('auth.alreadyMember')} <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
