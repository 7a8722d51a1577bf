import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CLUSTER_TOO, expect, showOnce, test, VIEWS_ONLY, withPrefs } from './fixtures.ts';
import { holdMarketStill, letMarketRun } from './market-still.ts';
import { spillingText } from './spilling-text.ts';
import { showsMarketBuyOf, tapeRows } from './tape-fills.ts';

/**
 * The spot trade screen, driven as a person would: read the book, type into the forms, click the
 * buttons, read balances, the orders panel and the tape. Each test starts a fresh simulator.
 */

const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
/** The simulator boots its markets on the first visit: give the first paint time. */
const BOOT = { timeout: 30_000 };

function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** A number as the screen writes it ("10,000.00 USDT" -> 10000). */
function amountOf(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('.trade-page')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The server's depth never reaches the page: emptied in HTTP answers, MARKET_DEPTH frames dropped. */
async function withholdDepthFromServer(page: Page) {
  await page.route(/\/api\//, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { depth?: unknown } };
    if (body?.data?.depth) body.data.depth = { in: [], out: [] };
    await route.fulfill({ response, json: body });
  });
  await page.routeWebSocket(/\/ws$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((frame) => {
      if (typeof frame === 'string' && frame.includes('"MARKET_DEPTH"')) return;
      socket.send(frame);
    });
  });
}

/** The book's rows as numbers (English digits), each with its side. */
function bookRows(page: Page): Promise<{ side: string; price: number; amount: number; total: number }[]> {
  return page.locator('.book-row:not(.empty)').evaluateAll((rows) =>
    rows.map((row) => {
      const read = (selector: string) =>
        Number((row.querySelector(selector)?.textContent ?? '').replaceAll(',', ''));
      return {
        side: row.getAttribute('data-side') ?? '',
        price: Number(row.getAttribute('data-price')),
        amount: read('.book-number'),
        total: read('.book-total'),
      };
    }),
  );
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * The panels a trader works with, each wholly inside the window without scrolling: the chart, the
 * book, the tape and both order forms down to their last control (the Buy and Sell buttons, or the
 * log-in links in their place).
 */
async function outOfWindow(page: Page, last: 'submit' | 'auth'): Promise<string[]> {
  const height = page.viewportSize()?.height ?? 0;
  const out: string[] = [];
  for (const id of ['kline-chart', 'order-book', 'recent-trades', `${last}-buy`, `${last}-sell`]) {
    const box = await page.getByTestId(id).boundingBox();
    if (!box || box.y < 0 || box.y + box.height > height)
      out.push(`${id} ${box ? `${Math.round(box.y)}-${Math.round(box.y + box.height)}` : 'missing'}`);
  }
  return out;
}

async function openTrade(page: Page, symbol = 'BTC/USDT') {
  await page.goto(`/trade?symbol=${symbol}`);
  await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
}

async function signIn(page: Page, options: { book?: boolean } = {}) {
  await page.goto(`/login?redirect=${encodeURIComponent('/trade?symbol=BTC/USDT')}`);
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO.email, BOOT);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/trade\?symbol=/, BOOT);
  if (options.book !== false)
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
  await expect(page.getByTestId('available-buy')).toHaveText(/10,000\.00 USDT/, BOOT);
}

