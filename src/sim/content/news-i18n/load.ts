import type { LanguageCode } from '../../../domain/languages.ts';
import type { NewsTranslation } from './types.ts';

/**
 * Each language's news (titles, bodies, category names) as a chunk of its own, fetched the first
 * time a request asks for that language: the worker starts the market without 12
 * languages of articles in its script. index.ts keeps the eager table for tests and scripts.
 */
export const NEWS_LOADERS: Readonly<Record<Exclude<LanguageCode, 'en'>, () => Promise<NewsTranslation>>> = {
  zh: () => import('./zh.ts').then((m) => m.zh),
  hk: () => import('./hk.ts').then((m) => m.hk),
  jp: () => import('./jp.ts').then((m) => m.jp),
  kr: () => import('./kr.ts').then((m) => m.kr),
  gm: () => import('./gm.ts').then((m) => m.gm),
  du: () => import('./du.ts').then((m) => m.du),
  fr: () => import('./fr.ts').then((m) => m.fr),
  ru: () => import('./ru.ts').then((m) => m.ru),
  pt: () => import('./pt.ts').then((m) => m.pt),
  es: () => import('./es.ts').then((m) => m.es),
  ita: () => import('./ita.ts').then((m) => m.ita),
  th: () => import('./th.ts').then((m) => m.th),
};
