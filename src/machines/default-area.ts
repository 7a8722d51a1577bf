import type { LanguageCode } from '../domain/languages.ts';

/**
 * The country a phone field starts with when the user has none stored: the one the interface
 * language suggests (a Japanese interface suggests +81), else the first of the list. A guess the
 * user changes in one click beats starting everyone on the alphabetically first country.
 */
const COUNTRY_OF_LANGUAGE: Record<LanguageCode, string> = {
  en: 'United States',
  hk: 'Hong Kong',
  jp: 'Japan',
  kr: 'South Korea',
  th: 'Thailand',
  fr: 'France',
  ru: 'Russia',
  pt: 'Portugal',
  es: 'Spain',
  ita: 'Italy',
  zh: 'China',
  gm: 'Germany',
  du: 'Netherlands',
};

export function defaultAreaId(
  language: LanguageCode,
  areas: ReadonlyArray<{ id: number; name: string }>,
): number | null {
  const suggested = areas.find((area) => area.name === COUNTRY_OF_LANGUAGE[language]);
  return suggested?.id ?? areas[0]?.id ?? null;
}
