/**
 * Where the market's reference prices come from: the seeded generator, or a recorded feed played
 * over it. Market makers quote around the reference and takers lean towards it; the traded price
 * follows, but candles and quotes are built from the trades alone.
 */
export interface ReferenceSource {
  /**
   * ln(USD price) of the asset with index `asset` in ASSETS at simulated time `t` (ms); the dollar
   * (index -1, USDT) is always 0.
   */
  logUsd(asset: number, t: number): number;
}

/** Price of `base` in units of `quote` at time t (e.g. ETH/BTC = ETH's USD price / BTC's). */
export function pairPrice(source: ReferenceSource, base: number, quote: number, t: number): number {
  return Math.exp(source.logUsd(base, t) - source.logUsd(quote, t));
}
