import { levelValue } from './level-value.ts';
import type { BookLevel } from './price-grouping.ts';
import { scaledToPlainText, toScaled } from '../money.ts';

/** One point of a cumulative depth curve: everything on its side from the best price to `price`. */
export interface DepthPoint {
  readonly price: string;
  /** The base quantity of this level and every better one, exactly. */
  readonly quantity: string;
  /**
   * Their quote value: the sum of the levels' values as the book's total column shows them (the
   * server's `total`, else price x quantity rounded to the price places), so the curve and the book
   * never disagree by a rounding.
   */
  readonly value: string;
}

/** Fine enough for every pair's prices, quantities and amounts (as price-grouping.ts reads them). */
const PLACES = 12;

/**
 * The running totals of one side of the book (spec §9's depth, as the big exchanges draw it beside
 * the book), best price first, in exact decimal strings: a level that is not a number adds nothing
 * rather than breaking the curve.
 */
export function cumulativeDepth(levels: readonly BookLevel[], priceDecimals: number): DepthPoint[] {
  let quantity = 0n;
  let value = 0n;
  const points: DepthPoint[] = [];
  for (const level of levels) {
    const levelQuantity = toScaled(level.number, PLACES);
    if (levelQuantity === null || levelQuantity < 0n) continue;
    quantity += levelQuantity;
    const shown = level.total ?? levelValue(level.price, level.number, priceDecimals);
    const levelTotal = toScaled(shown, PLACES);
    if (levelTotal !== null && levelTotal > 0n) value += levelTotal;
    points.push({
      price: level.price,
      quantity: scaledToPlainText(quantity, PLACES),
      value: scaledToPlainText(value, PLACES),
    });
  }
  return points;
}
