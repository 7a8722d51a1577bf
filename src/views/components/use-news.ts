import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { useServices } from '../services-context.ts';

export type NewsItem = AnswerOf<'news/list'>['data'][number];
export type NewsArticle = AnswerOf<'news/info'>;
export type NewsCategory = AnswerOf<'news/categories'>[number];

export type Loadable<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'error' };

const LOADING: Loadable<never> = { status: 'loading' };

/**
 * News is read by the footer of every page and by several home blocks, so each answer is fetched
 * once per page load and shared. A failed request is forgotten, so the next page tries again.
 */
const cache = new WeakMap<ApiClient, Map<string, Promise<unknown>>>();

function cached<T>(api: ApiClient, key: string, load: () => Promise<T>): Promise<T> {
  let entries = cache.get(api);
  if (entries === undefined) {
    entries = new Map();
    cache.set(api, entries);
  }
  const hit = entries.get(key);
  if (hit !== undefined) return hit as Promise<T>;
  const request = load();
  entries.set(key, request);
  request.catch(() => entries.delete(key));
  return request;
}

/** A loader is a module-level function, so it is the same on every render. */
type Loader<A, T> = (api: ApiClient, arg: A) => Promise<T>;

function useCached<A, T>(key: string | null, arg: A, load: Loader<A, T>): Loadable<T> {
  const { api } = useServices();
  const [state, setState] = useState<{ key: string | null; value: Loadable<T> }>({
    key: null,
    value: LOADING,
  });
  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    cached(api, key, () => load(api, arg)).then(
      (data) => live && setState({ key, value: { status: 'ready', data } }),
      () => live && setState({ key, value: { status: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [api, key, arg, load]);
  return state.key === key ? state.value : LOADING;
}

const loadList: Loader<number, readonly NewsItem[]> = async (api, categoryId) =>
  (await api.call('news/list', { category_id: categoryId }, { quiet: true })).data;
const loadCategories: Loader<null, readonly NewsCategory[]> = (api) =>
  api.call('news/categories', {}, { quiet: true });
const loadArticle: Loader<number, NewsArticle> = (api, id) => api.call('news/info', { id }, { quiet: true });

/** The titles of one news category, newest first. */
export function useNewsList(categoryId: number | null): Loadable<readonly NewsItem[]> {
  return useCached(categoryId === null ? null : `list:${categoryId}`, categoryId ?? 0, loadList);
}

/** Every news category with its (server-translated) name. */
export function useNewsCategories(): Loadable<readonly NewsCategory[]> {
  return useCached('categories', null, loadCategories);
}

/** One article with its HTML body. */
export function useNewsArticle(id: number | null): Loadable<NewsArticle> {
  return useCached(id === null ? null : `info:${id}`, id ?? 0, loadArticle);
}
