import { type Observable, share } from 'rxjs';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import type { KlinePeriod } from '../../domain/spot/chart-period.ts';
import { loadOnce } from '../loadable.ts';
import type { ChannelSource } from '../market.ts';
import { reconnects$ } from '../reconnects.ts';
import { asOf$ } from '../staleness.ts';
import {
  dealSnapshot$,
  depthFeed$,
  klineFeed$,
  klineHistory$,
  tapeFeed$,
  type DealSnapshot,
} from '../trade-feeds.ts';
import { toTradePairs } from './trade-pairs.ts';

/** The trade screen's reads: its pairs, a pair's live market, its chart (orders reach its machine as pushes). */
export function tradeQueries(
  api: ApiClient,
  socket: ChannelSource,
  /** market/currency_matches, shared with the quotes table (markets.ts: asked for at start). */
  snapshot: () => Promise<AnswerOf<'market/currency_matches'>> = () =>
    api.call('market/currency_matches', {}, { quiet: true }),
) {
  return {
    /** The pairs with their currency ids, loaded once per app: they do not change while it runs. */
    pairs$: loadOnce(() => snapshot().then(toTradePairs)),
    /**
     * One pair's deal snapshot, book and tape, shared by the screen's panels; all three start again
     * from a fresh snapshot after every reconnect of the socket.
     */
    market(pair: { id: number; symbol: string }) {
      const reconnected$ = reconnects$(socket).pipe(share());
      const deal$ = dealSnapshot$(api, pair.id, reconnected$);
      const depth$ = depthFeed$(socket, pair.symbol, deal$, reconnected$).pipe(share());
      return {
        deal$,
        depth$,
        tape$: tapeFeed$(socket, pair.symbol, deal$).pipe(share()),
        /** When the book last changed, once that is a few seconds ago (staleness.ts); else null. */
        bookAsOf$: asOf$(depth$),
      };
    },
    kline$: (symbol: string, period: KlinePeriod) => klineFeed$(socket, symbol, period),
    klineHistory$: (
      deal$: Observable<DealSnapshot>,
      query: { matchId: number; symbol: string; period: KlinePeriod },
    ) => klineHistory$(api, deal$, query),
  };
}
