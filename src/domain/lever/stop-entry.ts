import { leverPnl, tickUnits, UNIT, type LeverSide } from './rules.ts';

/**
 * The take-profit / stop-loss dialog's three ways of saying one price (spec §5
 * "expected amounts = price difference x quantity"): the price itself, the % the price moves from
 * the entry, and the expected profit (take-profit) or loss (stop-loss) when it fires. All amounts
 * are BigInt 1e-8 units, as in rules.ts.
 *
 * Tessera's choices:
 * - The % and the amount are magnitudes in the leg's own direction, so nobody has to type a minus
 *   sign (number fields refuse signs): a long's take-profit of 5 % is 5 % above the entry and its
 *   stop-loss of 5 % is 5 % below it; a short's are reversed. A price on the wrong side reads as a
 *   negative % or amount, and the side rule (leverStopProblem) refuses it.
 * - A price derived from a % or an amount is rounded to the NEAREST tick of the pair (half away
 *   from the entry): that is the price sent, and the expected amount shown is recomputed from it.
 * - A % or an amount derived from a price is rounded to the nearest step of as few decimals (2 to
 *   8) as keep the round trip exact: converting it back lands on the same tick (stopPercentDecimals,
 *   stopAmountDecimals).
 */

export type StopLeg = 'tp' | 'sl';

/** +1 when the leg's price lies above the entry (a long's take-profit, a short's stop-loss), else -1. */
export function stopDirection(side: LeverSide, leg: StopLeg): 1n | -1n {
  return (side === 'long') === (leg === 'tp') ? 1n : -1n;
}

/** Nearest integer of numerator / divisor (divisor > 0), halves away from zero. */
function divideNearest(numerator: bigint, divisor: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + divisor) / (2n * divisor);
  return numerator < 0n ? -rounded : rounded;
}

const MIN_DECIMALS = 2;
const MAX_DECIMALS = 8;

/** The fewest decimals (2..8) at which `fits(10^d)` holds; 8 when none does. */
function fewestDecimals(fits: (scale: bigint) => boolean): number {
  for (let decimals = MIN_DECIMALS; decimals < MAX_DECIMALS; decimals += 1) {
    if (fits(10n ** BigInt(decimals))) return decimals;
  }
  return MAX_DECIMALS;
}

/**
 * Decimals of the % such that one step of it (10^-d %) moves the price by less than half a tick
 * (2 x entry < tick x 100 x 10^d): then price -> % -> price lands on the same tick.
 */
export function stopPercentDecimals(entry: bigint, priceDecimals: number): number {
  const tick = tickUnits(priceDecimals);
  return fewestDecimals((scale) => 2n * entry < tick * 100n * scale);
}

/**
 * Decimals of the expected amount such that one step of it (10^-d) moves the price by less than
 * half a tick (2 / quantity < tick, in 1e-8 units: 2 x UNIT^2 < tick x quantity x 10^d).
 */
export function stopAmountDecimals(quantity: bigint, priceDecimals: number): number {
  const tick = tickUnits(priceDecimals);
  return fewestDecimals((scale) => 2n * UNIT * UNIT < tick * quantity * scale);
}

/** The % (1e-8 units, in the leg's direction) `price` lies from `entry`, rounded to `decimals`. */
export function stopPercentOf(
  side: LeverSide,
  leg: StopLeg,
  entry: bigint,
  price: bigint,
  decimals: number,
): bigint {
  if (entry <= 0n) return 0n;
  const move = stopDirection(side, leg) * (price - entry);
  const step = 10n ** BigInt(MAX_DECIMALS - Math.min(Math.max(decimals, 0), MAX_DECIMALS));
  // percent (1e-8 units) = move / entry x 100 x UNIT; in steps of `step` units.
  return divideNearest(move * 100n * UNIT, entry * step) * step;
}

