import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../../../../src/sim/feeds/reference-generator.ts';
import {
  correlation,
  DAY,
  dayChanges,
  mean,
  openAt,
  quantile,
  sd,
  startOf,
  USDT_PAIRS,
} from './many-starts.ts';
import { START } from './market-fixture.ts';

/** A few CPU seconds each; generous, since the suite shares two cores with the rest. */
const SURVEY_TIMEOUT_MS = 120_000;

/** What the market table shows at many fresh starts: every USDT pair's 24-hour change. */
function survey(starts: ReadonlyArray<{ seed: number | undefined; start: number }>) {
  const changes: number[] = [];
  const btc: number[] = [];
  const altPairs: Array<[number, number]> = [];
  const crossSd: number[] = [];
  let up = 0;
  let unanimous = 0;
  let mixed = 0;
  for (const { seed, start } of starts) {
    const { market } = openAt(start, seed, USDT_PAIRS);
    const day = dayChanges(market);
    changes.push(...day);
    btc.push(day[0]!);
    for (const change of day.slice(1)) altPairs.push([day[0]!, change]);
    crossSd.push(sd(day));
    const rising = day.filter((change) => change > 0).length;
    up += rising;
    if (rising === day.length || rising === 0) unanimous++;
    if (rising >= 3 && day.length - rising >= 3) mixed++;
  }
  const sizes = changes.map((change) => Math.abs(change));
  return {
    up: up / changes.length,
    unanimous: unanimous / starts.length,
    mixed: mixed / starts.length,
    btcSd: sd(btc),
    correlation: correlation(
      altPairs.map(([x]) => x),
      altPairs.map(([, y]) => y),
    ),
    crossSd: mean(crossSd),
    medianSize: quantile(sizes, 0.5),
    withinFive: sizes.filter((size) => size < 0.05).length / sizes.length,
    beyondEight: sizes.filter((size) => size > 0.08).length / sizes.length,
    largest: Math.max(...sizes),
  };
}

/**
 * Tolerances are set from the sampling error: with 300 starts a fraction near 0.15 has a standard
 * error of about 0.02, so each bound sits three or more of them from what the market gives (about
 * 15 % unanimous starts, correlation 0.63, cross-pair spread 2.6 %) and as far from what it gave
 * before (35 % unanimous, correlation 0.82, spread 1.8 %), which these tests were written to catch.
 */
function expectRealistic(result: ReturnType<typeof survey>): void {
  // About half the pairs up, half down.
  expect(result.up).toBeGreaterThan(0.42);
  expect(result.up).toBeLessThan(0.58);
  // Every pair on one side happens on BTC's big days, not on a third of all starts.
  expect(result.unanimous).toBeLessThan(0.24);
  expect(result.unanimous).toBeGreaterThan(0.04);
  // A market table with at least three pairs on each side at a good share of starts.
  expect(result.mixed).toBeGreaterThan(0.35);
  // BTC's 24 hours move about 2.5 % (real BTC 2023-2025: a daily sd of about 2.3-3 %).
  expect(result.btcSd).toBeGreaterThan(0.018);
  expect(result.btcSd).toBeLessThan(0.035);
  // Altcoins follow BTC, but with real moves of their own (real daily correlations 0.5-0.8).
  expect(result.correlation).toBeGreaterThan(0.45);
  expect(result.correlation).toBeLessThan(0.76);
  // Pairs differ from one another on the same day by a couple of percent.
  expect(result.crossSd).toBeGreaterThan(0.022);
  expect(result.crossSd).toBeLessThan(0.045);
  // Most pairs within a few percent; now and then a bigger mover; nothing absurd.
  expect(result.medianSize).toBeGreaterThan(0.012);
  expect(result.medianSize).toBeLessThan(0.035);
  expect(result.withinFive).toBeGreaterThan(0.75);
  expect(result.beyondEight).toBeGreaterThan(0.01);
  expect(result.beyondEight).toBeLessThan(0.1);
  expect(result.largest).toBeLessThan(0.3);
}

describe('24-hour changes at a fresh start, over many starts', () => {
  it(
    'are spread like a real market across 300 seeds (each at its own time)',
    () => {
      const starts = Array.from({ length: 300 }, (_, i) => ({ seed: i + 1, start: startOf(i + 1) }));
      expectRealistic(survey(starts));
    },
    SURVEY_TIMEOUT_MS,
  );

  it(
    'are spread like a real market on the default seed, at 200 start times over 400 days',
    () => {
      // The app runs the default seed at the wall clock's time: what a fresh profile sees on any day.
      const starts = Array.from({ length: 200 }, (_, i) => ({
        seed: undefined,
        start: START - (i + 1) * 2.013 * DAY,
      }));
      expect(DEFAULT_SEED).toBe(20_250_101);
      expectRealistic(survey(starts));
    },
    SURVEY_TIMEOUT_MS,
  );
});
