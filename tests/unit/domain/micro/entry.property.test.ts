import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMicroStake, type MicroStakeTerms } from '../../../../src/domain/micro/entry.ts';

const UNIT = 100_000_000n;

describe('micro stake entry: amounts the ledger cannot hold', () => {
  // A currency listed with more decimals than the ledger's 8 lets the field accept a 9th decimal;
  // such an amount is not a stake the ledger can take, so it is refused as not a number and is
  // never judged against the limits (which would call a tiny amount "too small" instead).
  it('an amount finer than 1e-8 is not a number, whatever the limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 9, max: 12 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.bigInt({ min: 1n, max: 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        (decimals, whole, lastDigit, available) => {
          // 8 zero decimals then a non-zero digit: finer than one ledger unit.
          const text = `${whole}.00000000${lastDigit}`;
          const terms: MicroStakeTerms = { decimals, min: UNIT, max: 1000n * UNIT, available };
          expect(readMicroStake(text, terms, false)).toEqual({ ok: false, problem: { kind: 'notNumber' } });
        },
      ),
    );
  });

  it('the same currency takes an amount that stops at 1e-8', () => {
    const terms: MicroStakeTerms = { decimals: 10, min: 1n, max: 1000n * UNIT, available: 2000n * UNIT };
    expect(readMicroStake('1.00000001', terms, false)).toEqual({
      ok: true,
      value: '1.00000001',
      stake: UNIT + 1n,
    });
  });
});
