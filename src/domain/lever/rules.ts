import { divideRounded, LEDGER_DECIMALS, toScaled } from '../money.ts';

/**
 * Lever positions (spec §2 Lever, §3, §4, §5, §9). Every amount here is a BigInt in units
 * of 1e-8: prices (quote per base), quantities (base) and money (quote) alike, so 1 = 100_000_000n.
 * Rates come as the contract's decimal texts. Tessera's choices, where the spec is silent:
 *
 * - Entry (market): last x (1 + point/100) for a long, rounded UP to the pair's price tick; last x
 *   (1 - point/100) for a short, rounded DOWN (the spread never favours the user by rounding).
 *   A fixed-price order opens at exactly its price, no spread.
 * - number = lots x lever_share_num. bond = entry x number / multiple, fee = entry x number x fee
 *   rate (the issue's rule; spec §9's "bond x fee rate" is the servers' older wording), both rounded
 *   UP to 1e-8.
 * - PnL = (mark - entry) x number (long), (entry - mark) x number (short), rounded DOWN to 1e-8; the
 *   mark is the last trade, no spread on close.
 * - hazard rate = (free balance + bonds + PnL) / bonds x 100 per quote currency; liquidation when it
 *   is at or below LIQUIDATION_RATE_PERCENT (50: a position opened with its whole balance survives
 *   a loss of half its bond; the servers' 100 would liquidate it on the first adverse trade).
 * - Liquidation order: largest loss first (lowest PnL), then the lowest id; after each, check again.
 * - Take-profit / stop-loss: long TP above both entry and last, SL below both and above 0; short
 *   reversed; 0 clears. A long's TP fires on a trade at or above it, SL at or below; a short's
 *   reversed. Fixed price: a long below the last trade, a short above; it opens on a trade at or
 *   through it.
 * - Overnight fee: mark x number x overnight rate, rounded UP, from the bond.
 * - Close: the user gets bond + PnL back; a loss beyond the bond comes from the free balance, and
 *   what that cannot pay from the insurance book (never a negative balance).
 */

export const UNIT = 10n ** BigInt(LEDGER_DECIMALS);

/** The hazard rate at or below which positions are liquidated, percent. */
export const LIQUIDATION_RATE_PERCENT = 50n;

export type LeverSide = 'long' | 'short';

/** A decimal rate text (percent or ratio) as 1e-8 units; 0 for anything that is not a plain decimal. */
export function rateUnits(text: string): bigint {
  const units = toScaled(text, LEDGER_DECIMALS);
  return units !== null && units > 0n ? units : 0n;
}

/** The 1e-8 units in one price tick of a pair with `priceDecimals` (at most 8). */
export function tickUnits(priceDecimals: number): bigint {
  return 10n ** BigInt(LEDGER_DECIMALS - Math.min(Math.max(priceDecimals, 0), LEDGER_DECIMALS));
}

/** The entry price of a market order: the last trade adjusted by the spread (point rate, percent). */
export function leverEntryPrice(
  side: LeverSide,
  last: bigint,
  pointPercent: string,
  priceDecimals: number,
): bigint {
  const point = rateUnits(pointPercent);
  const scale = 100n * UNIT;
  const factor = side === 'long' ? scale + point : scale - point;
  const tick = tickUnits(priceDecimals);
  const ticks = divideRounded(last * factor, scale * tick, side === 'long' ? 'ceil' : 'floor');
  return ticks * tick;
}

/** The quantity of `lots` lots of `shareNum` (lever_share_num) base units each. */
export function leverQuantity(lots: bigint, shareNum: string): bigint {
  return lots * rateUnits(shareNum);
}

/** The position's value, price x quantity, rounded up (the base of bond and fee). */
function notionalTimes(price: bigint, quantity: bigint, numerator: bigint, denominator: bigint): bigint {
  if (price <= 0n || quantity <= 0n || numerator <= 0n) return 0n;
  return divideRounded(price * quantity * numerator, UNIT * denominator, 'ceil');
}

/** bond = price x quantity / multiple, rounded up to 1e-8. */
export function leverBond(price: bigint, quantity: bigint, multiple: number): bigint {
  return notionalTimes(price, quantity, 1n, BigInt(Math.max(1, Math.trunc(multiple))));
}

/** fee = price x quantity x fee rate (a ratio text), rounded up to 1e-8. */
export function leverFee(price: bigint, quantity: bigint, feeRate: string): bigint {
  return notionalTimes(price, quantity, rateUnits(feeRate), UNIT);
}

