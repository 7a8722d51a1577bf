import {
  catchError,
  defer,
  EMPTY,
  filter,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  scan,
  share,
  shareReplay,
  takeUntil,
} from 'rxjs';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/client.ts';
import { pairChannel, type Frame } from '../../../streams/frame.ts';
import type { ChannelSource } from '../../../streams/market.ts';
import {
  depthFrame,
  globalTxFrame,
  klineFrame,
  type CompletedTrade,
  type Depth,
  type KlineBar,
} from '../../../streams/payloads.ts';
import type { AnswerOf } from '../../../api/catalogue.ts';
import { pushTrades, tapeAfterSnapshot, TAPE_LIMIT } from '../../../domain/spot/tape.ts';

/**
 * The trade screen's live market data: the market/deal snapshot, then MARKET_DEPTH and GLOBAL_TX
 * pushes. Every value carries the `seq` its frame was stamped with (the simulator's benchmark
 * storm stamps frames; otherwise null), so the benchmark can tell which frame reached the screen.
 * These streams emit at push rate; the components sample them once per animation frame.
 */
export interface Stamped<T> {
  readonly value: T;
  readonly seq: number | null;
}

export type DealSnapshot = AnswerOf<'market/deal'>;

function stamped<S extends z.ZodType, T>(schema: S, pick: (frame: z.output<S>) => T) {
  return mergeMap((frame: Frame): Observable<Stamped<T>> => {
    const parsed = schema.safeParse(frame);
    if (!parsed.success) {
      console.warn(`dropped a malformed ${frame.type} frame`, parsed.error.issues);
      return EMPTY;
    }
    const seq = typeof frame.seq === 'number' ? frame.seq : null;
    return of({ value: pick(parsed.data), seq });
  });
}

/** The pair's deal snapshot, loaded once per subscription chain and shared; nothing on failure. */
export function dealSnapshot$(api: ApiClient, matchId: number): Observable<DealSnapshot> {
  return defer(() => api.call('market/deal', { currency_match_id: matchId }, { quiet: true })).pipe(
    catchError(() => EMPTY),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
}

/** Order-book snapshots: the deal's depth until the first push, then every push (each is whole). */
export function depthFeed$(
  socket: ChannelSource,
  symbol: string,
  deal$: Observable<DealSnapshot>,
): Observable<Stamped<Depth>> {
  return defer(() => {
    const pushes$ = socket.channel(pairChannel('MARKET_DEPTH', symbol)).pipe(
      stamped(depthFrame, (frame) => frame.depth),
      share(),
    );
    const snapshot$ = deal$.pipe(
      map((deal): Stamped<Depth> => ({ value: deal.depth, seq: null })),
      takeUntil(pushes$),
    );
    return merge(pushes$, snapshot$);
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
    stamped(globalTxFrame, (frame) => frame.completes),
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
 * Candles of one period. The server sends every period on one KLINE channel (eight frames per
 * round in a storm), so frames of other periods are dropped before they are decoded.
 */
export function klineFeed$(socket: ChannelSource, symbol: string, period: string): Observable<KlineBar> {
  return socket.channel(pairChannel('KLINE', symbol)).pipe(
    filter((frame) => (frame.kline as { period?: unknown } | undefined)?.period === period),
    stamped(klineFrame, (frame) => frame.kline),
    map((stampedBar) => stampedBar.value),
  );
}
