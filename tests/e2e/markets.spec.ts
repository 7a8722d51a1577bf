import type { Page } from '@playwright/test';
import { expect, holdAppChunk, test, VIEWS_ONLY } from './fixtures.ts';

/**
 * All markets (/markets), driven as a person would. Needs the market simulator
 * (market/currency_matches + DAY_MARKET): the tests wait for its rows.
 */

type Column = 'pair' | 'price' | 'change' | 'high' | 'low' | 'volume';
const COLUMNS: ReadonlyArray<{ key: Column; name: string }> = [
  { key: 'pair', name: 'Pair' },
  { key: 'price', name: 'Last price' },
  { key: 'change', name: '24h change' },
  { key: 'high', name: '24h high' },
  { key: 'low', name: '24h low' },
  { key: 'volume', name: '24h volume' },
];
const SUFFIX: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** A displayed figure as a number: "72,742.35", "+1.23%", "1.94K". */
function figure(text: string): number {
  const clean = text.replace(/[,%+\s]/g, '');
  const suffix = clean.at(-1) ?? '';
  return suffix in SUFFIX ? Number(clean.slice(0, -1)) * (SUFFIX[suffix] ?? 1) : Number(clean);
}

/** The visible table in one frame: each row's symbol and its cells by column. */
async function table(page: Page): Promise<Array<Record<Column, string>>> {
  return page.getByTestId('markets-table').evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>('[data-testid="market-row"]')).map((row) => {
      const cell = (col: string) => row.querySelector(`[data-col="${col}"]`)?.textContent ?? '';
      return {
        pair: row.dataset.symbol ?? '',
        price: cell('price'),
        change: cell('change'),
        high: cell('high'),
        low: cell('low'),
        volume: cell('volume'),
      };
    }),
  );
}

function inOrder(values: number[] | string[], direction: 'ascending' | 'descending'): boolean {
  for (let i = 1; i < values.length; i += 1) {
    const a = values[i - 1] as number | string;
    const b = values[i] as number | string;
    if (direction === 'ascending' ? a > b : a < b) return false;
  }
  return true;
}

async function ready(page: Page): Promise<void> {
  await page.goto('/markets');
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 30_000 });
}

