import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { preloadAnalytics, trackLoyaltyEvent } from '../../lib/analytics/track';
import { availabilityForTomorrow } from '../../lib/navigation';
import { memberFullName, userAtom } from '../../state/session';
import { signOutAtom } from '../../state/sign-out';
import { authDisplayAtom, configAtom } from '../../state/store';
import { Button } from '../../ui/Button';
import { AuthSectionLayout } from './AuthSectionLayout';
import { useActionTexts } from './texts';
import { useAuthHostEffects } from './useAuthHostEffects';

// With this part, as when it imported the analytics chunk: its first event may come just before a navigation.
void preloadAnalytics();

/** The page's `<meta name="loyaltyCallbackCase">` value, or ''. */
function loyaltyCallbackCase(): string {
  return document.querySelector('meta[name="loyaltyCallbackCase"]')?.getAttribute('content')?.trim() ?? '';
}

/**
 * SIGNIN_SUCCESS: a greeting with the member's first name and surname (`info_personal`'s where those are empty, as
 * the dropped-cart dialog greets), a booking button and a logout button.
 *
 * Booking (docs/loyalty-widget.md "After sign-in"), tracked as `navigate_to_loyalty_page`: embedded mode goes to the site root;
 * the `dispo` callback case goes to tomorrow's availability page; otherwise a modal closes, and an inline panel
 * (nothing to close, so closing would show nothing) goes to the site root as embedded mode does.
 *
 * Sign-out (docs/loyalty-widget.md "After sign-out", `signOutAtom`: logout, the cart drop, the provider session), then
 * `signout` is tracked and the page navigates.
 */
export function SignInSuccessSection() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const { isEmbedded, projectCode } = useAtomValue(configAtom);
  const display = useAtomValue(authDisplayAtom);
  const signOut = useSetAtom(signOutAtom);
  const texts = useActionTexts();
  const { afterLogout, closeAuth, navigateTo } = useAuthHostEffects();
  const name = user ? memberFullName(user) : '';

  function book() {
    void trackLoyaltyEvent('navigate_to_loyalty_page');
    if (isEmbedded) navigateTo('/');
    else if (loyaltyCallbackCase() === 'dispo') navigateTo(availabilityForTomorrow(projectCode));
    else if (display === 'inline') navigateTo('/');
    else closeAuth();
  }

  async function logOut() {
    const outcome = await signOut(texts);
    if (!outcome.ok) return;
    void trackLoyaltyEvent('signout');
    afterLogout();
  }

  return (
    <AuthSectionLayout name="SIGNIN_SUCCESS" title={t('auth.welcomeTitle', { name })}>
      <p part="section-text">{t('auth.welcomeText')}</p>
      <div part="section-actions">
        <Button onClick={book} part="book">
          {t('auth.book')}
        </Button>
        <Button variant="secondary" onClick={() => void logOut()} part="sign-out">
          {t('auth.signOut')}
        </Button>
      </div>
    </AuthSectionLayout>
  );
}
