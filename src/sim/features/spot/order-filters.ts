import { MARKET } from '../../../domain/spot/order-kind.ts';
import { meetsMinNotional } from '../../../domain/order-filters/min-notional.ts';
import { priceBandBounds, priceBandVerdict } from '../../../domain/order-filters/price-band.ts';
import { lotsText, priceText } from '../../market/market-answers.ts';
import type { OrderRequest, RequestProblem } from './order-request.ts';

/**
 * The pair's order filters (docs/api.md "Order filters"), checked when an order arrives, against the
 * market as it is then: a limit price inside the pair's band around the last trade price, and an
 * order worth at least the pair's minimum, a market order at the best opposite price it would take
 * first (a stop-limit order at its limit price, as it will rest). `bestOppositeTicks` is NaN when that side of the book is empty (the order is refused for
 * that elsewhere). The refusal names the bounds, so the user knows what to type.
 */
export function spotFilterRefusal(
  request: OrderRequest,
  lastTicks: number,
  bestOppositeTicks: number,
): RequestProblem | null {
  const { pair } = request;
  if (request.type !== MARKET) {
    const last = BigInt(lastTicks);
    const verdict = priceBandVerdict(BigInt(request.priceTicks), last, pair.priceBand);
    if (verdict !== 'inside') {
      const { low, high } = priceBandBounds(last, pair.priceBand);
      return {
        key: 'spotPriceBand',
        vars: {
          low: priceText(pair, Number(low)),
          high: priceText(pair, Number(high)),
          quote: pair.quote.code,
        },
      };
    }
  }
  const priceTicks = request.type !== MARKET ? request.priceTicks : bestOppositeTicks;
  if (Number.isNaN(priceTicks)) return null;
  const value = meetsMinNotional(priceText(pair, priceTicks), lotsText(pair, request.lots), pair.minNotional);
  return value ? null : { key: 'spotMinNotional', vars: { min: pair.minNotional, quote: pair.quote.code } };
}
