import type { OrderBook } from '../../engine/index.ts';
import type { PairScale } from '../pair-scale.ts';
import type { PairSpec } from '../pairs.ts';

/**
 * A simulated participant of one pair. Agents act at times they schedule themselves; the pair's
 * market runs whichever is due first, so a run depends only on the seed and the times, never on how
 * often the market is advanced.
 */
export interface Agent {
  /** Simulated time (ms, may be fractional) of the agent's next action. */
  readonly nextAt: number;
  act(now: number): void;
  /** Withdraws the agent's resting orders and schedules it afresh from `now` (the market skipped ahead). */
  restart(now: number): void;
}

/** What an agent sees of its pair: the book, the sizes, the reference price and fresh order ids. */
export interface Venue {
  readonly pair: PairSpec;
  readonly book: OrderBook;
  readonly scale: PairScale;
  /** The reference price in ticks (fractional) at `now`. */
  referenceTicks(now: number): number;
  /** An order id no other order of this book uses. */
  newOrderId(): number;
}

/** Owner ids of the simulated participants. Users' orders use FIRST_USER_OWNER + user id. */
export const OWNER = { tightMaker: 1, deepMaker: 2, takers: 3, noise: 4, arbitrageur: 5 } as const;
export const FIRST_USER_OWNER = 1_000;
