import type { Observable } from 'rxjs';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { type Loadable, loadOnce } from '../loadable.ts';

export type NewsItem = AnswerOf<'news/list'>['data'][number];
export type NewsArticle = AnswerOf<'news/info'>;
export type NewsCategory = AnswerOf<'news/categories'>[number];

/**
 * News (spec §7 news/*). The footer of every page and several home blocks read it, so each answer
 * is loaded once per app and shared, per key; a failed load is forgotten, so the next reader tries
 * again. The same key always gives the same stream.
 */
export function newsQueries(api: ApiClient) {
  const streams = new Map<string, Observable<Loadable<unknown>>>();
  function cached<T>(key: string, load: () => Promise<T>): Observable<Loadable<T>> {
    let stream = streams.get(key);
    if (stream === undefined) {
      stream = loadOnce(load);
      streams.set(key, stream);
    }
    return stream as Observable<Loadable<T>>;
  }
  return {
    /** The titles of one news category, newest first. */
    list$: (categoryId: number): Observable<Loadable<readonly NewsItem[]>> =>
      cached(`list:${categoryId}`, async () => {
        const answer = await api.call('news/list', { category_id: categoryId }, { quiet: true });
        return answer.data;
      }),
    /** Every news category with its (server-translated) name. */
    categories$: cached<readonly NewsCategory[]>('categories', () =>
      api.call('news/categories', {}, { quiet: true }),
    ),
    /** One article with its HTML body. */
    article$: (id: number): Observable<Loadable<NewsArticle>> =>
      cached(`info:${id}`, () => api.call('news/info', { id }, { quiet: true })),
  };
}
