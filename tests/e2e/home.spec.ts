import type { Locator, Page } from '@playwright/test';
import { expect, holdAppChunk, test, VIEWS_ONLY, withPrefs } from './fixtures.ts';
import { spillingText } from './spilling-text.ts';

/**
 * The landing page, driven as a visitor would. The market table needs the market simulator
 * (market/currency_matches + DAY_MARKET): these tests wait for its rows to appear.
 */

const HOME_COINS = ['BTC', 'ETH', 'TRX', 'DOT', 'BIB'];

/** "+1.23%" -> 1.23 (display is rounded down, so order is preserved). */
function percent(text: string): number {
  return Number(text.replace('%', '').replace('+', ''));
}

async function homeRows(page: Page): Promise<Locator> {
  const rows = page.getByTestId('home-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  return rows;
}

async function prices(page: Page): Promise<string[]> {
  return page.getByTestId('home-row').locator('[data-col="price"]').allTextContents();
}

test.describe('home', () => {
  test('shows the five home coins against USDT, by change, largest first', async ({ page }) => {
    await page.goto('/home');
    const rows = await homeRows(page);
    await expect(rows).toHaveCount(5);
    // One consistent frame: symbols and changes read together.
    const table = await page.getByTestId('home-table').evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>('[data-testid="home-row"]')).map((row) => ({
        symbol: row.dataset.symbol ?? '',
        change: row.querySelector('[data-col="change"]')?.textContent ?? '',
      })),
    );
    expect(table.map((row) => row.symbol.split('/')[0]).sort()).toEqual([...HOME_COINS].sort());
    expect(table.every((row) => row.symbol.endsWith('/USDT'))).toBe(true);
    const changes = table.map((row) => percent(row.change));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
  });

  test('the market table updates live', async ({ page }) => {
    await page.goto('/home');
    await homeRows(page);
    const first = (await prices(page)).join('|');
    // DAY_MARKET pushes a quote for every pair that traded, a few times a second.
    await expect.poll(async () => (await prices(page)).join('|'), { timeout: 30_000 }).not.toBe(first);
  });

  test('Trade opens the spot screen on that pair', async ({ page }) => {
    await page.goto('/home');
    const rows = await homeRows(page);
    const row = rows.nth(2);
    const symbol = await row.getAttribute('data-symbol');
    expect(symbol).toMatch(/^[A-Z]+\/USDT$/);
    await row.getByRole('link', { name: `Trade ${symbol}` }).click();
    await expect(page).toHaveURL(`/trade?symbol=${symbol}`);
  });

  test('the hero starts registration with the typed account', VIEWS_ONLY, async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('textbox', { name: 'E-mail or phone number' }).fill('newcomer@example.com');
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page).toHaveURL('/register?haccount=newcomer%40example.com');
  });

  test(
    'the banner carousel holds its size from the first HTML, can be paused and stepped through',
    VIEWS_ONLY,
    async ({ page }) => {
      // The slide show runs only for people who have not asked for less motion (the suite asks:
      // playwright.config.ts), and its pause button is what this test presses.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      // The prerendered page (the app held back) has the banners and announcements in its HTML
      // (streams/opening-answers.ts), at the size the app draws them: nothing moves when the app
      // takes the page over (CLS). The hero's column is centred, so a shorter list of
      // announcements moved the gainers above it. (The gainers' own rows follow the live market:
      // their count may change, so they are not compared.)
      const height = () =>
        page.evaluate(() => {
          const box = (selector: string) =>
            (document.querySelector(selector) as HTMLElement).getBoundingClientRect();
          return { carousel: box('.banner-carousel').height, announcements: box('.notices-list').height };
        });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const app = await holdAppChunk(page);
        const opened = page.goto('/home');
        await page.getByTestId('banner-carousel').getByRole('img').first().waitFor();
        await expect(page.locator('.notices-list a')).not.toHaveCount(0);
        // Its stylesheets in: the page as painted, not as laid out before them.
        await page.waitForFunction(() => document.readyState === 'complete');
        const loading = await height();
        await app.release();
        await opened;
        await expect(page.getByTestId('banner-carousel').getByRole('img').first()).toBeVisible();
        await expect(page.locator('.notices-list a').first()).toBeVisible();
        const loaded = await height();
        expect(Math.abs(loaded.carousel - loading.carousel), `${width} px: carousel`).toBeLessThan(1);
        expect(
          Math.abs(loaded.announcements - loading.announcements),
          `${width} px: announcements`,
        ).toBeLessThan(1);
      }
      await page.goto('/home');
      const carousel = page.getByRole('region', { name: 'Highlights' });
      await expect(carousel).toBeVisible();
      await expect(carousel.getByRole('img').first()).toBeVisible();
      const pause = carousel.getByRole('button', { name: 'Pause automatic slide show' });
      await pause.click();
      await expect(carousel.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
      const current = carousel.locator('.banner-dots [aria-current="true"]');
      const before = await current.getAttribute('aria-label');
      await carousel.getByRole('button', { name: 'Next slide' }).click();
      await expect(current).not.toHaveAttribute('aria-label', before ?? '');
      await carousel.getByRole('button', { name: 'Previous slide' }).click();
      await expect(current).toHaveAttribute('aria-label', before ?? '');
      // A visible banner opens its article.
      const visible = carousel.locator('[data-testid="banner-slide"]:not([aria-hidden="true"]) a').first();
      const title = await visible.locator('img').getAttribute('alt');
      await visible.click();
      await expect(page).toHaveURL(/\/notice\?id=\d+&category_id=1$/);
      await expect(page.getByTestId('notice-title')).toHaveText(title ?? '');
    },
  );

  test('gainers, notices, help centre and the QR code are on the page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByTestId('home-gainers').getByRole('link').first()).toBeVisible({ timeout: 30_000 });
    const notice = page.getByTestId('home-notices').getByRole('link').nth(1);
    await expect(notice).toHaveAttribute('href', /\/notice\?id=\d+&category_id=22$/);
    await expect(page.getByTestId('home-help').getByRole('link').nth(1)).toHaveAttribute(
      'href',
      /\/notice\?id=\d+&category_id=5$/,
    );
    await expect(page.getByTestId('home-claims')).toContainText('130+');
    await expect(page.getByTestId('home-claims')).toContainText('5 years');
    const qr = page.getByTestId('home-qr');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('alt', /QR code linking to http/);
  });

  // The download card once squeezed its text to 91 px beside the code on a phone: "Торгуйте" (115 px
  // at 22 px) stuck out of the heading's box into the code's column.
  for (const { lang, width, title, below } of [
    { lang: 'ru', width: 390, title: 'Торгуйте где угодно', below: true },
    { lang: 'en', width: 1440, title: 'Trade on the go', below: false },
  ]) {
    test(
      `the download card's words fit, the code ${below ? 'under' : 'beside'} the text (${lang}, ${width} px)`,
      VIEWS_ONLY,
      async ({ page }) => {
        await withPrefs(page, { lang });
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/home');
        const card = page.getByTestId('home-download');
        const heading = card.getByRole('heading', { name: title });
        await expect(card.getByTestId('home-qr')).toBeVisible({ timeout: 30_000 });
        await heading.scrollIntoViewIfNeeded();
        expect(
          await spillingText(page, '#download-title'),
          'no word of the heading sticks out of its box',
        ).toEqual([]);
        const text = await card.locator('.download-copy').boundingBox();
        const code = await card.getByTestId('home-qr').boundingBox();
        expect(text && code).toBeTruthy();
        if (below) expect(code!.y).toBeGreaterThanOrEqual(text!.y + text!.height);
        else expect(code!.x).toBeGreaterThanOrEqual(text!.x + text!.width);
      },
    );
  }

  test('footer titles open their notice', async ({ page }) => {
    for (const category of [5, 4, 6]) {
      await page.goto('/home');
      const list = page.getByTestId(`footer-news-${category}`);
      const links = list.getByRole('link');
      await expect(links).toHaveCount(3);
      const link = links.nth(1);
      const title = (await link.textContent()) ?? '';
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/notice\\?id=\\d+&category_id=${category}$`));
      await expect(page.getByTestId('notice-title')).toHaveText(title);
    }
  });
});

test.describe('external buy page', () => {
  test('/white embeds the buy page 800 high in a sandbox', VIEWS_ONLY, async ({ page }) => {
    await page.goto('/white');
    const frame = page.getByTestId('white-frame');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('height', '800');
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(' ')).toContain('allow-scripts');
    expect(sandbox.split(' ')).not.toContain('allow-same-origin');
    const box = await frame.boundingBox();
    expect(box?.height).toBe(800);
    const partner = page.frameLocator('[data-testid="white-frame"]');
    await expect(partner.getByRole('heading', { name: 'Buy crypto with a card' })).toBeVisible();
    await partner.getByRole('textbox', { name: 'You pay' }).fill('250');
    await expect(partner.locator('#receive')).toHaveText('246.25');
  });
});
