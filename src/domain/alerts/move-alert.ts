/**
 * Move alerts (issue 33): "tell me when BTC/USDT moves 2 % within 1 h", up or down. Like a price
 * alert it fires once, on the first public trade that completes such a move after it was set, and is
 * then done. A move is measured from an earlier trade of the window to the firing trade, relative to
 * the earlier one: up when (trade - earlier) / earlier >= percent, down when
 * (earlier - trade) / earlier >= percent. The earliest trade it measures from is the pair's last
 * trade when the alert was set: a move that happened before is not news.
 *
 * Percents are basis points (1 % = 100 bp, so "2.5" is 250n); prices are ledger units.
 */

/** The windows a move may take, in minutes (the dialog's choices; the exchange refuses others). */
export const MOVE_WINDOWS_MINUTES = [5, 15, 60, 240] as const;
export type MoveWindowMinutes = (typeof MOVE_WINDOWS_MINUTES)[number];

/** Places a typed percent may have ("0.25"). */
export const MOVE_PERCENT_DECIMALS = 2;
/** The smallest move (0.1 %): below it the market's ordinary noise would fire it at once. */
export const MIN_MOVE_BP = 10n;
/** The largest move (50 %). */
export const MAX_MOVE_BP = 5_000n;

const WHOLE = 10_000n;

export function isMoveWindow(minutes: number): minutes is MoveWindowMinutes {
  return (MOVE_WINDOWS_MINUTES as readonly number[]).includes(minutes);
}

export type MovePercentProblem = 'alertMoveTooSmall' | 'alertMoveTooLarge';

/** Why a percent (basis points) cannot be a move alert's, or null. */
export function movePercentProblem(bp: bigint): MovePercentProblem | null {
  if (bp < MIN_MOVE_BP) return 'alertMoveTooSmall';
  if (bp > MAX_MOVE_BP) return 'alertMoveTooLarge';
  return null;
}

/** Whether going from `from` to `to` is a move of `bp` basis points or more, either way. */
export function movedBy(from: bigint, to: bigint, bp: bigint): boolean {
  if (from <= 0n) return false;
  const change = to >= from ? to - from : from - to;
  return change * WHOLE >= from * bp;
}

interface TimedPrice {
  readonly time: number;
  readonly price: bigint;
}

/**
 * The first trade of `trades` (oldest first, the first one the reference when the alert was set)
 * that is a move of `bp` or more from an earlier trade of the list at most `windowMs` before it, or
 * null. A rise is largest from the lowest earlier price and a fall from the highest one (the
 * relative change is monotonic in the earlier price), so the window's lowest and highest prices are
 * all that is compared; they are kept in two monotonic queues, one pass over the trades.
 */
export function firstMovingTrade<T extends TimedPrice>(
  bp: bigint,
  windowMs: number,
  trades: readonly T[],
): T | null {
  // Indexes of the window's trades whose prices rise (lows) or fall (highs) along the queue.
  const lows: number[] = [];
  const highs: number[] = [];
  let lowHead = 0;
  let highHead = 0;
  for (let index = 0; index < trades.length; index++) {
    const trade = trades[index]!;
    const since = trade.time - windowMs;
    while (lowHead < lows.length && trades[lows[lowHead]!]!.time < since) lowHead++;
    while (highHead < highs.length && trades[highs[highHead]!]!.time < since) highHead++;
    if (lowHead < lows.length && movedBy(trades[lows[lowHead]!]!.price, trade.price, bp)) {
      if (trade.price > trades[lows[lowHead]!]!.price) return trade;
    }
    if (highHead < highs.length && movedBy(trades[highs[highHead]!]!.price, trade.price, bp)) {
      if (trade.price < trades[highs[highHead]!]!.price) return trade;
    }
    while (lows.length > lowHead && trades[lows[lows.length - 1]!]!.price >= trade.price) lows.pop();
    lows.push(index);
    while (highs.length > highHead && trades[highs[highs.length - 1]!]!.price <= trade.price) highs.pop();
    highs.push(index);
  }
  return null;
}
