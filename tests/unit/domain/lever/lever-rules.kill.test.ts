import { describe, expect, it } from 'vitest';
import {
  hazardRateText,
  leverBond,
  leverEntryPrice,
  leverFee,
  leverLimitPriceAllowed,
  leverLimitTouched,
  leverLiquidationPrice,
  leverOrderProblem,
  leverPriceAtChange,
  leverPriceAtPnl,
  leverSettlement,
  leverStopFired,
  leverStopProblem,
  leverTransferable,
  liquidationOrder,
  rateUnits,
} from '../../../../src/domain/lever/rules.ts';
import {
  stopAmountAt,
  stopAmountDecimals,
  stopPercentDecimals,
  stopPercentOf,
  stopPriceAtAmount,
} from '../../../../src/domain/lever/stop-entry.ts';

/**
 * Boundary cases of the lever rules (src/domain/lever) that the property tests reach too rarely:
 * each pins one edge (equal prices, zero and negative inputs, the rounding direction of a
 * remainder) with a value worked out by hand.
 */
const u = (whole: number) => BigInt(Math.round(whole * 1e8));

describe('lever rules at their edges', () => {
  it('reads rates: negative, zero and non-numbers are 0', () => {
    expect(rateUnits('-0.5')).toBe(0n);
    expect(rateUnits('0')).toBe(0n);
    expect(rateUnits('abc')).toBe(0n);
    expect(rateUnits('0.001')).toBe(100_000n);
  });

  it('rounds the entry against the user: a long up, a short down, to the tick', () => {
    const last = 10_000_500_000n; // 100.005
    expect(leverEntryPrice('long', last, '0', 2)).toBe(u(100.01));
    expect(leverEntryPrice('short', last, '0', 2)).toBe(u(100));
  });

  it('a bond or fee of a negative price or quantity is 0, never negative', () => {
    expect(leverBond(-u(100), u(1), 10)).toBe(0n);
    expect(leverBond(u(100), -u(1), 10)).toBe(0n);
    expect(leverFee(-u(100), u(1), '0.001')).toBe(0n);
    expect(leverBond(u(100), u(1), 10)).toBe(u(10));
  });

  it('the hazard text: 0.00 at zero equity, a minus below it', () => {
    expect(hazardRateText(0n, 100n, -100n)).toBe('0.00');
    expect(hazardRateText(0n, 100n, -150n)).toBe('-50.00');
    expect(hazardRateText(0n, 0n, 0n)).toBe('0');
  });

  it('no liquidation price without a quantity or a bond, or below 0', () => {
    expect(leverLiquidationPrice('long', u(100), 0n, u(10), u(10), 0n)).toBe(0n);
    expect(leverLiquidationPrice('long', u(100), u(1), u(10), 0n, 0n)).toBe(0n);
    // 1 000 000 free behind a 10 bond: the long would need a price far below 0.
    expect(leverLiquidationPrice('long', u(100), u(1), u(1_000_000), u(10), 0n)).toBe(0n);
    // No free balance, bond 10 at 100 x 1: half the bond lost, at 95 (and the last unit above it).
    expect(leverLiquidationPrice('long', u(100), u(1), 0n, u(10), 0n)).toBe(u(95));
    expect(leverLiquidationPrice('short', u(100), u(1), 0n, u(10), 0n)).toBe(u(105));
  });

  it('stops: equal to the bound is the wrong side; negative is refused', () => {
    expect(leverStopProblem('long', u(100), u(100), 0n, -1n)).toBe('negative');
    expect(leverStopProblem('long', u(100), u(99), u(100), 0n)).toBe('takeProfitSide');
    expect(leverStopProblem('short', u(100), u(101), u(100), 0n)).toBe('takeProfitSide');
    expect(leverStopProblem('long', u(100), u(101), 0n, u(100))).toBe('stopLossSide');
    expect(leverStopProblem('short', u(100), u(99), 0n, u(100))).toBe('stopLossSide');
    expect(leverStopProblem('long', u(100), u(100), u(101), u(99))).toBeNull();
  });

  it('a stop of 0 never fires; a short stop fires at its price', () => {
    expect(leverStopFired('long', 0n, 0n, 0n)).toBeNull();
    expect(leverStopFired('short', 0n, 0n, 0n)).toBeNull();
    expect(leverStopFired('short', 0n, 0n, u(100))).toBeNull();
    expect(leverStopFired('short', 0n, u(100), u(100))).toBe('stopLoss');
    expect(leverStopFired('short', u(90), 0n, u(90))).toBe('takeProfit');
    expect(leverStopFired('long', u(110), u(90), u(90))).toBe('stopLoss');
  });

  it('fixed prices: not at the last price, not against a last of 0; touched at the price itself', () => {
    expect(leverLimitPriceAllowed('long', u(100), u(100))).toBe(false);
    expect(leverLimitPriceAllowed('short', u(100), u(100))).toBe(false);
    expect(leverLimitPriceAllowed('short', u(1), 0n)).toBe(false);
    expect(leverLimitTouched('long', u(100), u(100))).toBe(true);
    expect(leverLimitTouched('short', u(100), u(100))).toBe(true);
    expect(leverLimitTouched('long', u(100), u(100) + 1n)).toBe(false);
    expect(leverLimitTouched('short', u(100), u(100) - 1n)).toBe(false);
  });

  it('prices from a change or a PnL round down; no quantity keeps the entry', () => {
    expect(leverPriceAtChange(3n, u(50))).toBe(4n);
    expect(leverPriceAtPnl('long', u(100), 3n, 1n)).toBe(u(100) + 33_333_333n);
    expect(leverPriceAtPnl('long', u(100), 0n, u(5))).toBe(u(100));
  });

  it('settles a loss beyond the bond from a free balance that is never taken below 0', () => {
    expect(leverSettlement(10n, -20n, -5n)).toEqual({ returned: 0n, fromBalance: 0n, fromInsurance: 10n });
    expect(leverSettlement(10n, -20n, 4n)).toEqual({ returned: 0n, fromBalance: 4n, fromInsurance: 6n });
    expect(leverSettlement(10n, 5n, 0n)).toEqual({ returned: 15n, fromBalance: 0n, fromInsurance: 0n });
  });

  it('a transfer may take the free balance when nothing is lost', () => {
    expect(leverTransferable(100n, 0n)).toBe(100n);
    expect(leverTransferable(100n, 30n)).toBe(100n);
    expect(leverTransferable(100n, -30n)).toBe(70n);
    expect(leverTransferable(10n, -30n)).toBe(0n);
  });

  it('liquidation order keeps every position, largest loss first', () => {
    const order = liquidationOrder([
      { id: 2, pnl: -5n },
      { id: 1, pnl: -9n },
      { id: 3, pnl: -5n },
    ]);
    expect(order.map((each) => each.id)).toEqual([1, 2, 3]);
  });

  it('lots at either bound are fine; beyond them are refused', () => {
    const order = { minLots: 1n, maxLots: 10n, multiple: 5, multiples: [5], cost: 1n, available: 1n };
    expect(leverOrderProblem({ ...order, lots: 1n })).toBeNull();
    expect(leverOrderProblem({ ...order, lots: 10n })).toBeNull();
    expect(leverOrderProblem({ ...order, lots: 11n })).toBe('lotsRange');
    expect(leverOrderProblem({ ...order, lots: 0n, minLots: 0n })).toBe('lotsRange');
  });
});

