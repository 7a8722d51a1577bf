import { BUY, SELL } from '../engine/index.ts';
import { CandleSeries } from '../market/candle-series.ts';
import { publishKlines } from '../market/market-publisher.ts';
import type { PairSpec } from '../market/pairs.ts';
import { DAY_MS, KLINE_PERIODS } from '../market/periods.ts';
import type { Trade } from '../market/trade.ts';
import { TAPE_WAY_BUY } from '../../domain/contract-codes.ts';
import { SocketHub } from '../socket-hub.ts';
import type { CapturedFrame } from './socket-capture.ts';

/**
 * Replays a captured socket stream's tape (its GLOBAL_TX frames, round by round) through the
 * simulator's own candle series and KLINE publishing (publishKlines), and answers the KLINE frames that replay publishes,
 * as the socket would send them. Candles are built from trades only, so a complete capture
 * replays into the very candles the running app sent, byte for byte (tests/unit/sim/feeds).
 */
export function replayKlineFrames(frames: readonly CapturedFrame[], pair: PairSpec): string[] {
  const rounds = tapeRounds(frames, pair);
  const first = rounds[0]?.[0];
  if (!first) return [];
  const candles = new CandleSeries({
    historyStart: Math.floor(first.time / DAY_MS) * DAY_MS,
    liveStart: first.time,
    // Before the capture there is nothing: no minute is synthesised.
    synthesize: () => undefined,
  });
  const hub = new SocketHub(() => null);
  const out: string[] = [];
  const socket = hub.open((text) => out.push(text));
  for (const period of KLINE_PERIODS) {
    socket.receive(JSON.stringify({ type: 'sub', params: `KLINE.${pair.symbol}.${period}` }));
  }
  for (const trades of rounds) {
    for (const trade of trades) candles.addLive(trade.time, trade.price, trade.lots);
    const lastTradeTime = trades[trades.length - 1]!.time;
    publishKlines(hub, pair, candles, { firstTradeTime: trades[0]!.time, lastTradeTime, now: lastTradeTime });
  }
  // Only the candles: the socket also answers the subscription itself (sub_result).
  return out.filter((text) => (JSON.parse(text) as { type?: unknown }).type === 'KLINE');
}

/** The captured trades of one pair, one array per GLOBAL_TX frame (a publishing round), oldest first. */
function tapeRounds(frames: readonly CapturedFrame[], pair: PairSpec): Trade[][] {
  const rounds: Trade[][] = [];
  for (const { text } of frames) {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      continue;
    }
    const { type, symbol, completes } = (frame ?? {}) as {
      type?: unknown;
      symbol?: unknown;
      completes?: unknown;
    };
    if (type !== 'GLOBAL_TX' || symbol !== pair.symbol || !Array.isArray(completes)) continue;
    const trades: Trade[] = [];
    for (const complete of [...completes].reverse()) {
      const { time, price, number, way } = complete as Record<string, unknown>;
      if (typeof time !== 'number') continue;
      trades.push({
        time,
        price: Math.round(Number(price) * 10 ** pair.priceDecimals),
        lots: Math.round(Number(number) * 10 ** pair.lotDecimals),
        takerSide: way === TAPE_WAY_BUY ? BUY : SELL,
      });
    }
    if (trades.length > 0) rounds.push(trades);
  }
  return rounds;
}
