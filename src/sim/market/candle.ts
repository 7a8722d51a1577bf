/**
 * An OHLCV bar in the engine's integers: prices in ticks, volume in lots, and how many trades it
 * holds. A bar only exists if it holds at least one trade: candles are built from trades alone.
 */
export interface Candle {
  /** Bar open time, ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Sum of price x quantity of its trades, in ticks x lots: the quote currency that changed hands. */
  turnover: number;
  trades: number;
}

/** Folds a later bar (or part of one) into `bar`: the opens and closes keep their time order. */
export function mergeLater(bar: Candle, later: Candle): void {
  if (later.high > bar.high) bar.high = later.high;
  if (later.low < bar.low) bar.low = later.low;
  bar.close = later.close;
  bar.volume += later.volume;
  bar.turnover += later.turnover;
  bar.trades += later.trades;
}