test.describe('spot trade screen', () => {
  test('a visitor sees the whole screen, with log-in and register links instead of order buttons', async ({
    page,
  }) => {
    await openTrade(page);
    await expect(page.getByTestId('market-header')).toContainText('BTC');
    await expect(page.getByTestId('market-header')).toContainText('24h high');
    await expect(page.getByTestId('pair-BTC/USDT')).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.tape-row:not(.empty) .tape-price').first()).toHaveText(/\d/);
    await expect(page.getByTestId('book-ask-0')).toHaveAttribute('data-price', /\d/);
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('period-5min')).toHaveAttribute('aria-pressed', 'true');
    for (const side of ['buy', 'sell']) {
      await expect(page.getByTestId(`submit-${side}`)).toHaveCount(0);
      await expect(page.getByTestId(`auth-${side}`).getByRole('link', { name: 'Log in' })).toHaveAttribute(
        'href',
        '/login?redirect=%2Ftrade%3Fsymbol%3DBTC%2FUSDT',
      );
      await expect(
        page.getByTestId(`auth-${side}`).getByRole('link', { name: 'Register now' }),
      ).toHaveAttribute('href', '/register');
    }
    await expect(page.getByTestId('orders-anon')).toBeVisible();
    // Chart, book, tape and forms fit a 1440 x 900 and a 1280 x 800 window, as on Binance's classic screen.
    expect(await outOfWindow(page, 'auth')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => outOfWindow(page, 'auth')).toEqual([]);
    // No footer on the trading screen.
    await expect(page.locator('footer')).toHaveCount(0);
  });

  test('the pair comes from ?symbol or ?id, is remembered, and the chart period is kept', async ({
    page,
  }) => {
    await page.goto('/trade?id=2');
    await expect(page.getByTestId('pair-ETH/USDT')).toHaveAttribute('aria-current', 'true', BOOT);
    await page.getByTestId('pair-tab-BTC').click();
    await page.getByTestId('pair-ETH/BTC').click();
    await expect(page).toHaveURL(/symbol=ETH%2FBTC|symbol=ETH\/BTC/);
    await expect(page.getByTestId('market-header')).toContainText('ETH');
    await page.getByTestId('period-60min').click();
    await page.goto('/trade');
    await expect(page.getByTestId('pair-ETH/BTC')).toHaveAttribute('aria-current', 'true', BOOT);
    await expect(page.getByTestId('period-60min')).toHaveAttribute('aria-pressed', 'true');
    expect(
      await page.evaluate(() => [localStorage.getItem('spot_pair'), localStorage.getItem('chart_period')]),
    ).toEqual(['ETH/BTC', '60min']);
    // Search and favourites.
    await page.getByTestId('pair-search').fill('dog');
    await page.getByTestId('pair-tab-USDT').click();
    await expect(page.locator('.pairs-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Add DOGE/USDT to favourites' }).click();
    await page.getByTestId('pair-search').fill('');
    await page.getByTestId('pair-tab-favourites').click();
    await expect(page.locator('.pairs-row')).toHaveText([/DOGE/]);
  });

  test(
    'a limit buy below the market rests with its funds locked; cancelling frees them',
    CLUSTER_TOO,
    async ({ page, demoServer }) => {
      await signIn(page);
      // The market stands still while orders are placed at prices read from the book (a rise of ten
      // levels would push the user's level out of the book, or reach the stop).
      await holdMarketStill(page, demoServer);
      // The Buy and Sell buttons are in the 1440 x 900 window: no scrolling for an order.
      expect(await outOfWindow(page, 'submit')).toEqual([]);
      // At the eleventh bid shown: far enough below the market not to fill during the test, and with
      // ten levels below it, so the book still shows the user's level after the ladder refreshes (at
      // the deepest shown level, a refresh could push it out of view).
      const price = Number(await page.getByTestId('book-bid-10').getAttribute('data-price')).toFixed(2);
      await page.getByTestId('price-buy').fill(price);
      await page.getByTestId('quantity-buy').fill('0.01');
      // 0.01 BTC costs price / 100: the total shows it to USDT's cents, rounded up (a cost is never
      // understated), the lock holds it exactly.
      const cents = Math.round(Number(price) * 100);
      const cost = cents / 10_000;
      const shownCost = (Math.ceil(cents / 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      await expect(page.getByTestId('total-buy')).toHaveText(`${shownCost} USDT`);
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Order placed')).toBeVisible();

      const row = page.getByTestId('orders-table').locator('tbody tr').first();
      await expect(row).toContainText('BTC/USDT');
      await expect(row).toContainText('Limit');
      await expect(row).toContainText(Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 }));
      // USDT shows 2 decimals, cut toward zero (domain/display-decimals.ts): never more than there is.
      // The balances reload after the answer: wait for them rather than race them.
      await expect
        .poll(async () => amountOf(await page.getByTestId('locked-buy').textContent()))
        .toBe(Math.floor(cost * 100) / 100);
      await expect
        .poll(async () => amountOf(await page.getByTestId('available-buy').textContent()))
        .toBe(Math.floor((10_000 - cost) * 100) / 100);
      // The quantity and slider start over after an order; the price stays.
      await expect(page.getByTestId('quantity-buy')).toHaveValue('');
      await expect(page.getByTestId('price-buy')).toHaveValue(price);
      // The book marks the level of the user's own order.
      await expect(page.locator('.book-bid.own')).toHaveCount(1);
      await expect(page.locator('.book-bid.own')).toHaveAttribute('data-price', price);

      await row.getByRole('button', { name: 'Cancel' }).click();
      await expect(toast(page, 'Order cancelled')).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
      await expect(page.getByTestId('available-buy')).toHaveText('10,000.00 USDT');
      await expect(page.getByTestId('locked-buy')).toHaveText('0.00 USDT');
      await page.getByTestId('orders-tab-history').click();
      await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toContainText('Cancelled');

      // How a limit order meets the book, one choice beside the limit form. Post-only: a buy at the
      // sixth ask would take, so it is refused, and nothing is placed or locked.
      const execution = page.getByTestId('order-execution');
      await execution.selectOption('postOnly');
      const ask = Number(await page.getByTestId('book-ask-5').getAttribute('data-price')).toFixed(2);
      await page.getByTestId('price-buy').fill(ask);
      await page.getByTestId('quantity-buy').fill('0.001');
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Post-only order not placed')).toBeVisible();
      // Fill or kill below the market: nothing can fill it, so it is refused whole.
      await execution.selectOption('fok');
      await page.getByTestId('price-buy').fill(price);
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Fill-or-kill order not placed')).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1);
      // Immediate or cancel below the market: placed, nothing fills, the rest is cancelled at once.
      await execution.selectOption('ioc');
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Order placed')).toBeVisible();
      // Nothing is open; the history (reloaded on coming back to it) shows it cancelled.
      await page.getByTestId('orders-tab-current').click();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
      await page.getByTestId('orders-tab-history').click();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(2);
      await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toContainText('Cancelled');
      await expect(page.getByTestId('locked-buy')).toHaveText('0.00 USDT');
      // The market form has no such choice.
      await page.getByTestId('mode-market').click();
      await expect(execution).toHaveCount(0);

      // A stop-limit buy waiting for the price to rise to the eleventh ask: its cost is locked at
      // once, it is listed with its stop, and cancelling it frees the lock.
      await page.getByTestId('mode-stop').click();
      await expect(execution).toHaveCount(0);
      const stop = Number(await page.getByTestId('book-ask-10').getAttribute('data-price')).toFixed(2);
      await page.getByTestId('submit-buy').click();
      await expect(page.getByTestId('stop-problem-buy')).toHaveText('Please enter a stop price');
      await page.getByTestId('stop-buy').fill(stop);
      await page.getByTestId('price-buy').fill(stop);
      await page.getByTestId('quantity-buy').fill('0.001');
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Order placed')).toBeVisible();
      await page.getByTestId('orders-tab-current').click();
      const waiting = page.getByTestId('orders-table').locator('tbody tr').first();
      await expect(waiting).toContainText(
        `Stop-limit, stop ${Number(stop).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      await expect
        .poll(async () => amountOf(await page.getByTestId('locked-buy').textContent()))
        .toBe(Math.floor(Number(stop) * 0.001 * 100) / 100);
      await waiting.getByRole('button', { name: 'Cancel' }).click();
      await expect(toast(page, 'Order cancelled')).toBeVisible();
      await expect(page.getByTestId('locked-buy')).toHaveText('0.00 USDT');

      // OCO: a buy limit below the market and a buy stop above it, listed as one group under one
      // lock (the costlier leg's), and one cancel ends both. A limit above the market is refused.
      await page.getByTestId('mode-oco').click();
      await expect(page.getByTestId('oco-hint')).toContainText('One cancels the other');
      const dip = Number(await page.getByTestId('book-bid-10').getAttribute('data-price')).toFixed(2);
      await page.getByTestId('price-buy').fill(stop);
      await page.getByTestId('stop-buy').fill(stop);
      await page.getByTestId('stop-limit-buy').fill(stop);
      await page.getByTestId('quantity-buy').fill('0.001');
      await page.getByTestId('submit-buy').click();
      await expect(page.getByText(/OCO buy not placed|For an OCO buy/).first()).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
      await page.getByTestId('price-buy').fill(dip);
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Order placed')).toBeVisible();
      const legs = page.getByTestId('orders-table').locator('tbody tr');
      await expect(legs).toHaveCount(2);
      await expect(legs.nth(0)).toHaveAttribute('data-oco', 'lead');
      await expect(legs.nth(1)).toHaveAttribute('data-oco', 'follow');
      await expect(page.getByTestId('orders-table')).toContainText('OCO · limit');
      await expect(page.getByTestId('orders-table')).toContainText(
        `OCO · stop ${Number(stop).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      await expect
        .poll(async () => amountOf(await page.getByTestId('locked-buy').textContent()))
        .toBe(Math.floor(Number(stop) * 0.001 * 100) / 100);
      await expect(page.getByRole('button', { name: 'Cancel both' })).toHaveCount(1);
      await page.getByRole('button', { name: 'Cancel both' }).click();
      await expect(toast(page, 'Order cancelled')).toBeVisible();
      await expect(legs).toHaveCount(0);
      await expect(page.getByTestId('locked-buy')).toHaveText('0.00 USDT');
      await page.getByTestId('mode-limit').click();
      // Signed in, with buttons and an orders table: still nothing serious for axe.
      expect(await seriousViolations(page)).toEqual([]);
      await letMarketRun(page, demoServer);
    },
  );

  test(
    'keyboard trading: ? lists the keys, b/1/p/Enter place a buy, x cancels it; never while typing; off and pro in the settings',
    VIEWS_ONLY,
    async ({ page }) => {
      await signIn(page);
      await page.locator('body').press('?');
      await expect(page.getByTestId('shortcut-sheet')).toContainText('Cancel the newest open order');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('shortcut-sheet')).toHaveCount(0);

      // b goes to the buy price; there the keys are the field's: "m" is typed, not "market".
      await page.keyboard.press('b');
      await expect(page.getByTestId('price-buy')).toBeFocused();
      await page.keyboard.type('1m');
      await expect(page.getByTestId('price-buy')).toHaveValue('1m');
      await expect(page.getByTestId('mode-limit')).toHaveAttribute('aria-selected', 'true');
      const price = Number(await page.getByTestId('book-bid-10').getAttribute('data-price')).toFixed(2);
      await page.getByTestId('price-buy').fill(price);
      // Escape leaves the field; 1 sets the slider to 25 %; p asks, Enter places.
      await page.keyboard.press('Escape');
      await page.keyboard.press('1');
      await expect(page.getByTestId('quantity-buy')).toHaveValue(/^0\.0\d+$/);
      const quantity = await page.getByTestId('quantity-buy').inputValue();
      await page.keyboard.press('p');
      await expect(page.getByTestId('keys-confirm-quantity')).toHaveText(`${quantity} BTC`);
      await expect(page.getByTestId('keys-confirm-place')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Order placed')).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1);
      await page.keyboard.press('x');
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
      await expect(page.getByTestId('locked-buy')).toHaveText('0.00 USDT');
      await page.keyboard.press('X');
      await expect(page.getByTestId('toast').filter({ hasText: 'No open order on this pair' })).toBeVisible();

      // Switched off in the personal settings: ? does nothing. Pro on: a clear warning.
      await page.goto('/personal/accountSettings');
      await page.getByTestId('toggle-shortcuts').uncheck(BOOT);
      await expect(page.getByTestId('shortcut-list')).toHaveCount(0);
      await expect(page.getByTestId('pro-warning')).toHaveCount(0);
      await page.getByTestId('toggle-pro').check();
      await expect(page.getByTestId('pro-warning')).toContainText('cannot be undone');
      await openTrade(page);
      await page.locator('body').press('?');
      await page.keyboard.press('b');
      await expect(page.getByTestId('shortcut-sheet')).toHaveCount(0);
      await expect(page.getByTestId('price-buy')).not.toBeFocused();
    },
  );

  test(
    'a market buy fills: it is in the history, the balances move and the trade is on the tape',
    CLUSTER_TOO,
    async ({ page }) => {
      await signIn(page);
      await page.getByTestId('mode-market').click();
      await expect(page.getByTestId('price-buy')).toBeDisabled();
      await expect(page.getByTestId('price-buy')).toHaveAttribute('placeholder', /\d/);
      await page.getByTestId('quantity-buy').fill('0.0001');
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'Order placed')).toBeVisible();

      // 0.0001 BTC in, less the 0.1 % fee; the quote spent.
      await expect(page.getByTestId('available-sell')).toHaveText('0.50009990 BTC');
      expect(amountOf(await page.getByTestId('available-buy').textContent())).toBeLessThan(10_000);
      await page.getByTestId('orders-tab-history').click();
      const filled = page.getByTestId('orders-table').locator('tbody tr').first();
      await expect(filled).toContainText('Filled');
      await expect(filled).toContainText('Market');
      await expect(filled).toContainText('0.00010 BTC');
      // The buyer-taken trade shows on the tape, in the up colour (one row, or several when the first
      // order at the best ask held less).
      await expect
        .poll(async () => showsMarketBuyOf(await tapeRows(page), '0.0001'), { intervals: [100] })
        .toBe(true);
      const spent = amountOf(await page.getByTestId('available-buy').textContent());

      // The personal centre's transaction log lists the order's settlement: the USDT it paid, the BTC
      // it received net of the fee (it said "No transactions yet" however many trades there were).
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Account settings' }).click();
      await page.getByRole('link', { name: 'Transaction log' }).click();
      const rows = page.locator('[data-testid=transaction][data-type=spotBuy]');
      await expect(rows).toHaveCount(2, BOOT);
      await expect(rows.nth(0)).toContainText('Spot buy');
      await expect(rows.nth(0)).toContainText('BTC/USDT');
      await expect(rows.nth(0)).toContainText('Trade account');
      // The USDT paid, as the balance shows it to the cent (each side rounds its own way).
      const paid = amountOf(await rows.nth(0).locator('td').last().textContent());
      expect(Math.abs(paid - (10_000 - spent))).toBeLessThanOrEqual(0.0101);
      await expect(rows.nth(0).locator('td').last()).toHaveText(/^-[\d.]+ USDT$/);
      await expect(rows.nth(1).locator('td').last()).toHaveText('+0.00009990 BTC');
      await expect(page.getByTestId('transaction-log-empty')).toHaveCount(0);
    },
  );

  test('clicking a price in the order book fills the forms; the depth chart sums its rows', async ({
    page,
    demoServer,
  }) => {
    await openTrade(page);
    // The market stands still (the demo clock's pause), so the row keeps its price under the pointer.
    await holdMarketStill(page, demoServer);
    const ask = page.getByTestId('book-ask-2');
    const price = await ask.getAttribute('data-price');
    await ask.click({ force: true });
    await expect(page.getByTestId('price-buy')).toHaveValue(price ?? 'missing');
    await expect(page.getByTestId('price-sell')).toHaveValue(price ?? 'missing');

    // The depth chart instead of the rows: hovering it reads the level under the pointer, whose
    // cumulative amount is the sum of the book's rows from the best price to it (the market stands).
    const rows = await bookRows(page);
    await page.getByTestId('book-view-depth').click();
    const canvas = page.getByTestId('depth-canvas');
    await expect(canvas).toHaveAttribute('data-points', /^[1-9]/);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    const tip = page.locator('.depth-tooltip');
    await expect(tip).toContainText('Cumulative amount (BTC)');
    const [tipPrice, tipAmount, tipValue] = await tip.locator('.depth-tip-value').allTextContents();
    const side = (await tip.locator('strong').textContent()) === 'Bids' ? 'bid' : 'ask';
    const level = Number(tipPrice!.replaceAll(',', ''));
    const upTo = rows.filter(
      (row) => row.side === side && (side === 'bid' ? row.price >= level : row.price <= level),
    );
    expect(upTo.length).toBeGreaterThan(0);
    expect(Number(tipAmount!.replaceAll(',', ''))).toBeCloseTo(sum(upTo.map((row) => row.amount)), 8);
    expect(Number(tipValue!.replaceAll(',', ''))).toBeCloseTo(sum(upTo.map((row) => row.total)), 2);
    // The unit switch and the view are remembered.
    await page.getByTestId('depth-unit-quote').click();
    await page.reload();
    await expect(page.getByTestId('depth-unit-quote')).toHaveAttribute('aria-pressed', 'true', BOOT);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('book-view-book').click();
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/);
    await letMarketRun(page, demoServer);
  });

  test('every form rule speaks: p_price, p_num, remind, the slider without a price, and the input filter', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByTestId('submit-buy').click();
    await expect(toast(page, 'Please enter a price')).toBeVisible();
    // The refusal also sits beside the field it is about, and follows what is typed.
    await expect(page.getByTestId('price-problem-buy')).toHaveText('Please enter a price');
    await expect(page.getByTestId('price-buy')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('price-buy').fill('100');
    await expect(page.getByTestId('price-problem-buy')).toHaveCount(0);
    await expect(page.getByTestId('quantity-problem-buy')).toHaveText('Please enter a quantity');
    await page.getByTestId('submit-buy').click();
    // The newer error replaces the older one: one toast, not a stack over the form.
    await expect(toast(page, 'Please enter a quantity')).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await page.getByTestId('quantity-buy').fill('1');
    await expect(page.getByTestId('quantity-problem-buy')).toHaveCount(0);
    await page.getByTestId('quantity-buy').fill('');

    // The fat finger (issue 31 item 5): 100 USDT for BTC is far outside the pair's band, and 0.001 of
    // it is worth less than the minimum; both are said beside their fields as they are typed. Sent
    // anyway, the order is refused by the exchange with the band it takes, and nothing is placed.
    await expect(page.getByTestId('price-warning-buy')).toHaveText(
      /^Far below the market: this pair takes limit prices from [\d.,]+ to [\d.,]+ USDT/,
    );
    await page.getByTestId('quantity-buy').fill('0.001');
    await expect(page.getByTestId('total-warning-buy')).toHaveText(
      "Below this pair's minimum order value of 5 USDT: the order would be refused.",
    );
    await page.getByTestId('submit-buy').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: /^The price must be from [\d.]+ to [\d.]+ USDT/ }),
    ).toBeVisible();
    await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('trade-price-band-warning.png'), fullPage: false });
    await page.getByTestId('quantity-buy').fill('');

    // A field keeps what was typed and says what is wrong with it: never rewritten.
    await page.getByTestId('price-sell').pressSequentially('-1e2+3.456');
    await expect(page.getByTestId('price-sell')).toHaveValue('-1e2+3.456');
    await expect(page.getByTestId('price-problem-sell')).toHaveText('Enter a number, such as 0.5');
    await page.getByTestId('price-sell').fill('123.45');
    await expect(page.getByTestId('price-problem-sell')).toHaveCount(0);
    await page.getByTestId('quantity-sell').pressSequentially('0.1234567');
    await expect(page.getByTestId('quantity-sell')).toHaveValue('0.1234567');
    await expect(page.getByTestId('quantity-problem-sell')).toHaveText('At most 5 decimal places');

    // The slider buys a share of the balance at the typed price, floored to 6 decimals.
    await page.getByTestId('slider-buy-25').click();
    await expect(page.getByTestId('quantity-buy')).toHaveValue('25');
    await page.getByTestId('price-buy').fill('');
    await page.getByTestId('slider-buy-50').click();
    await expect(toast(page, 'No best price at present')).toBeVisible();
    await page.getByTestId('slider-sell-50').click();
    await expect(page.getByTestId('quantity-sell')).toHaveValue('0.25');
    // Switching mode clears the quantities and the sliders.
    await page.getByTestId('mode-market').click();
    await expect(page.getByTestId('quantity-sell')).toHaveValue('');
    await expect(page.getByTestId('slider-sell')).toHaveValue('0');

    await page.goto('/trade?symbol=BIB/USDT');
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    await page.getByTestId('price-sell').fill('1');
    await page.getByTestId('quantity-sell').fill('1');
    await page.getByTestId('submit-sell').click();
    await expect(toast(page, 'Selling is not supported on this pair')).toBeVisible();
    // No field can fix it: it sits above the button.
    await expect(page.getByTestId('form-problem-sell')).toHaveText('Selling is not supported on this pair');
  });

  test('the inputs that once placed real orders are refused with a message, and place nothing', async ({
    page,
  }) => {
    await signIn(page);
    const before = {
      buy: await page.getByTestId('available-buy').textContent(),
      sell: await page.getByTestId('available-sell').textContent(),
    };
    // Issue 11's list: 0,5 showed 05 and sold 5 ETH; -1 became 1 and filled; 1e30 became 130...
    const bad = ['0,5', '-1', '1e30', '+5', '0x10', '1.2.3', '<img src=x>1', '0.123456', ' 5 5 '];
    await page.getByTestId('price-sell').fill('1000000');
    for (const text of bad) {
      await page.getByTestId('quantity-sell').fill(text);
      await expect(page.getByTestId('quantity-sell')).toHaveValue(text);
      await expect(page.getByTestId('quantity-problem-sell')).toBeVisible();
      await page.getByTestId('submit-sell').click();
    }
    // Read at once: a toast leaves after a few seconds, and the price loop below can outlast it.
    await expect(toast(page, 'The quantity is not a number').first()).toBeVisible();
    await page.getByTestId('quantity-buy').fill('0.001');
    for (const text of bad) {
      await page.getByTestId('price-buy').fill(text);
      await expect(page.getByTestId('price-buy')).toHaveValue(text);
      await page.getByTestId('submit-buy').click();
      await expect(page.getByTestId('price-problem-buy')).toBeVisible();
    }
    await expect(toast(page, 'Order placed')).toHaveCount(0);
    await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
    await expect(page.getByTestId('available-buy')).toHaveText(before.buy ?? '');
    await expect(page.getByTestId('available-sell')).toHaveText(before.sell ?? '');
  });

  test('in Russian a decimal comma is read as the point it means, and every number is written so', async ({
    page,
  }) => {
    // Russian groups thousands with a no-break space and writes a decimal comma: "10 000,00".
    const russian = (plain: string) => {
      const [int = '', frac] = plain.split('.');
      return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}${frac === undefined ? '' : `,${frac}`}`;
    };
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('lang', 'ru'));
    await page.reload();
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    await expect(page.getByTestId('available-buy')).toHaveText(`${russian('10000.00')} USDT`);
    // The book writes the very price it holds, in the Russian way. Both are read in one go: the book
    // moves between two separate reads (the CI run once saw the row repriced in between).
    const [held, shown] = await page
      .getByTestId('book-bid-19')
      .evaluate((row: HTMLElement) => [
        row.dataset.price ?? '',
        row.querySelector('.book-price')?.textContent ?? '',
      ]);
    expect(shown).toBe(russian(held));
    const bid = Number(held);
    const price = bid.toFixed(2).replace('.', ',');
    await page.getByTestId('price-buy').fill(price);
    await page.getByTestId('quantity-buy').fill('0,01');
    await expect(page.getByTestId('quantity-problem-buy')).toHaveCount(0);
    await expect(page.getByTestId('price-problem-buy')).toHaveCount(0);
    // The total of 0.01 BTC: USDT's cents, rounded up, written the Russian way.
    const cents = Math.round(bid * 100);
    await expect(page.getByTestId('total-buy')).toHaveText(
      `${russian((Math.ceil(cents / 100) / 100).toFixed(2))} USDT`,
    );
    await page.getByTestId('submit-buy').click();
    const row = page.getByTestId('orders-table').locator('tbody tr').first();
    await expect(row).toContainText(russian(bid.toFixed(2)));
    await expect(row).toContainText('0,01');
    // The balances reload after the order's answer: wait for them rather than race them. The lock
    // holds the exact cost; USDT shows its cents, cut towards zero.
    await expect(page.getByTestId('locked-buy')).toHaveText(
      `${russian((Math.floor(bid) / 100).toFixed(2))} USDT`,
    );
  });

  test('a price far through the market asks first: back places nothing, place goes', async ({ page }) => {
    await signIn(page);
    const ask = Number(await page.getByTestId('book-ask-0').getAttribute('data-price'));
    await page.getByTestId('price-buy').fill((ask * 1.2).toFixed(2));
    await page.getByTestId('quantity-buy').fill('0.001');
    await page.getByTestId('submit-buy').click();
    await expect(page.getByTestId('far-confirm-buy')).toContainText(
      /Your price is (19|20)% above the best ask/,
    );
    await page.getByTestId('far-back-buy').click();
    await expect(page.getByTestId('far-confirm-buy')).toHaveCount(0);
    await expect(toast(page, 'Order placed')).toHaveCount(0);
    await page.getByTestId('submit-buy').click();
    await page.getByTestId('far-place-buy').click();
    await expect(toast(page, 'Order placed')).toBeVisible();
    await page.getByTestId('orders-tab-history').click();
    await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toContainText('BTC/USDT');
  });

  test('a market order with no best price says so (notbest)', async ({ page, backend }) => {
    // An empty book: the test withholds the depth on its way from the backend to the page.
    if (backend === 'server') await withholdDepthFromServer(page);
    else
      await page.addInitScript(() => {
        const original = MessagePort.prototype.addEventListener;
        MessagePort.prototype.addEventListener = function (
          this: MessagePort,
          type: string,
          listener: unknown,
          options?: unknown,
        ) {
          if (type !== 'message' || typeof listener !== 'function') {
            return original.call(this, type, listener as EventListener, options as AddEventListenerOptions);
          }
          const wrapped = (event: MessageEvent) => {
            const data = event.data as {
              kind?: string;
              text?: string;
              envelope?: { data?: { depth?: unknown } };
            };
            if (data?.kind === 'socket-message' && data.text?.includes('"MARKET_DEPTH"')) return;
            if (data?.kind === 'response' && data.envelope?.data?.depth) {
              const envelope = {
                ...data.envelope,
                data: { ...data.envelope.data, depth: { in: [], out: [] } },
              };
              return (listener as (event: MessageEvent) => void).call(
                this,
                new MessageEvent('message', { data: { ...data, envelope } }),
              );
            }
            return (listener as (event: MessageEvent) => void).call(this, event);
          };
          return original.call(this, type, wrapped as EventListener, options as AddEventListenerOptions);
        };
      });
    await signIn(page, { book: false });
    await page.getByTestId('mode-market').click();
    await page.getByTestId('quantity-buy').fill('0.01');
    await page.getByTestId('submit-buy').click();
    await expect(toast(page, 'There is no best price at present')).toBeVisible();
    // The page still polls the server: an answer the route holds when the test ends is disposed
    // with the page, and reading it then failed the test after it had passed (stop 47's rehearsal,
    // "apiResponse.json: Response has been disposed").
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  // A blink of the connection: on the simulator its test-only fault switch drops the tab's socket,
  // on a server the test cuts the WebSocket itself. While it is away nothing is sent; what changed
  // meanwhile (an order placed from another tab) is on screen after the reconnect, without a reload.
  test(
    'a dropped socket says so, refuses orders, and resyncs the orders and balances when back',
    CLUSTER_TOO,
    async ({ page, context, backend }) => {
      const cut: Array<() => void> = [];
      if (backend !== 'sim')
        await page.routeWebSocket(/\/ws$/, (socket) => {
          const server = socket.connectToServer();
          cut.push(() => {
            void server.close();
            void socket.close({ code: 4000, reason: 'cut by the test' });
          });
        });
      else await page.addInitScript(() => (globalThis.__TESSERA_FAULTS__ = true));
      const indicator = page.getByTestId('connection-indicator');
      await signIn(page);
      await expect(indicator).toHaveAttribute('data-state', 'live');

      if (backend !== 'sim') cut.splice(0).forEach((close) => close());
      else await page.evaluate(() => globalThis.tesseraFaults?.dropSocket());
      await expect(indicator).toHaveAttribute('data-state', 'reconnecting');
      await expect(page.getByTestId('connection-announcement')).toHaveText('Connection lost, reconnecting');
      await expect(page.getByTestId('connection-retry')).toHaveAccessibleName(
        /Reconnecting, next try in \d+ s/,
      );

      // Refused with the reason, and nothing queued.
      const price = Number(await page.getByTestId('book-bid-10').getAttribute('data-price')).toFixed(2);
      await page.getByTestId('price-buy').fill(price);
      await page.getByTestId('quantity-buy').fill('0.01');
      await page.getByTestId('submit-buy').click();
      await expect(toast(page, 'The exchange cannot be reached, so nothing was sent.')).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);

      // Meanwhile the same user places a resting order from another tab, whose socket is up.
      const other = await context.newPage();
      await other.goto('/trade?symbol=BTC/USDT');
      await expect(other.getByTestId('available-buy')).toHaveText(/10,000\.00 USDT/, BOOT);
      await other.getByTestId('price-buy').fill(price);
      await other.getByTestId('quantity-buy').fill('0.01');
      await other.getByTestId('submit-buy').click();
      await expect(toast(other, 'Order placed')).toBeVisible();
      await other.close();
      // This tab heard nothing of it: its socket is away.
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(0);
      await expect(page.getByTestId('locked-buy')).toHaveText('0.00 USDT');

      // Back: the order made during the drop is listed and its funds are locked, without a reload.
      await page.getByTestId('connection-retry').click();
      await expect(indicator).toHaveAttribute('data-state', 'live');
      await expect(page.getByTestId('connection-announcement')).toHaveText('Connection is live again');
      await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1);
      await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toContainText('BTC/USDT');
      const cost = Math.round(Number(price) * 100) / 10_000;
      await expect
        .poll(async () => amountOf(await page.getByTestId('locked-buy').textContent()))
        .toBe(Math.floor(cost * 100) / 100);
      await expect(page.locator('.book-bid.own')).toHaveAttribute('data-price', price);
    },
  );

  for (const [index, theme] of ['dark', 'light'].entries()) {
    test(`axe finds no serious or critical violation on the trade screen (${theme})`, async ({
      page,
      backend,
    }) => {
      showOnce(backend, index);
      await withPrefs(page, { theme });
      await openTrade(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // The build writes the screen's frame with the exchange's opening quotes into /trade's HTML
  // (TradeFrame.tsx); tests/unit/prerender/opening-quotes.test.ts proves those are a fresh
  // profile's first answer. Here: a phone and a laptop paint them before any script of the app; the
  // exchange's early answer marks them live before the app (app/early-live-quotes.ts), for as long
  // as that answer stands for now; the app hydrates that page without a warning, and nothing on it
  // moves more than CLS 0.05.
  for (const width of [390, 1440]) {
    test(
      `the prerendered screen shows the opening quotes before the app, then hydrates quietly (${width} px)`,
      VIEWS_ONLY,
      async ({ page }) => {
        // React's hydration warnings, in words (development) or by number (production: #418 a
        // hydration that failed, #419, #423 and #425 its older and partial forms).
        const hydration: string[] = [];
        const isHydration = (text: string) =>
          /hydrat|did not match|server rendered|React error #(418|419|423|425)/i.test(text);
        page.on('console', (message) => {
          if (isHydration(message.text())) hydration.push(`${message.type()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => {
          if (isHydration(error.message)) hydration.push(`page error: ${error.message}`);
        });
        await page.addInitScript(() => {
          const shifts = { total: 0 };
          (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) shifts.total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.setViewportSize({ width, height: 900 });
        // The app's chunk is held back: the page on screen is the one the build wrote. So is the
        // exchange (its worker's script) until that page has been read.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/assets/boot-app-*.js', async (route) => {
          await held;
          await route.continue();
        });
        let releaseExchange = () => {};
        const exchangeHeld = new Promise<void>((resolve) => (releaseExchange = resolve));
        await page.context().route('**/assets/worker-*.js', async (route) => {
          await exchangeHeld;
          await route.continue();
        });
        const opened = page.goto('/trade');
        await expect(page.getByTestId('trade-frame')).toBeVisible(BOOT);
        // The page as painted: its stylesheets all in. Read before one had come (a CI rehearsal on
        // a loaded machine), the frame had not yet its wide screen's rules and showed the phone's tabs.
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
            (link) => link.sheet !== null,
          ),
        );
        const built = await page.evaluate(() => {
          const opening = JSON.parse(document.getElementById('opening-quotes')?.textContent ?? '{}') as {
            rows: { symbol: string; close: string; change: string; high: string; low: string }[];
          };
          const header = document.querySelector<HTMLElement>('[data-testid="market-header"]');
          const figures = [...(header?.querySelectorAll('.market-last, .market-stats dd') ?? [])];
          const shown = (element: Element | null | undefined) =>
            element instanceof HTMLElement && element.offsetParent !== null;
          return {
            paint: document.documentElement.dataset.firstPaint,
            quotes: header?.dataset.quotes,
            header: figures.map((figure) => Number((figure.textContent ?? '').replace(/[,%+]/g, ''))),
            lastText: header?.querySelector('.market-last')?.textContent,
            visible: figures.every((figure) => getComputedStyle(figure).visibility === 'visible'),
            opening: opening.rows.find((row) => row.symbol === 'BTC/USDT'),
            pairList: shown(document.querySelector('[data-testid="pair-list"]')),
            phoneTabs: shown(document.querySelector('.frame-tabs')),
            // The header's full row, not yet collapsed by the app, must not push the page sideways.
            pageWidth: document.documentElement.scrollWidth,
          };
        });
        expect(built.paint).toBe('hydrate');
        expect(built.quotes).toBe('opening');
        expect(built.visible).toBe(true);
        const opening = built.opening!;
        expect(built.header.slice(0, 4)).toEqual(
          [opening.close, opening.change, opening.high, opening.low].map(Number),
        );
        // The phone's frame is its screen's (the views' tabs, no pair list); the laptop's has the list.
        expect(built.pairList).toBe(width > 899);
        expect(built.phoneTabs).toBe(width <= 899);
        expect(built.pageWidth).toBeLessThanOrEqual(width);
        // The exchange answers, the app still held: the same figures, now said to be live ...
        releaseExchange();
        const header = page.getByTestId('market-header');
        await expect(header).toHaveAttribute('data-quotes', 'ready', BOOT);
        expect(await header.locator('.market-last').textContent()).toBe(built.lastText);
        // ... until that answer no longer stands for now (PRIMED_ANSWER_FRESH_MS, 2 s) with no app
        // to take it: then `opening` again, not live.
        await expect(header).toHaveAttribute('data-quotes', 'opening', { timeout: 5_000 });
        release();
        await opened;
        await expect(page.getByTestId('trade-page')).toHaveAttribute(
          'data-layout',
          width > 899 ? 'wide' : 'phone',
        );
        await expect(page.getByTestId('market-header')).toHaveAttribute('data-quotes', 'ready', BOOT);
        await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible(BOOT);
        expect(hydration).toEqual([]);
        const shifted = await page.evaluate(
          () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
        );
        console.log(`layout shift at ${width} px: ${shifted}`);
        expect(shifted).toBeLessThan(0.05);
      },
    );
  }

  // The phone's orders tabs share the row in thirds; Dutch "Ordergeschiedenis" (104 px) once spilled
  // out of its 113 px tab to the window's edge. A tab now keeps its longest word.
  test('on a phone each orders tab holds its whole label (Dutch, 390 px)', VIEWS_ONLY, async ({ page }) => {
    await withPrefs(page, { lang: 'du' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/trade?symbol=BTC/USDT');
    await expect(page.locator('.orders-tabs [role="tab"]')).toHaveCount(3, { timeout: 30_000 });
    expect(await spillingText(page, '.orders-tabs')).toEqual([]);
  });
});
