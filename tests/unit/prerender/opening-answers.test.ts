import { firstValueFrom, filter } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { prerenderPage } from '../../../src/app/prerender-page.tsx';
import { DEFAULT_LANGUAGE } from '../../../src/domain/languages.ts';
import { NEWS_CATEGORY } from '../../../src/domain/home-table.ts';
import { openingContent } from '../../../src/sim/opening-content.ts';
import type { Loadable } from '../../../src/streams/loadable.ts';
import { newsQueries } from '../../../src/streams/queries/news.ts';
import { startHarness, type Harness } from '../api/sim-harness.ts';

/** A build's opening instant (whole minutes, as scripts/prerender/plugin.ts takes it). */
const OPENING_AT = Date.UTC(2026, 10, 28, 8, 41);

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

/** What the app's news reads load from an exchange opened as a browser's worker opens it. */
function browsersNews() {
  const api = createApiClient({
    transport: harness.transports.sim,
    getToken: () => null,
    getLang: () => DEFAULT_LANGUAGE,
    notify: () => undefined,
  });
  const news = newsQueries(api);
  const settledData = <T>(stream: import('rxjs').Observable<Loadable<T>>) =>
    firstValueFrom(stream.pipe(filter((state) => state.status !== 'loading'))).then((state) => {
      if (state.status !== 'ready') throw new Error('a news read failed');
      return state.data;
    });
  return (key: string): Promise<unknown> => {
    const [call, payload] = JSON.parse(key) as [string, Record<string, number>];
    if (call === 'news/list') return settledData(news.list$(payload.category_id!));
    if (call === 'news/info') return settledData(news.article$(payload.id!));
    if (call === 'news/categories') return settledData(news.categories$);
    throw new Error(`a page carries an answer of ${call}`);
  };
}

describe('the news in the prerendered pages', () => {
  it("are a browser exchange's answers, and /notice shows the newest announcement", async () => {
    const page = await prerenderPage('/notice', null, await openingContent(OPENING_AT));
    const keys = Object.keys(page.answers);
    // The footer's three lists and the category names, the announcements, and the newest one.
    expect(keys).toHaveLength(6);
    const read = browsersNews();
    // Later, after the exchange has lived a while: news does not follow the market.
    harness.clock.advance(3 * 86_400_000);
    for (const key of keys) expect(page.answers[key], key).toEqual(await read(key));

    const list = (await read(JSON.stringify(['news/list', { category_id: NEWS_CATEGORY.notices }]))) as {
      id: number;
      title: string;
    }[];
    const newest = list[0]!;
    expect(page.answers[JSON.stringify(['news/info', { id: newest.id }])]).toBeDefined();
    const heading = /data-testid="notice-title"[^>]*>([^<]*)</.exec(page.body)?.[1];
    expect(heading).toBe(newest.title.replace(/&/g, '&amp;'));
    for (const item of list) expect(page.body).toContain(item.title.replace(/&/g, '&amp;'));
  });

  it('are left out of a server build, whose news is its own: /notice shows its skeleton', async () => {
    const page = await prerenderPage('/notice', null, null);
    expect(Object.keys(page.answers)).toEqual([]);
    expect(page.body).not.toContain('data-testid="notice-title"');
    expect(page.body).toContain('notice-loading');
  });
});
