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
}

export type TradeSink = (time: number, price: number, lots: number, takerSide: Side) => void;
