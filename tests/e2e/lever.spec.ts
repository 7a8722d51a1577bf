import { mkdir, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, openInApp, showOnce, simControl, test, withPrefs, type DemoServer } from './fixtures.ts';
import { downloadPnlCard } from './pnl-card.ts';
import { smallTapTargets } from './tap-targets.ts';

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
  await openInApp(page, '/assets/transfer');
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
  demoServer,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await fundLever(page, '5000');
  await openInApp(page, '/lever?symbol=BTC/USDT');
  const form = page.getByTestId('lever-form');
  await expect(form).toBeVisible(BOOT);
  // The delegation view is the default tab (spec §2 Lever); the open positions are the current ones.
  await expect(page.getByTestId('lever-tab-delegation')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('lever-tab-open').click();
  await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.00 /);
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
  await lots.fill('2');
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
  // The take-profit by % move this time: the field keeps what was typed, and its price, % and
  // expected profit follow for a long and for a short.
  await page.getByTestId('lever-tp-by').selectOption('percent');
  await page.getByTestId('lever-tp').fill('5');
  await expect(page.getByTestId('lever-tp')).toHaveValue('5');
  for (const side of ['long', 'short'])
    await expect(page.getByTestId(`lever-tp-figures-${side}`)).toContainText(
      /USDT · [\d.]+% · Expected profit \d/,
    );
  // Before the order, at the price now (and it says so): the liquidation price and the risk rate
  // the position will have. With the market standing still they are exactly what the exchange
  // then answers for it.
  await demoClock(page, demoServer, 'pause');
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('lever-estimate-note')).toContainText('Estimated at the last price');
  // 5000 USDT carry one lot long down to a price of 0 (no liquidation price); a short has one.
  await expect(page.getByTestId('lever-liq-long')).toHaveText('—');
  await expect(page.getByTestId('lever-liq-short')).toHaveText(/^\d[\d,]*\.\d+$/);
  await expect(page.getByTestId('lever-hazard-long')).toHaveText(/^\d[\d,]*\.\d\d%$/);
  const estimate = {
    liquidation: await page.getByTestId('lever-liq-long').textContent(),
    hazard: await page.getByTestId('lever-hazard-long').textContent(),
  };
  await page.getByTestId('lever-long').click();
  await expect(page.getByTestId('lever-confirm-bond')).toContainText('USDT');
  await expect(page.getByTestId('lever-confirm-tp')).toContainText('Expected profit');
  await page.getByTestId('lever-confirm').click();
  const positions = page.getByTestId('lever-positions');
  const openRows = positions.locator('[data-testid="lever-table-open"] tbody tr');
  await expect(openRows).toHaveCount(1, BOOT);
  await expect(openRows.first().locator('td[data-col="liquidation"]')).toHaveText(estimate.liquidation!);
  await expect(page.getByTestId('lever-risk')).toHaveText(estimate.hazard!);
  await demoClock(page, demoServer, 'play');
  await expect(openRows.first().getByTestId('lever-row-sl')).not.toHaveText('—');
  // Set with the order, in the same call: the take-profit is on the position at once.
  await expect(openRows.first().getByTestId('lever-row-tp')).not.toHaveText('—');
  await expect(page.getByTestId('lever-margin')).not.toHaveText('0.00');
  await expect(page.getByTestId('lever-risk')).toHaveText(/%/);
  await expect(openRows.first().getByTestId('lever-row-pnl')).toHaveText(/^-?\d/);
  await mkdir('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/lever-1440-dark-en-open.png', fullPage: true });
  // The open position's PnL card, at the mark: a PNG to download.
  await openRows.first().getByTestId('lever-row-card').click();
  await mkdir('/tmp/shots/leverproof', { recursive: true });
  await writeFile('/tmp/shots/leverproof/card-open-en-dark.png', await downloadPnlCard(page, 'lever'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pnl-card-dialog')).toHaveCount(0);
  // From 1280 px a row fits its panel whole: profit/loss and actions without a sideways scroll.
  await page.setViewportSize({ width: 1280, height: 900 });
  const tableWrap = positions.locator('.lever-table-wrap');
  await expect.poll(() => tableWrap.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Close half of it: 50 % of 2 lots is 1; a typed 3 is refused and the confirm does nothing.
  await openRows.first().getByTestId('lever-row-close').click();
  await expect(page.getByTestId('lever-close-lots')).toHaveValue('2');
  await page.getByTestId('lever-close-lots').fill('3');
  await expect(page.getByTestId('lever-close-lots-problem')).toHaveText(
    'Enter a whole number of lots from 1 to 2',
  );
  await page.getByTestId('lever-ask-confirm').click();
  await expect(page.getByTestId('lever-ask-dialog')).toBeVisible();
  await page.getByTestId('lever-close-50').click();
  await expect(page.getByTestId('lever-close-lots')).toHaveValue('1');
  await expect(page.getByTestId('lever-close-summary')).toContainText('Closes 1 of 2 lots');
  await page.getByTestId('lever-ask-confirm').click();
  await expect(openRows.first().locator('td[data-col="lots"]')).toHaveText('1', BOOT);
  // Then the rest: it leaves the open positions and shows among the closed ones, beside its part.
  await openRows.first().getByTestId('lever-row-close').click();
  await page.getByTestId('lever-ask-confirm').click();
  await expect(openRows).toHaveCount(0, BOOT);
  await page.getByTestId('lever-tab-closed').click();
  const closedRow = positions.locator('[data-testid="lever-table-closed"] tbody tr').first();
  // The part closed first is a row of its own, naming its position.
  await expect(
    positions.locator('[data-testid="lever-table-closed"] tbody tr').getByTestId('lever-row-part-of'),
  ).toHaveText([/^part of #\d+$/], BOOT);
  // How it ended: the exit price, when, the realised PnL with its ROE, and why.
  await expect(closedRow.getByTestId('lever-row-exit')).toHaveText(/^\d/, BOOT);
  await expect(closedRow.getByTestId('lever-row-closed-at')).toHaveText(/\d\d:\d\d:\d\d/);
  await expect(closedRow.getByTestId('lever-row-roe')).toHaveText(/%$/);
  await expect(closedRow.getByTestId('lever-row-reason')).toHaveText('closed by you');

  // Why it closed (issue 32): the tape's trade it closed on, at the exit price shown, the rule, and
  // the PnL worked out from that price agreeing with the one recorded; a link to the chart there.
  const exit = (await closedRow.getByTestId('lever-row-exit').textContent()) ?? '';
  await closedRow.getByTestId('lever-row-proof').click();
  const proof = page.getByTestId('lever-proof-dialog');
  await expect(proof.getByTestId('lever-proof-rule')).toHaveAttribute('data-rule', 'manual');
  await expect(proof.getByTestId('lever-proof-trade-id')).toHaveText(/^Trade #\d+$/);
  await expect(proof.getByTestId('lever-proof-trade-time')).toHaveText(/\d\d:\d\d:\d\d UTC/);
  const tradePrice = Number(
    ((await proof.getByTestId('lever-proof-trade-price').textContent()) ?? '').replace(/[^\d.]/g, ''),
  );
  expect(tradePrice).toBe(Number(exit.replace(/,/g, '')));
  await expect(proof.getByTestId('lever-proof-agrees')).toHaveAttribute('data-agrees', 'true');
  const chartLink = new URL(
    (await proof.getByTestId('lever-proof-chart').getAttribute('href')) ?? '',
    'http://x',
  );
  expect(chartLink.pathname).toBe('/trade');
  expect(chartLink.searchParams.get('symbol')).toBe('BTC/USDT');
  expect(Number(chartLink.searchParams.get('at'))).toBeGreaterThanOrEqual(
    Number(chartLink.searchParams.get('from')),
  );
  // Its PnL card: a PNG of the card, never the account's name.
  // The link marks the trade where it printed: at its time and at its price.
  expect(Number(chartLink.searchParams.get('price'))).toBe(tradePrice);
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await proof.getByTestId('lever-proof-card').click();
  await writeFile('/tmp/shots/leverproof/card-closed-en-dark.png', await downloadPnlCard(page, 'lever'));
  await expect(page.getByTestId('pnl-card-image')).not.toHaveAttribute('alt', /demo@/);
  await expect(page.getByTestId('pnl-card-image')).toHaveAttribute('alt', /BTC\/USDT, Long ×\d+/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pnl-card-dialog')).toHaveCount(0);
  await proof.getByTestId('lever-proof-back').click();
  await expect(proof).toHaveCount(0);

  // A fixed-price short above the market rests as a pending order, and is cancelled: 15 % above the
  // last price, inside the pair's lever price band (20 %), which refuses a fixed price further away.
  await page.getByTestId('lever-mode-fixed').click();
  // A fat finger (3 USDT) is warned of beside the field as it is typed.
  await page.getByTestId('lever-price').fill('3');
  await expect(page.getByTestId('lever-price-warning')).toContainText('More than 20 % from the last price');
  await page.getByTestId('lever-price').fill(String(Math.ceil(last * 1.15)));
  await expect(page.getByTestId('lever-price-warning')).toHaveCount(0);
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
  // Nothing is open: the summary says so at once, and every tab counts what it holds now.
  await expect(page.getByTestId('lever-margin')).toHaveText('0.00');
  await expect(page.getByTestId('lever-total-pnl')).toHaveText('0.00');
  await expect(page.getByTestId('lever-risk')).toHaveText('—');
  await expect(page.getByTestId('lever-tab-all')).toContainText('(0)');
  await expect(page.getByTestId('lever-tab-closed')).toContainText('(4)');

  // The delegation view lists every order placed here with what became of it, newest first.
  await page.getByTestId('lever-tab-delegation').click();
  const orders = positions.locator('[data-testid="lever-table-delegation"] tbody tr');
  await expect(orders).toHaveCount(5, BOOT);
  await expect(orders.getByTestId('lever-row-status')).toHaveText([
    'Closed',
    'Closed',
    'Cancelled',
    'Closed',
    'Closed',
  ]);
  await expect(page.getByTestId('lever-tab-delegation')).toContainText('(5)');
  // A fresh load counts every tab before it is opened.
  await page.reload();
  await expect(page.getByTestId('lever-tab-closed')).toContainText('(4)', BOOT);
  await expect(page.getByTestId('lever-tab-delegation')).toContainText('(5)');
  await expect(page.getByTestId('lever-tab-pending')).toContainText('(0)');
});

for (const [index, [lang, theme, width]] of (
  [
    ['en', 'light', 390],
    ['ru', 'dark', 390],
    ['th', 'light', 1440],
    ['ru', 'light', 1440],
    ['th', 'dark', 390],
    ['en', 'dark', 1024],
  ] as const
).entries()) {
  test(`fits ${width} px in ${lang}, ${theme}, and refuses bad lots in its language`, async ({
    page,
    backend,
  }) => {
    showOnce(backend, index);
    await withPrefs(page, { lang, theme });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    // Phones open the order form in a bottom sheet from the Long / Short bar, as /trade does.
    if (width < 900) {
      await expect(page.getByTestId('lever-form')).toHaveCount(0);
      await page.getByTestId('lever-phone-long').click();
      await expect(page.getByTestId('lever-sheet')).toBeVisible(BOOT);
    }
    await expect(page.getByTestId('lever-form')).toBeVisible(BOOT);
    // On a laptop the Long and Short buttons are in the window without scrolling.
    if (width >= 1280)
      for (const side of ['long', 'short']) {
        const box = await page.getByTestId(`lever-${side}`).boundingBox();
        expect(box && box.y + box.height, `lever-${side}`).toBeLessThanOrEqual(900);
      }
    await page.getByTestId('lever-lots').fill('abc');
    await expect(page.getByTestId('lever-lots-problem')).toBeVisible();
    if (lang !== 'en') await expect(page.getByTestId('lever-lots-problem')).not.toContainText('number');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
    await mkdir('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/lever-${width}-${theme}-${lang}.png`, fullPage: true });
  });
}

/** Demo time: jumps the backend's clock (sim/skip, the control the earnings page's "skip a day" uses). */
async function skipHours(page: Page, server: DemoServer | null, hours: number) {
  const answer = await simControl(page, server, 'sim/skip', { hours });
  expect(Number(answer.code), answer.msg).toBe(1);
}

/** Stops or restarts the demo clock, and with it the market (sim/replay_control). */
async function demoClock(page: Page, server: DemoServer | null, action: 'pause' | 'play') {
  const answer = await simControl(page, server, 'sim/replay_control', { action });
  expect(Number(answer.code), answer.msg).toBe(1);
}

/** Opens a position at market from the form (lots and multiple as given). */
async function openAtMarket(page: Page, side: 'long' | 'short', lots: string) {
  await page.getByTestId('lever-lots').fill(lots);
  await page.getByTestId(`lever-${side}`).click();
  await page.getByTestId('lever-confirm').click();
  await expect(page.getByTestId('lever-confirm-dialog')).toHaveCount(0, BOOT);
}

test('sets a take-profit by % in the TP/SL dialog, sees the price and expected profit follow, and sees it fire', async ({
  page,
  demoServer,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await fundLever(page, '2000');
  await openInApp(page, '/lever?symbol=BTC/USDT');
  await expect(page.getByTestId('lever-form')).toBeVisible(BOOT);
  await expect.poll(() => lastPrice(page), BOOT).toBeGreaterThan(0);
  await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.00 /, BOOT);
  // A take-profit 0.05 % from the entry on each side: whichever way the market goes first, one fires.
  // The market stands still (the demo clock's pause) from before the positions open until both are
  // set: a first one that fired before the second was saved would close its row under the open
  // dialog, and a price that moved more than 0.05 % between the opening and the pause made the long's
  // take-profit fall below the last price, which the dialog refuses (stop 47's rehearsal).
  await demoClock(page, demoServer, 'pause');
  await openAtMarket(page, 'long', '1');
  await openAtMarket(page, 'short', '1');
  await page.getByTestId('lever-tab-open').click();
  const positions = page.getByTestId('lever-positions');
  const openRows = positions.locator('[data-testid="lever-table-open"] tbody tr');
  await expect(openRows).toHaveCount(2, BOOT);

  for (const index of [0, 1]) {
    await openRows.nth(index).getByTestId('lever-row-stop').click();
    const dialog = page.getByTestId('lever-stop-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('lever-stop-tp-percent').fill('0.05');
    // The % stays as typed; the price and the expected profit follow it.
    await expect(dialog.getByTestId('lever-stop-tp-percent')).toHaveValue('0.05');
    const entry = Number(
      ((await dialog.getByTestId('lever-stop-entry').textContent()) ?? '').replace(/,/g, ''),
    );
    const price = Number(await dialog.getByTestId('lever-stop-tp').inputValue());
    expect(
      Math.abs(price - entry * (1 + (index === 0 ? -1 : 1) * 0.0005)) <= 0.01 ||
        Math.abs(price - entry * (1 - (index === 0 ? -1 : 1) * 0.0005)) <= 0.01,
    ).toBe(true);
    await expect(dialog.getByTestId('lever-stop-tp-amount')).not.toHaveValue('');
    await expect(dialog.getByTestId('lever-stop-tp-expected')).toContainText(/= \d/);
    if (index === 0) {
      await mkdir('/tmp/shots-lever', { recursive: true });
      await page.screenshot({ path: '/tmp/shots-lever/lever-tpsl-dialog-1440-dark-en.png' });
      const axe = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
    }
    await dialog.getByTestId('lever-stop-save').click();
    await expect(dialog).toHaveCount(0, BOOT);
    await expect(openRows.nth(index).getByTestId('lever-row-tp')).not.toHaveText('—');
  }
  // The chart draws each position's entry and take-profit.
  await page.screenshot({ path: '/tmp/shots-lever/lever-1440-dark-en-tp-lines.png' });

  // Demo time at 60x: a simulated hour a minute is plenty for a 0.07 % move either way.
  await demoClock(page, demoServer, 'play');
  await page.getByTestId('sim-speed').selectOption('60');
  await page.getByTestId('lever-tab-closed').click();
  const closedRows = positions.locator('[data-testid="lever-table-closed"] tbody tr');
  await expect(closedRows.filter({ hasText: 'take profit' })).not.toHaveCount(0, { timeout: 100_000 });
  await page.getByTestId('sim-speed').selectOption('1');
  // Its proof: the take-profit's comparison holds for the trade it closed on, and the PnL agrees.
  await closedRows.filter({ hasText: 'take profit' }).first().getByTestId('lever-row-proof').click();
  const proof = page.getByTestId('lever-proof-dialog');
  await expect(proof.getByTestId('lever-proof-rule')).toHaveAttribute('data-rule', 'takeProfit');
  await expect(proof.getByTestId('lever-proof-fired')).toHaveAttribute('data-fired', 'true');
  await expect(proof.getByTestId('lever-proof-fired')).toContainText(/[≥≤].*the rule fires/);
  await expect(proof.getByTestId('lever-proof-agrees')).toHaveAttribute('data-agrees', 'true');
});

test('a 100x hedged book whose margin overnight fees eat is liquidated, and close all closes the longs only', async ({
  page,
  demoServer,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openInApp(page, '/lever?symbol=ETH/USDT');
  await expect(page.getByTestId('lever-form')).toBeVisible(BOOT);
  await page.getByTestId('lever-multiple-100').click();
  await page.getByTestId('lever-lots').fill('1');
  await expect(page.getByTestId('lever-bond-long')).toContainText('USDT', BOOT);
  const amount = async (id: string) =>
    Number(((await page.getByTestId(id).textContent()) ?? '').replace(/[^\d.]/g, ''));
  // About enough for a long and a short of one lot at 100x. The market moves on while the funds go
  // in, so 0.1 USDT covers a move of about 1.5 % (0.01 did not: a CI run's short was refused). The
  // overnight fees still eat both bonds whole by the 30th day (below), which liquidates whatever is free.
  // The form shows each cost in USDT's cents, rounded up: the exact cost lies within a cent below
  // each figure shown, so the four figures less 0.04 never exceed it.
  const cost =
    (await amount('lever-bond-long')) +
    (await amount('lever-bond-short')) +
    2 * (await amount('lever-fee')) -
    0.04;
  await fundLever(page, (Math.ceil(cost * 10_000) / 10_000 + 0.1).toFixed(4));
  await openInApp(page, '/lever?symbol=ETH/USDT');
  await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.00 /, BOOT);
  await page.getByTestId('lever-multiple-100').click();
  await openAtMarket(page, 'long', '1');
  await openAtMarket(page, 'short', '1');
  await page.getByTestId('lever-tab-open').click();
  const positions = page.getByTestId('lever-positions');
  const openRows = positions.locator('[data-testid="lever-table-open"] tbody tr');
  await expect(openRows).toHaveCount(2, BOOT);

  // Thirty simulated days: 0.05 % of the value a day is 5 % of a 100x bond. The fee is charged on
  // the value at the mark, the bond was the value at the open: twenty days ate both bonds whole
  // only if ETH had not fallen meanwhile, and a CI rehearsal's ETH had (both bonds kept a sliver,
  // the hedged book's equity stayed far above it, nothing was liquidated). Thirty eat them whole
  // unless ETH falls by a third.
  await skipHours(page, demoServer, 240);
  await skipHours(page, demoServer, 240);
  await skipHours(page, demoServer, 240);
  // Sessions last 7 days: the app says the login timed out and asks for it again.
  await expect(page).toHaveURL(/\/login/, BOOT);
  await signIn(page);
  await openInApp(page, '/lever?symbol=ETH/USDT');
  await expect(page.getByTestId('lever-page')).toBeVisible(BOOT);
  await page.getByTestId('lever-tab-closed').click();
  const closedRows = positions.locator('[data-testid="lever-table-closed"] tbody tr');
  // The loser of the pair goes first (largest loss first). The winner survives if its bond kept a
  // remainder (the price moved its way, so its fees came to less than its bond) and its profit
  // carries the account; with nothing left of its bond it is liquidated too.
  // The exchange checks a pair's accounts for liquidation on the pair's next trade (sim lever
  // part.ts), and after the jump that trade may be a while coming: a CI run's page showed both
  // positions open at a 5,499 % risk rate with no ETH trade for the last 7 minutes of its chart.
  await expect
    .poll(() => closedRows.filter({ hasText: 'liquidated' }).count(), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: '/tmp/shots-lever/lever-1440-dark-en-liquidated.png', fullPage: true });
  await expect(page.getByTestId('lever-risk')).toBeVisible();

  // Close all, longs only: a long and a short, then only the short is left.
  await fundLever(page, '500');
  await openInApp(page, '/lever?symbol=ETH/USDT');
  await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.00 /, BOOT);
  await page.getByTestId('lever-multiple-10').click();
  await openAtMarket(page, 'long', '1');
  await openAtMarket(page, 'long', '2');
  await openAtMarket(page, 'short', '1');
  await page.getByTestId('lever-tab-open').click();
  const longs = openRows.locator('.lever-side.long');
  const shorts = openRows.locator('.lever-side.short');
  await expect.poll(() => longs.count(), BOOT).toBeGreaterThanOrEqual(2);
  // Reduce-only (issue 34): a short of 2 lots closes the oldest long (1 lot) whole and 1 lot of the
  // next, at market; no short opens. The fixed price is not offered while it is on.
  await expect(shorts).toHaveCount(1);
  await page.getByTestId('lever-reduce-only').check();
  await expect(page.getByTestId('lever-mode-fixed')).toBeDisabled();
  await page.getByTestId('lever-lots').fill('2');
  await page.getByTestId('lever-short').click();
  await expect(page.getByTestId('lever-confirm-reduce')).toHaveText(
    'Closes up to 2 lots of your long positions at market, oldest first. Nothing opens.',
  );
  await page.getByTestId('lever-confirm').click();
  await expect(page.getByTestId('lever-confirm-dialog')).toHaveCount(0, BOOT);
  await expect(longs).toHaveCount(1, BOOT);
  await expect(shorts).toHaveCount(1);
  await page.getByTestId('lever-reduce-only').uncheck();
  await page.getByTestId('lever-close-all').click();
  await page.getByTestId('lever-which-longs').click();
  await page.getByTestId('lever-ask-confirm').click();
  await expect(longs).toHaveCount(0, BOOT);
  await expect.poll(() => shorts.count(), BOOT).toBeGreaterThanOrEqual(1);
});

for (const [index, theme] of (['dark', 'light'] as const).entries()) {
  test(`axe finds nothing on /lever with open positions and the TP/SL dialog, ${theme}`, async ({
    page,
    backend,
  }) => {
    showOnce(backend, index);
    test.setTimeout(90_000);
    await withPrefs(page, { theme });
    await signIn(page);
    await fundLever(page, '1000');
    await openInApp(page, '/lever?symbol=BTC/USDT');
    await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.00 /, BOOT);
    await openAtMarket(page, 'long', '1');
    await page.getByTestId('lever-tab-open').click();
    await expect(page.locator('[data-testid="lever-table-open"] tbody tr')).toHaveCount(1, BOOT);
    const page1 = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      page1.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.getByTestId('lever-row-stop').click();
    await page.getByTestId('lever-stop-sl-amount').fill('1');
    const dialog = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(dialog.violations.map((v) => v.id)).toEqual([]);
  });
}

/** Moves USDT into the lever account in any language: the transfer form submits on Enter. */
async function fundLeverAnyLanguage(page: Page, amount: string) {
  await openInApp(page, '/assets/transfer');
  await expect(page.getByTestId('transfer-page')).toBeVisible(BOOT);
  await page.locator('#transfer-partner').selectOption('lever');
  await page.locator('#transfer-amount').fill(amount);
  await page.locator('#transfer-amount').press('Enter');
  // Done when the form clears its amount (the transfer answered): any toast would not do, since the
  // sign-in's own may still be on screen, and leaving mid-transfer let /lever read its account
  // before the money arrived (a CI rehearsal saw "0,00 USDT" there for 20 s).
  await expect(page.locator('#transfer-amount')).toHaveValue('', BOOT);
  await expect(page.getByTestId('toast').first()).toBeVisible(BOOT);
}

for (const [langIndex, lang] of (['en', 'ru', 'jp'] as const).entries()) {
  for (const [themeIndex, theme] of (['dark', 'light'] as const).entries()) {
    test(`screens /lever with positions, chart lines and dialogs: ${lang}, ${theme}, 1440 and 390 px`, async ({
      page,
      backend,
      demoServer,
    }) => {
      // Adjacent languages alternate the theme each backend shows, so both backends show both.
      showOnce(backend, langIndex + themeIndex);
      test.setTimeout(120_000);
      const shot = (name: string) => `/tmp/shots-lever/lever-${name}-${theme}-${lang}.png`;
      await mkdir('/tmp/shots-lever', { recursive: true });
      await withPrefs(page, { lang, theme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page);
      await fundLeverAnyLanguage(page, '3000');
      await openInApp(page, '/lever?symbol=BTC/USDT');
      await expect(page.getByTestId('lever-available')).not.toHaveText(/^0[.,]00\s/, BOOT);
      await openAtMarket(page, 'long', '2');
      await openAtMarket(page, 'short', '1');
      await page.getByTestId('lever-tab-open').click();
      const rows = page.locator('[data-testid="lever-table-open"] tbody tr');
      await expect(rows).toHaveCount(2, BOOT);
      // Every heading whole: none cut in its cell or run under the sticky actions column (the Russian
      // liquidation price's was cut to "Цена ликвид" there).
      const cutHeadings = await page.getByTestId('lever-table-open').evaluate((table) => {
        const actions = table.querySelector('th[data-col="actions"]')!.getBoundingClientRect();
        return [...table.querySelectorAll<HTMLElement>('th[data-col]')]
          .filter((th) => th.dataset.col !== 'actions')
          .filter(
            (th) => th.getBoundingClientRect().right > actions.left + 0.5 || th.scrollWidth > th.clientWidth,
          )
          .map((th) => th.textContent);
      });
      expect(cutHeadings).toEqual([]);
      // The market stands still from here (the demo clock's pause): a take-profit or a stop-loss this
      // close to the entry fired on a fast minute in a CI run and closed the row that the 390 px part
      // opens again.
      await demoClock(page, demoServer, 'pause');
      // The long (second row, older): a take-profit 0.3 % up and a stop-loss 0.2 % down, typed as %.
      await rows.nth(1).getByTestId('lever-row-stop').click();
      const dialog = page.getByTestId('lever-stop-dialog');
      await dialog.getByTestId('lever-stop-tp-percent').fill(lang === 'ru' ? '0,3' : '0.3');
      await dialog.getByTestId('lever-stop-sl-percent').fill(lang === 'ru' ? '0,2' : '0.2');
      await expect(dialog.getByTestId('lever-stop-sl-expected')).toBeVisible();
      await page.screenshot({ path: shot('1440-tpsl') });
      await dialog.getByTestId('lever-stop-save').click();
      await expect(dialog).toHaveCount(0, BOOT);
      await expect(rows.nth(1).getByTestId('lever-row-tp')).not.toHaveText('—', BOOT);
      // An order typed with its take-profit by % and its stop-loss by loss amount: the form shows
      // both ways for a long and a short, and the risk of each before it is placed.
      await page.getByTestId('lever-lots').fill('1');
      await page.getByTestId('lever-tp-by').selectOption('percent');
      await page.getByTestId('lever-tp').fill(lang === 'ru' ? '0,3' : '0.3');
      await page.getByTestId('lever-sl-by').selectOption('amount');
      await page.getByTestId('lever-sl').fill('2');
      await expect(page.getByTestId('lever-sl-figures-short')).toContainText('USDT');
      // Let the chart take the new lines.
      await page.waitForTimeout(1500);
      await page.screenshot({ path: shot('1440'), fullPage: true });
      if (lang === 'en') await dragStopLines(page, rows.nth(1), shot);
      if (lang === 'en') await closeAtPriceThenCancel(page, rows.nth(1), shot);
      await page.getByTestId('lever-tab-delegation').click();
      await expect(page.locator('[data-testid="lever-table-delegation"] tbody tr')).toHaveCount(2, BOOT);
      await page.screenshot({ path: shot('1440-delegation'), fullPage: true });

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('lever-page')).toHaveAttribute('data-layout', 'phone');
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: shot('390'), fullPage: true });
      if (lang === 'en') await touchDragTakeProfit(page, shot);
      await page.getByTestId('lever-phone-long').click();
      await expect(page.getByTestId('lever-sheet')).toBeVisible();
      // The sheet slides up in 0.18 s: shoot it once it is in place.
      await page.waitForTimeout(400);
      await page.screenshot({ path: shot('390-sheet') });
      await page.getByTestId('lever-sheet-close').click();
      await expect(page.getByTestId('lever-sheet')).toHaveCount(0);
      await page.getByTestId('lever-tab-open').click();
      await rows.nth(1).getByTestId('lever-row-stop').click();
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: shot('390-tpsl') });
      await dialog.getByTestId('lever-stop-back').click();
      await expect(dialog).toHaveCount(0);
      // The close dialog: a share or a number of lots, on a phone.
      await rows.nth(1).getByTestId('lever-row-close').click();
      await page.getByTestId('lever-close-50').click();
      await expect(page.getByTestId('lever-close-summary')).toBeVisible();
      if (lang === 'en') {
        // The close dialog's controls at a price, on a phone: 44 px targets (tap-target-rule.ts).
        await page.getByTestId('lever-close-at-price').click();
        expect(await smallTapTargets(page)).toEqual([]);
        await page.getByTestId('lever-close-at-market').click();
      }
      await page.screenshot({ path: shot('390-close') });
      await page.getByTestId('lever-ask-dialog').locator('.lever-buttons .btn').first().click();
      await expect(page.getByTestId('lever-ask-dialog')).toHaveCount(0);
    });
  }
}

