import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, showOnce, test, withPrefs } from './fixtures.ts';

/**
 * Earnings (issue 15), driven like a person: a visitor sees the products with log-in links; the demo
 * user moves USDT to the earnings account on the transfer page, is refused bad amounts, buys a
 * flexible and a fixed product after the confirm prompt, watches the countdown run at x60, skips a
 * simulated day and sees the dividend in the holding, the records and the chart, and redeems the
 * flexible one.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };

async function signIn(page: Page, path: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  // By what the fields are rather than their labels, so it signs in in any language (e-mail tab first).
  await page.getByRole('tab').first().click();
  await page.locator('input[autocomplete="username"]').fill(DEMO.email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO.password);
  await page.locator('input[autocomplete="current-password"]').press('Enter');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(path.replace(/[/?]/g, '\\$&')));
}

async function transferToEarnings(page: Page, amount: string) {
  await page.goto('/assets/transfer');
  await page.locator('#transfer-partner').selectOption('financial');
  await page.locator('#transfer-amount').fill(amount);
  await page.locator('#transfer-amount').press('Enter');
  await expect(page.locator('#transfer-amount')).toHaveValue('');
}

function card(page: Page, name: string) {
  return page.getByTestId('earn-product').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * No sideways scroll once the page has taken the new width: the header decides between its wide
 * and phone layouts in a ResizeObserver callback, which a busy machine runs some frames after a
 * viewport change, so the width is polled rather than read once.
 */
