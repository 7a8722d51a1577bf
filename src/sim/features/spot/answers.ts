import type { z } from 'zod';
import type { catalogue } from '../../../api/catalogue.ts';
import { utcDateTimeText } from '../../../api/fields.ts';
import { wayOf } from '../../../domain/spot/order-kind.ts';
import { pairById } from '../../market/pairs.ts';
import type { SpotOrder } from './state.ts';
import { MARKET } from '../../../domain/spot/order-kind.ts';
import {
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_FILLED,
  ORDER_STATUS_OPEN,
  FLAG_OFF,
  FLAG_ON,
  ORDER_TYPE_LIMIT,
  ORDER_TYPE_OCO,
  TIME_IN_FORCE_GTC,
} from '../../../domain/contract-codes.ts';
import { LEDGER_DECIMALS, scaledToText, unitsText } from '../../../domain/money.ts';

/** The spot state in the contract's shapes: integers become decimal strings here and nowhere earlier. */
export type SpotOrderAnswer = z.input<(typeof catalogue)['tx_in/add']['answer']>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const STATUS_KEYS = {
  [ORDER_STATUS_OPEN]: 'spotStatusOpen',
  [ORDER_STATUS_FILLED]: 'spotStatusFilled',
  [ORDER_STATUS_CANCELLED]: 'spotStatusCancelled',
} as const;

/** The average fill price in the pair's places (rounded down), '0' before any fill. */
function averagePrice(order: SpotOrder, priceDecimals: number, lotDecimals: number): string {
  if (order.filledLots === 0) return scaledToText(0, priceDecimals);
  // filledQuote / (filledLots / 10^lot) in 10^-priceDecimals: quote units are 1e-8.
  const numerator = order.filledQuote * 10n ** BigInt(priceDecimals + lotDecimals);
  const denominator = BigInt(order.filledLots) * 10n ** BigInt(LEDGER_DECIMALS);
  return scaledToText(numerator / denominator, priceDecimals);
}

export function orderAnswer(order: SpotOrder, t: Translate): SpotOrderAnswer {
  const pair = pairById(order.pairId);
  const priceDecimals = pair?.priceDecimals ?? 8;
  const lotDecimals = pair?.lotDecimals ?? 8;
  const avg = averagePrice(order, priceDecimals, lotDecimals);
  return {
    id: order.id,
    way: wayOf(order.side),
    // An order is never of type OCO: an OCO request places a limit leg and a stop-limit leg.
    type: order.type === ORDER_TYPE_OCO ? ORDER_TYPE_LIMIT : order.type,
    status: order.status,
    price: order.type === MARKET ? avg : scaledToText(order.priceTicks, priceDecimals),
    avg_price: avg,
    number: scaledToText(order.lots, lotDecimals),
    // As the family's clients read them: the filled base quantity, spelled as `number` is (they drop
    // an order from the open list when the two are equal), and the quote turnover.
    transacted_amount: scaledToText(order.filledLots, lotDecimals),
    transacted_volume: unitsText(order.filledQuote),
    fee: unitsText(order.fee),
    fee_currency: order.side === 'buy' ? (pair?.base.code ?? '') : (pair?.quote.code ?? ''),
    // As the family's servers send them: "YYYY-MM-DD HH:mm:ss", here in UTC.
    created_at: utcDateTimeText(order.createdAt),
    updated_at: utcDateTimeText(order.updatedAt),
    currency_match: { id: order.pairId, symbol: pair?.symbol ?? '' },
    way_name: t(order.side === 'buy' ? 'spotWayBuy' : 'spotWaySell'),
    status_name: t(STATUS_KEYS[order.status]),
    time_in_force: order.timeInForce ?? TIME_IN_FORCE_GTC,
    post_only: order.postOnly ? FLAG_ON : FLAG_OFF,
    ...(order.stopTicks === undefined
      ? {}
      : {
          stop_price: scaledToText(order.stopTicks, priceDecimals),
          triggered: order.triggeredBy ? FLAG_ON : FLAG_OFF,
        }),
    ...(order.ocoWith === undefined ? {} : { oco_id: order.ocoWith }),
  };
}

/** One page of a newest-first list, in the contract's paged shape. */
export function pageAnswer<T>(items: readonly T[], page: number, limit: number) {
  const lastPage = Math.max(1, Math.ceil(items.length / limit));
  return {
    current_page: page,
    data: items.slice((page - 1) * limit, page * limit),
    last_page: lastPage,
    per_page: limit,
    total: items.length,
  };
}
