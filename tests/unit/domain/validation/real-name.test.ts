import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NAME_MAX,
  NAME_MIN,
  isPersonName,
  normalizePersonName,
  validateRealName,
} from '../../../../src/domain/validation/real-name.ts';

/** Letters of several scripts, some with combining marks (Thai, Devanagari, decomposed Latin). */
const letter = fc.constantFrom(
  'a',
  'Z',
  'é',
  'ß',
  'ø',
  'Ł',
  'ж',
  'Я',
  'α',
  'Ω',
  'א',
  'ب',
  'ह',
  'कि',
  'ก',
  'กุ',
  'ดี',
  '名',
  '李',
  'あ',
  'カ',
  'ー',
  '한',
  '글',
  'e\u0301',
  'ğ',
  'ñ',
);
const word = fc.array(letter, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
const separator = fc.constantFrom(' ', '-', "'", '’', '·', '・', '.', '. ');
const name = fc
  .tuple(word, fc.array(fc.tuple(separator, word), { maxLength: 4 }), fc.boolean())
  .map(([first, rest, dot]) => first + rest.map(([sep, w]) => sep + w).join('') + (dot ? '.' : ''));

/** Characters a name never contains. */
const forbidden = fc.constantFrom(
  '0',
  '7',
  '٣',
  '<',
  '>',
  '=',
  '/',
  '"',
  '&',
  ';',
  '(',
  '_',
  '@',
  '#',
  '\n',
  '\t',
  '\u0000',
  '\u007f',
  '\u200d',
  '\u200b',
  '\u202e',
  '\u2066',
  '\u200f',
  '\ufe0f',
  '😀',
  '👍🏽',
  '❤',
  '🇬🇧',
  '\u20e3',
  '™',
);

describe('real name (a name, as a name)', () => {
  it('property: words of letters of any script joined by single separators are names', () => {
    fc.assert(
      fc.property(name, (value) => {
        const length = [...value].length;
        expect(isPersonName(value)).toBe(length >= NAME_MIN && length <= NAME_MAX);
        // Spaces around it and runs of spaces inside it change nothing.
        expect(isPersonName(`  ${value.replaceAll(' ', '   ')} `)).toBe(isPersonName(value));
      }),
    );
  });

  it('property: a digit, markup, emoji, control, format or bidi character anywhere is refused', () => {
    fc.assert(
      fc.property(name, forbidden, fc.nat(), (value, bad, at) => {
        const chars = [...value];
        // Inside the name (a tab or newline at either end is trimmed away like a space).
        fc.pre(chars.length >= 2);
        const i = 1 + (at % (chars.length - 1));
        const tainted = [...chars.slice(0, i), bad, ...chars.slice(i)].join('');
        expect(isPersonName(tainted)).toBe(false);
        const card = { cardId: 'AB123456', frontPic: 'x', backPic: 'y' };
        expect(validateRealName({ name: tainted, ...card })?.code).toBe('badName');
      }),
    );
  });

  it('property: arbitrary strings are accepted only when made of letters, marks and separators', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (value) => {
        if (!isPersonName(value)) return;
        expect(normalizePersonName(value)).toMatch(/^[\p{L}\p{Mn}\p{Mc} \-'’·・.]+$/u);
        expect(normalizePersonName(value)).toMatch(/^\p{L}/u);
      }),
    );
  });

  it('the examples of the report and some real names', () => {
    for (const bad of [
      '<img src=x onerror=alert(1)>',
      '😀😀',
      'Ada 😀',
      'Ada\u202eecalevol',
      'R2D2',
      'a',
      '--',
      "Ada  -'Lovelace",
      '.Ada',
      'Ada ',
      'x'.repeat(NAME_MAX + 1),
    ]) {
      expect(isPersonName(bad) && bad.trim() === bad && bad.length <= NAME_MAX, bad).toBe(false);
    }
    for (const good of [
      'Ada Lovelace',
      "Seán O'Brien",
      'Jean-Luc Picard',
      'J. R. R. Tolkien',
      'Martin Luther King Jr.',
      '李小龙',
      '山田 太郎',
      '阿卜杜勒·拉赫曼',
      'สมชาย ใจดี',
      'Владимир Набоков',
      'محمد علي',
      'देवनागरी नाम',
      '김민준',
      'd’Artagnan',
    ]) {
      expect(isPersonName(good), good).toBe(true);
    }
  });
});
