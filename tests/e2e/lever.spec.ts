import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, withPrefs } from './fixtures.ts';

/**
 * /lever (issue 13), driven the way a person would: sign in, move USDT into the lever account on
 * the transfer page, refuse bad lots and stops, open a long at market with a stop-loss, watch its
 * PnL live in the open positions, close it, rest a fixed-price short above the market and cancel it,
 * then open two positions and close all. Screens at 390 and 1440 px, both themes, en ru th.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BOOT = { timeout: 20_000 };

async function signIn(page: Page) {
  await page.goto('/lever');
  await expect(page).toHaveURL(/\/login\?redirect=%2Flever/, BOOT);
  await page.locator('input[type="email"], input[autocomplete="username"]').first().fill(DEMO.email);
  await page.locator('input[type="password"]').first().fill(DEMO.password);
  await page.locator('input[type="password"]').first().press('Enter');
  await expect(page.getByTestId('lever-page')).toBeVisible(BOOT);
}

async function fundLever(page: Page, amount: string) {
  await page.goto('/assets/transfer');
  await expect(page.getByTestId('transfer-page')).toBeVisible(BOOT);
  await page.locator('#transfer-partner').selectOption('lever');
  await page.locator('#transfer-amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Transfer complete' })).toBeVisible();
}

/** The last price of the pair on screen, as its row in the pair list shows it. */
async function lastPrice(page: Page): Promise<number> {
  const text = await page.locator('.lever-pair.active .lever-pair-price').textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

test('opens, watches, closes, cancels and closes all lever positions; bad input refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await fundLever(page, '5000');
  await page.goto('/lever?symbol=BTC/USDT');
  const form = page.getByTestId('lever-form');
  await expect(form).toBeVisible(BOOT);
  await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.0000/);
  await expect.poll(() => lastPrice(page), BOOT).toBeGreaterThan(0);

  // Bad lots and bad stops are refused with translated messages; nothing opens.
  const lots = page.getByTestId('lever-lots');
  await page.getByTestId('lever-long').click();
  await expect(page.getByTestId('lever-lots-problem')).toHaveText('Please enter the number of lots');
  await lots.fill('1.5');
  await expect(page.getByTestId('lever-lots-problem')).toBeVisible();
  await lots.fill('100000');
  await page.getByTestId('lever-long').click();
  await expect(page.getByTestId('lever-lots-problem')).toContainText('Lots must be between');
  await lots.fill('1');
  const last = await lastPrice(page);
  await page.getByTestId('lever-tp').fill(String(Math.floor(last * 0.5)));
  await page.getByTestId('lever-long').click();
  await expect(page.getByTestId('lever-tp-problem')).toHaveText(
    'Take profit of a long must be above the entry and the last price',
  );
  await expect(page.getByTestId('lever-confirm-dialog')).toHaveCount(0);

  // A long at market with a stop-loss: the confirm shows the bond, the position appears with live PnL.
  await page.getByTestId('lever-tp').fill('');
  await page.getByTestId('lever-sl').fill(String(Math.floor(last * 0.5)));
  await expect(page.getByTestId('lever-bond-long')).toContainText('USDT');
  await page.getByTestId('lever-long').click();
  await expect(page.getByTestId('lever-confirm-bond')).toContainText('USDT');
  await page.getByTestId('lever-confirm').click();
  const positions = page.getByTestId('lever-positions');
  const openRows = positions.locator('[data-testid="lever-table-open"] tbody tr');
  await expect(openRows).toHaveCount(1, BOOT);
  await expect(openRows.first().getByTestId('lever-row-sl')).not.toHaveText('—');
  await expect(page.getByTestId('lever-margin')).not.toHaveText('0.0000');
  await expect(page.getByTestId('lever-risk')).toHaveText(/%/);
  await expect(openRows.first().getByTestId('lever-row-pnl')).toHaveText(/^-?\d/);
  await mkdir('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/lever-1440-dark-en-open.png', fullPage: true });

  // Close it: it leaves the open positions and shows among the closed ones.
  await openRows.first().getByTestId('lever-row-close').click();
  await page.getByTestId('lever-ask-confirm').click();
  await expect(openRows).toHaveCount(0, BOOT);
  await page.getByTestId('lever-tab-closed').click();
  await expect(positions.locator('[data-testid="lever-table-closed"] tbody tr')).not.toHaveCount(0);

  // A fixed-price short above the market rests as a pending order, and is cancelled.
  await page.getByTestId('lever-mode-fixed').click();
  await page.getByTestId('lever-price').fill(String(Math.ceil(last * 1.5)));
  await page.getByTestId('lever-lots').fill('1');
  await page.getByTestId('lever-sl').fill('');
  await page.getByTestId('lever-short').click();
  await page.getByTestId('lever-confirm').click();
  await page.getByTestId('lever-tab-pending').click();
  const pendingRows = positions.locator('[data-testid="lever-table-pending"] tbody tr');
  await expect(pendingRows).toHaveCount(1, BOOT);
  await pendingRows.first().getByTestId('lever-row-cancel').click();
  await page.getByTestId('lever-ask-confirm').click();
  await expect(pendingRows).toHaveCount(0, BOOT);

  // Two positions at market, then close all (all) with its confirm.
  await page.getByTestId('lever-mode-market').click();
  for (const side of ['long', 'short'] as const) {
    await page.getByTestId('lever-lots').fill('1');
    await page.getByTestId(`lever-${side}`).click();
    await page.getByTestId('lever-confirm').click();
    await expect(page.getByTestId('lever-confirm-dialog')).toHaveCount(0);
  }
  await page.getByTestId('lever-tab-open').click();
  await expect(openRows).toHaveCount(2, BOOT);
  await page.getByTestId('lever-close-all').click();
  await page.getByTestId('lever-which-all').click();
  await page.getByTestId('lever-ask-confirm').click();
  await expect(openRows).toHaveCount(0, BOOT);
});

for (const [lang, theme, width] of [
  ['en', 'light', 390],
  ['ru', 'dark', 390],
  ['th', 'light', 1440],
  ['ru', 'light', 1440],
  ['th', 'dark', 390],
  ['en', 'dark', 1024],
] as const) {
  test(`fits ${width} px in ${lang}, ${theme}, and refuses bad lots in its language`, async ({ page }) => {
    await withPrefs(page, { lang, theme });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByTestId('lever-form')).toBeVisible(BOOT);
    await page.getByTestId('lever-lots').fill('abc');
    await expect(page.getByTestId('lever-lots-problem')).toBeVisible();
    if (lang !== 'en') await expect(page.getByTestId('lever-lots-problem')).not.toContainText('number');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
    await mkdir('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/lever-${width}-${theme}-${lang}.png`, fullPage: true });
  });
}
