import type { AnswerOf } from '../api/catalogue.ts';
import { LEVER_TYPE_LONG } from '../domain/contract-codes.ts';
import {
  hazardRateText,
  leverBond,
  leverEntryPrice,
  leverFee,
  leverPnl,
  leverQuantity,
  leverStopProblem,
  type LeverSide,
} from '../domain/lever/rules.ts';
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

/** What an order would cost: entry price, quantity, bond and fee, and whether the balance covers them. */
export interface LeverQuote {
  price: string;
  quantity: string;
  bond: string;
  fee: string;
  affordable: boolean;
}

/** A decimal text as 1e-8 units (0 when it is not one). */
export function units(text: string): bigint {
  return toScaled(text, LEDGER_DECIMALS) ?? 0n;
}

/**
 * What an order costs by the domain formulas (src/domain/lever/rules.ts): the
 * entry price (the last trade adjusted by the spread at market, the typed price when fixed),
 * quantity = lots x share_num, bond = price x quantity / multiple, fee = price x quantity x rate.
 */
export function leverQuote(
  terms: LeverTerms,
  order: { side: LeverSide; lots: number; multiple: number; price: string; fixed: boolean },
): LeverQuote {
  const price = order.fixed
    ? units(order.price)
    : leverEntryPrice(order.side, units(order.price), terms.pointRate, terms.priceDecimals);
  const quantity = leverQuantity(BigInt(order.lots), terms.shareNum);
  const bond = leverBond(price, quantity, order.multiple);
  const fee = leverFee(price, quantity, terms.feeRate);
  return {
    price: unitsPlainText(price),
    quantity: unitsPlainText(quantity),
    bond: unitsPlainText(bond),
    fee: unitsPlainText(fee),
    affordable: bond + fee <= units(terms.balance),
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
