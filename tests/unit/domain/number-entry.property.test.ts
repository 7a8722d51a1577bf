import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../src/domain/languages.ts';
import {
  MAX_INTEGER_DIGITS,
  readNumberEntry,
  usesDecimalComma,
  type NumberEntryRules,
} from '../../../src/domain/number-entry.ts';
import { toScaled } from '../../../src/domain/money.ts';

const POINT: NumberEntryRules = { maxDecimals: 6, decimalComma: false };
const COMMA: NumberEntryRules = { maxDecimals: 6, decimalComma: true };

/** What a careless person types: digits, separators, signs, exponents, hex, spaces, letters, markup. */
const typed = fc.string({
  unit: fc.constantFrom(...'0123456789.,eE+-x ab<>/\u00a0\u066b'.split('')),
  maxLength: 20,
});

describe('reading a typed number (DESIGN.md: never turn what was typed into something else)', () => {
  it('the inputs a new user typed are refused, not rewritten', () => {
    // Issue 11's list: each of these became a real order once.
    for (const text of [
      '-1',
      '1e30',
      '+5',
      '0x10',
      '1.2.3',
      '<b>1</b>',
      '1e5',
      '--1',
      '١٫٥',
      '5 5',
      '1,000.5',
    ])
      expect(readNumberEntry(text, POINT).kind, text).toBe('notNumber');
    // In English a comma is not a decimal separator: 0,5 is not silently 05 or 5.
    expect(readNumberEntry('0,5', POINT)).toEqual({ kind: 'notNumber' });
  });

  it('the decimal comma of ru, fr, gm, du, es, pt, ita reads like the point, and the point still works', () => {
    expect(readNumberEntry('0,5', COMMA)).toEqual({ kind: 'number', value: '0.5' });
    expect(readNumberEntry('0.5', COMMA)).toEqual({ kind: 'number', value: '0.5' });
    expect(readNumberEntry('1,2,3', COMMA).kind).toBe('notNumber');
    expect(readNumberEntry('1.2,3', COMMA).kind).toBe('notNumber');
    expect(LANGUAGE_CODES.filter(usesDecimalComma).sort()).toEqual([
      'du',
      'es',
      'fr',
      'gm',
      'ita',
      'pt',
      'ru',
    ]);
  });

  it('too many decimals is said, never cut', () => {
    expect(readNumberEntry('0.1234567', POINT)).toEqual({ kind: 'tooManyDecimals', max: 6 });
    expect(readNumberEntry('0.123456', POINT)).toEqual({ kind: 'number', value: '0.123456' });
    expect(readNumberEntry('3.', { maxDecimals: 0, decimalComma: false })).toEqual({
      kind: 'number',
      value: '3',
    });
    expect(readNumberEntry('3.0', { maxDecimals: 0, decimalComma: false })).toEqual({
      kind: 'tooManyDecimals',
      max: 0,
    });
  });

  it('spaces around are ignored; a lone separator, an empty field and huge numbers are told apart', () => {
    expect(readNumberEntry('  7 ', POINT)).toEqual({ kind: 'number', value: '7' });
    expect(readNumberEntry('   ', POINT)).toEqual({ kind: 'empty' });
    expect(readNumberEntry('.', POINT)).toEqual({ kind: 'notNumber' });
    expect(readNumberEntry('.5', POINT)).toEqual({ kind: 'number', value: '0.5' });
    expect(readNumberEntry('0007.50', POINT)).toEqual({ kind: 'number', value: '7.50' });
    expect(readNumberEntry('9'.repeat(MAX_INTEGER_DIGITS), POINT).kind).toBe('number');
    expect(readNumberEntry('9'.repeat(MAX_INTEGER_DIGITS + 1), POINT)).toEqual({ kind: 'tooLarge' });
    expect(readNumberEntry(`000${'9'.repeat(MAX_INTEGER_DIGITS)}`, POINT).kind).toBe('number');
  });

  it('whatever is typed, a number read is the same number as the text with its separator as a point', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), fc.integer({ min: 0, max: 8 }), (text, decimalComma, maxDecimals) => {
        const read = readNumberEntry(text, { maxDecimals, decimalComma });
        const plain = text.trim();
        if (read.kind === 'number') {
          // Nothing but digits and one separator was typed, and the value is exactly that number.
          expect(plain).toMatch(decimalComma ? /^\d*[.,]?\d*$/ : /^\d*\.?\d*$/);
          expect(read.value).toMatch(/^\d+(\.\d+)?$/);
          expect(toScaled(read.value, 8)).toBe(toScaled(plain.replace(',', '.').replace(/^\./, '0.'), 8));
          expect((read.value.split('.')[1] ?? '').length).toBeLessThanOrEqual(maxDecimals);
        }
        // A sign, an exponent, hex, a letter or a second separator is never a number.
        if (/[-+eExab<>]/.test(plain) || (plain.match(/[.,]/g) ?? []).length > 1) {
          expect(read.kind === 'number').toBe(false);
        }
        if (!decimalComma && plain.includes(',')) expect(read.kind === 'number').toBe(false);
      }),
    );
  });

  it('reading is a function of the text: the same text reads the same, and its value reads as itself', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const read = readNumberEntry(text, COMMA);
        expect(readNumberEntry(text, COMMA)).toEqual(read);
        if (read.kind === 'number') expect(readNumberEntry(read.value, COMMA)).toEqual(read);
      }),
    );
  });

  describe('full-width forms typed by Japanese and Chinese input methods', () => {
    /** The full-width twin of an ASCII digit, point or comma (U+FF10-FF19, U+FF0E, U+FF0C). */
    const fullWidth = (ascii: string): string =>
      ascii.replace(/[0-9.,]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

    it('１２ reads as 12 and １２．５ as 12.5; the full-width comma is a separator only where a comma is', () => {
      expect(readNumberEntry('１２', POINT)).toEqual({ kind: 'number', value: '12' });
      expect(readNumberEntry('１２．５', POINT)).toEqual({ kind: 'number', value: '12.5' });
      expect(readNumberEntry('０．００１', POINT)).toEqual({ kind: 'number', value: '0.001' });
      expect(readNumberEntry('1２.５', POINT)).toEqual({ kind: 'number', value: '12.5' });
      expect(readNumberEntry('\u3000１２\u3000', POINT)).toEqual({ kind: 'number', value: '12' });
      expect(readNumberEntry('０，５', COMMA)).toEqual({ kind: 'number', value: '0.5' });
      expect(readNumberEntry('０，５', POINT).kind).toBe('notNumber');
      expect(readNumberEntry('１．２．３', POINT).kind).toBe('notNumber');
      expect(readNumberEntry('１．２３４５６７８', POINT)).toEqual({ kind: 'tooManyDecimals', max: 6 });
    });

    it('other full-width and foreign characters are still refused', () => {
      // Full-width minus, plus, e, x, letters; the ideographic full stop; Arabic-Indic digits.
      for (const text of [
        '－１',
        '＋５',
        '１ｅ５',
        '０ｘ１０',
        '１２ａ',
        '１。５',
        '１٫٥',
        '１\uFF0F２',
        '¥１２',
      ])
        expect(readNumberEntry(text, COMMA).kind, text).toBe('notNumber');
    });

    it('any text with its digits, point and comma written full-width reads exactly as the ASCII text', () => {
      const anyMix = fc
        .tuple(typed, fc.array(fc.boolean(), { maxLength: 20 }))
        .map(([text, widen]) => [...text].map((c, i) => (widen[i] ? fullWidth(c) : c)).join(''));
      fc.assert(
        fc.property(
          typed,
          fc.boolean(),
          fc.integer({ min: 0, max: 8 }),
          (text, decimalComma, maxDecimals) => {
            const rules = { maxDecimals, decimalComma };
            expect(readNumberEntry(fullWidth(text), rules)).toEqual(readNumberEntry(text, rules));
          },
        ),
      );
      fc.assert(
        fc.property(anyMix, fc.boolean(), (mixed, decimalComma) => {
          const rules = { maxDecimals: 6, decimalComma };
          const ascii = mixed.replace(/[\uFF10-\uFF19\uFF0E\uFF0C]/g, (c) =>
            String.fromCharCode(c.charCodeAt(0) - 0xfee0),
          );
          expect(readNumberEntry(mixed, rules)).toEqual(readNumberEntry(ascii, rules));
        }),
      );
    });

    it('a character outside digits, the two separators and their full-width twins is never part of a number', () => {
      const other = fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 3 })
        .filter((s) => s.trim() !== '' && !/[0-9.,\uFF10-\uFF19\uFF0E\uFF0C]/.test(s) && s.trim() === s);
      fc.assert(
        fc.property(
          fc.stringMatching(/^[0-9]{1,4}$/),
          other,
          fc.boolean(),
          (digits, intruder, decimalComma) => {
            const rules = { maxDecimals: 6, decimalComma };
            expect(readNumberEntry(fullWidth(digits) + intruder, rules).kind).toBe('notNumber');
            expect(readNumberEntry(intruder + fullWidth(digits), rules).kind).toBe('notNumber');
          },
        ),
      );
    });
  });
});
