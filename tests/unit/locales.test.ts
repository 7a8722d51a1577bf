import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, pluralCategoriesOf, type LanguageCode } from '../../src/domain/languages.ts';

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function load(code: string): Tree {
  return JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

/** Keys without plural suffixes, and the base names of plural keys. */
function shape(keys: Iterable<string>): { plain: Set<string>; plural: Set<string> } {
  const plain = new Set<string>();
  const plural = new Set<string>();
  for (const key of keys) {
    if (PLURAL_SUFFIX.test(key)) plural.add(key.replace(PLURAL_SUFFIX, ''));
    else plain.add(key);
  }
  return { plain, plural };
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that are rightly the same in every language: the brand, codes, symbols. */
// The Shift key is labelled "Shift" on most languages' keyboards (German, French, Spanish and
// Italian ones have their own word, and say so).
const SAME_IN_EVERY_LANGUAGE = new Set(['brand.name', 'trade.keys.shiftWith']);
function looksUntranslatable(value: string): boolean {
  const withoutPlaceholders = value.replace(/\{\{\s*\w+\s*\}\}/g, '');
  // Codes like USDT, P2P, 24H, x60, URLs and pure numbers/symbols read the same everywhere, as do
  // durations in SI symbols ("5 min", "4 h": French, Spanish, Dutch... write them so too).
  return (
    !/[a-z]{3,}/.test(withoutPlaceholders) ||
    /^\d+ (min|h|s)$/.test(withoutPlaceholders) ||
    /^[A-Z0-9/ .:+%-]+$/.test(withoutPlaceholders) ||
    /^https?:|@/.test(withoutPlaceholders)
  );
}

const english = flatten(load('en'));
const englishShape = shape(english.keys());

describe('locale files', () => {
  it('exist for exactly the 13 registry codes', () => {
    const files = readdirSync(new URL('../../locales/', import.meta.url)).filter((file) =>
      file.endsWith('.json'),
    );
    expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('%s', (code: LanguageCode) => {
    const own = flatten(load(code));
    const ownShape = shape(own.keys());

    it('carries every key of English and no other', () => {
      expect([...ownShape.plain].sort()).toEqual([...englishShape.plain].sort());
      expect([...ownShape.plural].sort()).toEqual([...englishShape.plural].sort());
    });

    it('has exactly the plural forms its language needs', () => {
      const needed = pluralCategoriesOf(code).sort();
      for (const base of englishShape.plural) {
        const present = [...own.keys()]
          .filter((key) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key))
          .map((key) => PLURAL_SUFFIX.exec(key)?.[1])
          .sort();
        expect(present, base).toEqual(needed);
      }
    });

    it('keeps every placeholder of the English text', () => {
      for (const [key, value] of own) {
        const base = key.replace(PLURAL_SUFFIX, '');
        const source = english.get(key) ?? english.get(`${base}_other`) ?? '';
        const expected = placeholders(source).filter((name) => name !== 'count');
        expect(
          placeholders(value).filter((name) => name !== 'count'),
          key,
        ).toEqual(expected);
      }
    });

    it('is really translated: no English left', () => {
      const untranslated = [...own].filter(
        ([key, value]) =>
          english.get(key) === value && !SAME_IN_EVERY_LANGUAGE.has(key) && !looksUntranslatable(value),
      );
      expect(untranslated.map(([key]) => key)).toEqual([]);
    });
  });

  it('English needs only one and other', () => {
    expect(pluralCategoriesOf('en').sort()).toEqual(['one', 'other']);
    expect(pluralCategoriesOf('ru').sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(pluralCategoriesOf('jp')).toEqual(['other']);
  });
});
