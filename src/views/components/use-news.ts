import type { Loadable } from '../../streams/loadable.ts';
import type { NewsArticle, NewsCategory, NewsItem } from '../../streams/queries/news.ts';
import { useServices } from '../services-context.ts';
import { useLoadable } from '../use-loadable.ts';

export type { NewsArticle, NewsCategory, NewsItem };

/** The titles of one news category, newest first (loaded once per app and shared). */
export function useNewsList(categoryId: number | null): Loadable<readonly NewsItem[]> {
  const { queries } = useServices();
  return useLoadable(categoryId === null ? null : queries.news.list$(categoryId));
}

/** Every news category with its (server-translated) name. */
export function useNewsCategories(): Loadable<readonly NewsCategory[]> {
  const { queries } = useServices();
  return useLoadable(queries.news.categories$);
}

/** One article with its HTML body. */
export function useNewsArticle(id: number | null): Loadable<NewsArticle> {
  const { queries } = useServices();
  return useLoadable(id === null ? null : queries.news.article$(id));
}