/** The centre of an element on the page, in CSS pixels. */
async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A number as the page writes it in English ("61,234.50" -> 61234.5). */
const englishNumber = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/**
 * The long's take-profit line dragged with the mouse on the chart (the market paused): while held,
 * a line follows with its price and PnL; let go higher, the TP/SL dialog asks to confirm the new
 * price, and saving moves the row's take-profit there. Dragged below the entry (to the stop-loss's
 * line), the dialog refuses it with its message and keeps the price where it was let go.
 */
async function dragStopLines(page: Page, row: Locator, shot: (name: string) => string) {
  const chart = page.getByTestId('kline-chart');
  const tpGrip = chart.locator('[data-testid^="chart-grip-lever-"][data-testid$="-tp"]');
  const slGrip = chart.locator('[data-testid^="chart-grip-lever-"][data-testid$="-sl"]');
  await expect(tpGrip).toBeVisible(BOOT);
  await expect(slGrip).toBeVisible();
  const before = Number(await tpGrip.getAttribute('data-price'));
  const from = await centreOf(tpGrip);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y - 24, { steps: 6 });
  const held = page.getByTestId('chart-drag-line');
  await expect(held).toContainText(/^TP [\d,.]+ · \+[\d,.]+ USDT$/);
  expect(Number(await held.getAttribute('data-price'))).toBeGreaterThan(before);
  await page.screenshot({ path: shot('1440-drag') });
  await page.mouse.up();
  const dialog = page.getByTestId('lever-stop-dialog');
  await expect(dialog.getByTestId('lever-stop-moved')).toBeVisible();
  const moved = Number(await dialog.getByTestId('lever-stop-tp').inputValue());
  expect(moved).toBeGreaterThan(before);
  await expect(dialog.getByTestId('lever-stop-tp-problem')).toHaveCount(0);
  await page.screenshot({ path: shot('1440-drag-confirm') });
  await dialog.getByTestId('lever-stop-save').click();
  await expect(dialog).toHaveCount(0, BOOT);
  await expect
    .poll(async () => englishNumber(await row.getByTestId('lever-row-tp').textContent()))
    .toBe(moved);
  // The line and its grip follow the saved price.
  await expect(tpGrip).toHaveAttribute('data-price', String(moved), BOOT);

  // Onto the stop-loss's line, below the entry: the wrong side for a long's take-profit.
  const wrongFrom = await centreOf(tpGrip);
  const to = await centreOf(slGrip);
  await page.mouse.move(wrongFrom.x, wrongFrom.y);
  await page.mouse.down();
  await page.mouse.move(wrongFrom.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(dialog.getByTestId('lever-stop-tp-problem')).toContainText(
    'Take profit of a long must be above',
  );
  const refused = Number(await dialog.getByTestId('lever-stop-tp').inputValue());
  expect(refused).toBeLessThan(
    Number(await dialog.getByTestId('lever-stop-entry').textContent().then(englishNumber)),
  );
  await dialog.getByTestId('lever-stop-save').click();
  // Not saved: the dialog stays with its refusal; back leaves the take-profit as it was.
  await expect(dialog.getByTestId('lever-stop-tp-problem')).toBeVisible();
  await page.screenshot({ path: shot('1440-drag-refused') });
  await dialog.getByTestId('lever-stop-back').click();
  await expect(dialog).toHaveCount(0);
  expect(englishNumber(await row.getByTestId('lever-row-tp').textContent())).toBe(moved);
}

