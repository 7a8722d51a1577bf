import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAdForm, type AdForm } from '../../../../src/domain/p2p/ad-entry.ts';

/** A fixed-price USDT ad: 7.20 a coin, 100 coins, orders of 100.00 to 500.00. */
const fixed: AdForm = {
  price: '7.20',
  total: '100',
  min: '100',
  max: '500',
  payMethods: ['bank'],
  payLimitMinutes: 15,
  remarks: '',
};
const floating: AdForm = { ...fixed, price: '', floating: true, margin: '1.5' };
const numberField = fc.constantFrom('price' as const, 'total' as const, 'min' as const, 'max' as const);

describe('ad editor: which field is wrong and why', () => {
  it('an empty number field is named, with "empty"', () => {
    fc.assert(
      fc.property(numberField, fc.constantFrom('', '  '), (field, blank) => {
        expect(readAdForm({ ...fixed, [field]: blank }, 2, false)).toEqual({
          ok: false,
          field,
          problem: { kind: 'empty' },
        });
      }),
    );
  });

  it('a field that is not a number is named with the number-entry problem, not a rule further on', () => {
    fc.assert(
      fc.property(numberField, fc.constantFrom('abc', '1.2.3', '-5', '1e3'), (field, text) => {
        expect(readAdForm({ ...fixed, [field]: text }, 2, false)).toEqual({
          ok: false,
          field,
          problem: { kind: 'notNumber' },
        });
      }),
    );
    expect(readAdForm({ ...fixed, min: '100.001' }, 2, false)).toEqual({
      ok: false,
      field: 'min',
      problem: { kind: 'tooManyDecimals', max: 2 },
    });
  });

  it('a floating ad with no margin typed (or none at all) names the margin as empty', () => {
    expect(readAdForm({ ...floating, margin: '' }, 2, false)).toEqual({
      ok: false,
      field: 'margin',
      problem: { kind: 'empty' },
    });
    const { margin: _none, ...withoutMargin } = floating;
    expect(readAdForm(withoutMargin, 2, false)).toEqual({
      ok: false,
      field: 'margin',
      problem: { kind: 'empty' },
    });
  });
});

describe('ad editor when editing a published ad (total fixed)', () => {
  it('does not read the total again: an empty or short total is no problem, and none is sent', () => {
    fc.assert(
      fc.property(fc.constantFrom('', 'abc', '1', '100'), fc.boolean(), (total, isFloating) => {
        const form = { ...(isFloating ? floating : fixed), total };
        const read = readAdForm(form, 2, false, false);
        expect(read.ok).toBe(true);
        if (read.ok) expect(read.values.total).toBe('');
      }),
    );
  });

  it('still reads and checks every other field', () => {
    for (const isFloating of [false, true]) {
      const form = isFloating ? floating : fixed;
      expect(readAdForm({ ...form, min: '' }, 2, false, false)).toEqual({
        ok: false,
        field: 'min',
        problem: { kind: 'empty' },
      });
      expect(readAdForm({ ...form, max: '50' }, 2, false, false)).toEqual({
        ok: false,
        field: 'max',
        problem: { kind: 'p2pMaxBelowMin' },
      });
      expect(readAdForm({ ...form, payMethods: [] }, 2, false, false)).toEqual({
        ok: false,
        field: 'payMethods',
        problem: { kind: 'p2pPayMethodMissing' },
      });
    }
    expect(readAdForm({ ...fixed, price: '0' }, 2, false, false)).toEqual({
      ok: false,
      field: 'price',
      problem: { kind: 'p2pPriceInvalid' },
    });
  });

  it('a minimum of zero is an invalid limit on the minimum, when editing and for a floating ad too', () => {
    for (const [form, editing] of [
      [fixed, true],
      [floating, false],
      [floating, true],
    ] as const)
      expect(readAdForm({ ...form, min: '0' }, 2, false, !editing)).toEqual({
        ok: false,
        field: 'min',
        problem: { kind: 'p2pLimitInvalid' },
      });
  });

  it("a floating ad being published still has its other rules checked (only total-covers-min is the server's)", () => {
    expect(readAdForm({ ...floating, max: '50' }, 2, false)).toEqual({
      ok: false,
      field: 'max',
      problem: { kind: 'p2pMaxBelowMin' },
    });
    // 1 coin at an unknown market price: the editor cannot tell whether it covers 100.00.
    expect(readAdForm({ ...floating, total: '1' }, 2, false)).toEqual({
      ok: true,
      values: { price: '', floatMargin: '1.50', total: '1', min: '100', max: '500' },
    });
  });
});

describe('ad editor: the rules after "total covers one minimum" apply whatever the editor cannot judge', () => {
  // Editing (the total is the published one) and a floating ad (the price is the market's) leave that
  // one check to the server; the pay method, payment limit and remarks rules are the editor's still,
  // as the simulator applies them to every publish and edit.
  it('no pay method, a bad payment limit or too long remarks is named, editing or not, fixed or floating', () => {
    const broken = fc.constantFrom(
      [{ payMethods: [] }, 'payMethods', 'p2pPayMethodMissing'] as const,
      [{ payMethods: ['bank', 'bank'] }, 'payMethods', 'p2pPayMethodMissing'] as const,
      [{ payLimitMinutes: 20 }, 'payLimit', 'p2pPayLimitInvalid'] as const,
      [{ remarks: 'x'.repeat(201) }, 'remarks', 'p2pRemarksLong'] as const,
    );
    fc.assert(
      fc.property(
        broken,
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('1', '100', '100000'),
        ([change, field, kind], isFloating, editing, total) => {
          // A fixed ad being published is judged on its total too: give it one that covers.
          const form = {
            ...(isFloating ? floating : fixed),
            total: isFloating || editing ? total : '100',
            ...change,
          };
          expect(readAdForm(form, 2, false, !editing)).toEqual({ ok: false, field, problem: { kind } });
        },
      ),
    );
  });
});
