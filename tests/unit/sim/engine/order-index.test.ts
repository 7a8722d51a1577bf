import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderIndex } from '../../../../src/sim/engine/order-index';
import { NIL } from '../../../../src/sim/engine/types';

describe('OrderIndex', () => {
  it('behaves like a Map under random inserts and deletes, across growth', () => {
    // Keys from a small pool collide and cluster often, which exercises backward-shift deletion;
    // the high pool puts keys above 2^32 that share their low 32 bits.
    const key = fc.oneof(
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 0, max: 60 }).map((k) => 2 ** 40 + k * 2 ** 32),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    );
    const operation = fc.record({ insert: fc.boolean(), key, value: fc.nat({ max: 1_000_000 }) });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 400, size: 'max' }), (operations) => {
        const index = new OrderIndex(1);
        const expected = new Map<number, number>();
        for (const { insert, key: id, value } of operations) {
          if (insert && !expected.has(id)) {
            index.insert(id, value);
            expected.set(id, value);
          } else {
            expect(index.delete(id)).toBe(expected.get(id) ?? NIL);
            expected.delete(id);
          }
          expect(index.size).toBe(expected.size);
        }
        for (const [id, value] of expected) expect(index.get(id)).toBe(value);
        for (const { key: id } of operations) expect(index.get(id)).toBe(expected.get(id) ?? NIL);
      }),
      { numRuns: 300 },
    );
  });

  it('never finds negative, fractional or NaN keys', () => {
    const index = new OrderIndex(4);
    index.insert(0, 7);
    for (const id of [-1, -0.5, 0.5, NaN, Infinity]) {
      expect(index.get(id)).toBe(NIL);
      expect(index.delete(id)).toBe(NIL);
    }
    expect(index.get(0)).toBe(7);
  });
});
