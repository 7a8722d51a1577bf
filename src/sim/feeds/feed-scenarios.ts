import { createRng } from '../rng.ts';
import type { RecordedFeed } from './recorded-feed.ts';

/**
 * Scenarios the recorder lays over the generator's path, for days the seeded generator rarely
 * draws on its own (`npm run sim:record -- --scenario crash`). Each is deterministic: the same
 * recording and scenario give the same feed, byte for byte.
 *
 * - calm:  the generator's path with its moves halved (a quiet day).
 * - crash: a fall of about 22 % over half an hour from a quarter of the way in, accelerating like a
 *          cascade of stops, then a rebound that wins back about half of it over the next two hours.
 * - thin:  an illiquid altcoin: trades arrive irregularly (about one every 40 s, sometimes minutes
 *          apart), each jumps further than the generator moved (a thin book), and prices sit on a
 *          coarse grid of 0.2 % steps.
 */
export const SCENARIOS = ['calm', 'crash', 'thin'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: unknown): value is Scenario {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value);
}

const CRASH_DEPTH = Math.log(0.78);
const REBOUND_SHARE = 0.5;
const CRASH_MS = 30 * 60_000;
const REBOUND_MS = 2 * 3_600_000;

/** ln of the crash scenario's multiplier `elapsed` ms after the feed's start of a `duration` ms feed. */
export function crashShape(elapsed: number, duration: number): number {
  const start = duration / 4;
  if (elapsed <= start) return 0;
  const fall = Math.min(1, (elapsed - start) / CRASH_MS);
  // Accelerating fall (a cascade): slow at first, steepest at the end.
  const fallen = CRASH_DEPTH * fall * fall;
  if (fall < 1) return fallen;
  const rebound = Math.min(1, (elapsed - start - CRASH_MS) / REBOUND_MS);
  // The rebound is fast at first and flattens out (1 - (1 - x)^2).
  return CRASH_DEPTH * (1 - REBOUND_SHARE * (1 - (1 - rebound) * (1 - rebound)));
}

export function applyScenario(feed: RecordedFeed, scenario: Scenario, seed: number): RecordedFeed {
  const { times, prices, header } = feed;
  const scale = 10 ** header.priceDecimals;
  const round = (price: number) => Math.max(1 / scale, Math.round(price * scale) / scale);
  const first = prices[0]!;
  const source = `${header.source} scenario=${scenario}`;
  if (scenario === 'calm' || scenario === 'crash') {
    const out = new Float64Array(prices.length);
    for (let i = 0; i < prices.length; i++) {
      const own = Math.log(prices[i]! / first);
      const shaped =
        scenario === 'calm'
          ? own / 2
          : own + crashShape(times[i]! - times[0]!, times[times.length - 1]! - times[0]!);
      out[i] = round(first * Math.exp(shaped));
    }
    return { header: { ...header, source }, times, prices: out };
  }
  const rng = createRng(seed);
  const grid = Math.log(1.002);
  const keptTimes: number[] = [times[0]!];
  const keptPrices: number[] = [round(first)];
  let next = times[0]! + rng.exponential(1 / 40_000);
  for (let i = 1; i < times.length; i++) {
    if (times[i]! < next && i < times.length - 1) continue;
    // A thin book: each trade overshoots the reference's move by half again, on a coarse grid.
    const own = Math.log(prices[i]! / first) * 1.5 + rng.normal() * 0.0015;
    keptTimes.push(times[i]!);
    keptPrices.push(round(first * Math.exp(Math.round(own / grid) * grid)));
    next = times[i]! + rng.exponential(1 / 40_000);
  }
  return {
    header: { ...header, source },
    times: Float64Array.from(keptTimes),
    prices: Float64Array.from(keptPrices),
  };
}
