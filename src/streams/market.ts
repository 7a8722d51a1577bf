import { filter, map, mergeMap, type Observable, of, EMPTY, type OperatorFunction } from 'rxjs';
import type { z } from 'zod';
import { pairChannel, type Frame } from './frame.ts';
import {
  dayMarketFrame,
  depthFrame,
  globalTxFrame,
  klineFrame,
  type CompletedTrade,
  type Depth,
  type KlineBar,
  type Quote,
} from './payloads.ts';
import type { SocketConnection } from './socket.ts';

/**
 * Market streams for the views, derived from the socket's channels. Each one is cold and
 * ref-counted through its channel: subscribing subscribes the channel on the server, and the last
 * unsubscribe (leaving the page) unsubscribes it.
 */
export type ChannelSource = Pick<SocketConnection, 'channel'>;

/**
 * Keeps the frames that match `schema`, decoded. A mismatch is a contract bug on the server's
 * side: it is reported and dropped, so one bad frame neither kills the stream nor reaches a view.
 */
export function decodePayload<S extends z.ZodType>(schema: S): OperatorFunction<Frame, z.output<S>> {
  return mergeMap((frame) => {
    const result = schema.safeParse(frame);
    if (result.success) return of(result.data);
    console.warn(`dropped a malformed ${frame.type} frame`, result.error.issues);
    return EMPTY;
  });
}

/** Every pair's 24 h quote as it changes (DAY_MARKET). */
export function quotes$(connection: ChannelSource): Observable<Quote> {
  return connection.channel('DAY_MARKET').pipe(decodePayload(dayMarketFrame));
}

/** Order-book snapshots of one pair: `in` = bids, `out` = asks (MARKET_DEPTH.<symbol>). */
export function depth$(connection: ChannelSource, symbol: string): Observable<Depth> {
  return connection.channel(pairChannel('MARKET_DEPTH', symbol)).pipe(
    decodePayload(depthFrame),
    map((frame) => frame.depth),
  );
}

/** Batches of executed trades of one pair, as the tape receives them (GLOBAL_TX.<symbol>). */
export function trades$(connection: ChannelSource, symbol: string): Observable<readonly CompletedTrade[]> {
  return connection.channel(pairChannel('GLOBAL_TX', symbol)).pipe(
    decodePayload(globalTxFrame),
    map((frame) => frame.completes),
  );
}

/**
 * Candle updates of one pair at one period. The server sends every period on KLINE.<symbol>, so
 * the chart keeps only the period it shows.
 */
export function kline$(connection: ChannelSource, symbol: string, period: string): Observable<KlineBar> {
  return connection.channel(pairChannel('KLINE', symbol)).pipe(
    decodePayload(klineFrame),
    map((frame) => frame.kline),
    filter((bar) => bar.period === period),
  );
}
