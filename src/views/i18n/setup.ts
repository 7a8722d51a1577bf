import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, tagOf, type LanguageCode } from '../../domain/languages.ts';

type Translation = Record<string, unknown>;

/** Each locale is its own chunk: a visitor downloads only the language they read (and English). */
const localeLoaders = import.meta.glob<{ default: Translation }>('../../../locales/*.json');

export async function loadLocale(code: LanguageCode): Promise<Translation> {
  const loader = localeLoaders[`../../../locales/${code}.json`];
  if (!loader) throw new Error(`no locale file for ${code}`);
  return (await loader()).default;
}

/**
 * i18next speaks BCP 47 tags (so plural rules are right: ru has few/many, ja has none), while the
 * app and localStorage speak the spec's codes (jp, kr, ita...). Language changes reload the page
 * (spec §1), so one language plus the English fallback is loaded once at start.
 */
export async function initI18n(code: LanguageCode): Promise<I18n> {
  const tag = tagOf(code);
  const [own, english] = await Promise.all([
    loadLocale(code),
    code === DEFAULT_LANGUAGE ? Promise.resolve(null) : loadLocale(DEFAULT_LANGUAGE),
  ]);
  const resources: Record<string, { translation: Translation }> = { [tag]: { translation: own } };
  if (english) resources.en = { translation: english };
  await i18next.use(initReactI18next).init({
    lng: tag,
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = tag;
  return i18next;
}
