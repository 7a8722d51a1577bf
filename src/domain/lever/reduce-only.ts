import type { LeverSide } from './rules.ts';

/**
 * Reduce-only lever orders (issue 34). Tessera's positions are hedged: each order opens a position
 * of its own, longs and shorts side by side. A reduce-only order only shrinks what is open and never
 * opens or flips anything. Tessera's choices, where the issue is silent (Binance's in hedge mode):
 *
 * - A reduce-only short reduces the user's longs on the pair, a reduce-only long their shorts.
 * - It closes at market, the oldest position first: each closes whole while the order has lots
 *   left, and the last one it reaches may close in part.
 * - Asked for more lots than those positions hold together, it is cut to what they hold (the
 *   positions close, nothing opens); with nothing to reduce it is refused.
 * - It is a market order without take-profit or stop-loss (what would they protect?); the
 *   exchange refuses it with a fixed price or with stops rather than ignore them.
 */

/** The side of the positions a reduce-only order of `side` shrinks. */
export function reducedSide(side: LeverSide): LeverSide {
  return side === 'long' ? 'short' : 'long';
}

export interface ReducibleLots {
  readonly id: number;
  readonly lots: bigint;
}

/**
 * The lots a reduce-only order of `lots` takes from each position, oldest (lowest id) first: whole
 * positions while lots are left, then a part of the next one. Together at most what they hold.
 */
export function reduceOnlySplit(positions: readonly ReducibleLots[], lots: bigint): ReducibleLots[] {
  const parts: ReducibleLots[] = [];
  let left = lots;
  for (const position of [...positions].sort((a, b) => a.id - b.id)) {
    if (left <= 0n) break;
    if (position.lots <= 0n) continue;
    const take = position.lots < left ? position.lots : left;
    parts.push({ id: position.id, lots: take });
    left -= take;
  }
  return parts;
}
