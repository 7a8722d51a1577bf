import { isLanguageCode } from '../../domain/languages.ts';
import { NEWS_ARTICLES, NEWS_CATEGORIES, type NewsArticle, type NewsCategory } from './news.ts';
import { NEWS_LOADERS } from './news-i18n/load.ts';
import type { NewsTranslation } from './news-i18n/types.ts';

/**
 * The site content in the language of a request's `lang` header (spec §7: every call carries it;
 * DESIGN.md: server content is served per lang). English is the source (news.ts); an unknown or
 * missing code reads as English. Ids, categories and dates are the same in every language; titles,
 * bodies, category names and the banner images (public/banners/<lang>/) are translated.
 */
const articlesByLang = new Map<string, readonly NewsArticle[]>();
const categoriesByLang = new Map<string, readonly NewsCategory[]>();
/** The translations loaded so far (news-i18n/load.ts: one chunk per language, on first use). */
const translations = new Map<string, NewsTranslation>();

/**
 * Loads the news of `lang` (nothing for English or an unknown code); the routes await it before
 * they read articlesIn / categoriesIn, which answer in English for a language not loaded yet.
 */
export async function loadNewsIn(lang: string): Promise<void> {
  if (!isLanguageCode(lang) || lang === 'en' || translations.has(lang)) return;
  translations.set(lang, await NEWS_LOADERS[lang]());
}

function translationOf(lang: string): NewsTranslation | null {
  return translations.get(lang) ?? null;
}

/** Every seeded article, in `lang`. */
export function articlesIn(lang: string): readonly NewsArticle[] {
  const cached = articlesByLang.get(lang);
  if (cached) return cached;
  const translation = translationOf(lang);
  const articles = translation
    ? NEWS_ARTICLES.map((article) => ({
        ...article,
        ...translation.articles[article.id],
        // The banner images carry words too: each language has its own drawing of them.
        ...(article.banner ? { banner: article.banner.replace(/^\/banners\//, `/banners/${lang}/`) } : {}),
      }))
    : NEWS_ARTICLES;
  articlesByLang.set(translation ? lang : 'en', articles);
  return articles;
}

/** The news categories, named in `lang`. */
export function categoriesIn(lang: string): readonly NewsCategory[] {
  const cached = categoriesByLang.get(lang);
  if (cached) return cached;
  const translation = translationOf(lang);
  const categories = translation
    ? NEWS_CATEGORIES.map((category) => ({
        ...category,
        name: translation.categories[category.id] ?? category.name,
      }))
    : NEWS_CATEGORIES;
  categoriesByLang.set(translation ? lang : 'en', categories);
  return categories;
}
