/**
 * The settings decoded in full (docs/bookcore-contract.md "Loyalty"), for the panel and what loads with it: the start
 * (./session.ts, in the first payload) keeps the answer as it read it, and this decodes it with its valibot schema
 * the first time it is read here.
 */
import { atom } from 'jotai/vanilla';
import { decodeSettingsAnswer } from '../api/loyalty';
import type { LoyaltySettings, SettingsResponse } from '../api/loyalty.schemas';
import { settingsAtom } from './session';

/** Where the settings request stands, with the settings decoded once ready. One value, never a set of booleans. */
export type LoyaltySettingsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; settings: LoyaltySettings; socialLogin: SettingsResponse['socialLogin'] }
  | { status: 'failed'; reason: string };

/** The page's settings, decoded. */
export const loyaltySettingsAtom = atom<LoyaltySettingsState>((get) => {
  const state = get(settingsAtom);
  if (state.status !== 'ready') return state;
  const { settings, socialLogin } = decodeSettingsAnswer(state.answer);
  return { status: 'ready', settings, socialLogin };
});
