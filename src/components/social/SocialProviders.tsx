/**
 * The social login providers behind `SocialButtons` (./SocialButtons.tsx), in a chunk of their own loaded once a
 * provider's SDK has arrived: Google's and Facebook's buttons and the flow after a provider vouches for the visitor
 * (`socialSignInAtom`'s), then the host's part (events, then navigation). A blocked or failing SDK hides its
 * button (e-mail login still works) and is only logged.
 */
import { useSetAtom, useStore } from 'jotai/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialUser } from '../../api/loyalty';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import {
  decodeIdToken,
  facebookLogin,
  listenForCredential,
  type CredentialResponse,
  type FacebookSdk,
  type GoogleAccountsId,
} from '../../lib/social-sdk';
import { warn } from '../../lib/warn';
import { socialLoggedInAtom } from '../../state/session';
import { socialSignInAtom, type SocialTexts } from '../../state/social-sign-in';
import { Button } from '../../ui/Button';
import css from '../../../styles/social-buttons.css';
import { useShadowStyles } from '../host/shadow-styles';
import { SocialPlaceholder } from './SocialPlaceholder';
import { useFinishSocialLogin } from './useFinishSocialLogin';
import type { SdkState } from './useSdk';

/** Props of {@link SocialProviders}. */
export interface SocialProvidersProps {
  settings: LoyaltySettings;
  googleClientId: string | null;
  /** Where Google's SDK stands (./SocialButtons.tsx loads it). */
  google: SdkState<GoogleAccountsId>;
  /** Where Facebook's SDK stands. */
  facebook: SdkState<FacebookSdk>;
}

/** The provider buttons: a provider's button shows once its SDK is ready. */
export function SocialProviders({ settings, googleClientId, google, facebook }: SocialProvidersProps) {
  const { t } = useTranslation();
  const signIn = useSocialSignIn(settings);
  const [buttonWidth, setGroup] = useSocialButtonWidth();
  useShadowStyles(css);
  // A button's place is held while its SDK is on its way, so nothing below moves when it arrives; an SDK that
  // failed gives its place up.
  if (google.status !== 'ready' && facebook.status !== 'ready') {
    const loading = [google, facebook].filter((sdk) => sdk.status === 'loading').length;
    return loading > 0 ? <SocialPlaceholder providers={loading} /> : null;
  }
  const placeholder = <div part="social-placeholder" aria-hidden="true" />;
  return (
    <>
      <div part="social" role="group" aria-label={t('social.group')} ref={setGroup}>
        {google.status === 'loading' && placeholder}
        {google.status === 'ready' && googleClientId && buttonWidth !== null && (
          <GoogleButton
            api={google.sdk}
            clientId={googleClientId}
            label={settings.TEXT_LOGIN_GOOGLE || t('social.google')}
            width={buttonWidth}
            onUser={signIn}
          />
        )}
        {facebook.status === 'loading' && placeholder}
        {facebook.status === 'ready' && (
          <FacebookButton sdk={facebook.sdk} label={settings.TEXT_LOGIN_FACEBOOK || t('social.facebook')} onUser={signIn} />
        )}
      </div>
      <SocialDivider text={t('social.or')} />
    </>
  );
}

/** Google's limits on its button's `width` option, in CSS pixels. */
const GOOGLE_MIN_WIDTH = 200;
const GOOGLE_MAX_WIDTH = 400;
/** The height of Google's `large` button, the tallest it draws. */
const GOOGLE_BUTTON_HEIGHT = 40;

/**
 * The width both providers' buttons take: the group's, within Google's limits, in whole pixels (Google draws its
 * button to the `width` it is given). It is set on the group as `--social-button-width` (through the
 * CSSOM, which a strict style policy allows; not a `--loyalty-*` token, nothing for a page to set), so Facebook's button takes the very same width, and followed as
 * the group is resized. Null until the group is measured; Google's button waits for it.
 */