/** The price `percent` (1e-8 units, in the leg's direction) from `entry`, at the nearest tick. */
export function stopPriceAtPercent(
  side: LeverSide,
  leg: StopLeg,
  entry: bigint,
  percent: bigint,
  priceDecimals: number,
): bigint {
  const tick = tickUnits(priceDecimals);
  const move = stopDirection(side, leg) * entry * percent;
  // price = entry + move / (100 x UNIT), in ticks, nearest.
  return divideNearest(entry * 100n * UNIT + move, 100n * UNIT * tick) * tick;
}

/**
 * The expected profit (take-profit) or loss (stop-loss) when the leg fires at `price`: the price
 * difference x quantity, in the leg's direction (negative when the price is on the wrong side),
 * rounded to `decimals`.
 */
export function stopAmountAt(
  side: LeverSide,
  leg: StopLeg,
  entry: bigint,
  price: bigint,
  quantity: bigint,
  decimals: number,
): bigint {
  const move = stopDirection(side, leg) * (price - entry);
  const step = 10n ** BigInt(MAX_DECIMALS - Math.min(Math.max(decimals, 0), MAX_DECIMALS));
  return divideNearest(move * quantity, UNIT * step) * step;
}

/** The price at which the leg's expected profit or loss is `amount` (1e-8), at the nearest tick. */
export function stopPriceAtAmount(
  side: LeverSide,
  leg: StopLeg,
  entry: bigint,
  quantity: bigint,
  amount: bigint,
  priceDecimals: number,
): bigint {
  if (quantity <= 0n) return entry;
  const tick = tickUnits(priceDecimals);
  const move = stopDirection(side, leg) * amount * UNIT;
  // price = entry + move / quantity, in ticks, nearest.
  return divideNearest(entry * quantity + move, quantity * tick) * tick;
}

/**
 * What the position's PnL (leverPnl, rounded down) will be when the leg fires at `price`: the
 * profit of a take-profit, the loss (a positive number) of a stop-loss. Negative when the price is
 * on the wrong side. This is the "expected profit/loss = price difference x quantity" shown live.
 */
export function stopExpectedAmount(
  side: LeverSide,
  leg: StopLeg,
  entry: bigint,
  price: bigint,
  quantity: bigint,
): bigint {
  const pnl = leverPnl(side, entry, price, quantity);
  return leg === 'tp' ? pnl : -pnl;
}

/** The three ways of giving a leg: its price, its % from the entry, its expected amount. */
export type StopWay = 'price' | 'percent' | 'amount';

/** One leg in all three ways, and the position's PnL when it fires (all 1e-8 units). */
export interface StopLegFigures {
  /** The price the leg sends (may be 0 or below when a % or an amount overshoots: refused). */
  readonly price: bigint;
  readonly percent: bigint;
  readonly amount: bigint;
  /** stopExpectedAmount at `price`: the profit of a take-profit, the loss of a stop-loss. */
  readonly expected: bigint;
}

/**
 * A leg given one way (`way`, the value typed, 1e-8 units), said in all three: the price from a %
 * or an amount at the nearest tick, then the % and the amount of that price, each to the decimals
 * that keep the round trip exact: the order form's legs, by the rules the TP/SL dialog's follow.
 */
export function stopLegFigures(
  side: LeverSide,
  leg: StopLeg,
  entry: bigint,
  quantity: bigint,
  way: StopWay,
  typed: bigint,
  priceDecimals: number,
): StopLegFigures {
  const price =
    way === 'price'
      ? typed
      : way === 'percent'
        ? stopPriceAtPercent(side, leg, entry, typed, priceDecimals)
        : stopPriceAtAmount(side, leg, entry, quantity, typed, priceDecimals);
  return {
    price,
    percent: stopPercentOf(side, leg, entry, price, stopPercentDecimals(entry, priceDecimals)),
    amount: stopAmountAt(side, leg, entry, price, quantity, stopAmountDecimals(quantity, priceDecimals)),
    expected: stopExpectedAmount(side, leg, entry, price, quantity),
  };
}
