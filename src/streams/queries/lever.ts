import type { ApiClient } from '../../api/client.ts';
import { isOn } from '../../domain/contract-codes.ts';
import { leverTradePushes$ } from '../lever-pushes.ts';
import { loadOnce } from '../loadable.ts';
import type { ChannelSource } from '../market.ts';
import { toTradePairs, type TradePair } from './trade-pairs.ts';

/** The lever screen's reads: the pairs open for lever, and the owner's live lever accounts. */
export function leverQueries(api: ApiClient, socket: ChannelSource) {
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
    /** LEVER_TRADE: each quote currency's account and the owner's positions, every second. */
    tradePushes$: () => leverTradePushes$(socket),
  };
}
