import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, openInApp, test, withPrefs } from './fixtures.ts';

/**
 * P2P (issue 16), driven like a person: a visitor browses the hall; a new user buys USDT from the
 * demo merchant's sell ad (bad sizes refused in the dialog, paying refused without a voucher, then
 * paid with one), the demo merchant releases from its shop orders, and the buyer's legal account
 * holds the coins; the merchant publishes an ad and a second user buys from it while the merchant's
 * tab stays open next to it; an unpaid order cancels itself at its limit (the market at x60); pages fit 390 px
 * and axe finds nothing. Every test runs in a fresh browser context, so a fresh simulator.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BUYER = { email: 'p2p-buyer@example.com', password: 'Secret123' };
const SHOTS = '/tmp/shots-p2p';
const BOOT = { timeout: 20_000 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

async function logIn(page: Page, account: string, password: string, path: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.getByLabel('E-mail').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByTestId('account-menu')).toBeVisible(BOOT);
  await expect(page).toHaveURL(new RegExp(path.replace(/[/?]/g, '\\$&')));
}

async function logOut(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

async function register(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('outbox-toggle').click();
  const message = page.getByTestId('outbox-message').filter({ hasText: email }).first();
  await expect(message).toBeVisible();
  const code = (await message.getByTestId('outbox-code').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await page.getByLabel('E-mail verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  await expect(toast(page, 'Registered successfully')).toBeVisible();
}

async function noSideScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations).toEqual([]);
}

test('a visitor browses the hall: sides, coins, pay method and amount filters; fits 390 px; axe clean', async ({
  page,
}) => {
  await page.goto('/legalIndex/legal');
  const rows = page.getByTestId('p2p-ad');
  await expect(rows.first()).toBeVisible(BOOT);
  // The demo merchant's USDT/CNY sell ad is in the Buy tab, with a log-in link instead of Buy.
  await expect(rows.filter({ hasText: 'dem***' })).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name: 'Log in to trade' })).toBeVisible();
  // Best price first: a seller's price never goes down the list.
  const prices = (await rows.locator('.p2p-price strong').allTextContents()).map(Number);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await page.getByLabel('Payment method').selectOption('wxpay');
  await expect(rows.filter({ hasText: 'dem***' })).toHaveCount(0);
  for (const row of await rows.all()) await expect(row).toContainText('WeChat Pay');
  await page.getByLabel('Payment method').selectOption('');
  const amount = page.getByLabel('Amount (CNY)');
  await amount.fill('1e3');
  await expect(page.getByRole('alert')).toHaveText('Enter a number, such as 0.5');
  await expect(amount).toHaveValue('1e3');
  await amount.fill('');
  await page.getByRole('tab', { name: 'Sell' }).click();
  await expect(rows.first().getByRole('link', { name: 'Log in to trade' })).toBeVisible();
  await page.getByRole('radio', { name: 'BTC' }).click();
  await expect(rows.first()).toContainText('BTC');
  await axeClean(page);
  for (const theme of ['dark', 'light'] as const) {
    await withPrefs(page, { theme });
    for (const width of [390, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // The theme is read as the app starts: one load for the three widths.
      if (width === 390) await page.goto('/legalIndex/legal');
      await expect(rows.first()).toBeVisible(BOOT);
      await noSideScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/hall-${theme}-${width}.png`, fullPage: width === 390 });
    }
  }
  // Russian words are long and Traditional Chinese is dense: both fit a phone and a laptop.
  for (const lang of ['ru', 'hk'] as const) {
    await withPrefs(page, { lang, theme: lang === 'ru' ? 'dark' : 'light' });
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await page.goto('/legalIndex/legal');
      await expect(rows.first()).toBeVisible(BOOT);
      await noSideScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/hall-${lang}-${width}.png`, fullPage: width === 390 });
    }
  }
});

test('a buyer orders on the demo merchant, pays with a voucher, the merchant releases, the coins arrive', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await register(page, BUYER.email, BUYER.password);
  await logIn(page, BUYER.email, BUYER.password, '/legalIndex/legal');
  const demoAd = page.getByTestId('p2p-ad').filter({ hasText: 'dem***' });
  await demoAd.getByRole('button', { name: 'Buy USDT' }).click();
  const dialog = page.getByTestId('p2p-order-dialog');
  const input = dialog.getByLabel('Amount (CNY)');
  const submit = dialog.getByRole('button', { name: 'Buy USDT' });
  // Bad input is refused in the dialog, with the text kept.
  for (const [typed, message] of [
    ['', 'Please fill this in'],
    ['abc', 'Enter a number, such as 0.5'],
    ['50', "The amount is below this ad's minimum per order"],
    ['9000', "The amount is above this ad's maximum per order"],
  ] as const) {
    await input.fill(typed);
    await submit.click();
    await expect(dialog.getByTestId('p2p-order-problem')).toHaveText(message);
    await expect(input).toHaveValue(typed);
  }
  // By quantity: 20 USDT, the amount follows.
  await dialog.getByRole('radio', { name: 'By quantity' }).click();
  await dialog.getByLabel('Quantity (USDT)').fill('20');
  await expect(dialog.getByTestId('p2p-order-other')).toContainText(/You pay \d+\.\d{2} CNY/);
  await submit.click();
  await expect(dialog).toContainText('20 USDT');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/legalIndex\/orderdetail\?id=\d+/);
  const order = page.getByTestId('p2p-order');
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Pending payment');
  await expect(page.getByTestId('p2p-order-quantity')).toHaveText('20.00 USDT');
  await expect(page.getByTestId('p2p-pay-timer')).toContainText(/1[45]:\d\d/);
  await expect(page.getByTestId('p2p-collection')).toContainText('Tessera Demo Bank');
  await expect(page.getByTestId('p2p-action-release')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/order-unpaid-1280.png`, fullPage: true });
  // Paying without a voucher is refused; with one it asks, then pays.
  await page.getByTestId('p2p-action-pay').click();
  await expect(page.getByTestId('p2p-action-problem')).toHaveText('Please upload the payment voucher first');
  await page
    .locator('#p2p-voucher')
    .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Upload the payment voucher' })).toBeVisible();
  await page.getByTestId('p2p-action-pay').click();
  await expect(page.getByTestId('p2p-confirm')).toContainText('Confirm that you transferred');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Paid');
  await expect(page.getByTestId('p2p-confirm-timer')).toBeVisible();
  await expect(order).toHaveAttribute('data-status', '2');
  const orderUrl = page.url();
  const id = new URL(orderUrl).searchParams.get('id');
  await axeClean(page);

  // The merchant: its shop orders list the order; it releases after a confirmation.
  await logOut(page);
  await logIn(page, DEMO.email, DEMO.password, '/myshop/shoporders');
  const row = page.getByTestId('p2p-order-row').filter({ has: page.locator(`[href$="id=${id}"]`) });
  await expect(row).toContainText('Paid');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/myshop/shoporderdetail\\?id=${id}`));
  await expect(page.getByTestId('p2p-voucher')).toBeVisible();
  await expect(page.getByTestId('p2p-action-pay')).toHaveCount(0);
  await page.getByTestId('p2p-action-release').click();
  await expect(page.getByTestId('p2p-confirm')).toContainText('Release 20.00 USDT to the buyer?');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Paid');
  await page.getByTestId('p2p-action-release').click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Completed');
  await expect(page.getByTestId('p2p-action-release')).toHaveCount(0);
  // The store card counts it.
  await openInApp(page, '/myshop/myshoporders');
  await expect(page.getByTestId('p2p-store')).toContainText('Total orders');
  await expect(page.getByTestId('p2p-my-ad')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/shop-1280.png`, fullPage: true });

  // The buyer: the order is completed and the coins are in the legal account.
  await logOut(page);
  await logIn(page, BUYER.email, BUYER.password, '/assets/legalAccount');
  await expect(page.getByTestId('available-USDT')).toHaveText('20.00', BOOT);
  await openInApp(page, '/legalIndex/orders');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByTestId('p2p-order-row')).toHaveCount(1);
  await expect(page.getByTestId('p2p-order-row')).toContainText('Completed');
});

/** The legal account's USDT as [available, locked], read from the balance row. */
async function legalUsdt(page: Page): Promise<[string, string]> {
  const row = page.getByTestId('balance-USDT');
  await expect(row).toBeVisible(BOOT);
  const cells = row.locator('td');
  return [(await cells.nth(0).textContent()) ?? '', (await cells.nth(1).textContent()) ?? ''];
}

