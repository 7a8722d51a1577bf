import { divideRounded, scaledToText } from '../money.ts';
import { priceBandVerdict, type PriceBand, type PriceBandVerdict } from '../order-filters/price-band.ts';
import { FIAT_DECIMALS } from './amounts.ts';
import { MARGIN_MAX_BPS, MARGIN_MIN_BPS, type PriceReference } from './floating-price.ts';

/**
 * A fixed-price ad keeps to the band a floating one cannot leave: from 20 % below to 20 % above the
 * market reference (floating-price.ts). An ad at 3 CNY for a dollar worth 6.8 is a slip, and an ad
 * hall is where a slip costs the most: the first taker takes it.
 */
export const P2P_PRICE_BAND: PriceBand = {
  downPercent: -MARGIN_MIN_BPS / 100,
  upPercent: MARGIN_MAX_BPS / 100,
};

const CENTS = 10n ** BigInt(FIAT_DECIMALS);

/** Where a price in the fiat's cents lies against the band around `reference` (exactly, no rounding). */
export function p2pPriceBandVerdict(priceCents: bigint, reference: PriceReference): PriceBandVerdict {
  if (reference.den <= 0n) return 'inside';
  // price / CENTS against num / den, both scaled by den x CENTS.
  return priceBandVerdict(priceCents * reference.den, reference.num * CENTS, P2P_PRICE_BAND);
}

/** The band's lowest and highest price in cents (rounded inwards, so both are inside). */
export function p2pPriceBandBounds(reference: PriceReference): { low: bigint; high: bigint } {
  const scaled = reference.num * CENTS;
  const den = reference.den * 100n;
  return {
    low: divideRounded(scaled * BigInt(100 - P2P_PRICE_BAND.downPercent), den, 'ceil'),
    high: divideRounded(scaled * BigInt(100 + P2P_PRICE_BAND.upPercent), den, 'floor'),
  };
}

/**
 * A reference as the contract's exact decimal text, at least the fiat's 2 places ("6.80"). Every
 * reference the exchange makes has a power of ten (times 2s and 5s) below the line, so the text is
 * exact; any other fraction is cut to 12 places.
 */
export function referenceText(reference: PriceReference): string {
  if (reference.den <= 0n || reference.num <= 0n) return centsTextOf(0n);
  for (let places = FIAT_DECIMALS; places <= 40; places += 1) {
    const scaled = reference.num * 10n ** BigInt(places);
    if (scaled % reference.den === 0n) return scaledToText(scaled / reference.den, places);
  }
  return scaledToText((reference.num * 10n ** 12n) / reference.den, 12);
}

/** The contract's decimal text as a reference; null when it is not a plain non-negative decimal. */
export function referenceOfText(text: string): PriceReference | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
}

function centsTextOf(cents: bigint): string {
  return scaledToText(cents, FIAT_DECIMALS);
}
