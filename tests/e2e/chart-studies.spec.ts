import type { Page } from '@playwright/test';
import { expect, test, VIEWS_ONLY } from './fixtures.ts';

const BOOT = { timeout: 30_000 };

/** The drawing list's lines, as the menu shows them. */
async function drawingTexts(page: Page): Promise<string[]> {
  const list = page.getByTestId('chart-drawings').locator('li[data-testid^="drawing-"]');
  return list.allTextContents();
}

async function openMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('chart-studies');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
}

/**
 * Chart studies and drawings (issue 33 item 4) live in local prefs, per pair and period: no answer
 * of the backend decides them, so the test runs once, on the simulator.
 */
test(
  'chart studies and drawings are kept per pair and period across a reload',
  VIEWS_ONLY,
  async ({ page }) => {
    await page.goto('/trade?symbol=BTC/USDT');
    const chart = page.getByTestId('kline-chart');
    await expect(chart.locator('.chart-body')).toHaveAttribute('data-status', 'ready', BOOT);
    await expect(page.getByTestId('period-5min')).toHaveAttribute('aria-pressed', 'true');

    // The spec's default: the two moving averages and volume.
    await openMenu(page);
    for (const [study, on] of [
      ['ma', true],
      ['ema', false],
      ['boll', false],
      ['volume', true],
      ['macd', false],
      ['rsi', false],
    ] as const)
      await expect(page.getByTestId(`study-${study}`)).toBeChecked({ checked: on });
    await page.getByTestId('study-rsi').check();
    await page.getByTestId('study-boll').check();
    await page.getByTestId('study-ma').uncheck();

    // A horizontal line: one click on the price grid; a trend line: two.
    const canvas = chart.locator('.chart-canvas');
    const box = (await canvas.boundingBox())!;
    await page.getByTestId('draw-level').click();
    await expect(page.getByTestId('chart-draw-hint')).toBeVisible();
    await canvas.click({ position: { x: box.width * 0.5, y: 70 } });
    await expect(page.getByTestId('chart-draw-hint')).toHaveCount(0);
    await openMenu(page);
    await page.getByTestId('draw-trend').click();
    // As a person does: each click once the hint asks for it.
    await expect(page.getByTestId('chart-draw-hint')).toBeVisible();
    await canvas.click({ position: { x: box.width * 0.3, y: 120 } });
    await expect(page.getByTestId('chart-draw-hint')).toHaveText('Now click its second point');
    await canvas.click({ position: { x: box.width * 0.6, y: 90 } });
    await expect(page.getByTestId('chart-draw-hint')).toHaveCount(0);
    await openMenu(page);
    const drawn = await drawingTexts(page);
    expect(drawn).toHaveLength(2);
    expect(drawn[0]).toMatch(/^Line at [\d,.]+/);
    expect(drawn[1]).toMatch(/^Trend line [\d,.]+ → [\d,.]+/);
    // The level stands where it was clicked: above the trend line's ends, which were clicked lower.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chart_layouts') ?? '{}'));
    const layout = stored['BTC/USDT@5min'] as {
      studies: string[];
      drawings: Array<{ kind: string; price?: number; from?: { price: number }; to?: { price: number } }>;
    };
    expect(layout.studies).toEqual(['boll', 'volume', 'rsi']);
    expect(layout.drawings.map((d) => d.kind)).toEqual(['level', 'trend']);
    expect(layout.drawings[0]!.price!).toBeGreaterThan(layout.drawings[1]!.to!.price);
    expect(layout.drawings[1]!.to!.price).toBeGreaterThan(layout.drawings[1]!.from!.price);

    // Another period of the same pair has its own layout: the default.
    await page.getByTestId('period-15min').click();
    await openMenu(page);
    await expect(page.getByTestId('study-ma')).toBeChecked();
    await expect(page.getByTestId('study-rsi')).not.toBeChecked();
    await expect(page.getByTestId('chart-drawings')).toHaveCount(0);

    // A reload brings the 15-minute chart back as it was, and the 5-minute one with its studies and lines.
    await page.reload();
    await page.getByTestId('period-5min').click();
    await openMenu(page);
    await expect(page.getByTestId('study-rsi')).toBeChecked();
    await expect(page.getByTestId('study-boll')).toBeChecked();
    await expect(page.getByTestId('study-ma')).not.toBeChecked();
    expect(await drawingTexts(page)).toEqual(drawn);

    // A drawing removed stays removed.
    await page.getByTestId('drawing-d1').getByRole('button').click();
    expect(await drawingTexts(page)).toEqual([drawn[1]]);
    await page.reload();
    await openMenu(page);
    expect(await drawingTexts(page)).toEqual([drawn[1]]);
  },
);
