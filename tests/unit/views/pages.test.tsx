// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FooterNews } from '../../../src/views/components/FooterNews.tsx';
import HomePage from '../../../src/views/pages/home/HomePage.tsx';
import NoticePage from '../../../src/views/pages/notice/NoticePage.tsx';
import WhitePage from '../../../src/views/pages/white/WhitePage.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function item(id: number, category_id: number, title: string, banner?: string) {
  return {
    id,
    category_id,
    title,
    created_at: `2026-02-${String(10 + (id % 18)).padStart(2, '0')} 09:00:00`,
    banner,
  };
}

const NEWS: Record<number, ReturnType<typeof item>[]> = {
  1: [
    item(1, 1, 'Banner one', '/banners/a.svg'),
    item(2, 1, 'Banner two', '/banners/b.svg'),
    item(3, 1, 'Banner three', '/banners/c.svg'),
  ],
  4: [item(10, 4, 'About A'), item(11, 4, 'About B'), item(12, 4, 'About C'), item(13, 4, 'About D')],
  5: [item(20, 5, 'Help A'), item(21, 5, 'Help B'), item(22, 5, 'Help C'), item(23, 5, 'Help D')],
  6: [item(30, 6, 'Terms A'), item(31, 6, 'Terms B'), item(32, 6, 'Terms C'), item(33, 6, 'Terms D')],
  22: [item(40, 22, 'Notice A'), item(41, 22, 'Notice B')],
  26: [item(66, 26, 'Privacy Policy')],
};

const XSS_BODY =
  '<h2>Privacy Policy</h2><p>Safe text <a href="/home">home</a></p>' +
  '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>' +
  '<a href="javascript:window.__xss=1">bad</a><svg onload="window.__xss=1"></svg>' +
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><form action="javascript:1"><input></form>';

function newsHarness(setting: string | null = '/external-buy.html') {
  return createHarness({
    'news/list': () => Promise.resolve({ data: [] }),
    'default/setting': () =>
      setting === null ? Promise.reject(new Error('down')) : Promise.resolve(setting),
    'news/categories': () => Promise.resolve([{ id: 26, name: 'Privacy (server)' }]),
  });
}

/** A harness whose news/list and news/info answer from NEWS, by the payload asked for. */
function withNews(setting?: string | null) {
  const harness = newsHarness(setting);
  const original = harness.api.call.bind(harness.api);
  harness.api.call = ((name: string, payload: Record<string, unknown>, options?: object) => {
    if (name === 'news/list') return Promise.resolve({ data: NEWS[payload.category_id as number] ?? [] });
    if (name === 'news/info') {
      const found = Object.values(NEWS)
        .flat()
        .find((n) => n.id === payload.id);
      if (!found) return Promise.reject(new Error('This article does not exist'));
      return Promise.resolve({
        ...found,
        content: found.id === 66 ? XSS_BODY : `<p>Body of ${found.title}</p>`,
      });
    }
    return original(name as 'news/categories', payload as never, options);
  }) as typeof harness.api.call;
  return harness;
}