test.describe('all markets', () => {
  test('has a tab per quote currency', async ({ page }) => {
    await ready(page);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const codes = await tabs.allTextContents();
    expect(codes).toContain('USDT');
    for (const code of codes) {
      await page.getByRole('tab', { name: code }).click();
      await expect(page.getByRole('tab', { name: code })).toHaveAttribute('aria-selected', 'true');
      const rows = await table(page);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.pair.endsWith(`/${code}`))).toBe(true);
    }
  });

  test('sorts by every column, both ways', VIEWS_ONLY, async ({ page }) => {
    await ready(page);
    for (const column of COLUMNS) {
      const header = page.getByRole('columnheader', { name: column.name });
      for (let click = 0; click < 2; click += 1) {
        await header.getByRole('button').click();
        const direction = (await header.getAttribute('aria-sort')) as 'ascending' | 'descending';
        const expected = (column.key === 'pair') === (click === 0) ? 'ascending' : 'descending';
        expect(direction, `${column.name} click ${click + 1}`).toBe(expected);
        const rows = await table(page);
        const values =
          column.key === 'pair'
            ? rows.map((row) => row.pair.toUpperCase())
            : rows.map((row) => figure(row[column.key]));
        expect(inOrder(values, direction), `${column.name} ${direction}: ${values.join(', ')}`).toBe(true);
        const others = page.locator(`th[aria-sort]:not([data-sort-key="${column.key}"])`);
        for (const other of await others.all()) await expect(other).toHaveAttribute('aria-sort', 'none');
      }
    }
  });

  test('the table updates live', async ({ page }) => {
    await ready(page);
    const snapshot = async () =>
      (await table(page)).map((row) => `${row.pair} ${row.price} ${row.change}`).join('|');
    const first = await snapshot();
    await expect.poll(snapshot, { timeout: 30_000 }).not.toBe(first);
  });

  test(
    "a returning visitor's page paints the quotes it last showed, greyed with their time, until live ones replace them",
    VIEWS_ONLY,
    async ({ page, browser }) => {
      await ready(page);
      await expect(page.getByTestId('markets-table')).toHaveAttribute('data-quotes', 'ready');
      // The live table is kept for the next visit as soon as it is shown.
      const kept = await page.waitForFunction(() => localStorage.getItem('last_quotes'));
      const stored = JSON.parse(String(await kept.jsonValue())) as {
        rows: Array<{ symbol: string; close: string; priceDecimals?: number }>;
      };
      // One kept figure made unmistakable, to see it on screen and then see it replaced.
      const marked = stored.rows[0]!;
      marked.close = '12345.67';
      marked.priceDecimals = 2;
      await page.evaluate((text) => localStorage.setItem('last_quotes', text), JSON.stringify(stored));
      // The next visit, in a browser of its own with this one's storage: its exchange (the worker's
      // script) is held back until the kept quotes have been seen, then let go.
      const storageState = await page.context().storageState({ indexedDB: true });
      const context = await browser.newContext({ storageState });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/assets/worker-*.js', async (route) => {
        await held;
        await route.continue();
      });
      try {
        const visit = await context.newPage();
        // First the prerendered page alone (the app's chunk held too): it shows the kept figures,
        // greyed, before the app has loaded (app/held-quotes.ts); its other figures stay hidden.
        const app = await holdAppChunk(visit);
        await visit.goto(`${new URL(page.url()).origin}/markets`);
        const table = visit.getByTestId('markets-table');
        const price = visit.locator(
          `[data-testid="market-row"][data-symbol="${marked.symbol}"] [data-col="price"]`,
        );
        expect(await visit.evaluate(() => document.documentElement.dataset.firstPaint)).toBe('held');
        await expect(price).toHaveText('12,345.67');
        await expect(price.locator('.live-price')).toBeVisible();
        await expect(table).toHaveAttribute('data-quotes', 'kept');
        await expect(table).toHaveClass(/quotes-kept/);
        // ...with their time, where the app says it, in its words (kept-note.ts).
        const keptNote = visit.getByTestId('kept-quotes-note');
        await expect(keptNote).toHaveText(/^Prices as of \d{2}:\d{2}:\d{2}/);
        await expect(keptNote).toBeVisible();
        const heldNote = await keptNote.textContent();
        await app.release();
        await expect(table).toHaveAttribute('data-quotes', 'kept');
        await expect(table).toHaveClass(/quotes-kept/);
        await expect(price).toHaveText('12,345.67');
        await expect(visit.getByTestId('kept-quotes-note')).toHaveText(heldNote!);
        // The trade screen of the same visit (the exchange still held) paints them so too: its frame's
        // header greyed with the kept figure (the marked pair is the screen's first), the note in the
        // chart's place; never the build's opening quotes, which this profile's exchange has left.
        const trade = await context.newPage();
        const tradeApp = await holdAppChunk(trade);
        await trade.goto(`${new URL(page.url()).origin}/trade`);
        const header = trade.getByTestId('market-header');
        // Before its app too: the held screen's header shows the kept figure, greyed.
        await expect(header.locator('.market-last .live-price')).toHaveText('12,345.67');
        await expect(header.locator('.market-last .live-price')).toBeVisible();
        await expect(header).toHaveAttribute('data-quotes', 'kept');
        await expect(trade.getByTestId('kept-quotes-note')).toHaveText(heldNote!);
        await expect(trade.getByTestId('kept-quotes-note')).toBeVisible();
        // ...and the pair list its row, greyed too.
        const listed = trade.getByTestId(`pair-${marked.symbol}`).locator('[data-quote-field="close"]');
        await expect(listed).toHaveText('12,345.67');
        await expect(listed).toBeVisible();
        await expect(trade.getByTestId('pair-list')).toHaveClass(/quotes-kept/);
        await tradeApp.release();
        await expect(trade.getByTestId('trade-frame')).toBeVisible();
        await expect(header).toHaveAttribute('data-quotes', 'kept');
        await expect(header).toHaveClass(/quotes-kept/);
        await expect(header.locator('.market-last')).toHaveText('12,345.67');
        await expect(trade.getByTestId('kept-quotes-note')).toHaveText(/^Prices as of \d{2}:\d{2}:\d{2}/);
        release();
        // Live now: the kept figure is gone, the table is no longer greyed and the subtitle is back.
        await expect(header).toHaveAttribute('data-quotes', 'ready', { timeout: 30_000 });
        await expect(header.locator('.market-last')).not.toHaveText('12,345.67');
        await expect(header).not.toHaveClass(/quotes-kept/);
        await expect(trade.getByTestId('kept-quotes-note')).toHaveCount(0);
        await expect(table).toHaveAttribute('data-quotes', 'ready', { timeout: 30_000 });
        await expect(price).not.toHaveText('12,345.67');
        await expect(table).not.toHaveClass(/quotes-kept/);
        await expect(visit.getByTestId('kept-quotes-note')).toHaveCount(0);
        await expect(visit.getByText('Every trading pair with its live 24h figures.')).toBeVisible();

        // Another visit with its exchange free and its app held: the exchange's first answer, asked
        // for before the app loads, is shown live on the held page (app/held-quotes.ts), and the app
        // then starts from it: the header never goes back to kept quotes.
        const early = await context.newPage();
        await early.addInitScript(() => {
          const seen: string[] = [];
          (window as { __quotes?: string[] }).__quotes = seen;
          new MutationObserver(() => {
            const now = document.querySelector('[data-testid="market-header"]')?.getAttribute('data-quotes');
            if (now && seen.at(-1) !== now) seen.push(now);
          }).observe(document, { subtree: true, childList: true, attributes: true });
        });
        const earlyApp = await holdAppChunk(early);
        await early.goto(`${new URL(page.url()).origin}/trade`);
        const earlyHeader = early.getByTestId('market-header');
        await expect(earlyHeader).toHaveAttribute('data-quotes', 'ready', { timeout: 30_000 });
        await expect(earlyHeader.locator('.market-last .live-price')).toBeVisible();
        await expect(earlyHeader).not.toHaveClass(/quotes-kept/);
        expect(await early.evaluate(() => document.documentElement.dataset.firstPaint)).toBe('held');
        await earlyApp.release();
        await expect(early.getByTestId('trade-frame')).toBeVisible();
        await expect(earlyHeader).toHaveAttribute('data-quotes', 'ready');
        const seen = await early.evaluate(() => (window as { __quotes?: string[] }).__quotes ?? []);
        expect(seen.slice(seen.indexOf('ready'))).toEqual(['ready']);
      } finally {
        release();
        await context.close();
      }
    },
  );

  test('search narrows the list', VIEWS_ONLY, async ({ page }) => {
    await ready(page);
    await page.getByRole('searchbox', { name: 'Search pairs' }).fill('eth');
    await expect.poll(async () => (await table(page)).map((row) => row.pair)).not.toHaveLength(0);
    const pairs = (await table(page)).map((row) => row.pair);
    expect(pairs.every((pair) => pair.includes('ETH'))).toBe(true);
    await page.getByRole('searchbox', { name: 'Search pairs' }).fill('no such coin');
    await expect(page.getByText('No pairs match “no such coin”')).toBeVisible();
  });

  test(
    'a search typed into the prerendered page before the app took it over is kept',
    VIEWS_ONLY,
    async ({ page }) => {
      // The app's chunk is held back, so the page on screen is the prerendered one while it is typed
      // into: hydrated in place on the first visit, drawn over on the next (this profile's exchange
      // has opened by then: app/first-paint.ts "held").
      for (const visit of ['hydrated', 'drawn over']) {
        const app = await holdAppChunk(page);
        const opened = page.goto('/markets');
        const search = page.getByRole('searchbox', { name: 'Search pairs' });
        await search.pressSequentially('eth');
        expect(await page.evaluate(() => document.documentElement.dataset.firstPaint), visit).toBe(
          visit === 'hydrated' ? 'hydrate' : 'held',
        );
        await app.release();
        await opened;
        await expect(search, visit).toHaveValue('eth');
        await expect.poll(async () => (await table(page)).length, visit).toBeGreaterThan(0);
        const pairs = (await table(page)).map((row) => row.pair);
        expect(
          pairs.every((pair) => pair.includes('ETH')),
          `${visit}: ${pairs.join(' ')}`,
        ).toBe(true);
      }
    },
  );

  for (const width of [1280, 390]) {
    test(`a 500-character search keeps the page in shape at ${width} px`, VIEWS_ONLY, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await ready(page);
      const search = page.getByRole('searchbox', { name: 'Search pairs' });
      const sizes = () =>
        page.evaluate(() => {
          const wrap = document.querySelector('.markets-table-wrap') as HTMLElement;
          const title = document.querySelector('.markets-empty .empty-title') as HTMLElement;
          return {
            page: document.documentElement.scrollWidth,
            wrap: wrap.scrollWidth,
            titleOverflow: title.scrollWidth - title.clientWidth,
          };
        });
      await search.fill('zz');
      await expect(page.getByText('No pairs match “zz”')).toBeVisible();
      const short = await sizes();
      await search.fill('Q'.repeat(500));
      // The field takes 40 characters and says so; the echo wraps inside the table.
      await expect(search).toHaveValue('Q'.repeat(40));
      await expect(page.getByTestId('markets-search-count')).toHaveText('40/40');
      await expect(page.getByText(`No pairs match “${'Q'.repeat(40)}”`)).toBeVisible();
      const long = await sizes();
      await page.screenshot({ path: `/tmp/shots/markets-long-search-${width}.png`, fullPage: true });
      expect(long.titleOverflow).toBeLessThanOrEqual(0);
      expect(long.wrap).toBeLessThanOrEqual(short.wrap);
      expect(long.page).toBeLessThanOrEqual(short.page);
    });
  }

  for (const width of [390, 1440]) {
    test(
      `nothing moves as the quotes arrive, ${width} px (the cards and the toolbar keep their size)`,
      VIEWS_ONLY,
      async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        // Every layout shift from the first paint on, as the browser scores them (not after input).
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { __shifts: number[] }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number;
              hadRecentInput: boolean;
            }[]) {
              if (!entry.hadRecentInput) shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto('/markets');
        await expect(page.getByTestId('top-gainers')).not.toContainText(/^Top gainers$/);
        await expect(page.getByTestId('market-row').first()).toContainText(/\d/);
        // Two frames for the last shift to be reported.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
      },
    );
  }

  test('a click on a row opens the spot screen on that pair', async ({ page }) => {
    await ready(page);
    const row = page.getByTestId('market-row').nth(1);
    const symbol = await row.getAttribute('data-symbol');
    await row.locator('[data-col="high"]').click();
    await expect(page).toHaveURL(`/trade?symbol=${symbol}`);
  });
});
