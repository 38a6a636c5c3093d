/**
 * The social login providers behind `SocialButtons` (./SocialButtons.tsx), in a chunk of their own: the SDK
 * loaders, Google's and Facebook's buttons and the flow after a provider vouches for the visitor
 * (`socialSignInAtom`'s), then the host's part (events, then navigation). A blocked or failing SDK hides its
 * button (e-mail login still works) and is only logged.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialUser } from '../../api/loyalty';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import {
  decodeIdToken,
  facebookLogin,
  listenForCredential,
  loadFacebookSdk,
  loadGoogleIdentity,
  type CredentialResponse,
  type FacebookSdk,
  type GoogleAccountsId,
} from '../../lib/social-sdk';
import { warn } from '../../lib/warn';
import { socialLoggedInAtom } from '../../state/session';
import { socialSignInAtom, type SocialTexts } from '../../state/social-sign-in';
import { configAtom } from '../../state/store';
import { Button } from '../../ui/Button';
import { SocialPlaceholder } from './SocialPlaceholder';
import { useFinishSocialLogin } from './useFinishSocialLogin';
import { useSdk } from './useSdk';

/** Props of {@link SocialProviders}. */
export interface SocialProvidersProps {
  settings: LoyaltySettings;
  googleClientId: string | null;
  facebookAppId: string | null;
}

/**
 * The provider buttons: each SDK loads when this first mounts (once per page), and a provider's button shows
 * once its SDK is ready.
 */
export function SocialProviders({ settings, googleClientId, facebookAppId }: SocialProvidersProps) {
  const { t } = useTranslation();
  const { googleSdkUrl, facebookSdkUrl, facebookSdkVersion } = useAtomValue(configAtom);
  const google = useSdk('Google', googleClientId && `${googleClientId} ${googleSdkUrl}`, () =>
    loadGoogleIdentity(googleSdkUrl),
  );
  const facebook = useSdk('Facebook', facebookAppId && `${facebookAppId} ${facebookSdkUrl} ${facebookSdkVersion}`, () =>
    loadFacebookSdk(facebookSdkUrl, facebookAppId ?? '', facebookSdkVersion),
  );
  const signIn = useSocialSignIn(settings);
  // A button's place is held while its SDK is on its way, so nothing below moves when it arrives; an SDK that
  // failed gives its place up.
  if (google.status !== 'ready' && facebook.status !== 'ready') {
    const loading = [google, facebook].filter((sdk) => sdk.status === 'loading').length;
    return loading > 0 ? <SocialPlaceholder providers={loading} /> : null;
  }
  const placeholder = <div part="social-placeholder" aria-hidden="true" />;
  return (
    <div part="social" role="group" aria-label={t('social.group')}>
      {google.status === 'loading' && placeholder}
      {google.status === 'ready' && googleClientId && (
        <GoogleButton
          api={google.sdk}
          clientId={googleClientId}
          label={settings.TEXT_LOGIN_GOOGLE || t('social.google')}
          onUser={signIn}
        />
      )}
      {facebook.status === 'loading' && placeholder}
      {facebook.status === 'ready' && (
        <FacebookButton sdk={facebook.sdk} label={settings.TEXT_LOGIN_FACEBOOK || t('social.facebook')} onUser={signIn} />
      )}
    </div>
  );
}

/** Runs SPEC.md §4's social flow for a user vouched for by a provider, then the host's part. */
function useSocialSignIn(settings: LoyaltySettings): (user: SocialUser) => Promise<void> {
  const { t } = useTranslation();
  const store = useStore();
  const setLoggedIn = useSetAtom(socialLoggedInAtom);
  const finish = useFinishSocialLogin();
  const noEmail = settings.ERRORS?.socialNoEmail || t('social.noEmail');
  const genericError = t('social.error');
  return useCallback(
    async (user: SocialUser) => {
      setLoggedIn(user.integration);
      const texts: SocialTexts = { genericError, noEmail };
      await finish(await store.set(socialSignInAtom, user, texts));
    },
    [finish, genericError, noEmail, setLoggedIn, store],
  );
}

interface GoogleButtonProps {
  api: GoogleAccountsId;
  clientId: string;
  /** Names the button's group; the button itself is drawn by Google, in Google's words and branding. */
  label: string;
  onUser: (user: SocialUser) => Promise<void>;
}

/**
 * Google's own button (`renderButton`), rendered into this shadow root: unlike One Tap (`prompt`), it cannot be
 * suppressed by Google's cool-down after the visitor dismissed a prompt.
 */
function GoogleButton({ api, clientId, label, onUser }: GoogleButtonProps) {
  const { i18n } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const activate = useRef<() => void>(() => undefined);
  const onUserRef = useRef(onUser);
  useEffect(() => {
    onUserRef.current = onUser;
  }, [onUser]);
  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    const listener = (response: CredentialResponse) => {
      let user: SocialUser;
      try {
        const profile = decodeIdToken(response.credential);
        user = {
          first_name: profile.given_name,
          last_name: profile.family_name,
          email: profile.email,
          name: profile.name || `${profile.given_name} ${profile.family_name}`.trim(),
          id: profile.sub,
          id_token: response.credential,
          integration: 'google',
          recibir_newsletter: false,
        };
      } catch (error) {
        warn('Google sent an unreadable credential:', error instanceof Error ? error.message : error);
        return;
      }
      void onUserRef.current(user);
    };
    const subscription = listenForCredential(api, clientId, listener);
    activate.current = subscription.activate;
    try {
      api.renderButton(element, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        text: 'continue_with',
        shape: 'rectangular',
        logo_alignment: 'left',
        locale: i18n.language,
        click_listener: subscription.activate,
      });
    } catch (error) {
      warn('Google could not draw its button:', error instanceof Error ? error.message : error);
    }
    return () => {
      subscription.release();
      activate.current = () => undefined;
    };
  }, [api, clientId, i18n.language]);
  return (
    <div
      part="social-provider social-google"
      data-provider="google"
      role="group"
      aria-label={label}
      ref={slot}
      onPointerEnter={() => activate.current()}
      onFocus={() => activate.current()}
    />
  );
}

interface FacebookButtonProps {
  sdk: FacebookSdk;
  label: string;
  onUser: (user: SocialUser) => Promise<void>;
}

function FacebookButton({ sdk, label, onUser }: FacebookButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = () => {
    setBusy(true);
    // FB.login runs inside the click, or browsers block its popup.
    facebookLogin(sdk)
      .then(async (login) => {
        if (!login) return; // The visitor closed the dialog or refused: nothing to say.
        const { me } = login;
        await onUser({
          first_name: me.first_name ?? '',
          last_name: me.last_name ?? '',
          email: me.email ?? '',
          name: me.name ?? `${me.first_name ?? ''} ${me.last_name ?? ''}`.trim(),
          // The id the token was issued for: bookcore checks the two belong together.
          id: login.userID || me.id,
          access_token: login.accessToken,
          integration: 'facebook',
          recibir_newsletter: false,
        });
      })
      .catch((error: unknown) => warn('Facebook login failed:', error instanceof Error ? error.message : error))
      .finally(() => setBusy(false));
  };
  return (
    <div part="social-provider social-facebook" data-provider="facebook">
      <Button variant="secondary" part="social-button" onClick={onClick} disabled={busy} busy={busy}>
        {label}
      </Button>
    </div>
  );
}