test('the merchant publishes an ad and another user, in a second tab at the same time, buys from it; both balances move by exactly the order', async ({
  page,
  context,
  problems,
}) => {
  test.setTimeout(180_000);
  // Two people at once on one exchange: the simulator is the browser's own (a SharedWorker), so the
  // two users are two tabs of one browser. A tab keeps its session in memory once signed in, so each
  // tab stays its user while the other signs in; the merchant's tab never reloads after the buyer
  // signs in, and the buyer's never reloads between the merchant's sign-in and its own.
  const buyer = page;
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await register(buyer, BUYER.email, BUYER.password);
  await expect(buyer).toHaveURL(/\/login$/);

  const merchant = await context.newPage();
  merchant.on('console', (message) => {
    if (message.type() === 'error') problems.push(`merchant console: ${message.text()}`);
  });
  merchant.on('pageerror', (error) => problems.push(`merchant page error: ${error.message}`));
  await merchant.setViewportSize({ width: 1280, height: 900 });
  await logIn(merchant, DEMO.email, DEMO.password, '/assets/legalAccount');
  const [merchantBefore, merchantLockedBefore] = await legalUsdt(merchant);
  await merchant.goto('/myshop/myshoporders');
  await expect(merchant.getByTestId('p2p-my-ad')).toHaveCount(2, BOOT);
  await merchant.getByRole('button', { name: 'Publish ad' }).click();
  const editor = merchant.getByTestId('p2p-ad-editor');
  await expect(editor.getByRole('radio', { name: 'Sell USDT' })).toHaveAttribute('aria-checked', 'true');
  await editor.getByLabel('Unit price').fill('7.13');
  await editor.getByLabel('Total quantity').fill('300');
  await editor.getByLabel('Minimum per order').fill('100');
  await editor.getByLabel('Maximum per order').fill('1000');
  await editor.getByLabel('Bank transfer').check();
  await editor.getByRole('button', { name: 'Publish ad' }).click();
  await editor.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(toast(merchant, 'Ad published')).toBeVisible();
  await expect(merchant.getByTestId('p2p-my-ad')).toHaveCount(3);
  // The merchant waits on its shop orders (an in-app link: no reload).
  await merchant.locator('.p2p-nav').getByRole('link', { name: 'Shop orders' }).click();
  await expect(merchant).toHaveURL(/\/myshop\/shoporders$/);
  const shopRows = merchant.getByTestId('p2p-order-row');

  // The buyer, in the first tab, signs in on the page its registration led to; the new ad is in the
  // hall (found by its price).
  await buyer.getByRole('tab', { name: 'E-mail' }).click();
  await buyer.getByLabel('E-mail').fill(BUYER.email);
  await buyer.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await buyer.getByLabel('Password', { exact: true }).press('Enter');
  await expect(buyer.getByTestId('account-menu')).toBeVisible(BOOT);
  await buyer.goto('/legalIndex/legal');
  const newAd = buyer.getByTestId('p2p-ad').filter({ hasText: 'dem***' }).filter({ hasText: '7.13' });
  await expect(newAd).toHaveCount(1, BOOT);
  await expect(newAd).toContainText('Bank transfer');
  await newAd.getByRole('button', { name: 'Buy USDT' }).click();
  const dialog = buyer.getByTestId('p2p-order-dialog');
  await expect(dialog).toContainText('7.13');
  // The new ad's own limits hold.
  await dialog.getByLabel('Amount (CNY)').fill('1500');
  await dialog.getByRole('button', { name: 'Buy USDT' }).click();
  await expect(dialog.getByTestId('p2p-order-problem')).toHaveText(
    "The amount is above this ad's maximum per order",
  );
  await dialog.getByRole('radio', { name: 'By quantity' }).click();
  await dialog.getByLabel('Quantity (USDT)').fill('20');
  await expect(dialog.getByTestId('p2p-order-other')).toContainText('You pay 142.60 CNY');
  await dialog.getByRole('button', { name: 'Buy USDT' }).click();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/legalIndex\/orderdetail\?id=\d+/);
  const id = new URL(buyer.url()).searchParams.get('id');
  await expect(buyer.getByTestId('p2p-status').first()).toHaveText('Pending payment');
  await expect(buyer.getByTestId('p2p-order-quantity')).toHaveText('20.00 USDT');
  await expect(buyer.getByTestId('p2p-collection')).toContainText('Tessera Demo Bank');

  // The merchant's tab, untouched: the new order arrives in its shop orders by the push alone.
  const order = shopRows.filter({ has: merchant.locator(`[href$="id=${id}"]`) });
  await expect(order).toContainText('Pending payment');
  await buyer
    .locator('#p2p-voucher')
    .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await expect(buyer.getByRole('img', { name: 'Upload the payment voucher' })).toBeVisible();
  await buyer.getByTestId('p2p-action-pay').click();
  await buyer.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(buyer.getByTestId('p2p-status').first()).toHaveText('Paid');
  await expect(order).toContainText('Paid');

  // The merchant opens the order from its list, sees the voucher and releases.
  await order.getByRole('link').click();
  await expect(merchant).toHaveURL(new RegExp(`/myshop/shoporderdetail\\?id=${id}`));
  await expect(merchant.getByTestId('p2p-voucher')).toBeVisible();
  await expect(merchant.getByTestId('p2p-order-quantity')).toHaveText('20.00 USDT');
  await merchant.getByTestId('p2p-action-release').click();
  await expect(merchant.getByTestId('p2p-confirm')).toContainText('Release 20.00 USDT to the buyer?');
  await merchant.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(merchant.getByTestId('p2p-status').first()).toHaveText('Completed');
  // The buyer's page follows without a reload.
  await expect(buyer.getByTestId('p2p-status').first()).toHaveText('Completed');
  await expect(buyer.getByTestId('p2p-action-pay')).toHaveCount(0);
  await buyer.screenshot({ path: `${SHOTS}/two-tabs-buyer-completed.png`, fullPage: true });
  await merchant.screenshot({ path: `${SHOTS}/two-tabs-merchant-completed.png`, fullPage: true });

  // Balances: the buyer holds the 20 USDT; the merchant has exactly 20 fewer and nothing left locked.
  await buyer.goto('/assets/legalAccount');
  expect(await legalUsdt(buyer)).toEqual(['20.00', '0.00']);
  await buyer.close();
  await logOut(merchant);
  await logIn(merchant, DEMO.email, DEMO.password, '/assets/legalAccount');
  const [merchantAfter, merchantLockedAfter] = await legalUsdt(merchant);
  const amount = (text: string) => Number(text.replace(/,/g, ''));
  expect(amount(merchantBefore) - amount(merchantAfter)).toBeCloseTo(20, 8);
  expect(merchantLockedAfter).toBe(merchantLockedBefore);
});

