import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, tagOf, type LanguageCode } from '../../domain/languages.ts';

type Translation = Record<string, unknown>;
type Loaders = Record<string, () => Promise<{ default: Translation }>>;

/**
 * Each locale is its own chunks: a visitor downloads only the language they read (and English),
 * and of it first only the shell's part (locale-parts.ts), so the first paint waits for 3 KB of
 * text rather than 17; the pages' part follows at once, beside the page's own chunk.
 */
const shellLoaders: Loaders = import.meta.glob<{ default: Translation }>('../../../locales/*.json', {
  query: '?part=shell',
});
const pageLoaders: Loaders = import.meta.glob<{ default: Translation }>('../../../locales/*.json', {
  query: '?part=page',
});

async function load(loaders: Loaders, code: LanguageCode): Promise<Translation> {
  const loader = loaders[`../../../locales/${code}.json`];
  if (!loader) throw new Error(`no locale file for ${code}`);
  return (await loader()).default;
}

/** The language and its English fallback, or the language alone when it is English. */
function withEnglish(loaders: Loaders, code: LanguageCode): Promise<[Translation, Translation | null]> {
  return Promise.all([
    load(loaders, code),
    code === DEFAULT_LANGUAGE ? Promise.resolve(null) : load(loaders, DEFAULT_LANGUAGE),
  ]);
}

let pagesText: Promise<void> = Promise.resolve();

/**
 * Resolves when the pages' text is in (every lazy page awaits it before it renders); if it failed
 * (reported once, below), pages render with what the shell's part and English hold.
 */
export function pageTextReady(): Promise<void> {
  return pagesText.catch(() => undefined);
}

/**
 * i18next speaks BCP 47 tags (so plural rules are right: ru has few/many, ja has none), while the
 * app and localStorage speak the spec's codes (jp, kr, ita...). Language changes reload the page
 * (spec §1), so one language plus the English fallback is loaded once at start.
 */
export async function initI18n(code: LanguageCode): Promise<I18n> {
  const tag = tagOf(code);
  const pages = withEnglish(pageLoaders, code);
  // Handled below once i18next is up; this keeps a failure meanwhile from going unhandled.
  pages.catch(() => undefined);
  const [own, english] = await withEnglish(shellLoaders, code);
  const resources: Record<string, { translation: Translation }> = { [tag]: { translation: own } };
  if (english) resources.en = { translation: english };
  await i18next.use(initReactI18next).init({
    lng: tag,
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  pagesText = pages.then(([ownPages, englishPages]) => {
    i18next.addResourceBundle(tag, 'translation', ownPages, true, false);
    if (englishPages) i18next.addResourceBundle('en', 'translation', englishPages, true, false);
  });
  // Nothing awaits it before a page renders: a failure here is reported once, not unhandled.
  pagesText.catch((error: unknown) => console.error('the pages’ text did not load', error));
  // (No document when the build prerenders a page: its HTML template says the language.)
  if (typeof document !== 'undefined') document.documentElement.lang = tag;
  return i18next;
}
