import type { Observable } from 'rxjs';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { type Loadable, loadOnce, settled } from '../loadable.ts';
import { type OpeningAnswers, readKey } from '../opening-answers.ts';

export type NewsItem = AnswerOf<'news/list'>['data'][number];
export type NewsArticle = AnswerOf<'news/info'>;
export type NewsCategory = AnswerOf<'news/categories'>[number];

/**
 * News (spec §7 news/*). The footer of every page and several home blocks read it, so each answer
 * is loaded once per app and shared, per key; a failed load is forgotten, so the next reader tries
 * again. The same key always gives the same stream. News is the same for every visitor in one
 * language, so a prerendered page carries the answers it shows (`opening`, opening-answers.ts):
 * those reads are ready from the start.
 */
export function newsQueries(api: ApiClient, opening: OpeningAnswers | null = null) {
  const streams = new Map<string, Observable<Loadable<unknown>>>();
  function cached<T>(key: string, load: () => Promise<T>): Observable<Loadable<T>> {
    opening?.asked?.(key, load);
    let stream = streams.get(key);
    if (stream === undefined) {
      const known = opening?.known(key);
      stream = known === undefined ? loadOnce(load) : settled(known.data);
      streams.set(key, stream);
    }
    return stream as Observable<Loadable<T>>;
  }
  return {
    /** The titles of one news category, newest first. */
    list$: (categoryId: number): Observable<Loadable<readonly NewsItem[]>> =>
      cached(readKey('news/list', { category_id: categoryId }), async () => {
        const answer = await api.call('news/list', { category_id: categoryId }, { quiet: true });
        return answer.data;
      }),
    /** Every news category with its (server-translated) name. */
    categories$: cached<readonly NewsCategory[]>(readKey('news/categories', {}), () =>
      api.call('news/categories', {}, { quiet: true }),
    ),
    /** One article with its HTML body. */
    article$: (id: number): Observable<Loadable<NewsArticle>> =>
      cached(readKey('news/info', { id }), () => api.call('news/info', { id }, { quiet: true })),
  };
}
