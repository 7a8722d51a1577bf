import { z } from 'zod';
import * as e from '../entities.ts';
import { empty, num } from '../fields.ts';
import { call, type CallSpec } from './kit.ts';

/** News served per language. */
export const contentCalls = {
  'news/categories': call({
    method: 'GET',
    path: 'news/categories',
    auth: false,
    summary: 'News categories',
    payload: empty,
    answer: z.array(e.newsCategory),
  }),
  'news/list': call({
    method: 'GET',
    path: 'news/list',
    auth: false,
    summary:
      "Articles of one category, newest first. Category 1 is the home carousel's banners; category 23 answers " +
      "the same banners (the family's clients ask for them there)",
    payload: z.object({ category_id: num(z.number().int()) }),
    answer: z.object({ data: z.array(e.newsItem) }),
  }),
  'news/info': call({
    method: 'GET',
    path: 'news/info',
    auth: false,
    summary: 'One article with its HTML body',
    payload: z.object({ id: num(z.number().int()) }),
    answer: e.newsArticle,
  }),
} satisfies Record<string, CallSpec>;
