import { Market } from '../../../../src/sim/market/market.ts';
import { PAIRS, type PairSpec } from '../../../../src/sim/market/pairs.ts';
import { ManualClock } from '../../../../src/sim/clock.ts';
import { START } from './market-fixture.ts';

/** Statistics over many fresh starts of the market (tests of how real the market looks). */
export const DAY = 86_400_000;
export const USDT_PAIRS: readonly PairSpec[] = PAIRS.filter((pair) => pair.quote.code === 'USDT');

/**
 * A start instant per seed: spread over the 600 days before START (well after the generator's
 * epoch, so every start has its history) and at an odd time of day.
 */
export function startOf(seed: number): number {
  return START - ((seed * 37) % 600) * DAY - ((seed * 7_919_000) % DAY);
}

/** A market opened at `start` on a ManualClock, by default with two days of history (enough for 24 h). */
export function openAt(start: number, seed: number | undefined, pairs: readonly PairSpec[], historyDays = 2) {
  const clock = new ManualClock(start);
  const market = new Market({ clock, seed, pairs, historyDays });
  return { clock, market };
}

/** What each pair's 24-hour quote shows at the market's start: close / open - 1. */
export function dayChanges(market: Market): number[] {
  return market.pairs.map((pair) => {
    const window = pair.dayWindow();
    if (!window) throw new Error(`${pair.pair.symbol}: no 24 h window at the start`);
    return window.close / window.open - 1;
  });
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function sd(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
}

export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  return mean(xs.map((x, i) => (x - mx) * (ys[i]! - my))) / (sd(xs) * sd(ys));
}

/** The value below which a fraction `p` of `values` lie (nearest rank). */
export function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(p * (sorted.length - 1))]!;
}
