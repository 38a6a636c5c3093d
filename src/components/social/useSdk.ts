import { useEffect, useState } from 'react';
import { warn } from '../../lib/warn';

/** Where a provider's SDK stands: a button shows only once its SDK is `ready`. */
export type SdkState<Sdk> = { status: 'off' } | { status: 'loading' } | { status: 'ready'; sdk: Sdk } | { status: 'failed' };

type Settled<Sdk> = { key: string; outcome: { status: 'ready'; sdk: Sdk } | { status: 'failed' } };

/**
 * Loads an SDK when `key` is non-null (the provider has a client id) and reports its state. A failure is only
 * logged: the button stays hidden and e-mail login keeps working.
 *
 * @param provider - the provider's name, for the log.
 * @param key - what the load depends on (client id, address); null when the provider is off.
 * @param load - starts or joins the page's one load of the SDK.
 */
export function useSdk<Sdk>(provider: string, key: string | null, load: () => Promise<Sdk>): SdkState<Sdk> {
  const [settled, setSettled] = useState<Settled<Sdk> | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (sdk) => {
        if (live) setSettled({ key, outcome: { status: 'ready', sdk } });
      },
      (error: unknown) => {
        warn(`the ${provider} SDK is unavailable, its button is hidden:`, error instanceof Error ? error.message : error);
        if (live) setSettled({ key, outcome: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt each render; `key` carries everything it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, key]);
  if (key === null) return { status: 'off' };
  return settled?.key === key ? settled.outcome : { status: 'loading' };
}
