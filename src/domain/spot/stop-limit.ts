/**
 * A stop-limit order (Binance's STOP_LOSS_LIMIT / TAKE_PROFIT_LIMIT in one): a stop price and a
 * limit order. It waits, its funds locked as the limit order's, until a trade of the public tape
 * happens at or through the stop price; that trade triggers it, once, and the limit order goes to
 * the book. Which way "through" is comes from where the stop stands when the order is placed: above
 * the last trade price it waits for the price to rise to it, below it for the price to fall to it.
 */
export type StopDirection = 'rise' | 'fall';

/** The way a stop waits, from the last trade price at placement; null when they are equal (it would trigger at once). */
export function stopDirection(stopTicks: number, lastTicks: number): StopDirection | null {
  if (stopTicks > lastTicks) return 'rise';
  if (stopTicks < lastTicks) return 'fall';
  return null;
}

/** Whether a trade at `tradeTicks` triggers a stop: at or above it when it waits for a rise, at or below for a fall. */
export function stopFires(direction: StopDirection, stopTicks: number, tradeTicks: number): boolean {
  return direction === 'rise' ? tradeTicks >= stopTicks : tradeTicks <= stopTicks;
}

/** A trade of the tape as a stop sees it: its tape id (ordered in time) and price. */
export interface StopTrade {
  id: number;
  price: number;
}

/**
 * The trade that triggers a stop placed when `afterTradeId` was the tape's last trade: the first
 * later trade at or through the stop, in tape order; null when none of `trades` is.
 */
export function triggeringTrade<T extends StopTrade>(
  direction: StopDirection,
  stopTicks: number,
  afterTradeId: number,
  trades: readonly T[],
): T | null {
  for (const trade of trades) {
    if (trade.id > afterTradeId && stopFires(direction, stopTicks, trade.price)) return trade;
  }
  return null;
}
