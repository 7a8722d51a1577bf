import { isLanguageCode } from '../../domain/languages.ts';
import { NEWS_ARTICLES, NEWS_CATEGORIES, type NewsArticle, type NewsCategory } from './news.ts';
import { NEWS_TRANSLATIONS } from './news-i18n/index.ts';

/**
 * The site content in the language of a request's `lang` header (spec §7: every call carries it;
 * DESIGN.md: server content is served per lang). English is the source (news.ts); an unknown or
 * missing code reads as English. Ids, categories and dates are the same in every language; titles,
 * bodies, category names and the banner images (public/banners/<lang>/) are translated.
 */
const articlesByLang = new Map<string, readonly NewsArticle[]>();
const categoriesByLang = new Map<string, readonly NewsCategory[]>();

function translationOf(lang: string) {
  return isLanguageCode(lang) && lang !== 'en' ? NEWS_TRANSLATIONS[lang] : null;
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
