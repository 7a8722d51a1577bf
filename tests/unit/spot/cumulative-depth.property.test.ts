import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumulativeDepth } from '../../../src/domain/spot/cumulative-depth.ts';
import { levelValue } from '../../../src/domain/spot/level-value.ts';
import type { BookLevel } from '../../../src/domain/spot/price-grouping.ts';
import { scaledToText, toScaled } from '../../../src/domain/money.ts';

const PRICE_DECIMALS = 2;
const QUANTITY_DECIMALS = 5;

/** A side of a book: prices at 2 places, quantities at 5, some levels with a server total. */
const side = fc.array(
  fc.record({
    price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    lots: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    total: fc.option(fc.bigInt({ min: 0n, max: 10n ** 14n }), { nil: undefined }),
  }),
  { maxLength: 40 },
);

function levelsOf(rows: { price: bigint; lots: bigint; total: bigint | undefined }[]): BookLevel[] {
  return rows.map(({ price, lots, total }) => {
    const quantity = scaledToText(lots, QUANTITY_DECIMALS);
    return {
      price: scaledToText(price, PRICE_DECIMALS),
      number: quantity,
      amount: quantity,
      ...(total === undefined ? {} : { total: scaledToText(total, PRICE_DECIMALS) }),
    };
  });
}

const units = (text: string, places: number) => toScaled(text, places)!;

describe('a cumulative depth curve', () => {
  it('is, at every level, the exact sum of the quantities and the shown values up to it', () => {
    fc.assert(
      fc.property(side, (rows) => {
        const levels = levelsOf(rows);
        const points = cumulativeDepth(levels, PRICE_DECIMALS);
        expect(points.map((point) => point.price)).toEqual(levels.map((level) => level.price));
        let quantity = 0n;
        let value = 0n;
        levels.forEach((level, index) => {
          quantity += units(level.number, QUANTITY_DECIMALS);
          value += units(
            level.total ?? levelValue(level.price, level.number, PRICE_DECIMALS),
            PRICE_DECIMALS,
          );
          // Every digit: the curve's text reads back to the same units at the inputs' places.
          expect(units(points[index]!.quantity, 12)).toBe(quantity * 10n ** 7n);
          expect(units(points[index]!.value, 12)).toBe(value * 10n ** 10n);
        });
      }),
    );
  });

  it('never goes down from the best price outwards', () => {
    fc.assert(
      fc.property(side, (rows) => {
        const points = cumulativeDepth(levelsOf(rows), PRICE_DECIMALS);
        for (let i = 1; i < points.length; i++) {
          expect(units(points[i]!.quantity, 12) >= units(points[i - 1]!.quantity, 12)).toBe(true);
          expect(units(points[i]!.value, 12) >= units(points[i - 1]!.value, 12)).toBe(true);
        }
      }),
    );
  });

  it('skips a level whose quantity is not a number, and counts a bad total as nothing', () => {
    const points = cumulativeDepth(
      [
        { price: '10.00', number: '1.5', amount: '1.5' },
        { price: '9.99', number: 'x', amount: 'x' },
        { price: '9.98', number: '2', amount: '2', total: 'oops' },
        { price: '9.97', number: '-1', amount: '-1' },
      ],
      PRICE_DECIMALS,
    );
    expect(points).toEqual([
      { price: '10.00', quantity: '1.5', value: '15' },
      { price: '9.98', quantity: '3.5', value: '15' },
    ]);
  });
});
