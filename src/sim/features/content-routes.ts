import { errorEnvelope, okEnvelope } from '../../api/envelope.ts';
import { AREA_LIST } from '../content/area-list.ts';
import { findArticle, listNews } from '../content/news.ts';
import { articlesIn, categoriesIn, loadNewsIn } from '../content/news-localized.ts';
import type { Routes } from '../routes.ts';
import { SIM_SETTINGS, type SettingKey } from '../settings.ts';

/** Countries, public settings and news: read-only content every visitor may see, news in the caller's lang. */
export function registerContentRoutes(routes: Routes): void {
  routes
    .add('default/area_list', () => okEnvelope(AREA_LIST))
    .add('default/setting', (payload) => okEnvelope(SIM_SETTINGS[payload.key as SettingKey]))
    // Each language's news is a chunk of its own, loaded by the first request in that language.
    .add('news/categories', async (_payload, ctx) => {
      await loadNewsIn(ctx.lang);
      return okEnvelope(categoriesIn(ctx.lang));
    })
    .add('news/list', async (payload, ctx) => {
      await loadNewsIn(ctx.lang);
      return okEnvelope({ data: listNews(payload.category_id as number, articlesIn(ctx.lang)) });
    })
    .add('news/info', async (payload, ctx) => {
      await loadNewsIn(ctx.lang);
      const article = findArticle(payload.id as number, articlesIn(ctx.lang));
      return article ? okEnvelope(article) : errorEnvelope(ctx.t('newsNotFound'));
    });
}
