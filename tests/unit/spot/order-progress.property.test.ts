import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNewerProgress, type OrderProgress } from '../../../src/domain/spot/order-progress.ts';

/** An order's states in the order they happen: open with more and more filled, then ended. */
const progress = fc.oneof(
  fc
    .integer({ min: 0, max: 10_000 })
    .map((filled): OrderProgress => ({ status: 1, transacted_amount: (filled / 100).toFixed(2) })),
  fc.constantFrom<OrderProgress>(
    { status: 2, transacted_amount: '100' },
    { status: 3, transacted_amount: '0.5' },
  ),
);

/** Where a state stands on the order's road; ended states are the end of it. */
const rank = (p: OrderProgress) => (p.status === 1 ? Number(p.transacted_amount) : Infinity);

describe('order progress', () => {
  it('the first copy of an order is always new', () => {
    fc.assert(
      fc.property(progress, (next) => {
        expect(isNewerProgress(undefined, next)).toBe(true);
      }),
    );
  });

  it('a copy is newer exactly when it is further along the road; nothing follows an end', () => {
    fc.assert(
      fc.property(progress, progress, (known, next) => {
        const expected = known.status === 1 && rank(next) > rank(known);
        expect(isNewerProgress(known, next)).toBe(expected);
      }),
    );
  });

  it('no state is newer than itself, and of two states at most one is newer than the other', () => {
    fc.assert(
      fc.property(progress, progress, (a, b) => {
        expect(isNewerProgress(a, a)).toBe(false);
        expect(isNewerProgress(a, b) && isNewerProgress(b, a)).toBe(false);
      }),
    );
  });

  it('amounts compare as decimals, not as text', () => {
    expect(
      isNewerProgress({ status: 1, transacted_amount: '9.5' }, { status: 1, transacted_amount: '10' }),
    ).toBe(true);
    expect(
      isNewerProgress({ status: 1, transacted_amount: '10' }, { status: 1, transacted_amount: '9.5' }),
    ).toBe(false);
  });
});
