import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entryProblem,
  entryValue,
  readNumberEntry,
  type NumberEntry,
} from '../../../src/domain/number-entry.ts';
import {
  FAR_PRICE_PERCENT,
  isFarThroughBest,
  percentThroughBest,
} from '../../../src/domain/spot/far-price.ts';

describe('far price: missing or non-positive prices never count as going through', () => {
  it('gives 0 % and no warning without a best opposite price', () => {
    for (const side of ['buy', 'sell'] as const) {
      expect(percentThroughBest(side, '10', null)).toBe(0);
      expect(percentThroughBest(side, '10', '')).toBe(0);
      expect(isFarThroughBest(side, '10', null)).toBe(false);
      expect(isFarThroughBest(side, '10', 'abc')).toBe(false);
    }
  });

  it('gives 0 % and no warning without a price', () => {
    for (const side of ['buy', 'sell'] as const) {
      expect(percentThroughBest(side, '', '10')).toBe(0);
      expect(percentThroughBest(side, 'x', '10')).toBe(0);
      expect(isFarThroughBest(side, '', '10')).toBe(false);
    }
  });

  it('ignores a zero or negative price (not a price an order can have)', () => {
    // A sell at 0 or below would otherwise be 100 % or more below the bid.
    expect(percentThroughBest('sell', '0', '5')).toBe(0);
    expect(percentThroughBest('sell', '-1', '5')).toBe(0);
    expect(isFarThroughBest('sell', '0', '5')).toBe(false);
    expect(isFarThroughBest('sell', '-1', '5')).toBe(false);
  });

  it('ignores a zero or negative best price', () => {
    expect(percentThroughBest('buy', '5', '0')).toBe(0);
    expect(percentThroughBest('buy', '5', '-5')).toBe(0);
    expect(isFarThroughBest('buy', '5', '0')).toBe(false);
    expect(isFarThroughBest('buy', '5', '-5')).toBe(false);
  });

  it('warns exactly when more than FAR_PRICE_PERCENT through, for positive prices', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (side, priceCents, bestCents) => {
          const price = (priceCents / 100).toFixed(2);
          const best = (bestCents / 100).toFixed(2);
          const through = side === 'buy' ? priceCents - bestCents : bestCents - priceCents;
          expect(isFarThroughBest(side, price, best)).toBe(through * 100 > FAR_PRICE_PERCENT * bestCents);
          expect(percentThroughBest(side, price, best)).toBe(
            through <= 0 ? 0 : Math.floor((through * 100) / bestCents),
          );
        },
      ),
    );
  });
});

describe('number entry', () => {
  const rules = { maxDecimals: 2, decimalComma: false };

  it('keeps zeros that are not leading', () => {
    expect(readNumberEntry('100', rules)).toEqual({ kind: 'number', value: '100' });
    expect(readNumberEntry('1000.05', rules)).toEqual({ kind: 'number', value: '1000.05' });
    expect(readNumberEntry('00100', rules)).toEqual({ kind: 'number', value: '100' });
    expect(readNumberEntry('000', rules)).toEqual({ kind: 'number', value: '0' });
  });

  it('entryValue is the canonical number, or nothing when not a number', () => {
    expect(entryValue({ kind: 'number', value: '0.5' })).toBe('0.5');
    expect(entryValue(readNumberEntry('0,5', { maxDecimals: 2, decimalComma: true }))).toBe('0.5');
    for (const entry of [
      { kind: 'empty' },
      { kind: 'notNumber' },
      { kind: 'tooLarge' },
      { kind: 'tooManyDecimals', max: 2 },
    ] as NumberEntry[]) {
      expect(entryValue(entry)).toBe('');
    }
  });

  it('entryProblem is the refusal itself, and null for empty or a number', () => {
    expect(entryProblem({ kind: 'empty' })).toBeNull();
    expect(entryProblem({ kind: 'number', value: '1' })).toBeNull();
    const problems: NumberEntry[] = [
      { kind: 'notNumber' },
      { kind: 'tooLarge' },
      { kind: 'tooManyDecimals', max: 3 },
    ];
    for (const entry of problems) expect(entryProblem(entry)).toEqual(entry);
  });
});
