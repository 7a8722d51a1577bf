/**
 * The language registry (spec §1): 13 codes, of which the chooser offers 10. Codes are the spec's
 * (jp, kr, gm, du, ita, hk); `tag` is the BCP 47 tag used for plural rules, dates and numbers.
 */
export const LANGUAGES = [
  { code: 'en', tag: 'en', nativeName: 'English', offered: true },
  { code: 'hk', tag: 'zh-Hant-HK', nativeName: '繁體中文', offered: true },
  { code: 'jp', tag: 'ja', nativeName: '日本語', offered: true },
  { code: 'kr', tag: 'ko', nativeName: '한국어', offered: true },
  { code: 'th', tag: 'th', nativeName: 'ไทย', offered: true },
  { code: 'fr', tag: 'fr', nativeName: 'Français', offered: true },
  { code: 'ru', tag: 'ru', nativeName: 'Русский', offered: true },
  { code: 'pt', tag: 'pt', nativeName: 'Português', offered: true },
  { code: 'es', tag: 'es', nativeName: 'Español', offered: true },
  { code: 'ita', tag: 'it', nativeName: 'Italiano', offered: true },
  { code: 'zh', tag: 'zh-Hans', nativeName: '简体中文', offered: false },
  { code: 'gm', tag: 'de', nativeName: 'Deutsch', offered: false },
  { code: 'du', tag: 'nl', nativeName: 'Nederlands', offered: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** A stored value that is not a known code falls back to English instead of breaking the app. */
export function resolveLanguage(stored: string | null | undefined): LanguageCode {
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

export function tagOf(code: LanguageCode): string {
  return LANGUAGES.find((language) => language.code === code)?.tag ?? 'en';
}

/** The plural categories a language needs, from the platform's CLDR data. */
export function pluralCategoriesOf(code: LanguageCode): string[] {
  return new Intl.PluralRules(tagOf(code)).resolvedOptions().pluralCategories as string[];
}
