import type { PriceBand } from '../order-filters/price-band.ts';
import type { LeverSide } from './rules.ts';

/**
 * The band a lever fixed price must keep to (domain/order-filters/price-band.ts): at most `percent`
 * below the last trade price for a long, above it for a short. The other side is closed already (a
 * long's fixed price is below the last price, a short's above: leverLimitPriceAllowed), so the band
 * opens only towards the side the order waits on.
 */
export function leverFixedPriceBand(side: LeverSide, percent: number): PriceBand {
  return side === 'long' ? { downPercent: percent, upPercent: 0 } : { downPercent: 0, upPercent: percent };
}