test('an unpaid order cancels itself at its limit; the merchant publishes a fixed ad (max below min refused) and a floating one (bad margins refused), marked in the hall; 390 px', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO.email, DEMO.password, '/legalIndex/legal');
  // The demo buys from a simulated merchant and never pays.
  const ad = page.getByTestId('p2p-ad').filter({ hasNotText: 'dem***' }).first();
  await ad.getByRole('button', { name: 'Buy USDT' }).click();
  const dialog = page.getByTestId('p2p-order-dialog');
  const limits = (await dialog.locator('p').filter({ hasText: 'Limits' }).textContent()) ?? '';
  const lowest = /Limits: ([\d.]+)/.exec(limits)?.[1] ?? '';
  await dialog.getByLabel('Amount (CNY)').fill(lowest);
  await dialog.getByRole('button', { name: 'Buy USDT' }).click();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Pending payment');
  await noSideScroll(page, 390);
  await page.screenshot({ path: `${SHOTS}/order-unpaid-390.png`, fullPage: true });
  // At x60 a 15 or 30 minute limit passes in 15 or 30 seconds (the speed control lives in the wide header).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('sim-speed').selectOption('60');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Cancelled', { timeout: 60_000 });
  await expect(page.getByText('Cancelled: not paid in time')).toBeVisible();
  await expect(page.getByTestId('p2p-action-pay')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/order-cancelled-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('sim-speed').selectOption('1');
  await page.setViewportSize({ width: 390, height: 844 });

  // The merchant publishes an ad: a maximum below the minimum is refused on its field.
  await openInApp(page, '/myshop/myshoporders');
  await page.getByRole('button', { name: 'Publish ad' }).click();
  const editor = page.getByTestId('p2p-ad-editor');
  await editor.getByLabel('Unit price').fill('6,9');
  await expect(editor.getByLabel('Unit price')).toHaveValue('6,9');
  // A fixed price far from the market warns as it is typed, with the band the server enforces.
  await editor.getByLabel('Unit price').fill('3');
  await expect(editor.getByTestId('p2p-ad-price-warning')).toHaveText(
    'More than 20 % from the market price: fixed prices go from 5.44 to 8.16 CNY, so the ad would be refused.',
  );
  await editor.getByLabel('Unit price').fill('6.90');
  await expect(editor.getByTestId('p2p-ad-price-warning')).toHaveCount(0);
  await editor.getByLabel('Total quantity').fill('100');
  await editor.getByLabel('Minimum per order').fill('500');
  await editor.getByLabel('Maximum per order').fill('200');
  await editor.getByLabel('Bank transfer').check();
  await editor.getByRole('button', { name: 'Publish ad' }).click();
  await expect(editor.getByTestId('p2p-ad-problem')).toHaveText(
    'The maximum per order cannot be below the minimum',
  );
  await editor.getByLabel('Maximum per order').fill('600');
  await noSideScroll(page, 390);
  await page.screenshot({ path: `${SHOTS}/ad-editor-390.png` });
  await editor.getByRole('button', { name: 'Publish ad' }).click();
  await editor.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(toast(page, 'Ad published')).toBeVisible();
  await expect(page.getByTestId('p2p-my-ad')).toHaveCount(3);
  await expect(page.getByTestId('p2p-my-ad').first()).toContainText('6.90');

  // A floating ad: its margin over the market (-20 % to +20 %) instead of a price; USDT at 6.80 CNY
  // and +1.5 % make 6.902, rounded down for a sell ad (its owner never gains beyond the margin).
  await page.getByRole('button', { name: 'Publish ad' }).click();
  await editor.getByRole('radio', { name: 'Floating price' }).click();
  await expect(editor.getByLabel('Unit price')).toHaveCount(0);
  const margin = editor.getByLabel('Margin over the market');
  await margin.fill('25');
  await editor.getByLabel('Total quantity').fill('100');
  await editor.getByLabel('Minimum per order').fill('100');
  await editor.getByLabel('Maximum per order').fill('600');
  await editor.getByLabel('Bank transfer').check();
  await editor.getByRole('button', { name: 'Publish ad' }).click();
  await expect(editor.getByTestId('p2p-ad-problem')).toHaveText(
    'The margin must be a percentage from −20 to 20 with at most 2 decimals',
  );
  await expect(margin).toHaveValue('25');
  // English takes a decimal point: a comma is refused and kept as typed.
  await margin.fill('1,5');
  await editor.getByRole('button', { name: 'Publish ad' }).click();
  await expect(editor.getByTestId('p2p-ad-problem')).toHaveText('Enter a number, such as 0.5');
  await expect(margin).toHaveValue('1,5');
  await margin.fill('1.5');
  await noSideScroll(page, 390);
  await page.screenshot({ path: `${SHOTS}/ad-editor-floating-390.png` });
  await editor.getByRole('button', { name: 'Publish ad' }).click();
  await expect(editor).toContainText('Market price with a 1.5 % margin');
  await editor.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(toast(page, 'Ad published')).toBeVisible();
  await expect(page.getByTestId('p2p-my-ad')).toHaveCount(4);
  const floating = page.getByTestId('p2p-my-ad').first();
  await expect(floating.locator('.p2p-price strong')).toHaveText('6.90');
  await expect(floating.getByTestId('p2p-floating')).toHaveText('Floating +1.50 %');
  // The hall shows its price now and marks it; fixed ads carry no mark.
  await openInApp(page, '/legalIndex/legal');
  const hallRows = page.getByTestId('p2p-ad');
  await expect(hallRows.first()).toBeVisible(BOOT);
  const floatingRow = hallRows.filter({ has: page.getByTestId('p2p-floating') });
  await expect(floatingRow).toHaveCount(1);
  await expect(floatingRow).toContainText('dem***');
  await expect(floatingRow.locator('.p2p-price strong')).toHaveText('6.90');
  await expect(floatingRow.getByTestId('p2p-floating')).toHaveText('Floating +1.50 %');
  await noSideScroll(page, 390);
  await floatingRow.screenshot({ path: `${SHOTS}/hall-floating-row-390.png` });
  await openInApp(page, '/myshop/myshoporders');
  await expect(page.getByTestId('p2p-my-ad')).toHaveCount(4, BOOT);
  await noSideScroll(page, 390);
  await axeClean(page);
  await withPrefs(page, { theme: 'light' });
  await page.reload();
  await expect(page.getByTestId('p2p-my-ad')).toHaveCount(4);
  await page.screenshot({ path: `${SHOTS}/shop-light-390.png`, fullPage: true });
});

