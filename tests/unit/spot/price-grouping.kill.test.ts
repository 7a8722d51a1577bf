import { describe, expect, it } from 'vitest';
import { bucketOf, groupLevels } from '../../../src/domain/spot/price-grouping.ts';

/** Bids round down into their bucket, asks up: a grouped level never looks better than its orders. */
describe('price grouping rounds bids down and asks up', () => {
  it('puts a single price in the bucket below (bid) or above (ask)', () => {
    expect(bucketOf('1.25', '0.1', 'bid')).toBe('1.2');
    expect(bucketOf('1.25', '0.1', 'ask')).toBe('1.3');
    expect(bucketOf('1.2', '0.1', 'bid')).toBe('1.2');
    expect(bucketOf('1.2', '0.1', 'ask')).toBe('1.2');
    expect(bucketOf('125', '10', 'bid')).toBe('120');
    expect(bucketOf('125', '10', 'ask')).toBe('130');
  });

  it('has no bucket without a usable step or price', () => {
    expect(bucketOf('1.25', 'abc', 'bid')).toBeNull();
    expect(bucketOf('1.25', '0', 'ask')).toBeNull();
    expect(bucketOf('x', '0.1', 'bid')).toBeNull();
  });

  it('merges levels into those buckets, summing quantity and amount', () => {
    const levels = [
      { price: '1.29', number: '1', amount: '1.29' },
      { price: '1.21', number: '2', amount: '2.42' },
      { price: '1.19', number: '0.5', amount: '0.595' },
    ];
    expect(groupLevels(levels, '0.1', 'bid')).toEqual([
      { price: '1.2', number: '3', amount: '3.71' },
      { price: '1.1', number: '0.5', amount: '0.595' },
    ]);
    expect(groupLevels([...levels].reverse(), '0.1', 'ask')).toEqual([
      { price: '1.2', number: '0.5', amount: '0.595' },
      { price: '1.3', number: '3', amount: '3.71' },
    ]);
  });

  it('leaves the levels as they are for an unusable step', () => {
    const levels = [{ price: '1.29', number: '1', amount: '1.29' }];
    expect(groupLevels(levels, 'abc', 'bid')).toEqual(levels);
    expect(groupLevels(levels, '', 'ask')).toEqual(levels);
  });
});
