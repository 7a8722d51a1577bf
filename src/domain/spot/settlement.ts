import { divideRounded, LEDGER_DECIMALS, rescale, toScaled } from '../money.ts';

/**
 * The money of a spot trade, in ledger units (1e-8, BigInt). The matching engine counts prices in
 * ticks of 10^-priceDecimals and quantities in lots of 10^-lotDecimals; these turn them into
 * amounts of the base and quote currencies and back, always rounding in the exchange's favour where
 * a product has more places than the ledger keeps (a buyer's cost up, a seller's proceeds down), so
 * no balance can go negative through rounding.
 */

/** Spot trading fee: 0.1 % of what the trader receives, maker and taker alike. */
export const FEE_BPS = 10n;
const BPS = 10_000n;

/** The fee on an amount received, rounded down (the trader keeps the dust). */
export function feeOf(received: bigint): bigint {
  return received <= 0n ? 0n : (received * FEE_BPS) / BPS;
}

export interface PairGrid {
  readonly priceDecimals: number;
  readonly lotDecimals: number;
}

/** Base currency in ledger units for `lots` (exact: lots are never finer than the ledger). */
export function baseUnits(lots: number | bigint, grid: PairGrid): bigint {
  return rescale(BigInt(lots), grid.lotDecimals, LEDGER_DECIMALS, 'floor');
}

/** Quote currency in ledger units for `lots` at `ticks`, rounded as asked. */
export function quoteUnits(
  ticks: number | bigint,
  lots: number | bigint,
  grid: PairGrid,
  rounding: 'floor' | 'ceil',
): bigint {
  return rescale(
    BigInt(ticks) * BigInt(lots),
    grid.priceDecimals + grid.lotDecimals,
    LEDGER_DECIMALS,
    rounding,
  );
}

/** A quantity string as whole lots, cut down to the lot; null when it does not parse. */
export function lotsOf(quantity: string, grid: PairGrid): bigint | null {
  const fine = toScaled(quantity, 18);
  const lots = toScaled(quantity, grid.lotDecimals);
  if (fine === null || lots === null) return null;
  // A quantity finer than the lot is refused, never cut (DESIGN.md: what the form shows is what goes).
  return rescale(lots, grid.lotDecimals, 18, 'floor') === fine ? lots : null;
}

/** A price string as ticks; null when it does not parse or has places finer than the tick. */
export function ticksOf(price: string, grid: PairGrid): bigint | null {
  const fine = toScaled(price, 18);
  const ticks = toScaled(price, grid.priceDecimals);
  if (fine === null || ticks === null) return null;
  return rescale(ticks, grid.priceDecimals, 18, 'floor') === fine ? ticks : null;
}

/** How many whole lots `budget` ledger units of quote buy at `ticks` (never more than it pays for). */
export function affordableLots(budget: bigint, ticks: number | bigint, grid: PairGrid): bigint {
  const perLot = quoteUnits(ticks, 1, grid, 'ceil');
  if (perLot <= 0n || budget <= 0n) return 0n;
  // ceil(ticks * n / 10^k) <= budget exactly when ticks * n <= budget * 10^k (k = places - 8).
  const k = grid.priceDecimals + grid.lotDecimals - LEDGER_DECIMALS;
  let lots =
    k >= 0
      ? divideRounded(budget * 10n ** BigInt(k), BigInt(ticks), 'floor')
      : divideRounded(budget, BigInt(ticks) * 10n ** BigInt(-k), 'floor');
  while (lots > 0n && quoteUnits(ticks, lots, grid, 'ceil') > budget) lots -= 1n;
  return lots;
}
