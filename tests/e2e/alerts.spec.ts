import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { holdMarketStill, letMarketRun } from './market-still.ts';

/**
 * Price alerts and the notification centre (issue 33 item 1), driven as a trader would: a price
 * alert and a move alert set from the trade screen's header (a price on the wrong side and a move
 * too small refused beside the field), fired by the market the trader moves, heard in the header's
 * bell and as the browser's notifications the trader switched on; the list, its read marks and the
 * centre's settings survive a reload and nothing is announced twice.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BOOT = { timeout: 30_000 };

async function signIn(page: Page) {
  await page.goto(`/login?redirect=${encodeURIComponent('/trade?symbol=BTC/USDT')}`);
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO.email, BOOT);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/trade\?symbol=/, BOOT);
  await expect(page.getByTestId('available-buy')).toHaveText(/10,000\.00 USDT/, BOOT);
}

/** The last price the alert dialog shows, as a number. */
async function lastPrice(page: Page): Promise<number> {
  const text = await page.getByTestId('alert-dialog').locator('.alert-last strong').textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

/**
 * The browser's notifications, recorded instead of shown: the headless browser denies them whatever
 * the context grants, so the page gets a stand-in that answers as the real one does ("default" until
 * the page asks, then the answer kept) and records each notification made and each request.
 */
async function recordBrowserNotifications(page: Page) {
  await page.addInitScript(() => {
    const record = { shown: [] as string[], asked: 0 };
    (window as unknown as { notificationRecord: typeof record }).notificationRecord = record;
    // The answer is kept for the site across reloads, as the browser keeps it.
    class Recorded {
      static get permission(): NotificationPermission {
        return sessionStorage.getItem('notification-permission') === 'granted' ? 'granted' : 'default';
      }
      static async requestPermission(): Promise<NotificationPermission> {
        record.asked += 1;
        sessionStorage.setItem('notification-permission', 'granted');
        return 'granted';
      }
      constructor(title: string, options?: NotificationOptions) {
        record.shown.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    (window as unknown as { Notification: unknown }).Notification = Recorded;
  });
}

const notificationRecord = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { notificationRecord: { shown: string[]; asked: number } }).notificationRecord,
  );

test('a price alert and a move alert set on the trade screen fire in the notification centre and the browser, once, and stay read after a reload', async ({
  page,
  demoServer,
}) => {
  await recordBrowserNotifications(page);
  await signIn(page);
  // The centre's settings: sound off unless chosen; the trader turns browser notifications on
  // (the site may notify) and P2P notices off.
  await page.getByTestId('notice-toggle').click();
  await page.getByTestId('notice-settings-toggle').click();
  const settings = page.getByTestId('notice-settings');
  await expect(settings.getByLabel('Play a sound')).not.toBeChecked();
  // The page asks the browser's permission only when the trader ticks the box.
  expect((await notificationRecord(page)).asked).toBe(0);
  await settings.getByLabel('Browser notifications').check();
  await expect(settings.getByLabel('Browser notifications')).toBeChecked();
  expect((await notificationRecord(page)).asked).toBe(1);
  await settings.getByLabel('P2P').uncheck();
  await expect(settings.getByLabel('Deposit')).toBeChecked();
  await page.keyboard.press('Escape');

  // Funds for the move (a buy 0.1 % up the book cost 61,000 USDT once): a demo deposit of
  // 1,000,000 USDT, credited at its first confirmation (10 simulated seconds; the demo clock at
  // x60), is announced in the bell.
  await page.getByTestId('sim-speed').selectOption('60');
  await page.getByRole('link', { name: 'Assets' }).first().click();
  await page.getByTestId('balance-USDT').getByRole('button', { name: 'Deposit' }).click();
  const deposit = page.getByTestId('deposit-panel');
  await deposit.getByLabel('TRC20').check();
  await deposit.getByLabel(/Test deposit amount/).fill('1000000');
  await deposit.getByRole('button', { name: 'Simulate a deposit' }).click();
  await expect(deposit.getByTestId('deposit-item').first().getByTestId('deposit-status')).toHaveText(
    /Credited|Withdrawable/,
    BOOT,
  );
  await expect(page.getByTestId('notice-unread')).toHaveText('1');
  await page.getByRole('link', { name: 'Spot' }).first().click();
  await expect(page.getByTestId('available-buy')).toHaveText(/1,010,000\.00 USDT/, BOOT);
  // The market stands still (the demo clock's pause) while the trader sets the alert and buys up to
  // it: left to itself it moved 60 USDT away within seconds, and once not two ticks up in 30 s.
  await holdMarketStill(page, demoServer);
  await page.getByTestId('alert-open').click();
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.alert-last strong')).toHaveText(/\d/);

  // "Rises to" the last price itself is refused beside the field, and nothing is set.
  await page.getByTestId('alert-price').fill((await lastPrice(page)).toFixed(2));
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-problem')).toContainText('above the last trade');
  await expect(dialog.getByText('No alerts on this pair yet.')).toBeVisible();

  // One tick above the last price.
  const last = await lastPrice(page);
  const target = last + 0.01;
  await page.getByTestId('alert-price').fill(target.toFixed(2));
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-row')).toHaveCount(1);
  await expect(page.getByTestId('alert-row')).toHaveAttribute('data-status', 'waiting');

  // A move of 0.1 % within 5 minutes, either way (0.05 % is refused beside the field).
  await page.getByTestId('alert-moves').check();
  await page.getByTestId('alert-percent').fill('0.05');
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-problem')).toContainText('at least 0.1 %');
  await page.getByTestId('alert-percent').fill('0.1');
  await page.getByTestId('alert-window').selectOption('5');
  await page.getByTestId('alert-submit').click();
  const moveRow = page.locator('[data-testid="alert-row"][data-kind="moves"]');
  await expect(moveRow).toHaveText(/Moves 0\.10 % within 5 min\s*Waiting/);
  await expect(page.getByTestId('alert-row')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/shots/alerts/alert-dialog.png' });
  await page.keyboard.press('Escape');

  // The trader lifts the price through both: a market buy of everything offered below 0.1 % over
  // the last price, and a little more, ends on an ask at or above it. Then the market runs again.
  const moveTarget = Math.ceil(last * 1.001 * 100) / 100;
  const below = await page.evaluate((limit) => {
    let sum = 0;
    for (const row of document.querySelectorAll<HTMLElement>('[data-testid^="book-ask-"]')) {
      const price = Number(row.dataset.price);
      const amount = Number((row.querySelector('.book-number')?.textContent ?? '').replace(/,/g, ''));
      if (price > 0 && price < limit - 1e-9) sum += amount;
    }
    return sum;
  }, moveTarget);
  await page.getByTestId('mode-market').click();
  await page.getByTestId('quantity-buy').fill((Math.ceil(below * 1e5) / 1e5 + 0.0001).toFixed(5));
  await page.getByTestId('submit-buy').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' })).toBeVisible();
  await letMarketRun(page, demoServer);

  // Both fire: marked in the dialog, listed in the centre beside the buy's own "filled" notice, all
  // counted on the bell, and each shown once as the browser's notification.
  await page.getByTestId('alert-open').click();
  await expect(page.locator('[data-testid="alert-row"][data-status="fired"]')).toHaveCount(2, BOOT);
  await expect(moveRow).toContainText(/Fired at [\d,.]+, trade #\d+/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notice-unread')).toHaveText('4');
  await page.getByTestId('notice-toggle').click();
  const notice = page.getByTestId('notice').filter({ hasText: 'BTC/USDT rose to' });
  await expect(notice).toHaveCount(1);
  await expect(
    page.getByTestId('notice').filter({ hasText: 'Deposit of 1,000,000.00 USDT (TRC20) credited' }),
  ).toHaveCount(1);
  await expect(
    page
      .getByTestId('notice')
      .filter({ hasText: /BTC\/USDT moved 0\.10 % within 5 min \(traded at [\d,.]+\)/ }),
  ).toHaveCount(1);
  await page.screenshot({ path: '/tmp/shots/alerts/notice-centre.png' });
  const { shown } = await notificationRecord(page);
  expect(shown.filter((text) => text.startsWith('Price alert: BTC/USDT moved 0.10 %'))).toHaveLength(1);
  expect(shown.filter((text) => text.startsWith('Price alert: BTC/USDT rose to'))).toHaveLength(1);
  expect(
    shown.filter((text) => text.startsWith('Deposit: Deposit of 1,000,000.00 USDT (TRC20) credited')),
  ).toHaveLength(1);

  // Read, then reloaded: the fired alert is read again from the exchange (alert/list) and is still
  // one notice, still read, and not announced again.
  await page.getByTestId('notice-read-all').click();
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('available-buy')).toHaveText(/\d USDT/, BOOT);
  await page.getByTestId('notice-toggle').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'BTC/USDT rose to' })).toHaveCount(1);
  await expect(page.getByTestId('notice')).toHaveCount(4);
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: /rose to|moved/ })).toHaveCount(0);
  expect((await notificationRecord(page)).shown).toEqual([]);
  // The settings stayed as chosen.
  await page.getByTestId('notice-settings-toggle').click();
  await expect(settings.getByLabel('P2P')).not.toBeChecked();
  await expect(settings.getByLabel('Browser notifications')).toBeChecked();
  await page.keyboard.press('Escape');

  // At 390 px the bell's panel spans the screen under the header.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('notice-toggle').click();
  await expect(page.getByTestId('notice')).toHaveCount(4);
  const panel = await page.getByTestId('notice-panel').boundingBox();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/shots/alerts/notice-centre-390.png' });
});
