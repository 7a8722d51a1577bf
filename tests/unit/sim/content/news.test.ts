import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  NEWS_ARTICLES,
  NEWS_CATEGORIES,
  PRIVACY_ARTICLE_ID,
  findArticle,
  listNews,
} from '../../../../src/sim/content/news.ts';

const CATEGORY_IDS = [1, 4, 5, 6, 22, 26];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ALLOWED_TAGS = new Set(['h2', 'h3', 'p', 'ul', 'li', 'strong', 'a', 'table', 'tr', 'th', 'td']);

describe('NEWS_CATEGORIES', () => {
  it('lists exactly the spec category ids', () => {
    expect(NEWS_CATEGORIES.map((c) => c.id).sort((a, b) => a - b)).toEqual(CATEGORY_IDS);
    for (const c of NEWS_CATEGORIES) expect(c.name.length).toBeGreaterThan(0);
  });
});

describe('NEWS_ARTICLES', () => {
  it('gives every category some items', () => {
    for (const id of CATEGORY_IDS) expect(listNews(id).length, `category ${id}`).toBeGreaterThan(0);
  });

  it('gives each footer category (4, 5, 6) at least 3 items and notices at least 5', () => {
    for (const id of [4, 5, 6]) expect(listNews(id).length, `category ${id}`).toBeGreaterThanOrEqual(3);
    expect(listNews(22).length).toBeGreaterThanOrEqual(5);
  });

  it('puts the privacy policy at id 66 in category 26', () => {
    expect(PRIVACY_ARTICLE_ID).toBe(66);
    const privacy = findArticle(66);
    expect(privacy?.category_id).toBe(26);
    expect(privacy?.title).toBe('Privacy Policy');
    expect(privacy?.content).toContain('<h3>');
  });

  it('uses unique ids and only known categories', () => {
    expect(new Set(NEWS_ARTICLES.map((a) => a.id)).size).toBe(NEWS_ARTICLES.length);
    for (const a of NEWS_ARTICLES) expect(CATEGORY_IDS).toContain(a.category_id);
  });

  it('uses valid YYYY-MM-DD HH:mm:ss dates in 2026', () => {
    for (const a of NEWS_ARTICLES) {
      const m = DATE_RE.exec(a.created_at);
      expect(m, `${a.id}: ${a.created_at}`).not.toBeNull();
      const [, y, mo, d, h, mi, s] = m!.map(Number);
      expect(y).toBe(2026);
      const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
      expect(date.getUTCMonth()).toBe(mo! - 1);
      expect(date.getUTCDate()).toBe(d);
      expect(h).toBeLessThan(24);
      expect(mi).toBeLessThan(60);
      expect(s).toBeLessThan(60);
    }
  });

  it('has non-empty titles and bodies using only simple tags', () => {
    for (const a of NEWS_ARTICLES) {
      expect(a.title.trim().length, `${a.id}`).toBeGreaterThan(0);
      expect(a.content.trim().length, `${a.id}`).toBeGreaterThan(0);
      for (const [, tag] of a.content.matchAll(/<\/?([a-z0-9]+)/gi)) {
        expect(ALLOWED_TAGS.has(tag!.toLowerCase()), `article ${a.id} uses <${tag}>`).toBe(true);
      }
    }
  });

  it('gives every banner a local /banners/ image that exists in public/', () => {
    const banners = NEWS_ARTICLES.filter((a) => a.category_id === 1);
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const b of banners) {
      expect(b.banner, `${b.id}`).toMatch(/^\/banners\/[a-z0-9-]+\.svg$/);
      const file = fileURLToPath(new URL(`../../../../public${b.banner}`, import.meta.url));
      expect(existsSync(file), file).toBe(true);
    }
    for (const a of NEWS_ARTICLES.filter((x) => x.category_id !== 1)) expect(a.banner).toBeUndefined();
  });
});

describe('listNews', () => {
  it('sorts newest first and leaves out the body', () => {
    for (const id of CATEGORY_IDS) {
      const items = listNews(id);
      for (let i = 1; i < items.length; i++) {
        expect(items[i - 1]!.created_at >= items[i]!.created_at).toBe(true);
      }
      for (const item of items) {
        expect(item.category_id).toBe(id);
        expect('content' in item).toBe(false);
      }
    }
  });

  it('breaks ties by higher id and does not reorder the source', () => {
    const source = [
      { id: 1, category_id: 9, title: 'a', content: '', created_at: '2026-01-01 00:00:00' },
      { id: 2, category_id: 9, title: 'b', content: '', created_at: '2026-01-02 00:00:00' },
      { id: 3, category_id: 9, title: 'c', content: '', created_at: '2026-01-01 00:00:00' },
      { id: 4, category_id: 8, title: 'd', content: '', created_at: '2026-05-01 00:00:00' },
    ];
    expect(listNews(9, source).map((a) => a.id)).toEqual([2, 3, 1]);
    expect(source.map((a) => a.id)).toEqual([1, 2, 3, 4]);
  });

  it('returns an empty list for an unknown category', () => {
    expect(listNews(999)).toEqual([]);
  });
});

describe('findArticle', () => {
  it('finds an article with its body, or undefined', () => {
    const a = findArticle(1);
    expect(a?.category_id).toBe(1);
    expect(a?.content.length).toBeGreaterThan(0);
    expect(findArticle(-1)).toBeUndefined();
  });
});
