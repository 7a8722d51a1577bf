import type { ApiClient } from '../../api/client.ts';
import { isOn } from '../../domain/contract-codes.ts';
import { loadOnce } from '../loadable.ts';
import { toTradePairs, type TradePair } from './trade-pairs.ts';

/** The lever screen's reads: the pairs open for lever (its positions reach its machine as pushes). */
export function leverQueries(api: ApiClient) {
  return {
    pairs$: loadOnce(() =>
      api.call('market/currency_matches', {}, { quiet: true }).then((groups): TradePair[] => {
        const open = new Set(
          groups.flatMap((group) =>
            group.matches.filter((match) => isOn(match.open_lever)).map((match) => match.id),
          ),
        );
        return toTradePairs(groups).filter((pair) => open.has(pair.id));
      }),
    ),
  };
}
