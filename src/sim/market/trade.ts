import type { Side } from '../engine/index.ts';

/** One execution, in the engine's integers. Everything the market publishes is derived from these. */
export interface Trade {
  /** Simulated time, whole ms. */
  readonly time: number;
  /** Price in ticks of the pair. */
  readonly price: number;
  /** Quantity in lots of the pair. */
  readonly lots: number;
  /** The side that took liquidity: 0 = a buyer lifted an ask, 1 = a seller hit a bid. */
  readonly takerSide: Side;
  /**
   * The trade's id on the public tape, set when it is recorded: its ms time x 1000 + its index
   * among the trades of that ms, so ids grow with time and stay unique across restarts.
   */
  readonly id?: number;
}

/** Trade ids per ms: at most this many trades share one ms. */
export const TRADES_PER_MS = 1000;

export type TradeSink = (time: number, price: number, lots: number, takerSide: Side) => void;
