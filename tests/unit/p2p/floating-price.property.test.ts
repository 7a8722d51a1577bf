import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAdForm, type AdForm } from '../../../src/domain/p2p/ad-entry.ts';
import {
  floatingPriceCents,
  isMarginBps,
  MARGIN_MAX_BPS,
  MARGIN_MIN_BPS,
  marginBpsOf,
  marginText,
  readMarginEntry,
} from '../../../src/domain/p2p/floating-price.ts';
import { adProblem } from '../../../src/domain/p2p/limits.ts';

/** A reference as the simulator builds it: a last price in ticks times a fiat rate (num / den). */
const reference = fc.record({
  num: fc.bigInt({ min: 1n, max: 10n ** 14n }),
  den: fc.constantFrom(1n, 10n, 100n, 1_000n, 10n ** 6n),
});
const margin = fc.integer({ min: MARGIN_MIN_BPS, max: MARGIN_MAX_BPS });
const side = fc.constantFrom('sell' as const, 'buy' as const);

describe('floating prices (issue 16, Tessera)', () => {
  it('price = reference x (1 + margin) to the cent: a sell ad rounds down, a buy ad up, so the owner never gains beyond the margin', () => {
    fc.assert(
      fc.property(reference, margin, side, (ref, bps, s) => {
        const cents = floatingPriceCents(ref, bps, s);
        // exact price in cents = num x (10000 + bps) x 100 / (den x 10000); compare without division.
        const exactNum = ref.num * BigInt(10_000 + bps) * 100n;
        const exactDen = ref.den * 10_000n;
        expect(cents).toBeGreaterThanOrEqual(1n);
        if (s === 'sell') {
          // Never above the exact price (the seller-owner would gain); less than a cent below it.
          if (cents > 1n) expect(cents * exactDen).toBeLessThanOrEqual(exactNum);
          expect((cents + 1n) * exactDen).toBeGreaterThan(exactNum);
        } else {
          // Never below the exact price (the buyer-owner would gain); less than a cent above it.
          expect(cents * exactDen).toBeGreaterThanOrEqual(exactNum);
          if (cents > 1n) expect((cents - 1n) * exactDen).toBeLessThan(exactNum);
        }
      }),
    );
  });

  it('a higher margin never lowers the price, and a buy ad is never priced below a sell ad at the same margin', () => {
    fc.assert(
      fc.property(reference, margin, margin, side, (ref, a, b, s) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(floatingPriceCents(ref, low, s)).toBeLessThanOrEqual(floatingPriceCents(ref, high, s));
        expect(floatingPriceCents(ref, a, 'buy')).toBeGreaterThanOrEqual(floatingPriceCents(ref, a, 'sell'));
      }),
    );
  });

  it('known prices: USDT at 6.8 CNY', () => {
    const cny = { num: 68n, den: 10n };
    expect(floatingPriceCents(cny, 150, 'sell')).toBe(690n); // 6.902 down
    expect(floatingPriceCents(cny, 150, 'buy')).toBe(691n); // 6.902 up
    expect(floatingPriceCents(cny, 0, 'buy')).toBe(680n);
    expect(floatingPriceCents(cny, -2000, 'sell')).toBe(544n);
    expect(floatingPriceCents({ num: 1n, den: 10_000n }, -2000, 'sell')).toBe(1n); // never zero
  });

  it('the margin text and basis points convert both ways for every margin in bounds; out of bounds is refused', () => {
    fc.assert(
      fc.property(margin, (bps) => {
        expect(marginBpsOf(marginText(bps))).toBe(bps);
        expect(isMarginBps(bps)).toBe(true);
      }),
    );
    expect(marginText(-50)).toBe('-0.50');
    expect(marginText(2000)).toBe('20.00');
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: MARGIN_MIN_BPS - 1 }), fc.integer({ min: MARGIN_MAX_BPS + 1 })),
        (bps) => {
          expect(isMarginBps(bps)).toBe(false);
        },
      ),
    );
    for (const bad of ['', '+1', '1.234', 'abc', '1e1', ' 1', '--1', '.5'])
      expect(marginBpsOf(bad)).toBeNull();
  });

  it('the margin entry follows the number-entry rules with a sign, and the bound', () => {
    expect(readMarginEntry('1,5', true)).toEqual({ kind: 'margin', bps: 150, value: '1.50' });
    expect(readMarginEntry('1,5', false)).toEqual({ kind: 'notNumber' });
    expect(readMarginEntry('-0.75', false)).toEqual({ kind: 'margin', bps: -75, value: '-0.75' });
    expect(readMarginEntry('−2', false)).toEqual({ kind: 'margin', bps: -200, value: '-2.00' });
    expect(readMarginEntry('+20', false)).toEqual({ kind: 'margin', bps: 2000, value: '20.00' });
    expect(readMarginEntry('20.01', false)).toEqual({ kind: 'p2pMarginInvalid' });
    expect(readMarginEntry('-20.01', false)).toEqual({ kind: 'p2pMarginInvalid' });
    expect(readMarginEntry('1.234', false)).toEqual({ kind: 'tooManyDecimals', max: 2 });
    expect(readMarginEntry('', false)).toEqual({ kind: 'empty' });
    expect(readMarginEntry('-', false)).toEqual({ kind: 'notNumber' });
    // Any typed number: in bounds reads back to itself, out of bounds is refused, never clamped.
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), (bps) => {
        const entry = readMarginEntry(marginText(bps), false);
        if (isMarginBps(bps)) expect(entry).toEqual({ kind: 'margin', bps, value: marginText(bps) });
        else expect(entry).toEqual({ kind: 'p2pMarginInvalid' });
      }),
    );
  });

  it('the ad editor reads a floating ad by its margin, without a price; the ad rules refuse a margin out of bounds', () => {
    const form: AdForm = {
      price: '',
      floating: true,
      margin: '2,5',
      total: '100',
      min: '100',
      max: '500',
      payMethods: ['bank'],
      payLimitMinutes: 15,
      remarks: '',
    };
    const read = readAdForm(form, 2, true);
    expect(read).toEqual({
      ok: true,
      values: { price: '', floatMargin: '2.50', total: '100', min: '100', max: '500' },
    });
    expect(readAdForm({ ...form, margin: '25' }, 2, true)).toEqual({
      ok: false,
      field: 'margin',
      problem: { kind: 'p2pMarginInvalid' },
    });
    expect(readAdForm({ ...form, margin: '' }, 2, true)).toMatchObject({ ok: false, field: 'margin' });
    // Fixed: the price is read again and the margin ignored.
    expect(readAdForm({ ...form, floating: false, margin: 'x' }, 2, true)).toMatchObject({
      ok: false,
      field: 'price',
    });
    const terms = {
      priceCents: 700n,
      totalUnits: 100n * 10n ** 8n,
      minCents: 100n,
      maxCents: 500n,
      payMethods: ['bank'],
      payLimitMinutes: 15,
      remarks: '',
      coinDecimals: 2,
    };
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (bps) => {
        expect(adProblem({ ...terms, marginBps: bps }) === 'p2pMarginInvalid').toBe(!isMarginBps(bps));
      }),
    );
    expect(adProblem({ ...terms, marginBps: null })).toBeNull();
  });
});
