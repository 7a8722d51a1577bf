import type { ApiClient } from '../../api/client.ts';
import { isOn } from '../../domain/contract-codes.ts';
import { loadOnce } from '../loadable.ts';
import { toTradePairs, type TradePair } from './trade-pairs.ts';

/** The micro screen's reads: the pairs open for micro (quoted in USDT only; closes reach its machine as pushes). */
export function microQueries(api: ApiClient) {
  return {
    pairs$: loadOnce(() =>
      api.call('market/currency_matches', {}, { quiet: true }).then((groups): TradePair[] => {
        const open = new Set(
          groups.flatMap((group) =>
            group.matches.filter((match) => isOn(match.open_microtrade)).map((match) => match.id),
          ),
        );
        return toTradePairs(groups).filter((pair) => open.has(pair.id) && pair.quote === 'USDT');
      }),
    ),
  };
}
