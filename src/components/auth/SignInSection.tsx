import { useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { goToSectionAtom } from '../../state/session';
import { SocialButtons } from '../social/SocialButtons';
import { AuthSectionLayout, LinkButton } from './AuthSectionLayout';
import { SignInForm } from './SignInForm';

/** SIGNIN: social buttons, the e-mail form, a forgot-password link and a new-registration link (docs/loyalty-widget.md "Sections"). */
export function SignInSection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const goTo = useSetAtom(goToSectionAtom);
  return (
    <AuthSectionLayout name="SIGNIN" title={t('auth.signInTitle')}>
      <SocialButtons />
      <SignInForm settings={settings}>
        <p part="section-links">
          <LinkButton
            onClick={(event) => {
              // The e-mail typed so far goes along: PASS_RECOVERY asks for the recovery mail to it at once.
              const email = (event.currentTarget.form?.elements.namedItem('email') as { value?: string } | null)?.value?.trim();
              goTo('PASS_RECOVERY', email ? { email } : undefined);
            }}
          >
            {t('auth.forgotPassword')}
          </LinkButton>
        </p>
      </SignInForm>
      <p part="section-links">
        {t('auth.notMember')} <LinkButton onClick={() => goTo('PRE_SIGNUP')}>{t('auth.toRegistration')}</LinkButton>
      </p>
    </AuthSectionLayout>
  );
}