async function noSideScroll(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

test('a visitor sees the products with log-in links; axe finds nothing', async ({ page }) => {
  await page.goto('/deposit');
  await expect(page.getByTestId('earn-product')).toHaveCount(12);
  await expect(card(page, 'USDT Flexible Savings')).toContainText('3.00%');
  await expect(page.getByRole('link', { name: 'Log in to buy' }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My holdings' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations).toEqual([]);
});

test('transfer in, refused amounts, buy, a dividend after a simulated day, redeem', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/assets/transfer');
  await transferToEarnings(page, '1000');

  await page.goto('/deposit');
  await card(page, 'USDT Flexible Savings').getByRole('button', { name: /^Buy/ }).click();
  const amount = page.getByLabel('Amount (USDT)');
  const buy = page.getByTestId('earn-buy').getByRole('button', { name: 'Buy', exact: true });
  await expect(page.getByTestId('earn-available')).toContainText('1,000.00 USDT');
  for (const [typed, message] of [
    ['', 'Please enter an amount'],
    ['abc', 'Enter a number, such as 0.5'],
    ['0', 'Enter an amount greater than 0'],
    ['5', 'The minimum is 10 USDT'],
    ['5000', 'Insufficient balance'],
  ] as const) {
    await amount.fill(typed);
    await buy.click();
    await expect(page.getByTestId('amount-problem')).toHaveText(message);
    // The field keeps what was typed.
    await expect(amount).toHaveValue(typed);
  }
  await amount.fill('500');
  await buy.click();
  await expect(page.getByTestId('earn-confirm')).toContainText('Put 500 USDT into USDT Flexible Savings?');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('earn-bought')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(card(page, 'USDT Flexible Savings').getByTestId('earn-held')).toHaveText('500.00 USDT');

  await card(page, 'USDT 7-Day Fixed Savings').getByRole('button', { name: /^Buy/ }).click();
  await amount.fill('200');
  await buy.click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('tab', { name: 'My holdings' }).click();
  const holdings = page.getByTestId('earn-holding');
  await expect(holdings).toHaveCount(2);
  const flexible = holdings.filter({ hasText: 'USDT Flexible Savings' });
  const fixed = holdings.filter({ hasText: 'USDT 7-Day Fixed Savings' });
  // A fixed term offers no redemption.
  await expect(fixed.getByRole('button', { name: 'Redeem' })).toHaveCount(0);

  // At x60 the countdown to the next payout runs a simulated minute a second.
  await page.getByTestId('sim-speed').selectOption('60');
  const countdown = flexible.getByTestId('earn-countdown');
  await expect(countdown).toHaveText(/^23:\d\d:\d\d$/);
  const before = (await countdown.textContent()) ?? '';
  await expect(countdown).not.toHaveText(before, { timeout: 5000 });
  const minutes = (text: string) => Number(text.slice(3, 5)) + Number(text.slice(0, 2)) * 60;
  await expect
    .poll(async () => minutes(before) - minutes((await countdown.textContent()) ?? ''), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(2);

  // A simulated day later the first dividend is paid: 500 x 3 % / 365 = 0.041095 USDT.
  await page.getByTestId('earn-skip').click();
  await expect(flexible.getByTestId('earn-paid-days')).toHaveText('1', { timeout: 15_000 });
  await expect(flexible.getByTestId('earn-income')).toHaveText('0.041095 USDT');
  await expect(page.getByTestId('earn-totals')).toContainText('0.073972 USDT');
  await expect(page.getByTestId('earn-chart').locator('canvas')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/earnings-holdings-1440-dark-en.png', fullPage: true });

  await page.getByRole('tab', { name: 'Records' }).click();
  await expect(page.getByTestId('earn-record')).toHaveCount(2);
  await expect(page.getByTestId('earn-records')).toContainText('+0.041095 USDT');
  await page.getByRole('tab', { name: 'My holdings' }).click();

  await flexible.getByRole('button', { name: 'Redeem' }).click();
  await flexible.getByRole('group').getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Redeemed: the principal is back in your earnings account')).toBeVisible();
  await expect(holdings).toHaveCount(1);
  await expect(page.getByTestId('earn-ended')).toContainText('Redeemed');

  await page.getByRole('tab', { name: 'Products' }).click();
  await card(page, 'USDT Flexible Savings').getByRole('button', { name: /^Buy/ }).click();
  // 1000 - 500 - 200 + 500 back + 0.041095 + 0.032876 of dividends.
  await expect(page.getByTestId('earn-available')).toContainText('800.07 USDT');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'My holdings' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('earn-holding')).toHaveCount(1);
  await noSideScroll(page, 390);
  await page.screenshot({ path: '/tmp/shots/earnings-holdings-390-dark-en.png', fullPage: true });
});

for (const [index, { lang, theme, width }] of (
  [
    { lang: 'ru', theme: 'light', width: 390 },
    { lang: 'th', theme: 'dark', width: 390 },
    { lang: 'ru', theme: 'dark', width: 1440 },
    { lang: 'th', theme: 'light', width: 1440 },
    { lang: 'en', theme: 'light', width: 390 },
  ] as const
).entries()) {
  test(`products and the buy panel in ${lang}, ${theme}, ${width} px`, async ({ page, backend }) => {
    showOnce(backend, index);
    await withPrefs(page, { lang, theme });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/deposit');
    await expect(page.getByTestId('earn-product')).toHaveCount(12);
    await noSideScroll(page, width);
    await page.screenshot({
      path: `/tmp/shots/earnings-visitor-${width}-${theme}-${lang}.png`,
      fullPage: true,
    });
    if (lang !== 'ru' || width !== 390) return;
    // Signed in, in Russian: a decimal comma is read as the decimal separator and shown as typed.
    await signIn(page, '/assets/transfer');
    await transferToEarnings(page, '100');
    await page.goto('/deposit');
    await page.getByTestId('earn-product').first().getByRole('button').click();
    await page.locator('#earn-amount').fill('12,5');
    await page.getByTestId('earn-buy').locator('button[type="submit"]').click();
    await expect(page.getByTestId('earn-confirm')).toContainText('12,5 USDT');
    await noSideScroll(page, width);
    await page.screenshot({ path: `/tmp/shots/earnings-buy-${width}-${theme}-${lang}.png` });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations).toEqual([]);
  });
}
