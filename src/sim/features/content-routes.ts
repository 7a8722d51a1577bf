import { errorEnvelope, okEnvelope } from '../../api/envelope.ts';
import { AREAS } from '../content/areas.ts';
import { NEWS_CATEGORIES, findArticle, listNews } from '../content/news.ts';
import type { Routes } from '../routes.ts';
import { SIM_SETTINGS, type SettingKey } from '../settings.ts';

/** Countries, public settings and news: read-only content every visitor may see. */
export function registerContentRoutes(routes: Routes): void {
  routes
    .add('default/area_list', () => okEnvelope(AREAS))
    .add('default/setting', (payload) => okEnvelope(SIM_SETTINGS[payload.key as SettingKey]))
    .add('news/categories', () => okEnvelope(NEWS_CATEGORIES))
    .add('news/list', (payload) => okEnvelope({ data: listNews(payload.category_id as number) }))
    .add('news/info', (payload, ctx) => {
      const article = findArticle(payload.id as number);
      return article ? okEnvelope(article) : errorEnvelope(ctx.t('newsNotFound'));
    });
}
