import type { CandleSeries } from './candle-series.ts';
import type { Market } from './market.ts';
import type { PairSpec } from './pairs.ts';
import { completedTradeAnswer, depthAnswer, klineBarAnswer, quotationAnswer } from './market-answers.ts';
import { klineChannelsOf } from './kline-channels.ts';
import { barStart, KLINE_PERIODS } from './periods.ts';
import { TAPE_LENGTH } from './tape.ts';

/** Bars of one period pushed per round at most, latest first (after a skip, older ones are moot). */
const MAX_BARS_PER_ROUND = 3;

/** The part of the socket hub the market publishes through. */
export interface FrameHub {
  publish(channel: string, frame: object): void;
  hasSubscribers(channel: string): boolean;
}

export interface MarketPublisherOptions {
  /** DAY_MARKET goes out every this many publish rounds at most (the home page needs no more). */
  quoteEveryRounds?: number;
}

/**
 * Turns what changed in the market since the last round into socket frames (DESIGN.md "The
 * contract"), for channels somebody listens to only. Call `publish` once per timer tick: at a
 * 100 ms tick each pair's depth goes out at most 10 times a second, at any simulation speed.
 *
 *   DAY_MARKET            {type, symbol, currency_match_id, quotation (+ id)} pairs that traded
 *   MARKET_DEPTH.<symbol> {type, symbol, currency_match_id, depth: {in, out}}  when the book changed
 *   GLOBAL_TX.<symbol>    {type, symbol, currency_match_id, completes}        new trades, newest first
 *   KLINE.<symbol>.<period> {type, symbol, currency_match_id, kline}          that period's bars touched
 *   KLINE.<symbol>        the same frames of the 1-minute bars only (api/kline-channels.ts)
 */
export class MarketPublisher {
  private round = 0;
  private readonly quoteEveryRounds: number;
  /** Pairs that traded since DAY_MARKET last went out. */
  private readonly quoteChanged = new Set<number>();

  constructor(
    private readonly market: Market,
    private readonly hub: FrameHub,
    options: MarketPublisherOptions = {},
  ) {
    this.quoteEveryRounds = Math.max(1, options.quoteEveryRounds ?? 5);
  }

  publish(): void {
    this.round++;
    const { hub } = this;
    const now = this.market.time();
    for (const market of this.market.pairs) {
      const { pair } = market;
      const { symbol } = pair;
      const { trades, firstTradeTime, bookChanged } = market.takeUpdates();
      if (trades.length > 0) this.quoteChanged.add(pair.id);

      const depthChannel = `MARKET_DEPTH.${symbol}`;
      if (bookChanged && hub.hasSubscribers(depthChannel)) {
        hub.publish(depthChannel, {
          type: 'MARKET_DEPTH',
          symbol,
          currency_match_id: pair.id,
          depth: depthAnswer(market),
        });
      }
      if (trades.length === 0) continue;

      const tapeChannel = `GLOBAL_TX.${symbol}`;
      if (hub.hasSubscribers(tapeChannel)) {
        const completes = trades
          .slice(-TAPE_LENGTH)
          .reverse()
          .map((trade) => completedTradeAnswer(pair, trade));
        hub.publish(tapeChannel, { type: 'GLOBAL_TX', symbol, currency_match_id: pair.id, completes });
      }

      publishKlines(hub, pair, market.candles, {
        firstTradeTime,
        lastTradeTime: trades[trades.length - 1]!.time,
        now,
      });
    }

    if (this.round % this.quoteEveryRounds !== 0 || this.quoteChanged.size === 0) return;
    if (hub.hasSubscribers('DAY_MARKET')) {
      for (const market of this.market.pairs) {
        if (!this.quoteChanged.has(market.pair.id)) continue;
        hub.publish('DAY_MARKET', {
          type: 'DAY_MARKET',
          symbol: market.pair.symbol,
          currency_match_id: market.pair.id,
          // The family's clients read the pair id as quotation.id.
          quotation: { ...quotationAnswer(market), id: market.pair.id },
        });
      }
    }
    this.quoteChanged.clear();
  }
}

/**
 * The KLINE frames of one round of a pair's trades: for every period somebody listens to, the bars
 * the round touched (usually one; more when bars closed during the round, whose final state goes out
 * too). Shared by the live market and the replay of a captured tape, so both send the same frames.
 */
export function publishKlines(
  hub: FrameHub,
  pair: PairSpec,
  candles: Pick<CandleSeries, 'barAt'>,
  round: { firstTradeTime: number; lastTradeTime: number; now: number },
): void {
  for (const period of KLINE_PERIODS) {
    const channels = klineChannelsOf(pair.symbol, period).filter((channel) => hub.hasSubscribers(channel));
    if (channels.length === 0) continue;
    const starts: number[] = [];
    for (let start = barStart(period, round.lastTradeTime); starts.length < MAX_BARS_PER_ROUND;) {
      starts.unshift(start);
      if (start <= round.firstTradeTime) break;
      start = barStart(period, start - 1);
    }
    for (const start of starts) {
      const bar = candles.barAt(period, start, round.now);
      if (!bar) continue;
      const frame = {
        type: 'KLINE',
        symbol: pair.symbol,
        currency_match_id: pair.id,
        kline: klineBarAnswer(pair, bar, period),
      };
      for (const channel of channels) hub.publish(channel, frame);
    }
  }
}