function useSocialButtonWidth(): [number | null, (group: HTMLDivElement | null) => (() => void) | undefined] {
  const [width, setWidth] = useState<number | null>(null);
  const measure = useCallback((group: HTMLDivElement | null) => {
    if (!group) return undefined;
    const update = () => {
      const next = Math.min(GOOGLE_MAX_WIDTH, Math.max(GOOGLE_MIN_WIDTH, Math.floor(group.getBoundingClientRect().width)));
      group.style.setProperty('--social-button-width', `${next}px`);
      setWidth(next);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(group);
    return () => observer.disconnect();
  }, []);
  return [width, measure];
}

/**
 * "o" between the social buttons and the e-mail way in, as the best sign-in cards set them apart. Read as text
 * ("o") between the group and the form. The placeholder holds a line of the same height while the buttons load.
 */
export function SocialDivider({ text }: { text: string }) {
  return (
    <div part="social-divider">
      <span part="social-divider-text">{text}</span>
    </div>
  );
}

/** Runs the social flow of docs/loyalty-widget.md "Social login" for a user vouched for by a provider, then the host's part. */
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
  /** The width Google draws its button at, the Facebook button's too (useSocialButtonWidth). */
  width: number;
  onUser: (user: SocialUser) => Promise<void>;
}

/**
 * Google's own button (`renderButton`), rendered into this shadow root: unlike One Tap (`prompt`), it cannot be
 * suppressed by Google's cool-down after the visitor dismissed a prompt. Size `large` (40 px tall, which Google's
 * button cannot exceed), rectangular, scaled up to the section's action height and the group's width, as Facebook's
 * and every other action are; drawn again when that width or the language changes.
 */
function GoogleButton({ api, clientId, label, width, onUser }: GoogleButtonProps) {
  const { i18n } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const activate = useRef<() => void>(() => undefined);
  const onUserRef = useRef(onUser);
  useEffect(() => {
    onUserRef.current = onUser;
  }, [onUser]);
  useEffect(() => {
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
    return () => {
      subscription.release();
      activate.current = () => undefined;
    };
  }, [api, clientId]);
  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    // Google draws its button at most 40 px tall; the slot is as tall as every action of the section
    // (--loyalty-action-height, docs/theming.md "Layout"). Drawn that much narrower, then scaled up by the ratio
    // (--google-button-scale, through the CSSOM), Google's own button is as tall and as wide as the others.
    const actionHeight = parseFloat(getComputedStyle(element).minHeight);
    const scale = actionHeight > GOOGLE_BUTTON_HEIGHT ? actionHeight / GOOGLE_BUTTON_HEIGHT : 1;
    element.style.setProperty('--google-button-scale', String(scale));
    try {
      api.renderButton(element, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        text: 'continue_with',
        shape: 'rectangular',
        logo_alignment: 'left',
        width: Math.max(GOOGLE_MIN_WIDTH, Math.round(width / scale)),
        locale: i18n.language,
        // Through the ref: the credential listener above may be renewed without drawing the button again.
        click_listener: () => activate.current(),
      });
    } catch (error) {
      warn('Google could not draw its button:', error instanceof Error ? error.message : error);
    }
  }, [api, i18n.language, width]);
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
        <FacebookMark />
        <span part="social-button-text">{label}</span>
      </Button>
    </div>
  );
}

/** Facebook's mark (the white "f" on its blue circle), beside the button's text; decorative, the text names it. */
function FacebookMark() {
  return (
    <span part="social-mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <circle cx="12" cy="12" r="12" fill="#0866FF" />
        <path
          fill="#FFFFFF"
          d="M15.6 15.47 16.13 12h-3.33V9.75c0-.95.47-1.87 1.96-1.87h1.51V4.92s-1.37-.23-2.69-.23c-2.74 0-4.53 1.66-4.53 4.67V12H6.02v3.47h3.03V24c.61.1 1.23.14 1.87.14.64 0 1.26-.05 1.87-.14v-8.53h2.81Z"
        />
      </svg>
    </span>
  );
}