describe('HomePage', () => {
  it('shows BTC, ETH, TRX, DOT and BIB against USDT by change, each with a Trade button on its pair', async () => {
    renderAt(withNews(), '/home', <HomePage />);
    await waitFor(() => expect(screen.getAllByTestId('home-row').length).toBe(4));
    const rows = screen.getAllByTestId('home-row');
    expect(rows.map((row) => row.dataset.symbol)).toEqual(['DOT/USDT', 'BTC/USDT', 'TRX/USDT', 'ETH/USDT']);
    const trade = within(rows[0] as HTMLElement).getByTestId('home-trade');
    expect(trade.getAttribute('href')).toBe('/trade?symbol=DOT/USDT');
    fireEvent.click(trade);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade?symbol=DOT/USDT'));
  });

  it('lists the gainers of every market, the notices and the help centre', async () => {
    renderAt(withNews(), '/home', <HomePage />);
    const gainers = await screen.findByTestId('home-gainers');
    await waitFor(() => expect(within(gainers).getAllByRole('link').length).toBeGreaterThan(1));
    expect(within(gainers).getAllByRole('listitem')[0]?.textContent).toContain('SOL');
    const notices = screen.getByTestId('home-notices');
    await waitFor(() =>
      expect(within(notices).getByText('Notice A').closest('a')?.getAttribute('href')).toBe(
        '/notice?id=40&category_id=22',
      ),
    );
    const help = screen.getByTestId('home-help');
    await waitFor(() =>
      expect(within(help).getByText('Help A').closest('a')?.getAttribute('href')).toBe(
        '/notice?id=20&category_id=5',
      ),
    );
    expect(screen.getByTestId('home-claims').textContent).toContain('130+');
    expect(screen.getByTestId('home-claims').textContent).toContain('5 years');
    await waitFor(() =>
      expect(screen.getByTestId('home-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/),
    );
  });

  it('starts registration with the typed account', async () => {
    renderAt(withNews(), '/home', <HomePage />);
    fireEvent.change(screen.getByTestId('hero-account'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByTestId('hero-register'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/register?haccount=ann%40example.com'),
    );
  });

  it('rotates the banners by itself, and stops when paused', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderAt(withNews(), '/home', <HomePage />);
    await screen.findByTestId('banner-carousel');
    const current = () =>
      Array.from(document.querySelectorAll('.banner-dots button')).findIndex(
        (dot) => dot.getAttribute('aria-current') === 'true',
      );
    const shown = () =>
      screen.getAllByTestId('banner-slide').filter((slide) => slide.getAttribute('aria-hidden') !== 'true')
        .length;
    expect(current()).toBe(0);
    expect(shown()).toBe(1);
    act(() => vi.advanceTimersByTime(6_000));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByTestId('banner-pause'));
    expect(screen.getByTestId('banner-pause').getAttribute('aria-label')).toBe('Start automatic slide show');
    act(() => vi.advanceTimersByTime(30_000));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByTestId('banner-prev'));
    expect(current()).toBe(2);
    const slides = screen.getAllByTestId('banner-slide');
    expect(slides[2]?.querySelector('a')?.getAttribute('href')).toBe('/notice?id=3&category_id=1');
    expect(slides[0]?.hasAttribute('inert')).toBe(true);
  });
});

describe('FooterNews', () => {
  it('lists the first 3 titles of categories 5, 4 and 6, each opening its notice', async () => {
    renderAt(withNews(), '/home', <FooterNews />);
    for (const [category, titles] of [
      [5, ['Help A', 'Help B', 'Help C']],
      [4, ['About A', 'About B', 'About C']],
      [6, ['Terms A', 'Terms B', 'Terms C']],
    ] as const) {
      const list = screen.getByTestId(`footer-news-${category}`);
      await waitFor(() =>
        expect(
          within(list)
            .getAllByRole('link')
            .map((a) => a.textContent),
        ).toEqual([...titles]),
      );
      const first = within(list).getAllByRole('link')[0];
      expect(first?.getAttribute('href')).toBe(
        `/notice?id=${NEWS[category]?.[0]?.id}&category_id=${category}`,
      );
    }
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Help centre',
      'About us',
      'Terms',
    ]);
  });
});

