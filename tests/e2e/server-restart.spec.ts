import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from './demo-server.ts';
import { expect, pointAtServer, test } from './fixtures.ts';
import { registerByEmail, signInToTrade } from './server-people.ts';

/**
 * Issue 18's "done": two people trade on a server with a stored log, the server is killed
 * (SIGKILL) while an order is on its way, restarted on the same file, and nothing acknowledged is
 * lost: every order that was answered is there after the restart, none appears twice, and each
 * account's USDT adds up (free + in orders = the 10,000 it started with: nothing filled).
 */

const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BOOT = { timeout: 30_000 };
const GRANT_CENTS = 10_000 * 100;
/** What Chromium logs while the server is down: the only problems allowed, and only then. */
// How Chromium reports a request cut by the kill: refused, reset, empty, or (a request on a pooled
// connection the kill closed under it) not connected.
const OUTAGE =
  /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|ERR_SOCKET_NOT_CONNECTED|WebSocket connection|Failed to fetch/;

function cents(text: string | null): number {
  return Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
}

interface Person {
  page: Page;
  /** tx_in/add answers with code 1 seen by this page: the orders the server acknowledged. */
  acknowledged: string[];
  problems: string[];
}

async function person(browser: Browser, server: DemoServer): Promise<Person> {
  const context = await browser.newContext();
  await pointAtServer(context, server);
  const page = await context.newPage();
  const who: Person = { page, acknowledged: [], problems: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') who.problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => who.problems.push(`page error: ${error.message}`));
  page.on('response', async (response) => {
    if (!response.url().includes('/api/tx_in/add')) return;
    const body = (await response.json().catch(() => null)) as {
      code?: number;
      data?: { id?: unknown };
    } | null;
    if (body?.code === 1) who.acknowledged.push(String(body.data?.id ?? '?'));
  });
  return who;
}

/** A limit buy far below the market (it rests: nothing fills), answered or not. */
async function restBuy(page: Page, quantity: string) {
  const low = (Number(await page.getByTestId('book-bid-10').getAttribute('data-price')) * 0.8).toFixed(2);
  await page.getByTestId('price-buy').fill(low);
  await page.getByTestId('quantity-buy').fill(quantity);
  await page.getByTestId('submit-buy').click();
}

async function openOrders(page: Page): Promise<number> {
  await expect(page.getByTestId('orders-table')).toBeVisible(BOOT);
  return page.getByTestId('orders-table').locator('tbody tr').count();
}

test('two users, the server killed mid-trade and restarted on its file: nothing acknowledged is lost', async ({
  browser,
  backend,
}) => {
  test.skip(backend !== 'server', 'a server of its own, with a stored log');
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-restart-'));
  let server = await startDemoServer({ data: dir });
  const port = Number(new URL(server.base).port);
  try {
    const demo = await person(browser, server);
    const other = await person(browser, server);
    const email = `restart${Date.now().toString(36)}@example.com`;
    await registerByEmail(other.page, email, 'Secret123');
    await signInToTrade(other.page, email, 'Secret123');
    await signInToTrade(demo.page, DEMO.email, DEMO.password);

    await restBuy(demo.page, '0.01');
    await restBuy(other.page, '0.03');
    await expect.poll(() => demo.acknowledged.length).toBe(1);
    await expect.poll(() => other.acknowledged.length).toBe(1);
    // Mid-trade: the demo user's second order leaves, and the server dies at once.
    await restBuy(demo.page, '0.02');
    await server.kill();
    const answeredBeforeKill = demo.acknowledged.length;

    server = await startDemoServer({ data: dir, port });
    for (const who of [demo, other]) {
      // What the pages logged while the server was down is the outage, and nothing else.
      expect(who.problems.filter((problem) => !OUTAGE.test(problem))).toEqual([]);
      who.problems.length = 0;
      await who.page.reload();
      await expect(who.page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    }
    // Every acknowledged order is there; the one in flight is there at most once.
    const demoOrders = await openOrders(demo.page);
    expect(demoOrders).toBeGreaterThanOrEqual(answeredBeforeKill);
    expect(demoOrders).toBeLessThanOrEqual(2);
    test.info().annotations.push({
      type: 'in flight at the kill',
      description: `${answeredBeforeKill} of 2 answered before the kill; ${demoOrders} open after the restart`,
    });
    await expect(other.page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1, BOOT);
    await expect(other.page.getByTestId('orders-table').locator('tbody tr').first()).toContainText('0.03');
    // Nothing half-applied: each account's USDT is whole, free plus locked in its resting orders.
    for (const who of [demo, other]) {
      await expect
        .poll(async () => {
          const free = cents(await who.page.getByTestId('available-buy').textContent());
          const locked = cents(await who.page.getByTestId('locked-buy').textContent());
          return Math.abs(free + locked - GRANT_CENTS) <= 1;
        }, BOOT)
        .toBe(true);
    }
    // And trading goes on after the restart.
    await restBuy(demo.page, '0.04');
    await expect(demo.page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(demoOrders + 1, BOOT);
    await demo.page.screenshot({ path: '/tmp/shots/server-restart-demo.png' });
    for (const who of [demo, other]) expect(who.problems).toEqual([]);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
