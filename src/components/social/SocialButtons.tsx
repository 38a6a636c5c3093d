/**
 * The social login buttons of the SIGNIN and PRE_SIGNUP sections (docs/loyalty-widget.md "Social login").
 *
 * Each provider with a client id in the settings gets a button once its SDK has loaded. No button can show before
 * a provider's SDK has arrived from its own server, so the SDKs load from here, a place of the buttons' size held
 * meanwhile, and the providers' code (./SocialProviders.tsx, a chunk of its own) loads once one of them has
 * arrived: a page whose providers never answer (blocked, offline) never fetches it, and the sections' e-mail forms
 * are ready without it.
 */
import { useAtomValue } from 'jotai/react';
import { Suspense, type JSX } from 'react';
import { loadFacebookSdk, loadGoogleIdentity } from '../../lib/social-sdk';
import { loyaltySettingsAtom } from '../../state/settings';
import { configAtom } from '../../state/store';
import { recoverableLazy } from '../recoverable-lazy';
import { SocialPlaceholder } from './SocialPlaceholder';
import { useSdk } from './useSdk';

const SocialProviders = recoverableLazy(() => import('./SocialProviders').then(({ SocialProviders }) => SocialProviders));

/** The social login buttons, or nothing while no provider is available. */
export function SocialButtons(): JSX.Element | null {
  const settings = useAtomValue(loyaltySettingsAtom);
  const { googleSdkUrl, facebookSdkUrl, facebookSdkVersion } = useAtomValue(configAtom);
  const ready = settings.status === 'ready';
  const googleClientId = (ready && settings.socialLogin?.google?.client_id) || null;
  const facebookAppId = (ready && settings.socialLogin?.facebook?.client_id) || null;
  const google = useSdk('Google', googleClientId && `${googleClientId} ${googleSdkUrl}`, () => loadGoogleIdentity(googleSdkUrl));
  const facebook = useSdk('Facebook', facebookAppId && `${facebookAppId} ${facebookSdkUrl} ${facebookSdkVersion}`, () =>
    loadFacebookSdk(facebookSdkUrl, facebookAppId ?? '', facebookSdkVersion),
  );
  if (!ready) return null;
  // A button's place is held while its SDK is on its way, so nothing below moves when it arrives; an SDK that
  // failed gives its place up.
  const coming = [google, facebook].filter((sdk) => sdk.status === 'loading' || sdk.status === 'ready').length;
  if (google.status !== 'ready' && facebook.status !== 'ready') return coming > 0 ? <SocialPlaceholder providers={coming} /> : null;
  return (
    <Suspense fallback={<SocialPlaceholder providers={coming} />}>
      <SocialProviders settings={settings.settings} googleClientId={googleClientId} google={google} facebook={facebook} />
    </Suspense>
  );
}
