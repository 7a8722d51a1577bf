import {
  catchError,
  defer,
  EMPTY,
  filter,
  ignoreElements,
  map,
  merge,
  NEVER,
  type Observable,
  of,
  scan,
  shareReplay,
  switchMap,
} from 'rxjs';
import type { AnswerOf } from '../api/catalogue.ts';
import type { ApiClient } from '../api/client.ts';
import { DEFAULT_KLINE_PERIOD, klineChannelName } from '../api/kline-channels.ts';
import { klineRange, type KlinePeriod } from '../domain/spot/chart-period.ts';
import { pushTrades, tapeAfterSnapshot, TAPE_LIMIT, timeOf } from '../domain/spot/tape.ts';
import { decodePayload, decodeStamped, type Stamped } from './decode.ts';
import { pairChannel } from './frame.ts';
import type { ChannelSource } from './market.ts';
import { depthFrame, globalTxFrame, klineFrame } from './lazy-payloads.ts';
import type { CompletedTrade, Depth, KlineBar } from './payloads.ts';

export type { Stamped } from './decode.ts';

/**
 * The trade screen's live market data: the market/deal snapshot, then MARKET_DEPTH and GLOBAL_TX
 * pushes. Every value carries the `seq` its frame was stamped with (decode.ts). These streams emit
 * at push rate; the components sample them once per animation frame.
 */
export type DealSnapshot = AnswerOf<'market/deal'>;

/**
 * The pair's deal snapshot, shared by the screen's panels: loaded when the first panel subscribes,
 * and loaded again after every reconnect of the socket (`reconnects$`), since the book, the tape
 * and the chart all missed what was pushed while it was away. A failed load emits nothing.
 */
