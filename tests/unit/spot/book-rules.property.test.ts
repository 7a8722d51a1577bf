import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthBarRatios } from '../../../src/domain/spot/depth-bars.ts';
import { ownLevels } from '../../../src/domain/spot/own-levels.ts';
import {
  bucketOf,
  groupingSteps,
  groupLevels,
  stepDecimals,
} from '../../../src/domain/spot/price-grouping.ts';
import { pushTrades, tapeAfterSnapshot, TAPE_LIMIT } from '../../../src/domain/spot/tape.ts';
import { scaledToPlainText, scaledToText, toScaled } from '../../../src/domain/money.ts';

const level = fc
  .record({ price: fc.bigInt({ min: 1n, max: 10n ** 9n }), number: fc.bigInt({ min: 1n, max: 10n ** 9n }) })
  .map(({ price, number }) => ({
    price: scaledToText(price, 2),
    number: scaledToText(number, 5),
    amount: scaledToText(number, 5),
    total: scaledToPlainText((price * number) / 100_000n, 2),
  }));

describe('order book rules', () => {
  it('grouping keeps every quantity and amount, and moves bids down and asks up onto the step', () => {
    fc.assert(
      fc.property(
        fc.array(level, { maxLength: 25 }),
        fc.constantFrom(...groupingSteps(2)),
        fc.constantFrom('bid' as const, 'ask' as const),
        (levels, step, side) => {
          const grouped = groupLevels(levels, step, side);
          const sum = (rows: { number: string }[]) =>
            rows.reduce((total, row) => total + toScaled(row.number, 12)!, 0n);
          const amounts = (rows: { amount: string }[]) =>
            rows.reduce((total, row) => total + toScaled(row.amount, 12)!, 0n);
          expect(sum(grouped)).toBe(sum(levels));
          expect(amounts(grouped)).toBe(amounts(levels));
          const totals = (rows: { total?: string | undefined }[]) =>
            rows.reduce((total, row) => total + toScaled(row.total, 12)!, 0n);
          expect(totals(grouped)).toBe(totals(levels));
          const stepUnits = toScaled(step, 12)!;
          for (const row of grouped) expect(toScaled(row.price, 12)! % stepUnits).toBe(0n);
          for (const original of levels) {
            const bucket = toScaled(bucketOf(original.price, step, side)!, 12)!;
            const price = toScaled(original.price, 12)!;
            if (side === 'bid') expect(bucket <= price && price < bucket + stepUnits).toBe(true);
            else expect(bucket >= price && price > bucket - stepUnits).toBe(true);
            expect(grouped.some((row) => toScaled(row.price, 12) === bucket)).toBe(true);
          }
          for (let i = 1; i < grouped.length; i++) {
            const a = toScaled(grouped[i - 1]!.price, 12)!;
            const b = toScaled(grouped[i]!.price, 12)!;
            expect(side === 'bid' ? a > b : a < b).toBe(true);
          }
        },
      ),
    );
  });

  it('offers the tick and three coarser steps', () => {
    expect(groupingSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(4)).toEqual(['0.0001', '0.001', '0.01', '0.1']);
    expect(groupingSteps(0)).toEqual(['1', '10', '100', '1000']);
    expect(stepDecimals('0.001')).toBe(3);
    expect(stepDecimals('10')).toBe(0);
  });

  it('depth bars are relative to the largest amount on either side', () => {
    fc.assert(
      fc.property(fc.array(level), fc.array(level), (asks, bids) => {
        const ratios = depthBarRatios(asks, bids);
        const all = [...ratios.asks, ...ratios.bids];
        for (const ratio of all) expect(ratio >= 0 && ratio <= 1).toBe(true);
        // The largest amount draws a full bar; when every amount is zero (tiny levels), none does.
        const anyAmount = [...asks, ...bids].some((l) => Number(l.amount) > 0);
        if (all.length > 0) expect(Math.max(...all)).toBe(anyAmount ? 1 : 0);
      }),
    );
  });

  it("marks the levels of the user's own orders at the step", () => {
    const own = ownLevels(
      [
        { price: '100.37', way: 1 },
        { price: '100.52', way: 2 },
      ],
      '0.1',
    );
    expect([...own.bids]).toEqual(['100.3']);
    expect([...own.asks]).toEqual(['100.6']);
  });

  it('the tape keeps the newest 30, newest first, and drops pushes older than its snapshot', () => {
    const trade = (time: number) => ({ time, price: '1', number: '1', way: 1 as const });
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 1e6 }), { maxLength: 40 }), { maxLength: 10 }),
        (batches) => {
          let tape: ReturnType<typeof trade>[] = [];
          for (const batch of batches) tape = pushTrades(tape, batch.map(trade));
          expect(tape.length).toBeLessThanOrEqual(TAPE_LIMIT);
        },
      ),
    );
    const snapshot = [trade(30), trade(20)];
    expect(tapeAfterSnapshot(snapshot, [trade(40), trade(25)]).map((t) => t.time)).toEqual([40, 30, 20]);
  });
});
