import type { AnswerOf } from '../api/catalogue.ts';
import { LEVER_TYPE_LONG } from '../domain/contract-codes.ts';
import { leverOrderRisk } from '../domain/lever/order-risk.ts';
import { hazardRateText, leverPnl, leverStopProblem, type LeverSide } from '../domain/lever/rules.ts';
import { LEDGER_DECIMALS, toScaled, unitsPlainText } from '../domain/money.ts';

export type { LeverSide };

/** A pair's lever terms and the user's lever balance, as the order form needs them. */
export interface LeverTerms {
  /** Units of the base currency per lot (lever_share_num). */
  shareNum: string;
  minShare: number;
  maxShare: number;
  /** lever_fee_rate, a fraction of price x quantity. */
  feeRate: string;
  /** lever_point_rate, the spread in percent. */
  pointRate: string;
  multiples: number[];
  /** The free lever balance in the quote currency. */
  balance: string;
  quoteCode: string;
  priceDecimals: number;
  /** lever_price_band: how far (percent) a fixed price may be from the last price; absent: unchecked. */
  priceBandPercent?: number;
  /** The lever account of the pair's quote currency (balance, margin in use, hazard rate). */
  account: LeverAccount | null;
}

export type LeverAccount = AnswerOf<'lever/deal'>['account'];

/**
 * What an order would cost and do, by the exchange's own rule (domain/lever/order-risk.ts): entry
 * price, quantity, bond and fee, whether the balance covers them, and the position's liquidation
 * price and the account's risk (hazard) rate once it is open.
 */
export interface LeverQuote {
  price: string;
  quantity: string;
  bond: string;
  fee: string;
  affordable: boolean;
  /** The estimated liquidation price ('0': the price alone cannot liquidate it). */
  liquidation: string;
  /** The account's risk rate once open, percent ('123.45'). */
  hazard: string;
}

/** A decimal text as 1e-8 units (0 when it is not one). */
export function units(text: string): bigint {
  return toScaled(text, LEDGER_DECIMALS) ?? 0n;
}

/**
 * The order's figures from leverOrderRisk, the function the simulator places orders with: at a
 * fixed price as typed, at market from the last price (the spread added), against the lever
 * account as lever/deal last reported it (free balance, bonds in use, their PnL).
 */
export function leverQuote(
  terms: LeverTerms,
  order: { side: LeverSide; lots: number; multiple: number; price: string; fixed: boolean },
): LeverQuote {
  const account = terms.account;
  const risk = leverOrderRisk(
    terms,
    {
      side: order.side,
      lots: BigInt(order.lots),
      multiple: order.multiple,
      limit: order.fixed ? units(order.price) : 0n,
      last: order.fixed ? 0n : units(order.price),
    },
    {
      free: units(terms.balance),
      bonds: account ? units(account.caution_money_all) : 0n,
      pnl: account ? (toScaled(account.profits_all, LEDGER_DECIMALS) ?? 0n) : 0n,
    },
  );
  return {
    price: unitsPlainText(risk.entry),
    quantity: unitsPlainText(risk.quantity),
    bond: unitsPlainText(risk.bond),
    fee: unitsPlainText(risk.fee),
    affordable: risk.affordable,
    liquidation: unitsPlainText(risk.liquidation),
    hazard: risk.hazard,
  };
}

/**
 * The sides of the stops (domain leverStopProblem): for a long, take-profit above both the entry and the
 * current price, stop-loss below both; reversed for a short; 0 clears one. True when `value` is on
 * the wrong side.
 */
export function stopSideProblem(
  field: 'tp' | 'sl',
  side: LeverSide,
  value: string,
  entry: string,
  last: string,
): boolean {
  const problem =
    field === 'tp'
      ? leverStopProblem(side, units(entry), units(last), units(value), 0n)
      : leverStopProblem(side, units(entry), units(last), 0n, units(value));
  return problem !== null;
}

/** An open position as the live paint needs it. */
export interface PaintedPosition {
  id: number;
  type: number;
  price: string;
  number: string;
  caution_money: string;
  profits: string;
}

/** The account totals a summary starts from: lever/deal's account, or the latest LEVER_TRADE push. */
export interface AccountTotals {
  caution_money_all: string;
  profits_all: string;
}

/**
 * The account summary at the mark of the pair on screen: each of the pair's
 * open positions' PnL by the domain formula; the quote currency's other positions at the PnL the
 * account last reported; margin in use = the sum of bonds; hazard rate = (balance + bonds + PnL) /
 * bonds x 100. With no mark yet, the reported PnL stands.
 */
export function leverMarkSummary(
  positions: readonly PaintedPosition[],
  mark: string | null,
  totals: AccountTotals | null,
  balance: string,
): { pnl: Map<number, bigint>; total: bigint; bonds: bigint; hazard: string } {
  const pnl = new Map<number, bigint>();
  let reported = 0n;
  let live = 0n;
  let pairBonds = 0n;
  for (const position of positions) {
    const side: LeverSide = position.type === LEVER_TYPE_LONG ? 'long' : 'short';
    const was = toScaled(position.profits, LEDGER_DECIMALS) ?? 0n;
    const value =
      mark === null ? was : leverPnl(side, units(position.price), units(mark), units(position.number));
    pnl.set(position.id, value);
    reported += was;
    live += value;
    pairBonds += units(position.caution_money);
  }
  const accountBonds = totals ? units(totals.caution_money_all) : 0n;
  const bonds = accountBonds > pairBonds ? accountBonds : pairBonds;
  const accountPnl = totals ? (toScaled(totals.profits_all, LEDGER_DECIMALS) ?? 0n) : reported;
  const total = accountPnl - reported + live;
  return { pnl, total, bonds, hazard: hazardRateText(units(balance), bonds, total) };
}
