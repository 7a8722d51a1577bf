import type { Market } from './market.ts';
import type { MarketPublisher } from './market-publisher.ts';

/** Real ms between market rounds: with one depth push per round, at most 10 per pair per second. */
export const MARKET_TICK_MS = 100;

/**
 * Drives the live market in the worker: every tick it catches the market up with the (scaled)
 * clock and publishes what changed. Returns a function that stops it. The market itself never
 * reads time, so Node tests drive it directly instead.
 */
export function startMarketTicker(
  market: Market,
  publisher: Pick<MarketPublisher, 'publish'>,
  intervalMs = MARKET_TICK_MS,
): () => void {
  const timer = setInterval(() => {
    try {
      market.advanceToNow();
      publisher.publish();
    } catch (error) {
      // One failed round must not stop the market; the next tick tries again.
      console.error('sim: market tick failed', error);
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
