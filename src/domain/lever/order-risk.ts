import {
  hazardRateText,
  leverBond,
  leverEntryPrice,
  leverFee,
  leverLiquidationPrice,
  leverPnl,
  leverQuantity,
  type LeverSide,
} from './rules.ts';

/**
 * What an order costs and what it does to the account's risk, before it is placed (issue 32 item 1).
 * The simulator places orders with leverOrderCost, and the form shows leverOrderRisk, so the figures
 * a user reads are the ones the exchange settles with. All amounts are 1e-8 units (rules.ts).
 */

/** A pair's lever terms, as market/currency_matches states them. */
export interface LeverOrderTerms {
  /** lever_share_num: base units per lot (a decimal text). */
  readonly shareNum: string;
  /** lever_fee_rate: a ratio of price x quantity (a decimal text). */
  readonly feeRate: string;
  /** lever_point_rate: the spread of a market order, percent (a decimal text). */
  readonly pointRate: string;
  readonly priceDecimals: number;
}

/** The order as typed: a fixed price (`limit` > 0) or the market (`limit` 0, at `last`). */
export interface LeverOrderIntent {
  readonly side: LeverSide;
  readonly lots: bigint;
  readonly multiple: number;
  /** The fixed price; 0 for a market order. */
  readonly limit: bigint;
  /** The pair's last trade price: a market order's entry is this adjusted by the spread. */
  readonly last: bigint;
}

/** An order's entry price, quantity, bond and fee. */
export interface LeverOrderCost {
  readonly entry: bigint;
  readonly quantity: bigint;
  readonly bond: bigint;
  readonly fee: bigint;
}

/**
 * The entry (a fixed price as given; at market the last price adjusted by the spread), the quantity
 * (lots x lever_share_num), the bond and the fee: what lever/submit locks and charges.
 */
export function leverOrderCost(terms: LeverOrderTerms, order: LeverOrderIntent): LeverOrderCost {
  const entry =
    order.limit > 0n
      ? order.limit
      : leverEntryPrice(order.side, order.last, terms.pointRate, terms.priceDecimals);
  const quantity = leverQuantity(order.lots, terms.shareNum);
  return {
    entry,
    quantity,
    bond: leverBond(entry, quantity, order.multiple),
    fee: leverFee(entry, quantity, terms.feeRate),
  };
}

/** The lever account of the pair's quote currency now: free balance, open bonds and their PnL. */
export interface LeverAccountNow {
  readonly free: bigint;
  readonly bonds: bigint;
  /** The open positions' PnL at their marks (this pair's at `last`). */
  readonly pnl: bigint;
}

/** An order's cost and the account's risk once it is open. */
export interface LeverOrderRisk extends LeverOrderCost {
  /** Whether the free balance covers bond + fee (lever/submit refuses the order otherwise). */
  readonly affordable: boolean;
  /** The position's liquidation price once open, the other positions staying put (0: none). */
  readonly liquidation: bigint;
  /** The account's hazard rate once open, percent with 2 decimals (hazardRateText: '0' with no bond). */
  readonly hazard: string;
}

/**
 * The order's cost, and the account right after it opens: the free balance less bond and fee, the
 * bonds plus its bond, and its own PnL at the price it opens on (a market order at `last`, so the
 * spread shows as a small loss; a fixed-price order at its price, so 0). From those, the same rules
 * as every answer: leverLiquidationPrice for the liquidation price, hazardRateText for the rate.
 * A fixed-price order's figures are those of the moment it fills, the rest of the account as now.
 */
export function leverOrderRisk(
  terms: LeverOrderTerms,
  order: LeverOrderIntent,
  account: LeverAccountNow,
): LeverOrderRisk {
  const cost = leverOrderCost(terms, order);
  const free = account.free - cost.bond - cost.fee;
  const bonds = account.bonds + cost.bond;
  const opensAt = order.limit > 0n ? order.limit : order.last;
  const own = leverPnl(order.side, cost.entry, opensAt, cost.quantity);
  return {
    ...cost,
    affordable: free >= 0n,
    liquidation: leverLiquidationPrice(order.side, cost.entry, cost.quantity, free, bonds, account.pnl),
    hazard: hazardRateText(free, bonds, account.pnl + own),
  };
}
