import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Demo time and time zones (issue 11): every tab's speed control follows the one simulator, the
 * header shows simulated time once it runs ahead of the wall clock, and trade times are in the
 * user's own time zone, labelled, with the exchange's zone as a remembered choice.
 */

const BOOT = { timeout: 30_000 };

/** The zone's UTC offset right now, as the app labels it ("UTC+01:00"). */
function offsetNow(zone: string): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(Date.now())
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part === 'GMT' ? '+00:00' : (part ?? '').replace('GMT', '');
  return `UTC${offset}`;
}

async function speedControl(page: Page) {
  const select = page.getByTestId('sim-speed');
  await expect(select).toBeVisible(BOOT);
  return select;
}

test.describe('demo time', () => {
  test('a speed set in one tab shows in the other, and simulated time appears once it runs ahead', async ({
    context,
  }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/markets');
    await second.goto('/markets');
    const one = await speedControl(first);
    const two = await speedControl(second);
    await expect(one).toHaveValue('1');
    await expect(two).toHaveValue('1');
    await expect(first.getByTestId('sim-time')).toHaveCount(0);

    await one.selectOption('10');
    await expect(two).toHaveValue('10', { timeout: 5_000 });

    await two.selectOption('60');
    await expect(one).toHaveValue('60', { timeout: 5_000 });
    // At x60 simulated time is a minute ahead after a second of real time; both tabs say so.
    for (const page of [first, second]) {
      await expect(page.getByTestId('sim-time')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByTestId('sim-time')).toContainText(
        /Sim time \d{2}\/\d{2} \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}/,
      );
    }
    await first.screenshot({ path: '/tmp/shots/sim-time-header.png' });
    await one.selectOption('1');
    await expect(two).toHaveValue('1', { timeout: 5_000 });
    // Back at x1 simulated time stays ahead (it never runs backwards): still shown.
    await expect(second.getByTestId('sim-time')).toBeVisible();
  });
});

test.describe('time zones', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("trade times are in the user's zone, labelled, and the exchange's zone is a remembered choice", async ({
    page,
  }) => {
    await page.goto('/trade?symbol=BTC/USDT');
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    const zone = page.getByTestId('tape-time-zone');
    const local = offsetNow('America/New_York');
    await expect(zone).toHaveText(local);
    await expect(zone).toHaveAttribute('title', `Time (${local})`);
    const choice = page.getByTestId('chart-time-zone');
    await expect(choice).toHaveValue('local');
    await expect(choice.locator('option:checked')).toHaveText(`Local time ${local}`);

    await choice.selectOption('exchange');
    await expect(zone).toHaveText('UTC+08:00');
    await page.screenshot({ path: '/tmp/shots/trade-time-zone.png' });
    await page.reload();
    await expect(page.getByTestId('chart-time-zone')).toHaveValue('exchange', BOOT);
    await expect(page.getByTestId('tape-time-zone')).toHaveText('UTC+08:00');
  });
});
