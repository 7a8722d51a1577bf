import { okEnvelope } from '../../../api/envelope.ts';
import type { Market } from '../../market/market.ts';
import type { FrameHub, MarketPublisher } from '../../market/market-publisher.ts';
import type { Routes } from '../../routes.ts';
import { flagOf, isOn, type Flag } from '../../../domain/contract-codes.ts';

export const DEFAULT_STORM_INTERVAL_MS = 15;

/**
 * Simulator only: the load the spot screen's frame-time benchmark (bench/ui.ts) needs. The market
 * normally publishes every 100 ms, at most 10 depth frames per pair per second; a storm publishes
 * every `intervalMs` (15 ms: about 66 a second) and stamps every market frame with a sequence
 * number `seq`, so the page can tell which frame it painted and when. At the x60 demo speed the
 * busy pairs trade far more than 50 times a second, so both depth and trades arrive at storm rate.
 *
 * Outside a storm frames go out untouched and this costs one boolean test per frame.
 */
export class BenchStorm {
  private seq = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private interval = DEFAULT_STORM_INTERVAL_MS;
  private target: { market: Market; publisher: MarketPublisher } | null = null;

  get active(): boolean {
    return this.timer !== null;
  }

  get intervalMs(): number {
    return this.interval;
  }

  /** The hub the market publishes through: stamps frames while a storm runs. */
  stampingHub(hub: FrameHub): FrameHub {
    return {
      hasSubscribers: (channel) => hub.hasSubscribers(channel),
      publish: (channel, frame) =>
        hub.publish(channel, this.timer === null ? frame : { ...frame, seq: ++this.seq }),
    };
  }

  attach(market: Market, publisher: MarketPublisher): void {
    this.target = { market, publisher };
  }

  start(intervalMs = DEFAULT_STORM_INTERVAL_MS): void {
    this.stop();
    const target = this.target;
    if (!target) return;
    this.interval = intervalMs;
    this.timer = setInterval(() => {
      try {
        target.market.advanceToNow();
        target.publisher.publish();
      } catch (error) {
        console.error('sim: storm round failed', error);
      }
    }, intervalMs);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}

/** sim/bench: starts or stops a storm (see BenchStorm). */
export function registerBenchRoutes(routes: Routes, storm: BenchStorm): void {
  routes.add('sim/bench', (payload) => {
    const { storm: on, interval_ms: interval } = payload as { storm: Flag; interval_ms?: number };
    if (isOn(on)) storm.start(interval ?? DEFAULT_STORM_INTERVAL_MS);
    else storm.stop();
    return okEnvelope({ storm: flagOf(storm.active), interval_ms: storm.intervalMs });
  });
}