test('a dispute waits after payment, then the arbiter decides by its rule; the order page in ru and hk', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await register(page, BUYER.email, BUYER.password);
  await logIn(page, BUYER.email, BUYER.password, '/legalIndex/legal');
  await page
    .getByTestId('p2p-ad')
    .filter({ hasText: 'dem***' })
    .getByRole('button', { name: 'Buy USDT' })
    .click();
  const dialog = page.getByTestId('p2p-order-dialog');
  await dialog.getByLabel('Amount (CNY)').fill('200');
  await dialog.getByRole('button', { name: 'Buy USDT' }).click();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await page
    .locator('#p2p-voucher')
    .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Upload the payment voucher' })).toBeVisible();
  await page.getByTestId('p2p-action-pay').click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Paid');
  // Not yet: a dispute opens only five minutes after payment; the page counts down to it.
  await expect(page.getByTestId('p2p-action-dispute')).toHaveCount(0);
  await expect(page.getByTestId('p2p-dispute-timer')).toContainText(/0[45]:\d\d/);
  // At x60 the five minutes pass in 5 seconds; the speed goes back to x1 as soon as the dispute
  // can open (a second or so later), with about four of the seller's ten minutes left to act in.
  await page.getByTestId('sim-speed').selectOption('60');
  await expect(page.getByTestId('p2p-action-dispute')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('sim-speed').selectOption('1');
  // A reason of the buyer's side is needed first.
  await page.getByTestId('p2p-action-dispute').click();
  await expect(page.getByTestId('p2p-action-problem')).toHaveText(
    'Please choose a reason that fits your side',
  );
  await page.getByLabel('Reason').selectOption('notReleased');
  await page.getByTestId('p2p-action-dispute').click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Rights protection');
  await expect(page.locator('.p2p-note')).toContainText('Paid but not released');
  await page.screenshot({ path: `${SHOTS}/order-disputed-1280.png`, fullPage: true });
  for (const [lang, theme] of [
    ['ru', 'dark'],
    ['hk', 'light'],
  ] as const) {
    await withPrefs(page, { lang, theme });
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByTestId('p2p-order')).toBeVisible(BOOT);
      await noSideScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/order-disputed-${lang}-${width}.png`, fullPage: true });
    }
  }
  await withPrefs(page, { lang: 'en', theme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  // The arbiter decides twenty simulated minutes later: the buyer's voucher stands, the coins are released.
  await page.getByTestId('sim-speed').selectOption('60');
  await expect(page.getByTestId('p2p-status').first()).toHaveText('Completed', { timeout: 60_000 });
  await page.getByTestId('sim-speed').selectOption('1');
  await expect(page.getByText('Arbiter released the coins to the buyer')).toBeVisible();
  await openInApp(page, '/assets/legalAccount');
  await expect(page.getByTestId('available-USDT')).not.toHaveText('0.00', BOOT);
});
