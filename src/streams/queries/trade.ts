import { distinctUntilChanged, filter, map, type Observable, share, switchMap, take } from 'rxjs';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { bestPrices } from '../../domain/spot/best-price.ts';
import type { KlinePeriod } from '../../domain/spot/chart-period.ts';
import { frameSampled } from '../frame-sampled.ts';
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
  const pairs$ = loadOnce(() => snapshot().then(toTradePairs));

  function openMarket(pair: { id: number; symbol: string }) {
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
  }
  // One market per pair, so the panels and the screen's machine read the same book and tape. Its
  // streams are shared while read and start afresh after, so a kept entry holds nothing open.
  const markets = new Map<string, ReturnType<typeof openMarket>>();
  function market(pair: { id: number; symbol: string }) {
    const key = `${pair.id} ${pair.symbol}`;
    let opened = markets.get(key);
    if (!opened) {
      opened = openMarket(pair);
      markets.set(key, opened);
    }
    return opened;
  }
  /** The pair of a match id, once the pairs are in. */
  const pairOf$ = (matchId: number) =>
    pairs$.pipe(
      map((state) => state.data?.find((pair) => pair.id === matchId)),
      filter((pair) => pair !== undefined),
      take(1),
    );

  return {
    /** The pairs with their currency ids, loaded once per app: they do not change while it runs. */
    pairs$,
    /**
     * One pair's deal snapshot, book and tape, shared by the screen's panels; all three start again
     * from a fresh snapshot after every reconnect of the socket.
     */
    market,
    /** The best bid and ask of a pair's book, at most once per frame, when one moved. */
    bestPrices$: (matchId: number) =>
      pairOf$(matchId).pipe(
        switchMap((pair) => frameSampled(market(pair).depth$)),
        map(({ value }) => bestPrices(value)),
        distinctUntilChanged((a, b) => a.bid === b.bid && a.ask === b.ask),
      ),
    /** A pair's last trade price, at most once per frame, when it moved. */
    lastPrice$: (matchId: number) =>
      pairOf$(matchId).pipe(
        switchMap((pair) => frameSampled(market(pair).tape$)),
        map(({ value }) => value[0]?.price ?? null),
        filter((price) => price !== null),
        distinctUntilChanged(),
      ),
    kline$: (symbol: string, period: KlinePeriod) => klineFeed$(socket, symbol, period),
    klineHistory$: (
      deal$: Observable<DealSnapshot>,
      query: { matchId: number; symbol: string; period: KlinePeriod },
    ) => klineHistory$(api, deal$, query),
  };
}