/**
 * Half the long closed at a price (the market paused, so it rests): a price under the last trade is
 * refused in the dialog, as typed; one above it places the close order, which the row and the chart
 * show; the dialog shows it again and cancels it.
 */
async function closeAtPriceThenCancel(page: Page, row: Locator, shot: (name: string) => string) {
  const last = await lastPrice(page);
  await row.getByTestId('lever-row-close').click();
  const dialog = page.getByTestId('lever-ask-dialog');
  await dialog.getByTestId('lever-close-50').click();
  await dialog.getByTestId('lever-close-at-price').click();
  await dialog.getByTestId('lever-close-price').fill((last - 50).toFixed(2));
  await expect(dialog.getByTestId('lever-close-price-problem')).toHaveText(
    'A long closes at a price above the last trade',
  );
  await dialog.getByTestId('lever-ask-confirm').click();
  await expect(dialog).toBeVisible();
  const price = (last + 400).toFixed(2);
  await dialog.getByTestId('lever-close-price').fill(price);
  await expect(dialog.getByTestId('lever-close-price-problem')).toHaveCount(0);
  await expect(dialog.getByTestId('lever-close-summary')).toContainText(
    'Closes 1 of 2 lots on the first trade at',
  );
  await page.screenshot({ path: shot('1440-close-at-price') });
  await dialog.getByTestId('lever-ask-confirm').click();
  await expect(dialog).toHaveCount(0, BOOT);
  await expect(row.getByTestId('lever-row-close-order')).toHaveText(
    `Close 1 at ${Number(price).toLocaleString('en', { minimumFractionDigits: 2 })}`,
    BOOT,
  );
  await expect(page.getByTestId('lever-available')).toBeVisible();
  await row.getByTestId('lever-row-close').click();
  await expect(dialog.getByTestId('lever-close-resting')).toContainText('Close order: 1 lots at');
  await dialog.getByTestId('lever-close-order-cancel').click();
  await expect(dialog).toHaveCount(0, BOOT);
  await expect(row.getByTestId('lever-row-close-order')).toHaveCount(0, BOOT);
}

