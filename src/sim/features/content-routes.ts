import { errorEnvelope, okEnvelope } from '../../api/envelope.ts';
import { AREAS } from '../content/areas.ts';
import { findArticle, listNews } from '../content/news.ts';
import { articlesIn, categoriesIn } from '../content/news-localized.ts';
import type { Routes } from '../routes.ts';
import { SIM_SETTINGS, type SettingKey } from '../settings.ts';

/** Countries, public settings and news: read-only content every visitor may see, news in the caller's lang. */
export function registerContentRoutes(routes: Routes): void {
  routes
    .add('default/area_list', () => okEnvelope(AREAS))
    .add('default/setting', (payload) => okEnvelope(SIM_SETTINGS[payload.key as SettingKey]))
    .add('news/categories', (_payload, ctx) => okEnvelope(categoriesIn(ctx.lang)))
    .add('news/list', (payload, ctx) =>
      okEnvelope({ data: listNews(payload.category_id as number, articlesIn(ctx.lang)) }),
    )
    .add('news/info', (payload, ctx) => {
      const article = findArticle(payload.id as number, articlesIn(ctx.lang));
      return article ? okEnvelope(article) : errorEnvelope(ctx.t('newsNotFound'));
    });
}
