/**
 * The social login buttons of the SIGNIN and PRE_SIGNUP sections (docs/loyalty-widget.md "Social login").
 *
 * Each provider with a client id in the settings gets a button once its SDK has loaded. No button can show before
 * a provider's SDK has arrived from its own server, so the providers' code (./SocialProviders.tsx) loads in a
 * chunk of its own beside that SDK, and the sections' e-mail forms are ready without it.
 */
import { useAtomValue } from 'jotai/react';
import { Suspense, type JSX } from 'react';
import { loyaltySettingsAtom } from '../../state/settings';
import { recoverableLazy } from '../recoverable-lazy';
import { SocialPlaceholder } from './SocialPlaceholder';

const SocialProviders = recoverableLazy(() => import('./SocialProviders').then(({ SocialProviders }) => SocialProviders));

/** The social login buttons, or nothing while no provider is available. */
export function SocialButtons(): JSX.Element | null {
  const settings = useAtomValue(loyaltySettingsAtom);
  if (settings.status !== 'ready') return null;
  const googleClientId = settings.socialLogin?.google?.client_id || null;
  const facebookAppId = settings.socialLogin?.facebook?.client_id || null;
  if (!googleClientId && !facebookAppId) return null;
  const providers = (googleClientId ? 1 : 0) + (facebookAppId ? 1 : 0);
  return (
    <Suspense fallback={<SocialPlaceholder providers={providers} />}>
      <SocialProviders settings={settings.settings} googleClientId={googleClientId} facebookAppId={facebookAppId} />
    </Suspense>
  );
}
