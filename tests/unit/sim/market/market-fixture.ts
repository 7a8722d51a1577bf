import { ManualClock } from '../../../../src/sim/clock.ts';
import { Market, type MarketOptions } from '../../../../src/sim/market/market.ts';
import type { FrameHub } from '../../../../src/sim/market/market-publisher.ts';
import { PAIRS, type PairSpec } from '../../../../src/sim/market/pairs.ts';

/** A Saturday noon in November 2026, well past the generator's epoch (2025-01-01). */
export const START = Date.UTC(2026, 10, 21, 12, 0, 7);

/** A few pairs that cover the shapes: a major, a cheap coin, a cross pair and the house token. */
export const SAMPLE_PAIRS: readonly PairSpec[] = PAIRS.filter((pair) => [1, 3, 10, 64].includes(pair.id));

export function openMarket(
  options: {
    seed?: number;
    start?: number;
    pairs?: readonly PairSpec[];
    onTrade?: MarketOptions['onTrade'];
  } = {},
) {
  const clock = new ManualClock(options.start ?? START);
  const market = new Market({
    clock,
    seed: options.seed,
    pairs: options.pairs ?? SAMPLE_PAIRS,
    historyDays: 2,
    onTrade: options.onTrade,
  });
  return { clock, market };
}

/** A hub that records what was published, with a fixed set of subscribed channels. */
export class RecordingHub implements FrameHub {
  readonly frames: Array<{ channel: string; frame: object }> = [];
  readonly asked = new Set<string>();

  constructor(private readonly subscribed: (channel: string) => boolean) {}

  publish(channel: string, frame: object): void {
    this.frames.push({ channel, frame });
  }

  hasSubscribers(channel: string): boolean {
    this.asked.add(channel);
    return this.subscribed(channel);
  }
}
