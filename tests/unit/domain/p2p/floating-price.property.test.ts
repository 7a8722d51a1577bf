import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  floatingPriceCents,
  isMarginBps,
  MARGIN_MAX_BPS,
  MARGIN_MIN_BPS,
  readMarginEntry,
} from '../../../../src/domain/p2p/floating-price.ts';

describe('floating price margins at their bounds', () => {
  it('-20 % and +20 % are in bounds, a basis point further is not', () => {
    expect(isMarginBps(MARGIN_MIN_BPS)).toBe(true);
    expect(isMarginBps(MARGIN_MAX_BPS)).toBe(true);
    expect(isMarginBps(MARGIN_MIN_BPS - 1)).toBe(false);
    expect(isMarginBps(MARGIN_MAX_BPS + 1)).toBe(false);
    expect(isMarginBps(0.5)).toBe(false);
    expect(readMarginEntry('-20', false)).toEqual({ kind: 'margin', bps: -2000, value: '-20.00' });
    expect(readMarginEntry('−20,00', true)).toEqual({ kind: 'margin', bps: -2000, value: '-20.00' });
  });

  it('a margin of four or more whole digits is out of bounds, not unreadable', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10 ** 9 }), fc.constantFrom('', '-', '+'), (whole, sign) => {
        expect(readMarginEntry(`${sign}${whole}`, false)).toEqual({ kind: 'p2pMarginInvalid' });
      }),
    );
  });

  it('spaces around a signed margin are ignored, as in every number field', () => {
    expect(readMarginEntry('  -1,5 ', true)).toEqual({ kind: 'margin', bps: -150, value: '-1.50' });
    expect(readMarginEntry(' +2 ', false)).toEqual({ kind: 'margin', bps: 200, value: '2.00' });
  });
});

describe('floating price from a degenerate reference', () => {
  it('a reference with no rate (zero denominator) or no price prices at the one-cent floor, without throwing', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.integer({ min: MARGIN_MIN_BPS, max: MARGIN_MAX_BPS }),
        fc.constantFrom('sell' as const, 'buy' as const),
        (num, bps, side) => {
          expect(floatingPriceCents({ num, den: 0n }, bps, side)).toBe(1n);
          expect(floatingPriceCents({ num: 0n, den: num + 1n }, bps, side)).toBe(1n);
        },
      ),
    );
  });
});
