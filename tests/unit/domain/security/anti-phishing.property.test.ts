import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANTI_PHISHING_MAX,
  ANTI_PHISHING_MIN,
  antiPhishingProblem,
  maskAntiPhishing,
  validateAntiPhishing,
} from '../../../../src/domain/security/anti-phishing.ts';

/** Letters of several scripts, digits and the underscore: what a phrase may hold. */
const allowed = fc.constantFrom(...'abcXYZ019_éßжЖ中文ひらがな한글ไทย'.split(''));
const forbidden = fc.constantFrom(' ', '-', '.', '<', '>', '"', "'", '\n', '\t', '/', '@', '😀');
const phrase = fc
  .array(allowed, { minLength: ANTI_PHISHING_MIN, maxLength: ANTI_PHISHING_MAX })
  .map((chars) => chars.join(''));

describe('the anti-phishing code rule', () => {
  it('accepts 4 to 20 letters, digits and underscores of any script, exactly as typed', () => {
    fc.assert(
      fc.property(phrase, (text) => {
        expect(antiPhishingProblem(text)).toBeNull();
        expect(validateAntiPhishing({ phrase: text })).toBeNull();
      }),
    );
  });

  it('refuses a phrase with any other character, wherever it is', () => {
    fc.assert(
      fc.property(phrase, forbidden, fc.nat(), (text, bad, at) => {
        const chars = [...text];
        chars.splice(at % (chars.length + 1), 0, bad);
        const spoiled = chars.join('');
        expect(antiPhishingProblem(spoiled)).toBe('badPhrase');
        expect(validateAntiPhishing({ phrase: spoiled })).toEqual({ field: 'phrase', code: 'badPhrase' });
      }),
    );
  });

  it('refuses a phrase shorter than 4 or longer than 20 characters, and names an empty one', () => {
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 1, maxLength: 60 }), (chars) => {
        const text = chars.join('');
        const fits = chars.length >= ANTI_PHISHING_MIN && chars.length <= ANTI_PHISHING_MAX;
        expect(antiPhishingProblem(text)).toBe(fits ? null : 'badPhrase');
      }),
    );
    expect(antiPhishingProblem('')).toBe('emptyPhrase');
    expect(antiPhishingProblem('abc')).toBe('badPhrase');
    expect(antiPhishingProblem('abcd')).toBeNull();
    expect(antiPhishingProblem('a'.repeat(20))).toBeNull();
    expect(antiPhishingProblem('a'.repeat(21))).toBe('badPhrase');
    // Counted in characters, not UTF-16 units: four Chinese characters are four.
    expect(antiPhishingProblem('中文中文')).toBeNull();
  });

  it('masks all but the first two and the last character, keeping the length', () => {
    fc.assert(
      fc.property(phrase, (text) => {
        const chars = [...text];
        const masked = [...maskAntiPhishing(text)];
        expect(masked).toHaveLength(chars.length);
        expect(masked.slice(0, 2)).toEqual(chars.slice(0, 2));
        expect(masked.at(-1)).toBe(chars.at(-1));
        expect(masked.slice(2, -1).every((char) => char === '*')).toBe(true);
      }),
    );
    expect(maskAntiPhishing('')).toBe('');
    expect(maskAntiPhishing('Tessera_42')).toBe('Te*******2');
  });
});
