import {
  ORDER_TYPE_LIMIT,
  ORDER_TYPE_MARKET,
  TIME_IN_FORCE_FOK,
  TIME_IN_FORCE_GTC,
  TIME_IN_FORCE_IOC,
  type OrderType,
  type TimeInForce,
} from '../contract-codes.ts';
import type { SpotSide } from './order-kind.ts';

/**
 * How a limit order meets the book (Binance's options): what it does with the part it cannot fill at
 * once (time in force: rest, cancel, or refuse the whole order) and whether it may take at all
 * (post-only: it must rest first, so it only ever makes). A market order has none of these: it
 * always fills what it can and drops the rest.
 */
export interface OrderExecution {
  side: SpotSide;
  type: OrderType;
  priceTicks: number;
  lots: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
}

/** The refusals of execution rules, by their server message keys (locales "server" section). */
export type ExecutionRefusal =
  'spotExecutionLimitOnly' | 'spotPostOnlyTimeInForce' | 'spotPostOnlyWouldTake' | 'spotFillOrKill';

/**
 * Whether a `side` order at `priceTicks` would trade with the opposite side's best price at once: a
 * buy at or above the best ask, a sell at or below the best bid. An empty side (NaN) takes nothing.
 */
export function wouldTake(side: SpotSide, priceTicks: number, bestOppositeTicks: number): boolean {
  if (Number.isNaN(bestOppositeTicks)) return false;
  return side === 'buy' ? priceTicks >= bestOppositeTicks : priceTicks <= bestOppositeTicks;
}

/**
 * Whether what an order does not fill on arrival stays open: a GTC limit order rests in the book; a
 * stop-limit order (never matched on arrival) waits for its trigger. Never a market order.
 */
export function restsUnfilled(type: OrderType, timeInForce: TimeInForce): boolean {
  return type !== ORDER_TYPE_MARKET && timeInForce === TIME_IN_FORCE_GTC;
}

/** Whether what an order does not fill on arrival is cancelled (IOC, and a market order). */
export function cancelsUnfilled(type: OrderType, timeInForce: TimeInForce): boolean {
  return !restsUnfilled(type, timeInForce);
}

/**
 * Why the book refuses an order as it arrives, or null: the options are for limit orders; post-only
 * cannot be combined with IOC or FOK (it never fills on arrival, so both would always cancel it); a
 * post-only order that would take is refused (it never takes); a fill-or-kill order the book cannot
 * fill entirely at its price is refused (it fills entirely or not at all). Refused means no order,
 * no lock, no trade. `fillable` is asked only for a fill-or-kill order: the lots the opposite side
 * offers at prices the order accepts, counted up to its quantity.
 */
export function executionRefusal(
  order: OrderExecution,
  bestOppositeTicks: number,
  fillable: () => number,
): ExecutionRefusal | null {
  const plain = order.timeInForce === TIME_IN_FORCE_GTC && !order.postOnly;
  if (order.type !== ORDER_TYPE_LIMIT) return plain ? null : 'spotExecutionLimitOnly';
  if (order.postOnly) {
    if (order.timeInForce !== TIME_IN_FORCE_GTC) return 'spotPostOnlyTimeInForce';
    return wouldTake(order.side, order.priceTicks, bestOppositeTicks) ? 'spotPostOnlyWouldTake' : null;
  }
  if (order.timeInForce === TIME_IN_FORCE_FOK && fillable() < order.lots) return 'spotFillOrKill';
  return null;
}

/**
 * The one choice the order form offers (a select beside the limit price): good till cancelled,
 * post-only, immediate or cancel, fill or kill. Post-only is only ever good till cancelled, so one
 * list says every combination that makes sense.
 */
export type ExecutionChoice = 'gtc' | 'postOnly' | 'ioc' | 'fok';
export const EXECUTION_CHOICES: readonly ExecutionChoice[] = ['gtc', 'postOnly', 'ioc', 'fok'];

/** The contract fields of a choice (tx_in/add's time_in_force and post_only). */
export function executionFields(choice: ExecutionChoice): { timeInForce: TimeInForce; postOnly: boolean } {
  switch (choice) {
    case 'postOnly':
      return { timeInForce: TIME_IN_FORCE_GTC, postOnly: true };
    case 'ioc':
      return { timeInForce: TIME_IN_FORCE_IOC, postOnly: false };
    case 'fok':
      return { timeInForce: TIME_IN_FORCE_FOK, postOnly: false };
    case 'gtc':
      return { timeInForce: TIME_IN_FORCE_GTC, postOnly: false };
  }
}
