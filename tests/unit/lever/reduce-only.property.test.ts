import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reducedSide, reduceOnlySplit } from '../../../src/domain/lever/reduce-only.ts';

const positions = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 8 })
  .chain((ids) =>
    fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), lots: fc.bigInt({ min: 1n, max: 50n }) }))),
  );

describe('a reduce-only order', () => {
  it('takes exactly the lots asked, or everything when they hold less; never more than a position holds', () => {
    fc.assert(
      fc.property(positions, fc.bigInt({ min: 1n, max: 300n }), (open, lots) => {
        const parts = reduceOnlySplit(open, lots);
        const held = open.reduce((sum, p) => sum + p.lots, 0n);
        const taken = parts.reduce((sum, p) => sum + p.lots, 0n);
        expect(taken).toBe(lots < held ? lots : held);
        for (const part of parts) {
          const position = open.find((p) => p.id === part.id)!;
          expect(part.lots >= 1n && part.lots <= position.lots).toBe(true);
        }
        expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
      }),
    );
  });

  it('closes the oldest first: every position it reaches but the last closes whole', () => {
    fc.assert(
      fc.property(positions, fc.bigInt({ min: 1n, max: 300n }), (open, lots) => {
        const parts = reduceOnlySplit(open, lots);
        const oldest = [...open].sort((a, b) => a.id - b.id).slice(0, parts.length);
        expect(parts.map((p) => p.id)).toEqual(oldest.map((p) => p.id));
        parts.slice(0, -1).forEach((part, i) => expect(part.lots).toBe(oldest[i]!.lots));
      }),
    );
  });

  it('reduces nothing when nothing is open, and the other side of its own', () => {
    expect(reduceOnlySplit([], 5n)).toEqual([]);
    // A position that holds nothing is passed over: no part of 0 lots.
    expect(
      reduceOnlySplit(
        [
          { id: 1, lots: 0n },
          { id: 2, lots: 3n },
        ],
        2n,
      ),
    ).toEqual([{ id: 2, lots: 2n }]);
    expect(reducedSide('long')).toBe('short');
    expect(reducedSide('short')).toBe('long');
  });
});
