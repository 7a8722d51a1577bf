import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MarketPublisher } from '../../../../src/sim/market/market-publisher.ts';
import { KLINE_PERIODS } from '../../../../src/sim/market/periods.ts';
import { dayMarketFrame, depthFrame, globalTxFrame, klineFrame } from '../../../../src/streams/payloads.ts';
import { openMarket, RecordingHub } from './market-fixture.ts';

function framesOf(hub: RecordingHub, type: string) {
  return hub.frames.filter(({ frame }) => (frame as { type: string }).type === type);
}

/** Parses a frame as the app's streams layer does; a mismatch is a contract bug. */
function decode<S extends z.ZodType>(schema: S, frame: object): z.output<S> {
  const result = schema.safeParse(frame);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe('MarketPublisher', () => {
  it('builds no frame for channels nobody subscribed to', () => {
    const { clock, market } = openMarket();
    const hub = new RecordingHub(() => false);
    const publisher = new MarketPublisher(market, hub);
    for (let round = 0; round < 20; round++) {
      clock.advance(100);
      market.advanceTo(clock.now());
      publisher.publish();
    }
    expect(hub.frames).toEqual([]);
    expect(hub.asked.has('MARKET_DEPTH.BTC/USDT')).toBe(true);
  });

  it('sends only the subscribed pair and channels, in the shapes the streams layer decodes', () => {
    const { clock, market } = openMarket();
    const subscribed = new Set([
      'MARKET_DEPTH.BTC/USDT',
      'GLOBAL_TX.BTC/USDT',
      'KLINE.BTC/USDT',
      ...KLINE_PERIODS.map((period) => `KLINE.BTC/USDT.${period}`),
      'DAY_MARKET',
    ]);
    const hub = new RecordingHub((channel) => subscribed.has(channel));
    const publisher = new MarketPublisher(market, hub);
    for (let round = 0; round < 100; round++) {
      clock.advance(100);
      market.advanceTo(clock.now());
      publisher.publish();
    }
    expect(new Set(hub.frames.map(({ channel }) => channel))).toEqual(subscribed);

    for (const { frame } of framesOf(hub, 'MARKET_DEPTH')) {
      const depth = decode(depthFrame, frame);
      expect(depth.symbol).toBe('BTC/USDT');
      expect(depth.depth.in.length).toBeGreaterThan(10);
      expect(Number(depth.depth.in[0]!.price)).toBeLessThan(Number(depth.depth.out[0]!.price));
      expect(frame).toMatchObject({ currency_match_id: 1 });
    }
    const tape = framesOf(hub, 'GLOBAL_TX').map(({ frame }) => decode(globalTxFrame, frame));
    expect(tape.length).toBeGreaterThan(0);
    for (const batch of tape) {
      const times = batch.completes.map((trade) => Number(trade.time));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    const klines = framesOf(hub, 'KLINE').map(({ frame }) => decode(klineFrame, frame).kline);
    expect(new Set(klines.map((bar) => bar.period))).toEqual(new Set(KLINE_PERIODS));
    // Each period on its own channel; the bare channel carries the 1-minute bars only (the
    // family's clients append whatever it carries to their chart).
    const periodsOn = (channel: string) =>
      new Set(
        hub.frames
          .filter((each) => each.channel === channel)
          .map(({ frame }) => decode(klineFrame, frame).kline.period),
      );
    for (const period of KLINE_PERIODS) {
      expect(periodsOn(`KLINE.BTC/USDT.${period}`)).toEqual(new Set([period]));
    }
    expect(periodsOn('KLINE.BTC/USDT')).toEqual(new Set(['1min']));
    const quotes = framesOf(hub, 'DAY_MARKET').map(({ frame }) => decode(dayMarketFrame, frame));
    expect(quotes.length).toBeGreaterThan(0);
    expect(new Set(quotes.map((quote) => quote.symbol)).size).toBeGreaterThan(1);
  });

  it('pushes depth at most once per pair per round, and DAY_MARKET every fifth round', () => {
    const { clock, market } = openMarket();
    const hub = new RecordingHub(() => true);
    const publisher = new MarketPublisher(market, hub);
    for (let round = 1; round <= 50; round++) {
      // Ten seconds of trading per round: far more changes than pushes.
      clock.advance(10_000);
      market.advanceTo(clock.now());
      const before = hub.frames.length;
      publisher.publish();
      const sent = hub.frames.slice(before).map(({ frame }) => frame as { type: string; symbol: string });
      const depthSymbols = sent.filter((frame) => frame.type === 'MARKET_DEPTH').map((frame) => frame.symbol);
      expect(new Set(depthSymbols).size).toBe(depthSymbols.length);
      expect(sent.some((frame) => frame.type === 'DAY_MARKET')).toBe(round % 5 === 0);
    }
  });

  it('pushes the final state of a bar that closed during the round', () => {
    const { clock, market } = openMarket();
    const hub = new RecordingHub((channel) => channel === 'KLINE.BTC/USDT');
    const publisher = new MarketPublisher(market, hub);
    // Stop just past a minute boundary: the round holds trades of the old minute and the new one.
    const nextMinute = Math.ceil(clock.now() / 60_000) * 60_000;
    clock.set(nextMinute + 15_000);
    market.advanceTo(clock.now());
    publisher.publish();
    const minuteBars = framesOf(hub, 'KLINE')
      .map(({ frame }) => decode(klineFrame, frame).kline)
      .filter((bar) => bar.period === '1min');
    expect(minuteBars.map((bar) => bar.time)).toEqual([nextMinute - 60_000, nextMinute]);
    const closed = market.pairs[0]!.candles.minuteBar(nextMinute / 60_000 - 1)!;
    expect(minuteBars[0]!.close).toBe((closed.close / 100).toFixed(2));
  });
});
