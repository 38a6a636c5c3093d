import { useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { goToSectionAtom } from '../../state/session';
import { Button } from '../../ui/Button';
import { SocialButtons } from '../social/SocialButtons';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';

/** PRE_SIGNUP: social buttons or e-mail registration, with a link to sign in (SPEC.md §2). */
export function PreSignUpSection() {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="PRE_SIGNUP" title={t('auth.preSignUpTitle')}>
      <p part="section-text">{t('auth.preSignUpText')}</p>
      <SocialButtons />
      <div part="section-actions">
        <Button onClick={() => goTo('SIGNUP')} part="sign-up-with-email">
          {t('auth.signUpWithEmail')}
        </Button>
      </div>
      <p part="section-links">
        {t('auth.alreadyMember')} <LinkButton onClick={() => goTo('SIGNIN')}>{t('auth.toSignIn')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
