import { useSyncExternalStore } from 'react';
import { traderPrefs, type TraderPrefs } from '../machines/trader-prefs.ts';

/** The trader's preferences (keyboard trading, the "pro" setting); re-renders when one changes. */
export function useTraderPrefs(): TraderPrefs {
  return useSyncExternalStore(traderPrefs.subscribe, traderPrefs.get, traderPrefs.get);
}
