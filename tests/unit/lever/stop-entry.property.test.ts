import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leverPnl,
  leverStopProblem,
  tickUnits,
  UNIT,
  type LeverSide,
} from '../../../src/domain/lever/rules.ts';
import {
  stopAmountAt,
  stopAmountDecimals,
  stopDirection,
  stopExpectedAmount,
  stopPercentDecimals,
  stopPercentOf,
  stopPriceAtAmount,
  stopPriceAtPercent,
  type StopLeg,
} from '../../../src/domain/lever/stop-entry.ts';

/**
 * The take-profit / stop-loss dialog's conversions (issue 13 item 5) against references written
 * from their definitions on exact rationals (numerator, denominator BigInt pairs), not from the code.
 */
const side = fc.constantFrom<LeverSide>('long', 'short');
const leg = fc.constantFrom<StopLeg>('tp', 'sl');
const priceDecimals = fc.integer({ min: 0, max: 8 });
/** A price on the pair's tick grid, from one tick to 10^7 (1e-8 units). */
const onGrid = (decimals: number) =>
  fc
    .bigInt({ min: 1n, max: 10n ** 7n * 10n ** BigInt(decimals) })
    .map((ticks) => ticks * tickUnits(decimals));
/** A quantity of at least 0.0001 base units (lots x share_num of the pairs here). */
const quantity = fc.bigInt({ min: 10_000n, max: 10n ** 12n });

/** |a/b - c/d| <= e/f, exactly. */
function within(a: bigint, b: bigint, c: bigint, d: bigint, e: bigint, f: bigint): boolean {
  const diff = a * d - c * b;
  const abs = diff < 0n ? -diff : diff;
  return abs * f <= e * b * d;
}