export function dealSnapshot$(
  api: ApiClient,
  matchId: number,
  reconnects$: Observable<unknown> = NEVER,
): Observable<DealSnapshot> {
  return merge(of(null), reconnects$).pipe(
    switchMap(() =>
      defer(() => api.call('market/deal', { currency_match_id: matchId }, { quiet: true })).pipe(
        catchError(() => EMPTY),
      ),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

type DepthEvent =
  | { kind: 'reconnect' }
  | { kind: 'push'; depth: Stamped<Depth> }
  | { kind: 'snapshot'; depth: Stamped<Depth> };

interface DepthState {
  /** Whether a push came since the last reconnect: a snapshot answered after it is older. */
  readonly pushed: boolean;
  readonly shown: Stamped<Depth> | null;
}

/**
 * Order-book snapshots. Every push is a whole book, and so is the deal's depth, so the book shown is
 * always exactly one of them, never levels merged from two. The deal's depth shows at start and
 * after every reconnect (the pushes of the drop are lost) until the first push since that reconnect.
 */
export function depthFeed$(
  socket: ChannelSource,
  symbol: string,
  deal$: Observable<DealSnapshot>,
  reconnects$: Observable<unknown> = NEVER,
): Observable<Stamped<Depth>> {
  return defer(() => {
    const pushes$ = socket.channel(pairChannel('MARKET_DEPTH', symbol)).pipe(
      decodeStamped(depthFrame),
      map(({ value, seq }): DepthEvent => ({ kind: 'push', depth: { value: value.depth, seq } })),
    );
    const snapshots$ = deal$.pipe(
      map((deal): DepthEvent => ({ kind: 'snapshot', depth: { value: deal.depth, seq: null } })),
    );
    const reconnected$ = reconnects$.pipe(map((): DepthEvent => ({ kind: 'reconnect' })));
    return merge(reconnected$, pushes$, snapshots$).pipe(
      scan(
        (state: DepthState, event: DepthEvent): DepthState => {
          switch (event.kind) {
            case 'reconnect':
              return { pushed: false, shown: null };
            case 'push':
              return { pushed: true, shown: event.depth };
            case 'snapshot':
              return state.pushed ? { ...state, shown: null } : { pushed: false, shown: event.depth };
          }
        },
        { pushed: false, shown: null },
      ),
      map((state) => state.shown),
      filter((shown): shown is Stamped<Depth> => shown !== null),
    );
  });
}

interface TapeState {
  readonly trades: readonly CompletedTrade[];
  readonly seq: number | null;
  readonly snapshot: boolean;
}

type TapeEvent =
  | { kind: 'snapshot'; trades: readonly CompletedTrade[] }
  | { kind: 'push'; batch: Stamped<readonly CompletedTrade[]> };

/** The recent trades, newest first, at most 30: the deal's trades with every pushed batch on top. */
export function tapeFeed$(
  socket: ChannelSource,
  symbol: string,
  deal$: Observable<DealSnapshot>,
): Observable<Stamped<readonly CompletedTrade[]>> {
  const pushes$ = socket.channel(pairChannel('GLOBAL_TX', symbol)).pipe(
    decodeStamped(globalTxFrame),
    map(({ value, seq }): Stamped<readonly CompletedTrade[]> => ({ value: value.completes, seq })),
    map((batch): TapeEvent => ({ kind: 'push', batch })),
  );
  const snapshot$ = deal$.pipe(map((deal): TapeEvent => ({ kind: 'snapshot', trades: deal.tx_completes })));
  return merge(pushes$, snapshot$).pipe(
    scan(
      (state: TapeState, event: TapeEvent): TapeState =>
        event.kind === 'snapshot'
          ? {
              trades: tapeAfterSnapshot(event.trades, state.trades, TAPE_LIMIT),
              seq: state.seq,
              snapshot: true,
            }
          : {
              trades: pushTrades(state.trades, event.batch.value, TAPE_LIMIT),
              seq: event.batch.seq ?? state.seq,
              snapshot: state.snapshot,
            },
      { trades: [], seq: null, snapshot: false },
    ),
    map((state) => ({ value: state.trades, seq: state.seq })),
  );
}

/**
 * Candles of one period, from that period's channel (api/kline-channels.ts). Frames are routed by
 * their own period, so the family's servers, which send every period on `KLINE.<symbol>`, feed it
 * too: for another period than the default the bare channel is held as well (its frames go to the
 * other periods' channels, and on Tessera's server it carries only the default period's bars).
 */
export function klineFeed$(socket: ChannelSource, symbol: string, period: string): Observable<KlineBar> {
  const bars$ = socket.channel(klineChannelName(symbol, period)).pipe(
    filter((frame) => (frame.kline as { period?: unknown } | undefined)?.period === period),
    decodePayload(klineFrame),
    map((frame) => frame.kline),
  );
  if (period === DEFAULT_KLINE_PERIOD) return bars$;
  return merge(bars$, socket.channel(pairChannel('KLINE', symbol)).pipe(ignoreElements()));
}

/**
 * The chart's history of one period: market/kline for a range ending at the market's last trade
 * (the simulator's clock may run ahead of the wall clock; without a trade, the wall clock's now).
 * One answer per deal snapshot: at start, and again after every reconnect (the bars of the drop
 * were never pushed). The first load's failure fails the stream; a later one keeps the bars shown.
 */
export function klineHistory$(
  api: ApiClient,
  deal$: Observable<DealSnapshot>,
  query: { matchId: number; symbol: string; period: KlinePeriod },
): Observable<AnswerOf<'market/kline'>> {
  return deal$.pipe(
    switchMap((deal, index) => {
      const last = deal.tx_completes[0];
      const range = klineRange(query.period, last ? timeOf(last) : Date.now());
      const load$ = defer(() =>
        api.call(
          'market/kline',
          { ...range, symbol: query.symbol, period: query.period, currency_match_id: query.matchId },
          { quiet: true },
        ),
      );
      return index === 0 ? load$ : load$.pipe(catchError(() => EMPTY));
    }),
  );
}
