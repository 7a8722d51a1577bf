import { describe, expect, it } from 'vitest';
import { tagOf, type LanguageCode } from '../../../src/domain/languages.ts';
import {
  PRICE_DECIMALS,
  priceDecimalsFor,
  QUANTITY_DECIMALS,
  quantityDecimalsFor,
} from '../../../src/domain/spot/decimal-input.ts';
import { movingAverage } from '../../../src/domain/spot/moving-average.ts';
import { snapPercent } from '../../../src/domain/spot/slider.ts';

describe('field decimals: the pair’s own, else the spec default', () => {
  it('uses the pair’s decimals when it has them, zero included', () => {
    expect(priceDecimalsFor(2)).toBe(2);
    expect(priceDecimalsFor(0)).toBe(0);
    expect(priceDecimalsFor(undefined)).toBe(PRICE_DECIMALS);
    expect(quantityDecimalsFor(3)).toBe(3);
    expect(quantityDecimalsFor(0)).toBe(0);
    expect(quantityDecimalsFor(undefined)).toBe(QUANTITY_DECIMALS);
  });
});

describe('moving averages', () => {
  it('averages each full window of closes, none before', () => {
    expect(movingAverage([1, 2, 3, 4], 2)).toEqual([null, 1.5, 2.5, 3.5]);
    expect(movingAverage([1, 2, 3], 1)).toEqual([1, 2, 3]);
  });

  it('has no average for a window below one bar', () => {
    expect(movingAverage([1, 2, 3], 0)).toEqual([null, null, null]);
    expect(movingAverage([1, 2, 3], Number.NaN)).toEqual([null, null, null]);
    expect(movingAverage([1, 2, 3], -2)).toEqual([null, null, null]);
  });
});

describe('slider', () => {
  it('puts a value that is not a finite number at 0', () => {
    expect(snapPercent(Number.NaN)).toBe(0);
    expect(snapPercent(Number.POSITIVE_INFINITY)).toBe(0);
    expect(snapPercent(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(snapPercent(1000)).toBe(100);
  });
});

describe('language tags', () => {
  it('falls back to English for a code it does not know', () => {
    expect(tagOf('xx' as LanguageCode)).toBe('en');
  });
});