describe('take-profit / stop-loss by price, % or expected amount', () => {
  it('the leg points up for a long take-profit and a short stop-loss, down otherwise', () => {
    expect(stopDirection('long', 'tp')).toBe(1n);
    expect(stopDirection('short', 'sl')).toBe(1n);
    expect(stopDirection('long', 'sl')).toBe(-1n);
    expect(stopDirection('short', 'tp')).toBe(-1n);
  });

  it('price -> % -> price lands on the same tick (whenever 8 decimals of % are finer than a tick)', () => {
    fc.assert(
      fc.property(
        side,
        leg,
        priceDecimals.chain((d) => fc.tuple(fc.constant(d), onGrid(d), onGrid(d))),
        (s, l, [decimals, entry, price]) => {
          fc.pre(2n * entry < tickUnits(decimals) * 100n * 10n ** 8n);
          const percent = stopPercentOf(s, l, entry, price, stopPercentDecimals(entry, decimals));
          expect(stopPriceAtPercent(s, l, entry, percent, decimals)).toBe(price);
        },
      ),
    );
  });

  it('the % is the price move from the entry in the leg direction, x 100, within half its step', () => {
    fc.assert(
      fc.property(
        side,
        leg,
        priceDecimals.chain((d) => fc.tuple(fc.constant(d), onGrid(d), onGrid(d))),
        (s, l, [decimals, entry, price]) => {
          const places = stopPercentDecimals(entry, decimals);
          const percent = stopPercentOf(s, l, entry, price, places);
          // Exact: dir x (price - entry) / entry x 100, in 1e-8 units of a percent.
          const dir = s === 'long' ? (l === 'tp' ? 1n : -1n) : l === 'tp' ? -1n : 1n;
          const exactNum = dir * (price - entry) * 100n * UNIT;
          const half = 10n ** BigInt(8 - places);
          expect(within(percent, 1n, exactNum, entry, half, 2n)).toBe(true);
          // It is a whole number of steps: no more decimals than promised.
          expect(percent % half).toBe(0n);
          expect(places).toBeGreaterThanOrEqual(2);
          expect(places).toBeLessThanOrEqual(8);
        },
      ),
    );
  });

  it('price -> expected amount -> price lands on the same tick (whenever 8 decimals are finer than a tick)', () => {
    fc.assert(
      fc.property(
        side,
        leg,
        quantity,
        priceDecimals.chain((d) => fc.tuple(fc.constant(d), onGrid(d), onGrid(d))),
        (s, l, qty, [decimals, entry, price]) => {
          fc.pre(2n * UNIT * UNIT < tickUnits(decimals) * qty * 10n ** 8n);
          const amount = stopAmountAt(s, l, entry, price, qty, stopAmountDecimals(qty, decimals));
          expect(stopPriceAtAmount(s, l, entry, qty, amount, decimals)).toBe(price);
        },
      ),
    );
  });

  it('a price from a % or an amount is the nearest tick to the exact one', () => {
    fc.assert(
      fc.property(
        side,
        leg,
        quantity,
        fc.bigInt({ min: 0n, max: 10_000n * UNIT }),
        priceDecimals.chain((d) => fc.tuple(fc.constant(d), onGrid(d))),
        (s, l, qty, typed, [decimals, entry]) => {
          const tick = tickUnits(decimals);
          const dir = stopDirection(s, l);
          const fromPercent = stopPriceAtPercent(s, l, entry, typed, decimals);
          expect(fromPercent % tick).toBe(0n);
          // exact = entry x (1 + dir x typed / (100 x UNIT)); nearest tick: within half a tick.
          expect(within(fromPercent, 1n, entry * (100n * UNIT + dir * typed), 100n * UNIT, tick, 2n)).toBe(
            true,
          );
          const fromAmount = stopPriceAtAmount(s, l, entry, qty, typed, decimals);
          expect(fromAmount % tick).toBe(0n);
          // exact = entry + dir x typed / quantity (1e-8 units: typed x UNIT / qty).
          expect(within(fromAmount, 1n, entry * qty + dir * typed * UNIT, qty, tick, 2n)).toBe(true);
        },
      ),
    );
  });

  it('the expected amount is the PnL at that price: profit for a take-profit, loss for a stop-loss', () => {
    fc.assert(
      fc.property(
        side,
        leg,
        quantity,
        priceDecimals.chain((d) => fc.tuple(fc.constant(d), onGrid(d), onGrid(d))),
        (s, l, qty, [, entry, price]) => {
          const expected = stopExpectedAmount(s, l, entry, price, qty);
          const pnl = leverPnl(s, entry, price, qty);
          expect(expected).toBe(l === 'tp' ? pnl : -pnl);
          // price difference x quantity: within one unit of the exact product.
          const exact = stopDirection(s, l) * (price - entry) * qty;
          expect(within(expected, 1n, exact, UNIT, 1n, 1n)).toBe(true);
        },
      ),
    );
  });

  it('a side-valid price reads a positive % (zero only for a move under half a % step); others read <= 0', () => {
    fc.assert(
      fc.property(
        side,
        leg,
        priceDecimals.chain((d) => fc.tuple(fc.constant(d), onGrid(d), onGrid(d))),
        (s, l, [decimals, entry, price]) => {
          const last = entry;
          const problem =
            l === 'tp'
              ? leverStopProblem(s, entry, last, price, 0n)
              : leverStopProblem(s, entry, last, 0n, price);
          const places = stopPercentDecimals(entry, decimals);
          const percent = stopPercentOf(s, l, entry, price, places);
          // The side rule at last = entry: valid exactly when the price is strictly on the leg's side.
          const move = stopDirection(s, l) * (price - entry);
          const onSide = move > 0n;
          expect(problem === null).toBe(onSide);
          // The % is rounded to the nearest step (10^-places): a move of one tick on a price of
          // millions with 8 decimals is under 1e-8 % and reads 0, never negative.
          const step = 10n ** BigInt(8 - places);
          const atLeastHalfStep = 2n * move * 100n * UNIT >= step * entry;
          if (onSide && atLeastHalfStep) expect(percent).toBeGreaterThan(0n);
          else if (onSide) expect(percent).toBe(0n);
          else expect(percent <= 0n).toBe(true);
        },
      ),
    );
  });
});
