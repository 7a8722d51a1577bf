import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callByPath } from '../../../../src/api/catalogue.ts';
import { LANGUAGE_CODES } from '../../../../src/domain/languages.ts';
import { ManualClock } from '../../../../src/sim/clock.ts';
import { NEWS_ARTICLES, NEWS_CATEGORIES } from '../../../../src/sim/content/news.ts';
import { BANNER_FILES, bannerTexts } from '../../../../src/sim/content/news-i18n/banner-texts.ts';
import { NEWS_TRANSLATIONS } from '../../../../src/sim/content/news-i18n/index.ts';
import { NEWS_LOADERS } from '../../../../src/sim/content/news-i18n/load.ts';
import { articlesIn, categoriesIn, loadNewsIn } from '../../../../src/sim/content/news-localized.ts';
import { registerContentRoutes } from '../../../../src/sim/features/content-routes.ts';
import { Routes } from '../../../../src/sim/routes.ts';
import { loadServerMessages } from '../../../../src/sim/server-messages.ts';
import { createSimServer } from '../../../../src/sim/server.ts';
import { SocketHub } from '../../../../src/sim/socket-hub.ts';

const OTHERS = LANGUAGE_CODES.filter((code) => code !== 'en');
const tags = (html: string) =>
  (html.match(/<\/?[a-z0-9]+/g) ?? []).filter(
    (tag) => !/^<\/?(h2|h3|p|ul|li|strong|a|table|tr|td|th|thead|tbody)$/.test(tag),
  );

describe('site content in every language', () => {
  it('every seeded article, banner and category has all 13 languages, really translated', () => {
    expect(Object.keys(NEWS_TRANSLATIONS).sort()).toEqual([...OTHERS].sort());
    for (const lang of OTHERS) {
      const translation = NEWS_TRANSLATIONS[lang];
      for (const category of NEWS_CATEGORIES) {
        const name = translation.categories[category.id];
        expect(name, `${lang} category ${category.id}`).toBeTruthy();
      }
      for (const article of NEWS_ARTICLES) {
        const text = translation.articles[article.id];
        expect(text, `${lang} article ${article.id}`).toBeDefined();
        if (!text) continue;
        expect(text.title.trim(), `${lang} ${article.id} title`).not.toBe('');
        // Translated, not copied: the title differs from the English (names like "Tessera" aside).
        expect(text.title, `${lang} ${article.id} title is English`).not.toBe(article.title);
        expect(text.content, `${lang} ${article.id} body`).toContain(`<h2>${text.title}</h2>`);
        expect(text.content.replace(/<[^>]+>/g, '').length, `${lang} ${article.id} body`).toBeGreaterThan(
          text.title.length,
        );
        // Only the simple tags the English bodies use, and links that stay inside the app.
        expect(tags(text.content), `${lang} ${article.id} tags`).toEqual([]);
        for (const [, href] of text.content.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^\/[a-z]/);
      }
      // No article is left without its translation, no translation names a missing article.
      expect(
        Object.keys(translation.articles)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(NEWS_ARTICLES.map((a) => a.id).sort((a, b) => a - b));
    }
  });

  it('keeps ids, categories and dates the same in every language; each has its own banner images', async () => {
    const shape = ({
      id,
      category_id,
      created_at,
    }: {
      id: number;
      category_id: number;
      created_at: string;
    }) => ({
      id,
      category_id,
      created_at,
    });
    for (const lang of LANGUAGE_CODES) {
      // Each language's news is its own chunk, loaded on first use (the routes await it too).
      await loadNewsIn(lang);
      expect(articlesIn(lang).map(shape)).toEqual(NEWS_ARTICLES.map(shape));
      for (const article of articlesIn(lang).filter((a) => a.banner)) {
        const path = `public${article.banner ?? ''}`;
        expect(existsSync(path), path).toBe(true);
        if (lang === 'en') continue;
        expect(article.banner).toMatch(new RegExp(`^/banners/${lang}/`));
        // The image says what the banner says, in its language, and none of the English words.
        const svg = readFileSync(path, 'utf8');
        const file = BANNER_FILES.find((f) => f.articleId === article.id);
        expect(file, `banner ${article.id}`).toBeDefined();
        if (!file) continue;
        for (const text of bannerTexts(lang, file)) {
          const escaped = text.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
          expect(svg, `${path}: ${text.text}`).toContain(`>${escaped}</text>`);
          if (text.text !== text.english)
            expect(svg, `${path}: ${text.english}`).not.toContain(`>${text.english}</text>`);
        }
      }
      expect(categoriesIn(lang).map((c) => c.id)).toEqual(NEWS_CATEGORIES.map((c) => c.id));
    }
    expect(articlesIn('xx')).toBe(NEWS_ARTICLES);
    expect(articlesIn('en')).toBe(NEWS_ARTICLES);
  });

  it('the answer follows the lang header of the request', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 1));
    const routes = new Routes();
    registerContentRoutes(routes);
    const server = createSimServer({
      routes,
      calls: callByPath,
      hub: new SocketHub(() => null),
      clock,
      messages: loadServerMessages,
    });
    const call = (path: string, payload: Record<string, unknown>, lang: string) =>
      server.handle({
        method: 'GET',
        path,
        payload,
        headers: { lang, authorization: '' },
        timeoutMs: 20_000,
      });

    for (const lang of LANGUAGE_CODES) {
      const expected = lang === 'en' ? null : NEWS_TRANSLATIONS[lang];
      const banners = (await call('news/list', { category_id: 1 }, lang)).data as {
        data: Array<{ id: number; title: string }>;
      };
      for (const banner of banners.data) {
        const english = NEWS_ARTICLES.find((a) => a.id === banner.id);
        expect(banner.title, `${lang} banner ${banner.id}`).toBe(
          expected?.articles[banner.id]?.title ?? english?.title,
        );
      }
      const article = (await call('news/info', { id: 20 }, lang)).data as { title: string; content: string };
      expect(article.title).toBe(expected?.articles[20]?.title ?? 'How to register');
      expect(article.content).toBe(
        expected?.articles[20]?.content ?? NEWS_ARTICLES.find((a) => a.id === 20)?.content,
      );
      const categories = (await call('news/categories', {}, lang)).data as Array<{
        id: number;
        name: string;
      }>;
      expect(categories.find((c) => c.id === 5)?.name).toBe(expected?.categories[5] ?? 'Help & guides');
    }
    expect(((await call('news/info', { id: 20 }, 'ru')).data as { title: string }).title).toBe(
      'Как зарегистрироваться',
    );
    expect(
      ((await call('news/list', { category_id: 22 }, 'jp')).data as { data: Array<{ title: string }> })
        .data[0]?.title,
    ).toBe('Tessera はデモです：すべてのマーケットはシミュレーションです');
    // An unknown language reads as English.
    expect(((await call('news/info', { id: 20 }, 'xx')).data as { title: string }).title).toBe(
      'How to register',
    );
  });
});

describe('news chunks', () => {
  it('load one per language, each the same translation as the eager table', async () => {
    for (const lang of LANGUAGE_CODES) {
      if (lang === 'en') continue;
      expect(await NEWS_LOADERS[lang](), lang).toBe(NEWS_TRANSLATIONS[lang]);
    }
  });
});
