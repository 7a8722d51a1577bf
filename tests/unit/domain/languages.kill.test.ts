import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  pluralCategoriesOf,
  resolveLanguage,
  tagOf,
} from '../../../src/domain/languages.ts';

/** Spec §1: 13 interface languages by the spec's codes; an unknown stored code falls back to English. */
describe('the language registry', () => {
  it('knows exactly the spec’s 13 codes', () => {
    expect([...LANGUAGE_CODES].sort()).toEqual(
      ['zh', 'en', 'jp', 'hk', 'gm', 'du', 'fr', 'ru', 'pt', 'es', 'ita', 'kr', 'th'].sort(),
    );
    for (const code of LANGUAGE_CODES) expect(isLanguageCode(code)).toBe(true);
    for (const value of ['de', 'ja', 'EN', '', 'english', 1, null, undefined, ['en']]) {
      expect(isLanguageCode(value)).toBe(false);
    }
  });

  it('keeps a stored known code and falls back to English for anything else', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(resolveLanguage('jp')).toBe('jp');
    expect(resolveLanguage('ita')).toBe('ita');
    for (const stored of [null, undefined, '', 'xx', 'ja']) expect(resolveLanguage(stored)).toBe('en');
  });

  it('maps the spec’s codes to the BCP 47 tags the platform understands', () => {
    expect(tagOf('jp')).toBe('ja');
    expect(tagOf('kr')).toBe('ko');
    expect(tagOf('gm')).toBe('de');
    expect(tagOf('du')).toBe('nl');
    expect(tagOf('ita')).toBe('it');
    expect(tagOf('en')).toBe('en');
    expect(tagOf('hk')).toBe('zh-Hant-HK');
  });

  it('takes plural categories from CLDR: English has one and other, Russian more, Japanese only other', () => {
    expect(pluralCategoriesOf('en').sort()).toEqual(['one', 'other']);
    expect(pluralCategoriesOf('ru')).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
    expect(pluralCategoriesOf('jp')).toEqual(['other']);
  });
});
