import { divideRounded, exactScaled, scaledToText } from '../money.ts';

/**
 * A price band (Binance's PERCENT_PRICE filter): an order's price must lie from `downPercent` below
 * to `upPercent` above a reference price (the pair's last trade; a P2P fiat's market reference).
 * Such a price is far from anything the market trades at, so it is almost always a slip of the finger
 * (a missing digit, a price meant for another pair), and resting it in a book or an ad hall helps
 * nobody. Whole percents; `downPercent` below 100 (a price of zero is never inside).
 */
export interface PriceBand {
  readonly downPercent: number;
  readonly upPercent: number;
}

export type PriceBandVerdict = 'inside' | 'below' | 'above';

/**
 * Where `price` lies against the band around `reference`, both integers at the same scale. The
 * bounds themselves are inside. Without a reference (0 or less) there is nothing to measure a price
 * against, and nothing is refused for it.
 */
export function priceBandVerdict(price: bigint, reference: bigint, band: PriceBand): PriceBandVerdict {
  if (reference <= 0n) return 'inside';
  if (price * 100n < reference * BigInt(100 - band.downPercent)) return 'below';
  if (price * 100n > reference * BigInt(100 + band.upPercent)) return 'above';
  return 'inside';
}

/**
 * The lowest and highest price inside the band, at the reference's scale: the low bound rounded up
 * and the high one down, so both are themselves inside (what a message may tell the user to type).
 */
export function priceBandBounds(reference: bigint, band: PriceBand): { low: bigint; high: bigint } {
  return {
    low: divideRounded(reference * BigInt(100 - band.downPercent), 100n, 'ceil'),
    high: divideRounded(reference * BigInt(100 + band.upPercent), 100n, 'floor'),
  };
}

/** A typed price outside the band, with the band's bounds as texts at the price's places. */
export interface PriceBandMiss {
  readonly verdict: 'below' | 'above';
  readonly low: string;
  readonly high: string;
}

/**
 * A typed price (decimal text) against the band around `reference` (decimal text), at `decimals`
 * places: null when it is inside, or when either is not a positive decimal (the field says what is
 * wrong with it; with no reference there is nothing to warn about).
 */
export function priceBandMiss(
  price: string,
  reference: string,
  band: PriceBand,
  decimals: number,
): PriceBandMiss | null {
  const p = exactScaled(price, decimals);
  const ref = exactScaled(reference, decimals);
  if (p === null || ref === null || p <= 0n || ref <= 0n) return null;
  const verdict = priceBandVerdict(p, ref, band);
  if (verdict === 'inside') return null;
  const { low, high } = priceBandBounds(ref, band);
  return { verdict, low: scaledToText(low, decimals), high: scaledToText(high, decimals) };
}

/**
 * A band as the contract states it (percent texts, `price_band_down` and `price_band_up`); undefined
 * when either is missing or not a whole percent a band can have (a server that sends none has none).
 */
export function priceBandOf(down: string | undefined, up: string | undefined): PriceBand | undefined {
  const whole = (text: string | undefined) =>
    text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : null;
  const downPercent = whole(down);
  const upPercent = whole(up);
  if (downPercent === null || upPercent === null || downPercent >= 100) return undefined;
  return { downPercent, upPercent };
}
