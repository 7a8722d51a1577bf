import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstMovingTrade,
  isMoveWindow,
  MAX_MOVE_BP,
  MIN_MOVE_BP,
  movedBy,
  movePercentProblem,
} from '../../../../src/domain/alerts/move-alert.ts';

const price = fc.bigInt({ min: 1n, max: 10n ** 14n });
const bp = fc.bigInt({ min: MIN_MOVE_BP, max: MAX_MOVE_BP });

/** Trades oldest first: times never go back, prices anywhere in a band (so moves happen). */
const trades = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 90_000 }), fc.bigInt({ min: 9_000n, max: 11_000n })), {
    maxLength: 60,
  })
  .map((steps) => {
    let time = 0;
    return steps.map(([gap, p], id) => ({ id, time: (time += gap), price: p }));
  });

/**
 * Trades oldest first that walk in small steps (at most 0.6 % a trade), so a move is mostly made of
 * many trades: the earlier trade it is measured from is seldom the one just before.
 */
const walk = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: -60, max: 60 })), {
    maxLength: 80,
  })
  .map((steps) => {
    let time = 0;
    let level = 10_000n;
    return steps.map(([gap, step], id) => ({ id, time: (time += gap), price: (level += BigInt(step)) }));
  });

/** The rule as written: the first trade some earlier trade at most the window before it moved from. */
function firstMovingByDefinition<T extends { time: number; price: bigint }>(
  moveBp: bigint,
  windowMs: number,
  list: readonly T[],
): T | null {
  for (let i = 0; i < list.length; i++) {
    for (let j = 0; j < i; j++) {
      const earlier = list[j]!;
      const trade = list[i]!;
      if (trade.time - earlier.time > windowMs) continue;
      const change = trade.price > earlier.price ? trade.price - earlier.price : earlier.price - trade.price;
      if (change > 0n && change * 10_000n >= earlier.price * moveBp) return trade;
    }
  }
  return null;
}

describe('move alerts', () => {
  it('a move is its size relative to the earlier price, up or down alike', () => {
    fc.assert(
      fc.property(price, price, bp, (from, to, size) => {
        const change = to > from ? to - from : from - to;
        expect(movedBy(from, to, size)).toBe(change * 10_000n >= from * size);
      }),
    );
    // 2 % of 100: 102 and 98 are, 101.99 is not.
    expect(movedBy(10_000n, 10_200n, 200n)).toBe(true);
    expect(movedBy(10_000n, 9_800n, 200n)).toBe(true);
    expect(movedBy(10_000n, 10_199n, 200n)).toBe(false);
  });

  it('fires on the first trade that moved the percent from any earlier trade within the window', () => {
    fc.assert(
      fc.property(
        bp.filter((size) => size <= 2_500n),
        fc.constantFrom(60_000, 300_000, 900_000),
        trades,
        (size, windowMs, list) => {
          expect(firstMovingTrade(size, windowMs, list)).toBe(firstMovingByDefinition(size, windowMs, list));
        },
      ),
    );
  });

  it('on a slow walk too, where a move is made of many small trades', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_MOVE_BP, max: 300n }),
        fc.constantFrom(60_000, 300_000, 900_000),
        walk,
        (size, windowMs, list) => {
          expect(firstMovingTrade(size, windowMs, list)).toBe(firstMovingByDefinition(size, windowMs, list));
        },
      ),
    );
    // 100 -> 99 -> 98: 2 % down from the first trade, 1 % from the one before.
    const slide = [
      { time: 0, price: 10_000n },
      { time: 1_000, price: 9_900n },
      { time: 2_000, price: 9_800n },
    ];
    expect(firstMovingTrade(200n, 60_000, slide)).toBe(slide[2]);
  });

  it('the window holds the trade exactly its length earlier, and not one a millisecond older', () => {
    for (const to of [10_200n, 9_800n]) {
      const inside = [
        { time: 0, price: 10_000n },
        { time: 60_000, price: to },
      ];
      expect(firstMovingTrade(200n, 60_000, inside)).toBe(inside[1]);
      const outside = [inside[0]!, { time: 60_001, price: to }];
      expect(firstMovingTrade(200n, 60_000, outside)).toBeNull();
    }
  });

  it('a move from no price (zero or less) is none: there is nothing to measure it against', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 0n }), price, bp, (from, to, size) => {
        expect(movedBy(from, to, size)).toBe(false);
      }),
    );
  });

  it('the trade it was set on never fires it, and a market that stands still never does', () => {
    // Whatever the size, even 0 %: no change is no move.
    const still = [0, 1_000, 2_000].map((time) => ({ time, price: 10_000n }));
    expect(firstMovingTrade(0n, 60_000, still)).toBeNull();
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_MOVE_BP }),
        price,
        fc.integer({ min: 1, max: 40 }),
        (size, level, count) => {
          const flat = Array.from({ length: count }, (_, id) => ({ id, time: id * 1_000, price: level }));
          expect(firstMovingTrade(size, 3_600_000, flat)).toBeNull();
          expect(firstMovingTrade(size, 3_600_000, flat.slice(0, 1))).toBeNull();
        },
      ),
    );
  });

  it('a move slower than the window does not fire; the same move within it does', () => {
    // 100 -> 101 -> 102 over two hours: 2 % in 2 h, 1 % per hour.
    const slow = [
      { time: 0, price: 10_000n },
      { time: 3_600_000, price: 10_100n },
      { time: 7_200_000, price: 10_200n },
    ];
    expect(firstMovingTrade(200n, 3_600_000, slow)).toBeNull();
    expect(firstMovingTrade(200n, 7_200_000, slow)).toBe(slow[2]);
    expect(firstMovingTrade(100n, 3_600_000, slow)).toBe(slow[1]);
  });

  it('percents outside 0.1 % to 50 % and windows not offered are refused', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }), (size) => {
        const problem = movePercentProblem(size);
        if (size < MIN_MOVE_BP) expect(problem).toBe('alertMoveTooSmall');
        else if (size > MAX_MOVE_BP) expect(problem).toBe('alertMoveTooLarge');
        else expect(problem).toBeNull();
      }),
    );
    expect([5, 15, 60, 240].every(isMoveWindow)).toBe(true);
    expect([0, 1, 30, 1_440, -5, 5.5].some(isMoveWindow)).toBe(false);
  });
});