describe('NoticePage', () => {
  it('shows the category titles and the article, its hostile HTML defused', async () => {
    const page = window as unknown as { __xss?: unknown };
    const scriptWindow = ((globalThis as unknown as { jsdom?: { window: object } }).jsdom?.window ??
      window) as { __xss?: unknown };
    page.__xss = undefined;
    scriptWindow.__xss = undefined;
    renderAt(withNews(), '/notice?id=66&category_id=26', <NoticePage />);
    expect(await screen.findByTestId('notice-title')).toHaveProperty('textContent', 'Privacy Policy');
    const body = screen.getByTestId('article-body');
    await waitFor(() => expect(body.textContent).toContain('Safe text'));
    // The heading that repeats the title is dropped; the rest is sanitized.
    expect(body.querySelector('h2')).toBeNull();
    expect(body.querySelectorAll('script, iframe, svg, form, input')).toHaveLength(0);
    for (const element of Array.from(body.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name.startsWith('on')).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain('javascript:');
      }
      element.dispatchEvent(new Event('error'));
      element.dispatchEvent(new Event('load'));
    }
    expect(page.__xss).toBeUndefined();
    expect(scriptWindow.__xss).toBeUndefined();
    const titles = screen.getByTestId('notice-titles');
    expect(within(titles).getByText('Privacy Policy').closest('a')?.getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Privacy');
  });

  it('opens the newest article of a category when no id is given, and links between titles', async () => {
    renderAt(withNews(), '/notice?category_id=5', <NoticePage />);
    expect(await screen.findByTestId('notice-title')).toHaveProperty('textContent', 'Help A');
    expect(
      within(screen.getByTestId('notice-titles'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/notice?id=20&category_id=5',
      '/notice?id=21&category_id=5',
      '/notice?id=22&category_id=5',
      '/notice?id=23&category_id=5',
    ]);
  });

  it('a bare /notice waits for the announcements and opens the newest, never asking to choose one', async () => {
    const harness = withNews();
    const answer = harness.api.call.bind(harness.api);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    harness.api.call = ((name: string, payload: Record<string, unknown>, options?: object) =>
      name === 'news/list' && payload.category_id === 22
        ? held.then(() => answer(name, payload as never, options))
        : answer(name as 'news/info', payload as never, options)) as typeof harness.api.call;
    const { container } = renderAt(harness, '/notice', <NoticePage />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Choose an article to read')).toBeNull();
    expect(container.querySelector('article')?.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByTestId('notice-title')).toHaveProperty('textContent', 'Notice A');
  });

  it('a category without articles says so where the article would be', async () => {
    renderAt(withNews(), '/notice?category_id=7', <NoticePage />);
    await waitFor(() => expect(screen.getAllByText('No articles in this category yet')).toHaveLength(2));
    expect(screen.queryByText('Choose an article to read')).toBeNull();
  });

  it("follows the article's real category when the address names another one", async () => {
    renderAt(withNews(), '/notice?id=21&category_id=26', <NoticePage />);
    expect(await screen.findByTestId('notice-title')).toHaveProperty('textContent', 'Help B');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const link = within(crumbs).getAllByRole('link').at(-1);
    expect(link?.getAttribute('href')).toBe('/notice?category_id=5');
    expect(link?.textContent).toBe('Help centre');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('notice-titles'))
          .getAllByRole('link')
          .map((a) => a.textContent?.replace(/\d{4}-\d{2}-\d{2}.*$/, '')),
      ).toEqual(['Help A', 'Help B', 'Help C', 'Help D']),
    );
  });

  it('says when an article does not exist', async () => {
    renderAt(withNews(), '/notice?id=999&category_id=5', <NoticePage />);
    expect(await screen.findByText('This article could not be found')).toBeTruthy();
  });
});

describe('WhitePage', () => {
  it('embeds the configured buy page, 800 high and sandboxed', async () => {
    renderAt(withNews('/external-buy.html'), '/white', <WhitePage />);
    const frame = await screen.findByTestId('white-frame');
    expect(frame.getAttribute('height')).toBe('800');
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/external-buy.html?theme=dark`);
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(' ');
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
  });

  it('explains when no buy page is configured', async () => {
    renderAt(withNews(''), '/white', <WhitePage />);
    expect(await screen.findByText('Buying with a card is not available right now')).toBeTruthy();
    expect(screen.queryByTestId('white-frame')).toBeNull();
  });
});
