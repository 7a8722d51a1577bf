import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, withPrefs } from './fixtures.ts';

/**
 * /second (issue 14), driven the way a person would: sign in, move USDT into the micro account on
 * the transfer page, run the market at x60, refuse bad amounts, buy up for 30 s and down for 600 s,
 * watch the countdown and see each contract settle with its proof trades from the public tape.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BOOT = { timeout: 20_000 };

async function signIn(page: Page) {
  await page.goto('/second');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsecond/, BOOT);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByTestId('micro-page')).toBeVisible(BOOT);
}

async function fundMicro(page: Page, amount: string) {
  await page.goto('/assets/transfer');
  await expect(page.getByTestId('transfer-page')).toBeVisible(BOOT);
  await page.locator('#transfer-partner').selectOption('micro');
  await expect(page.getByTestId('transfer-to')).toHaveText('Micro account');
  await page.locator('#transfer-amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Transfer complete' })).toBeVisible();
}

const price = async (row: ReturnType<Page['getByTestId']>, id: string) =>
  Number(((await row.getByTestId(id).textContent()) ?? '').trim());

test('buys up and down, counts down on the server clock and settles on the public tape', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await fundMicro(page, '500');
  await page.getByTestId('sim-speed').selectOption('60');
  await page.goto('/second');
  const form = page.getByTestId('micro-form');
  await expect(form).toBeVisible(BOOT);
  await expect(page.getByTestId('micro-available')).toHaveText('500 USDT');

  // Bad amounts are refused with a message and nothing is bought.
  const amount = page.getByTestId('micro-amount');
  const problem = page.getByTestId('micro-amount-problem');
  await page.getByTestId('micro-buy-up').click();
  await expect(problem).toHaveText('Please enter a number');
  await amount.fill('abc');
  await expect(problem).toHaveText('Enter a number, such as 0.5');
  await amount.fill('0');
  await page.getByTestId('micro-buy-up').click();
  await expect(problem).toHaveText('The amount must be above zero');
  await amount.fill('1.234');
  await expect(problem).toHaveText('At most 2 decimal places');
  await amount.fill('600');
  await expect(problem).toHaveText('Insufficient balance in the micro account');
  await page.getByTestId('micro-buy-up').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Up, 30 s: the expected payout is shown live, the confirm says what is bought.
  await amount.fill('100');
  await page.getByTestId('micro-seconds-30').click();
  await expect(page.getByTestId('micro-expected')).toHaveText('180 USDT');
  await page.getByTestId('micro-buy-up').click();
  await expect(page.getByTestId('micro-confirm-text')).toContainText('100 USDT');
  await page.getByTestId('micro-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Contract bought' })).toBeVisible();
  await expect(page.getByTestId('micro-available')).toHaveText('399.9 USDT');

  // Down, 600 s (10 real seconds at x60): watch it count down.
  await amount.fill('50');
  await page.getByTestId('micro-seconds-600').click();
  await page.getByTestId('micro-buy-down').click();
  await page.getByTestId('micro-confirm').click();
  const contracts = page.getByTestId('micro-contracts');
  // The 30 s contract settles within half a real second at x60 and leaves the running list; wait
  // until the only countdown left is the 600 s one rather than read whichever row is there first.
  const countdown = contracts.getByTestId('micro-countdown');
  await expect(countdown).toHaveCount(1, { timeout: 10_000 });
  const seconds = async () => Number(((await countdown.first().textContent()) ?? '').replace(/\D/g, ''));
  await expect.poll(seconds).toBeGreaterThan(60);
  const first = await seconds();
  await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first - 60);

  // Both settle; each closed row shows its proof and a result that is the comparison of its prices.
  await expect(contracts.getByTestId('micro-countdown')).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('micro-tab-closed').click();
  const rows = contracts.locator('[data-testid^="micro-row-"]');
  await expect(rows).toHaveCount(2);
  for (const [index, direction] of [
    [0, 'down'],
    [1, 'up'],
  ] as const) {
    const row = rows.nth(index);
    const open = await price(row, 'micro-open-price');
    const end = await price(row, 'micro-end-price');
    const expected = end === open ? 'Tie, refunded' : end > open === (direction === 'up') ? 'Won' : 'Lost';
    await expect(row.getByTestId('micro-result')).toContainText(expected);
    await row.getByText('Proof').click();
    await expect(row.getByTestId('micro-proof')).toContainText(/Opening trade: #\d+ at .*, price /);
    await expect(row.getByTestId('micro-proof')).toContainText(/Closing trade: #\d+ at .*, price /);
  }
  await mkdir('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/micro-1440-dark-en.png', fullPage: true });
});

for (const [lang, theme, width] of [
  ['en', 'light', 390],
  ['ru', 'dark', 390],
  ['th', 'light', 1440],
  ['kr', 'dark', 1440],
  ['ru', 'light', 1440],
  ['th', 'dark', 390],
] as const) {
  test(`fits ${width} px in ${lang}, ${theme}, with no sideways scroll`, async ({ page }) => {
    await withPrefs(page, { lang, theme });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login?redirect=%2Fsecond');
    await page.locator('input[type="email"], input[autocomplete="username"]').first().fill(DEMO.email);
    await page.locator('input[type="password"]').first().fill(DEMO.password);
    await page.locator('input[type="password"]').first().press('Enter');
    await expect(page.getByTestId('micro-form')).toBeVisible(BOOT);
    await page.getByTestId('micro-buy-up').click();
    await expect(page.getByTestId('micro-amount-problem')).toBeVisible();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
    await mkdir('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/micro-${width}-${theme}-${lang}.png`, fullPage: true });
  });
}
