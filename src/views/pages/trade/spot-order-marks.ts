import { WAY_BUY } from '../../../domain/contract-codes.ts';
import { truncateDecimal } from '../../../domain/format.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import type { OwnOrder } from '../../../machines/spot-orders.machine.ts';
import { NO_MARKS, type ChartMarks, type PriceMark } from './chart-marks.ts';

/**
 * At most this many of the user's open orders are drawn on the spot chart: the newest. More lines
 * than that read as a smear; the orders panel lists them all.
 */
export const SPOT_MARKED_ORDERS = 8;

/**
 * The user's open orders on the pair on screen as lines on the chart, each at its price, named by
 * its side ("Buy 61,234.50"): a buy in the up colour, a sell in the down colour.
 */
export function spotOrderMarks(
  own: ReadonlyMap<number, OwnOrder>,
  priceDecimals: number,
  words: { buy: string; sell: string },
  numbers: NumberText,
): ChartMarks {
  if (own.size === 0) return NO_MARKS;
  const prices: PriceMark[] = [...own]
    .sort((a, b) => b[0] - a[0])
    .slice(0, SPOT_MARKED_ORDERS)
    .map(([id, order]) => ({
      id: `spot-${id}`,
      price: Number(truncateDecimal(order.price, priceDecimals)),
      label: `${order.way === WAY_BUY ? words.buy : words.sell} ${numbers.price(order.price, priceDecimals)}`,
      tone: order.way === WAY_BUY ? 'profit' : 'loss',
    }));
  return { prices, moments: [] };
}
