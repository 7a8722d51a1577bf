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

/** A bar from its first trade. */
export function candleOf(time: number, price: number, lots: number): Candle {
  return {
    time,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: lots,
    turnover: price * lots,
    trades: 1,
  };
}

/** Adds one later trade to a bar. */
export function addTrade(bar: Candle, price: number, lots: number): void {
  if (price > bar.high) bar.high = price;
  if (price < bar.low) bar.low = price;
  bar.close = price;
  bar.volume += lots;
  bar.turnover += price * lots;
  bar.trades += 1;
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