/**
 * On a phone the take-profit line moves by a long-press on its grip, then a drag (touch events
 * through the DevTools protocol, as a finger sends them): a quick swipe does not pick it up.
 */
async function touchDragTakeProfit(page: Page, shot: (name: string) => string) {
  const grip = page
    .getByTestId('kline-chart')
    .locator('[data-testid^="chart-grip-lever-"][data-testid$="-tp"]');
  await expect(grip).toBeVisible(BOOT);
  // The chart in the middle of the screen: a line near its top edge, the page scrolled, sat under
  // the sticky header, which took the finger instead (a CI run's drag never started so).
  await page.getByTestId('kline-chart').evaluate((chart) => chart.scrollIntoView({ block: 'center' }));
  const size = await grip.boundingBox();
  expect(size!.height).toBeGreaterThanOrEqual(44);
  const before = Number(await grip.getAttribute('data-price'));
  const { x, y } = await centreOf(grip);
  // Towards the chart's middle, so the drag stays on the price grid wherever the market put the
  // line (a CI run's line sat near the grid's top edge, and 32 px up left it).
  const chart = (await page.getByTestId('kline-chart').boundingBox())!;
  const up = y > chart.y + chart.height / 2;
  const towardsMiddle = (px: number) => (up ? y - px : y + px);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y: at, id: 1 }],
    });
  const dialog = page.getByTestId('lever-stop-dialog');
  // A swipe without the hold: nothing is picked up, no dialog.
  await touch('touchStart', y);
  for (const step of [1, 2, 3]) await touch('touchMove', towardsMiddle(step * 10));
  await touch('touchEnd', towardsMiddle(30));
  await page.waitForTimeout(300);
  await expect(dialog).toHaveCount(0);
  // Held, then dragged.
  await touch('touchStart', y);
  await page.waitForTimeout(700);
  for (const step of [1, 2, 3, 4]) await touch('touchMove', towardsMiddle(step * 8));
  await expect(page.getByTestId('chart-drag-line')).toContainText('TP');
  await page.screenshot({ path: shot('390-drag') });
  await touch('touchEnd', towardsMiddle(32));
  await expect(dialog.getByTestId('lever-stop-moved')).toBeVisible();
  const after = Number(await dialog.getByTestId('lever-stop-tp').inputValue());
  if (up) expect(after).toBeGreaterThan(before);
  else expect(after).toBeLessThan(before);
  await page.screenshot({ path: shot('390-drag-confirm') });
  await dialog.getByTestId('lever-stop-back').click();
  await expect(dialog).toHaveCount(0);
  // Back: the take-profit stays where it was.
  await expect(grip).toHaveAttribute('data-price', String(before));
  await cdp.detach();
}

test('on a 390 px phone a position opens from the bottom sheet, its confirm above the sheet', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await fundLever(page, '1000');
  await openInApp(page, '/lever?symbol=BTC/USDT');
  await page.getByTestId('lever-phone-short').click();
  const sheet = page.getByTestId('lever-sheet');
  await expect(sheet).toBeVisible(BOOT);
  await expect(page.getByTestId('lever-available')).not.toHaveText(/^0\.00 /, BOOT);
  await page.getByTestId('lever-lots').fill('1');
  await page.getByTestId('lever-short').click();
  // The confirm is on top and takes the click.
  await page.getByTestId('lever-confirm').click();
  await expect(sheet).toHaveCount(0, BOOT);
  await page.getByTestId('lever-tab-open').click();
  await expect(page.locator('[data-testid="lever-table-open"] tbody tr')).toHaveCount(1, BOOT);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
