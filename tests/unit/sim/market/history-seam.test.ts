import { describe, expect, it } from 'vitest';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { MINUTE_MS } from '../../../../src/sim/market/periods.ts';
import { correlation, DAY, mean, openAt, startOf } from './many-starts.ts';

const BTC = PAIRS.filter((pair) => pair.symbol === 'BTC/USDT');

describe('the seam between the synthesised history and the live market, over many seeds', () => {
  it('is invisible in the minutes: the same price, volatility and volume on both sides', () => {
    const jumps: number[] = [];
    const ranges = { before: [] as number[], after: [] as number[] };
    const volumes = { before: [] as number[], after: [] as number[] };
    for (let seed = 1; seed <= 24; seed++) {
      const start = startOf(seed);
      const { clock, market } = openAt(start, seed, BTC);
      const pair = market.pairs[0]!;
      const startMinute = Math.floor(start / MINUTE_MS);
      clock.advance(15 * MINUTE_MS);
      market.advanceTo(clock.now());
      // The last synthesised close against the first live trades (the minute after the start).
      const lastHistory = pair.candles.minuteBar(startMinute - 1)!;
      const firstLive = pair.candles.minuteBar(startMinute + 1)!;
      jumps.push(Math.abs(Math.log(firstLive.open / lastHistory.close)) / pair.scale.minuteSd);
      for (let k = 2; k <= 14; k++) {
        const before = pair.candles.minuteBar(startMinute - k)!;
        const after = pair.candles.minuteBar(startMinute + k)!;
        ranges.before.push(Math.log(before.high / before.low));
        ranges.after.push(Math.log(after.high / after.low));
        volumes.before.push(before.volume);
        volumes.after.push(after.volume);
      }
      // The daily chart has no step either: the day of the start opens where the day before closed.
      const days = pair.candles.bars('1day', start - 2 * DAY, start, clock.now());
      const today = days[days.length - 1]!;
      const yesterday = days[days.length - 2]!;
      expect(Math.abs(Math.log(today.open / yesterday.close)), `seed ${seed}`).toBeLessThan(0.003);
    }
    // Price: within a few minutes' moves (a seam would be many of them).
    expect(mean(jumps)).toBeLessThan(3);
    expect(Math.max(...jumps)).toBeLessThan(8);
    // Volatility and volume: the same on both sides of the seam, within 40 %.
    expect(mean(ranges.after) / mean(ranges.before)).toBeGreaterThan(0.6);
    expect(mean(ranges.after) / mean(ranges.before)).toBeLessThan(1.6);
    expect(mean(volumes.after) / mean(volumes.before)).toBeGreaterThan(0.6);
    expect(mean(volumes.after) / mean(volumes.before)).toBeLessThan(1.6);
  }, 120_000);

  it('is invisible on the daily chart: the last day before the start is an ordinary day', () => {
    // A month of daily bars at each start, as the BTC chart opens: the day that ends at the seam
    // must move like any day of the month before it, and not against the month's trend (a slide
    // then a jump back at the seam is what the issue saw).
    const seamDays: number[] = [];
    const otherDays: number[] = [];
    const trends: number[] = [];
    const seamMoves: number[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const start = startOf(seed);
      const { clock, market } = openAt(start, seed, BTC, 30);
      const pair = market.pairs[0]!;
      const days = pair.candles
        .bars('1day', start - 30 * DAY, start, clock.now())
        // Whole days only: the day of the start is still going.
        .filter((bar) => bar.time + DAY <= start);
      expect(days.length).toBeGreaterThanOrEqual(29);
      const moves = days.map((bar) => Math.log(bar.close / bar.open));
      const seam = moves[moves.length - 1]!;
      seamDays.push(Math.abs(seam));
      otherDays.push(...moves.slice(0, -1).map(Math.abs));
      trends.push(Math.log(days[days.length - 2]!.close / days[0]!.open));
      seamMoves.push(seam);
    }
    // With 60 seam days the mean size has a standard error of about 10 %.
    const ratio = mean(seamDays) / mean(otherDays);
    expect(ratio).toBeGreaterThan(0.65);
    expect(ratio).toBeLessThan(1.45);
    expect(Math.abs(correlation(trends, seamMoves))).toBeLessThan(0.35);
  }, 120_000);
});