describe('take-profit / stop-loss conversions at their edges', () => {
  it('decimals: as few as keep a step under half a tick, 2 at least and 8 at most', () => {
    // 100.10 at 2 decimals: a step of 10^-3 % moves it 0.001, under half a cent; 10^-2 % does not.
    expect(stopPercentDecimals(u(100.1), 2)).toBe(3);
    expect(stopPercentDecimals(1n, 8)).toBe(2);
    expect(stopPercentDecimals(u(10_000_000), 8)).toBe(8);
    // 0.02 BTC at 2 decimals: a step of 10^-5 USDT moves the price 0.0005.
    expect(stopAmountDecimals(u(0.02), 2)).toBe(5);
    expect(stopAmountDecimals(u(1000), 0)).toBe(2);
    expect(stopAmountDecimals(1n, 8)).toBe(8);
  });

  it('no entry, no % ; no quantity keeps the entry', () => {
    expect(stopPercentOf('long', 'tp', 0n, u(100), 2)).toBe(0n);
    expect(stopPriceAtAmount('long', 'tp', u(100), 0n, u(1), 2)).toBe(u(100));
  });

  it('rounds the expected amount to the decimals asked for', () => {
    // (100.333 - 100) x 1 = 0.333 -> 0.33 at 2 decimals.
    expect(stopAmountAt('long', 'tp', u(100), 10_033_300_000n, u(1), 2)).toBe(u(0.33));
    expect(stopAmountAt('long', 'sl', u(100), 10_033_300_000n, u(1), 2)).toBe(-u(0.33));
  });
});