/** Overnight fee = mark x quantity x overnight rate (a ratio text), rounded up to 1e-8. */
export function leverOvernightFee(mark: bigint, quantity: bigint, rate: string): bigint {
  return notionalTimes(mark, quantity, rateUnits(rate), UNIT);
}

/** Unrealised PnL at `mark`: (mark - entry) x quantity for a long, reversed for a short; rounded down. */
export function leverPnl(side: LeverSide, entry: bigint, mark: bigint, quantity: bigint): bigint {
  const move = side === 'long' ? mark - entry : entry - mark;
  return divideRounded(move * quantity, UNIT, 'floor');
}

/** An account's equity: free balance + bonds + PnL. */
export function leverEquity(balance: bigint, bonds: bigint, pnl: bigint): bigint {
  return balance + bonds + pnl;
}

/** The hazard rate in hundredths of a percent (floored); null with no bond (no open position). */
export function hazardRateBasis(balance: bigint, bonds: bigint, pnl: bigint): bigint | null {
  if (bonds <= 0n) return null;
  return divideRounded(leverEquity(balance, bonds, pnl) * 10_000n, bonds, 'floor');
}

/** The hazard rate as the contract's text, 2 decimals ('0' with no open position). */
export function hazardRateText(balance: bigint, bonds: bigint, pnl: bigint): string {
  const basis = hazardRateBasis(balance, bonds, pnl);
  if (basis === null) return '0';
  const negative = basis < 0n;
  const abs = negative ? -basis : basis;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Whether the account is at or below the liquidation threshold (exact, no rounding). */
export function isLiquidating(
  balance: bigint,
  bonds: bigint,
  pnl: bigint,
  thresholdPercent: bigint = LIQUIDATION_RATE_PERCENT,
): boolean {
  if (bonds <= 0n) return false;
  return leverEquity(balance, bonds, pnl) * 100n <= thresholdPercent * bonds;
}

/**
 * The mark at which this position's account reaches the threshold, the other positions staying put:
 * `otherPnl` is their PnL now, `bonds` the sum of every bond (this one's included). A long
 * liquidates at or below it, a short at or above. 0 when a long cannot be liquidated by its price
 * alone (the price would have to fall to 0 or below). Rounded to 1e-8 toward the side that still
 * liquidates (down for a long, up for a short), exactly: leverPnl's rounding included.
 */
export function leverLiquidationPrice(
  side: LeverSide,
  entry: bigint,
  quantity: bigint,
  balance: bigint,
  bonds: bigint,
  otherPnl: bigint,
  thresholdPercent: bigint = LIQUIDATION_RATE_PERCENT,
): bigint {
  if (quantity <= 0n || bonds <= 0n) return 0n;
  // The account liquidates when equity x 100 <= threshold x bonds, i.e. when this position's PnL
  // (a whole number of 1e-8 units, leverPnl rounds down) is at most `most`.
  const most = divideRounded(thresholdPercent * bonds - 100n * (balance + bonds + otherPnl), 100n, 'floor');
  // floor(move x quantity / UNIT) <= most  <=>  move x quantity < (most + 1) x UNIT  <=>  move < reach.
  const reach = divideRounded((most + 1n) * UNIT, quantity, 'ceil');
  // A long liquidates at every mark below entry + reach (the last whole unit of them); a short at
  // every mark above entry - reach.
  const price = side === 'long' ? entry + reach - 1n : entry - reach + 1n;
  return price > 0n ? price : 0n;
}

export type LeverStopProblem = 'takeProfitSide' | 'stopLossSide' | 'negative';

/**
 * Whether a take-profit and a stop-loss may be set (0 clears one): for a long, TP above both the
 * entry and the last price and SL below both; for a short, TP below both and SL above both.
 */
export function leverStopProblem(
  side: LeverSide,
  entry: bigint,
  last: bigint,
  takeProfit: bigint,
  stopLoss: bigint,
): LeverStopProblem | null {
  if (takeProfit < 0n || stopLoss < 0n) return 'negative';
  const high = entry > last ? entry : last;
  const low = entry < last ? entry : last;
  if (takeProfit > 0n && (side === 'long' ? takeProfit <= high : takeProfit >= low)) return 'takeProfitSide';
  if (stopLoss > 0n && (side === 'long' ? stopLoss >= low : stopLoss <= high)) return 'stopLossSide';
  return null;
}

export type LeverStopFired = 'takeProfit' | 'stopLoss';

/** Which of a position's take-profit and stop-loss a trade at `price` fires, if any. */
export function leverStopFired(
  side: LeverSide,
  takeProfit: bigint,
  stopLoss: bigint,
  price: bigint,
): LeverStopFired | null {
  if (side === 'long') {
    if (takeProfit > 0n && price >= takeProfit) return 'takeProfit';
    if (stopLoss > 0n && price <= stopLoss) return 'stopLoss';
    return null;
  }
  if (takeProfit > 0n && price <= takeProfit) return 'takeProfit';
  if (stopLoss > 0n && price >= stopLoss) return 'stopLoss';
  return null;
}

/** Whether a fixed price is on the allowed side: a long below the last trade, a short above. */
export function leverLimitPriceAllowed(side: LeverSide, limit: bigint, last: bigint): boolean {
  if (limit <= 0n || last <= 0n) return false;
  return side === 'long' ? limit < last : limit > last;
}

/** Whether a trade at `price` opens a fixed-price order: at or below it (long), at or above (short). */
export function leverLimitTouched(side: LeverSide, limit: bigint, price: bigint): boolean {
  return side === 'long' ? price <= limit : price >= limit;
}

/** The price `percent` (may be negative) away from `entry`: entry x (1 + percent / 100), rounded down. */
export function leverPriceAtChange(entry: bigint, percentUnits: bigint): bigint {
  return divideRounded(entry * (100n * UNIT + percentUnits), 100n * UNIT, 'floor');
}

/** The price at which the position's PnL is `pnl` (inverse of leverPnl), rounded down. */
export function leverPriceAtPnl(side: LeverSide, entry: bigint, quantity: bigint, pnl: bigint): bigint {
  if (quantity <= 0n) return entry;
  const move = divideRounded(pnl * UNIT, quantity, 'floor');
  return side === 'long' ? entry + move : entry - move;
}

/** How a close is paid: back to the user, from the user's free balance, from the insurance book. */
export interface LeverSettlement {
  /** Credited to the user's free lever balance (bond + PnL when that is positive, else 0). */
  readonly returned: bigint;
  /** A loss beyond the bond, taken from the free balance. */
  readonly fromBalance: bigint;
  /** What the free balance could not pay: the insurance book's loss. */
  readonly fromInsurance: bigint;
}

/** Settles a close of a position with `bond` and `pnl` when the user's free balance is `free`. */
export function leverSettlement(bond: bigint, pnl: bigint, free: bigint): LeverSettlement {
  const back = bond + pnl;
  if (back >= 0n) return { returned: back, fromBalance: 0n, fromInsurance: 0n };
  const owed = -back;
  const fromBalance = free > 0n ? (owed < free ? owed : free) : 0n;
  return { returned: 0n, fromBalance, fromInsurance: owed - fromBalance };
}

/**
 * What a transfer out of the lever account may take: the free balance less the open positions'
 * unrealised losses (unrealised profits do not count), never below 0. After such a transfer the
 * hazard rate is still at least 100 %.
 */
export function leverTransferable(free: bigint, pnl: bigint): bigint {
  const room = free + (pnl < 0n ? pnl : 0n);
  return room > 0n ? room : 0n;
}

/** The order in which an account's positions are liquidated: largest loss first, then the lowest id. */
export function liquidationOrder<T extends { readonly id: number; readonly pnl: bigint }>(
  positions: readonly T[],
): T[] {
  return [...positions].sort((a, b) => (a.pnl === b.pnl ? a.id - b.id : a.pnl < b.pnl ? -1 : 1));
}

export type LeverOrderProblem = 'lotsRange' | 'multiple' | 'insufficient';

/** The lots, multiple and cost (bond + fee, 1e-8) of an order against the pair's terms and the balance. */
export function leverOrderProblem(order: {
  readonly lots: bigint;
  readonly minLots: bigint;
  readonly maxLots: bigint;
  readonly multiple: number;
  readonly multiples: readonly number[];
  readonly cost: bigint;
  readonly available: bigint;
}): LeverOrderProblem | null {
  if (order.lots < order.minLots || order.lots > order.maxLots || order.lots <= 0n) return 'lotsRange';
  if (!order.multiples.includes(order.multiple)) return 'multiple';
  if (order.cost > order.available) return 'insufficient';
  return null;
}
