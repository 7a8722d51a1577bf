import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_DECIMALS, displayDecimals } from '../../../src/domain/display-decimals.ts';
import { formatChangePercent, formatCompact, groupThousands, NO_VALUE } from '../../../src/domain/format.ts';
import { LANGUAGE_CODES } from '../../../src/domain/languages.ts';
import {
  localizeDecimal,
  numberSeparators,
  numberTextFor,
  readLocalizedDecimal,
} from '../../../src/domain/number-locale.ts';
import { readNumberEntry, usesDecimalComma } from '../../../src/domain/number-entry.ts';

const language = fc.constantFrom(...LANGUAGE_CODES);

/** A plain decimal as the ledger and the contract write it: any size, any places, zeros kept. */
const plainDecimal = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.bigInt({ min: 0n, max: 10n ** 24n }),
    fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 12 })),
  )
  .map(([sign, int, frac]) => `${sign}${int}${frac === null ? '' : `.${frac}`}`);

const digitsOf = (text: string) => text.replace(/\D/g, '');
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('numbers in the reader’s language', () => {
  it('writes the language’s own separators, the ledger’s digits and zeros', () => {
    expect(localizeDecimal('10000.00', 'en')).toBe('10,000.00');
    expect(localizeDecimal('10000.00', 'ru')).toBe(`10${NBSP}000,00`);
    expect(localizeDecimal('10000.00', 'gm')).toBe('10.000,00');
    expect(localizeDecimal('10000.00', 'du')).toBe('10.000,00');
    expect(localizeDecimal('-89233.79', 'fr')).toBe(`-89${NNBSP}233,79`);
    expect(localizeDecimal('89233.79', 'jp')).toBe('89,233.79');
    // Beyond 2^53, where a float would already have changed the digits.
    expect(localizeDecimal('123456789012345678901.12345678', 'gm')).toBe(
      '123.456.789.012.345.678.901,12345678',
    );
    expect(localizeDecimal(NO_VALUE, 'ru')).toBe(NO_VALUE);
    expect(localizeDecimal('', 'ru')).toBe('');
  });

  it('property: reading back what was written gives the very text (every language)', () => {
    fc.assert(
      fc.property(plainDecimal, language, (plain, code) => {
        const shown = localizeDecimal(plain, code);
        expect(readLocalizedDecimal(shown, code)).toBe(plain);
        // Nothing but separators is added: the digits are the ledger's, in order.
        expect(digitsOf(shown)).toBe(digitsOf(plain));
      }),
    );
  });

  it('property: English is the grouping the product always showed', () => {
    fc.assert(
      fc.property(plainDecimal, (plain) => {
        const unsigned = plain.replace(/^\+/, '');
        expect(localizeDecimal(unsigned, 'en')).toBe(groupThousands(unsigned));
      }),
    );
  });

  it('property: a language that shows a decimal comma is one whose inputs take it, and the reverse', () => {
    for (const code of LANGUAGE_CODES) {
      const { decimal, group } = numberSeparators(code);
      expect(decimal === ',', code).toBe(usesDecimalComma(code));
      expect(group, code).not.toBe(decimal);
    }
    // A number shown without grouping (under a thousand) types back into a field as the same value.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.stringMatching(/^\d{1,6}$/),
        language,
        (int, frac, code) => {
          const shown = localizeDecimal(`${int}.${frac}`, code);
          const entry = readNumberEntry(shown, { maxDecimals: 6, decimalComma: usesDecimalComma(code) });
          expect(entry).toEqual({ kind: 'number', value: `${int}.${frac}` });
        },
      ),
    );
  });

  it('refuses to read another convention’s number, a misplaced group or a letter', () => {
    expect(readLocalizedDecimal('1,234.5', 'gm')).toBeNull();
    expect(readLocalizedDecimal('1.234,5', 'en')).toBeNull();
    expect(readLocalizedDecimal('12,34', 'en')).toBeNull();
    expect(readLocalizedDecimal('1234', 'en')).toBeNull();
    expect(readLocalizedDecimal('1a', 'ru')).toBeNull();
    expect(readLocalizedDecimal(`1${NBSP}234,5`, 'ru')).toBe('1234.5');
    // Spanish writes four digits ungrouped, so "1.234" is no Spanish number but "1234" is.
    expect(readLocalizedDecimal('1234', 'es')).toBe('1234');
  });

  it('property: an amount shows its currency’s decimals in every language, cut towards zero', () => {
    const currency = fc.constantFrom(...Object.keys(DISPLAY_DECIMALS), 'NEWCOIN');
    fc.assert(
      fc.property(plainDecimal, currency, language, (plain, code, lang) => {
        const shown = numberTextFor(lang).amount(plain, code);
        const back = readLocalizedDecimal(shown, lang);
        expect(back).not.toBeNull();
        const [int = '', frac = ''] = (back ?? '').replace(/^[+-]/, '').split('.');
        expect(frac.length).toBe(displayDecimals(code));
        const [plainInt = '', plainFrac = ''] = plain.replace(/^[+-]/, '').split('.');
        expect(int).toBe(BigInt(plainInt).toString());
        expect(frac).toBe(plainFrac.slice(0, frac.length).padEnd(frac.length, '0'));
      }),
    );
  });

  it('property: changes, compact volumes and exact values are the English ones with the language’s separators', () => {
    fc.assert(
      fc.property(plainDecimal, language, (plain, code) => {
        const numbers = numberTextFor(code);
        const { decimal, group } = numberSeparators(code);
        const toEnglish = (text: string) =>
          text.split(group).join('\u0000').split(decimal).join('.').split('\u0000').join(',');
        const english = numberTextFor('en');
        expect(toEnglish(numbers.exact(plain))).toBe(english.exact(plain));
        // The change as it always read, its integer part grouped now (a 1,000 % gain reads as one).
        expect(english.change(plain)).toBe(
          formatChangePercent(plain).replace(/\d+/, (int) => groupThousands(int)),
        );
        expect(english.compact(plain)).toBe(
          formatCompact(plain).replace(/\d+/, (int) => groupThousands(int)),
        );
        expect(toEnglish(numbers.compact(plain))).toBe(english.compact(plain));
        // The percent sign keeps the language's spacing ("2,50 %" in French); the number is the same.
        const change = numbers.change(plain);
        expect(change).toMatch(/%$/);
        expect(toEnglish(change.replace(/\s?%$/, ''))).toBe(english.change(plain).replace(/%$/, ''));
      }),
    );
    // French and Russian put a no-break space before the percent sign (which one is the platform's).
    expect(numberTextFor('fr').change('2.5')).toMatch(/^\+2,50[\u00a0\u202f]%$/);
    expect(numberTextFor('ru').percent('12.5')).toMatch(/^12,5[\u00a0\u202f]%$/);
    expect(numberTextFor('jp').change('-1.239')).toBe('-1.23%');
    expect(numberTextFor('gm').compact('1234567.8')).toBe('1,23M');
    expect(numberTextFor('ru').exact('abc')).toBe(NO_VALUE);
    expect(numberTextFor('ru').exact(1e-7)).toBe('0,0000001');
  });

  it('property: a cost shows its currency’s decimals, rounded up: never understated, less than one unit over', () => {
    const currency = fc.constantFrom(...Object.keys(DISPLAY_DECIMALS), 'NEWCOIN');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 22n }),
        fc.integer({ min: 0, max: 12 }),
        currency,
        language,
        (units, places, code, lang) => {
          const digits = units.toString().padStart(places + 1, '0');
          const plain = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
          const back = readLocalizedDecimal(numberTextFor(lang).cost(plain, code), lang) ?? '';
          const decimals = displayDecimals(code);
          const [int = '', frac = ''] = back.split('.');
          expect(frac.length).toBe(decimals);
          const scale = Math.max(places, decimals);
          const shown = BigInt(int + frac) * 10n ** BigInt(scale - decimals);
          const exact = units * 10n ** BigInt(scale - places);
          expect(shown >= exact).toBe(true);
          expect(shown - exact < 10n ** BigInt(scale - decimals)).toBe(true);
        },
      ),
    );
    expect(numberTextFor('ru').cost('356.66081', 'USDT')).toBe('356,67');
    expect(numberTextFor('en').cost('356.66', 'USDT')).toBe('356.66');
  });
});
