import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, matrixBackend, openInApp, showOnce, test, withPrefs } from './fixtures.ts';
import { downloadPnlCard } from './pnl-card.ts';

/**
 * /second (issue 14), driven the way a person would: sign in, move USDT into the micro account on
 * the transfer page, run the market at x60, refuse bad amounts, buy up for 30 s and down for 600 s,
 * watch the countdown and see each contract settle with its proof trades from the public tape.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BOOT = { timeout: 20_000 };
const SHOTS = '/tmp/shots-micro';

type Tree = { [key: string]: string | Tree };
/** A locale's text, read from the file the app ships, so a test in Russian reads what a Russian user reads. */
function text(lang: string, path: string): string {
  const tree = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Tree;
  const found = path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );
  if (typeof found !== 'string') throw new Error(`no text ${lang}:${path}`);
  return found;
}

async function signIn(page: Page) {
  await page.goto('/second');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsecond/, BOOT);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByTestId('micro-page')).toBeVisible(BOOT);
}

async function fundMicro(page: Page, amount: string) {
  await openInApp(page, '/assets/transfer');
  await expect(page.getByTestId('transfer-page')).toBeVisible(BOOT);
  await page.locator('#transfer-partner').selectOption('micro');
  await expect(page.getByTestId('transfer-to')).toHaveText('Micro account');
  await page.locator('#transfer-amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Transfer complete' })).toBeVisible();
}

const price = async (row: ReturnType<Page['getByTestId']>, id: string) =>
  // English groups thousands with a comma ("89,233.79").
  Number(((await row.getByTestId(id).textContent()) ?? '').trim().replaceAll(',', ''));

test('buys up and down, counts down on the server clock and settles on the public tape', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await fundMicro(page, '500');
  await openInApp(page, '/second');
  const form = page.getByTestId('micro-form');
  await expect(form).toBeVisible(BOOT);
  await expect(page.getByTestId('micro-available')).toHaveText('500.00 USDT');

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
  await amount.fill('-5');
  await expect(problem).toHaveText('Enter a number, such as 0.5');
  await page.getByTestId('micro-buy-down').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await amount.fill('1.234');
  await expect(problem).toHaveText('At most 2 decimal places');
  await amount.fill('600');
  await expect(problem).toHaveText('Insufficient balance in the micro account');
  await page.getByTestId('micro-buy-up').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The pair's live price and 24 h change sit above the chart, and the public tape the contracts
  // open and settle on is beside them: its newest trade is the price the header shows, give or take
  // the trades that print while the two are read.
  const header = page.getByTestId('market-header');
  await expect(header.locator('.market-last')).toHaveText(/^\d[\d,]*\.\d+$/, BOOT);
  await expect(header.locator('.change')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  const tapeRows = page.getByTestId('tape-body').locator('.tape-row:not(.empty)');
  await expect(tapeRows.first()).toBeVisible(BOOT);
  await expect.poll(() => tapeRows.count()).toBeGreaterThan(5);
  const tapePrices = async () =>
    (await tapeRows.locator('.tape-price').allTextContents()).map((text) => text.trim());
  await expect
    .poll(
      async () => (await tapePrices()).includes((await header.locator('.market-last').textContent()) ?? ''),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);

  // Up, 30 s: the expected payout is shown live, the confirm says what is bought, its fee (0.1 %)
  // and what a win pays back (stake x 1.8).
  await amount.fill('100');
  await page.getByTestId('micro-seconds-30').click();
  await expect(page.getByTestId('micro-expected')).toHaveText('180.00 USDT');
  await page.getByTestId('micro-buy-up').click();
  await expect(page.getByTestId('micro-confirm-text')).toContainText('100 USDT');
  await expect(page.getByTestId('micro-confirm-fee')).toHaveText('0.10 USDT');
  await expect(page.getByTestId('micro-confirm-payout')).toHaveText('180.00 USDT');
  await page.getByTestId('micro-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Contract bought' })).toBeVisible();
  await expect(page.getByTestId('micro-available')).toHaveText('399.90 USDT');

  // Down, 600 s (10 real seconds at x60): watch it count down. The market runs at x60 only from
  // here: at x60 the 30 s contract settles half a real second after it is bought, and a loaded
  // machine could show its payout (579.9) before the stake's debit (399.9) was ever on screen.
  await page.getByTestId('sim-speed').selectOption('60');
  await expect(page.getByTestId('sim-speed')).toHaveValue('60');
  await amount.fill('50');
  await page.getByTestId('micro-seconds-600').click();
  await page.getByTestId('micro-buy-down').click();
  await expect(page.getByTestId('micro-confirm-fee')).toHaveText('0.05 USDT');
  await expect(page.getByTestId('micro-confirm-payout')).toHaveText('70.00 USDT');
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
  for (const [index, direction, fee, seconds] of [
    [0, 'down', '0.05 USDT', 600],
    [1, 'up', '0.10 USDT', 30],
  ] as const) {
    const row = rows.nth(index);
    // Its fee, and when it opened and closed: the contract's seconds apart.
    await expect(row.getByTestId('micro-fee')).toHaveText(fee);
    const moment = async (id: string) =>
      Date.parse((await row.getByTestId(id).getAttribute('datetime')) ?? '');
    expect((await moment('micro-closed-at')) - (await moment('micro-opened-at'))).toBe(seconds * 1000);
    await expect(row.getByTestId('micro-closed-at')).toHaveText(/^\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    const open = await price(row, 'micro-open-price');
    const end = await price(row, 'micro-end-price');
    const expected = end === open ? 'Tie, refunded' : end > open === (direction === 'up') ? 'Won' : 'Lost';
    await expect(row.getByTestId('micro-result')).toContainText(expected);
    await row.getByText('Proof').click();
    await expect(row.getByTestId('micro-proof')).toContainText(/Opening trade: #\d+ at .*, price /);
    await expect(row.getByTestId('micro-proof')).toContainText(/Closing trade: #\d+ at .*, price /);
  }
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/settled-1440-dark-en.png`, fullPage: true });
  // A settled contract's PnL card (issue 32): a PNG to download, its dialog clean for axe.
  await rows.nth(0).getByTestId('micro-card-open').click();
  await writeFile(`${SHOTS}/card-micro-en-dark.png`, await downloadPnlCard(page, 'micro'));
  await expect(page.getByTestId('pnl-card-image')).toHaveAttribute('alt', /Down/);
  const cardAxe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(cardAxe.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pnl-card-dialog')).toHaveCount(0);
  await page.getByTestId('kline-chart').screenshot({ path: `${SHOTS}/chart-1440-dark-en.png` });

  // The proof link opens the trade screen on the pair with the closing trade's candle in view.
  const proof = rows.nth(0).getByTestId('micro-check');
  const href = (await proof.getAttribute('href')) ?? '';
  const link = new URL(href, 'http://x');
  expect(link.pathname).toBe('/trade');
  const at = Number(link.searchParams.get('at'));
  const from = Number(link.searchParams.get('from'));
  expect(from).toBeGreaterThan(0);
  expect(at - from).toBeGreaterThanOrEqual(0);
  // The span is the contract's 600 s, plus however long before the purchase the open trade printed.
  expect(at - from).toBeLessThanOrEqual(660_000);
  await proof.click();
  await expect(page).toHaveURL(/\/trade\?symbol=[A-Z]+\/USDT&from=\d+&at=\d+$/);
  const chart = page.getByTestId('kline-chart');
  await expect(chart.locator('.chart-body')).toHaveAttribute('data-status', 'ready', BOOT);
  await expect(hoveredBarTimes(page, chart, await barLabel(page, at))).resolves.toBe(true);
  await page.screenshot({ path: `${SHOTS}/proof-trade-1440.png` });
});

/** The chart's tooltip title for the 5-minute bar (the default period) holding `time`, in the chart's zone. */
async function barLabel(page: Page, time: number): Promise<string> {
  const zone = await page.getByTestId('chart-time-zone').inputValue();
  return page.evaluate(
    ({ time, exchange }) => {
      const bar = Math.floor(time / 300_000) * 300_000;
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: exchange ? 'Asia/Shanghai' : undefined,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(bar)
          .map((part) => [part.type, part.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    },
    { time, exchange: zone === 'exchange' },
  );
}

/**
 * Whether the bar titled `label` is in view: the pointer sweeps the candles from right to left and
 * reads the tooltip's title at each step, as a person hovering the chart would.
 */
async function hoveredBarTimes(page: Page, chart: Locator, label: string): Promise<boolean> {
  const box = await chart.locator('.chart-canvas').boundingBox();
  if (!box) return false;
  const title = chart.locator('.chart-canvas strong').first();
  const seen: string[] = [];
  for (let x = box.x + box.width - 70; x > box.x + 10; x -= 4) {
    await page.mouse.move(x, box.y + box.height * 0.35);
    const shown = (await title.textContent({ timeout: 1_000 }).catch(() => null))?.trim() ?? '';
    if (shown === label) return true;
    if (shown && seen.at(-1) !== shown) seen.push(shown);
  }
  throw new Error(`bar ${label} not in view; hovered ${seen.join(', ')}`);
}

test("a reload mid-countdown resumes from the server's remaining time, not the tab's clock", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await fundMicro(page, '100');
  await openInApp(page, '/second');
  await expect(page.getByTestId('micro-form')).toBeVisible(BOOT);
  await page.getByTestId('micro-amount').fill('10');
  await page.getByTestId('micro-seconds-600').click();
  await page.getByTestId('micro-buy-down').click();
  await page.getByTestId('micro-confirm').click();
  const countdown = page.getByTestId('micro-contracts').getByTestId('micro-countdown');
  const seconds = async () => Number(((await countdown.textContent()) ?? '').replace(/\D/g, ''));
  await expect.poll(seconds, { timeout: 10_000 }).toBeLessThanOrEqual(597);
  const before = await seconds();

  // The tab's clock jumps two hours ahead: a countdown read from it would show 0 (or, restarted, 600).
  await page.clock.setSystemTime(Date.now() + 2 * 3_600_000);
  await page.reload();
  await expect(countdown).toBeVisible(BOOT);
  const after = await seconds();
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 30);
  // And it keeps counting down on the server's clock.
  await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(after);
  await page.screenshot({ path: `${SHOTS}/reloaded-1440.png` });
});

test('refuses empty, zero, negative and unaffordable amounts in Russian, and nothing changes; a purchase the balance no longer covers is refused by the exchange, beside the amount', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await fundMicro(page, '50');
  await page.evaluate(() => localStorage.setItem('lang', 'ru'));
  await page.goto('/second');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const available = page.getByTestId('micro-available');
  await expect(available).toHaveText('50,00 USDT', BOOT);
  const amount = page.getByTestId('micro-amount');
  const problem = page.getByTestId('micro-amount-problem');
  const contracts = page.getByTestId('micro-contracts');
  const buyUp = page.getByTestId('micro-buy-up');

  await buyUp.click();
  await expect(problem).toHaveText(text('ru', 'micro.problem.empty'));
  await amount.fill('0');
  await buyUp.click();
  await expect(problem).toHaveText(text('ru', 'micro.problem.zero'));
  await amount.fill('-1');
  await expect(problem).toHaveText(text('ru', 'numberEntry.notNumber'));
  // 50 USDT and its fee do not fit in 50 USDT.
  await amount.fill('50');
  await expect(problem).toHaveText(text('ru', 'micro.problem.microInsufficient'));
  await page.getByTestId('micro-buy-down').click();
  await expect(problem).toHaveText(text('ru', 'micro.problem.microInsufficient'));
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Nothing was bought: the balance and the lists are as they were, after a reload too.
  await expect(available).toHaveText('50,00 USDT');
  await expect(contracts.locator('[data-testid^="micro-row-"]')).toHaveCount(0);
  await page.reload();
  await expect(available).toHaveText('50,00 USDT', BOOT);
  await expect(contracts.locator('[data-testid^="micro-row-"]')).toHaveCount(0);
  await page.getByTestId('micro-tab-closed').click();
  await expect(contracts.locator('[data-testid^="micro-row-"]')).toHaveCount(0);

  // 40 USDT is confirmed here while another tab spends the balance: the exchange refuses it on its
  // own, and its words sit beside the amount (one toast says them too) until the amount changes.
  await amount.fill('40');
  await buyUp.click();
  await expect(page.getByTestId('micro-confirm')).toBeEnabled();
  const other = await page.context().newPage();
  await other.goto('/second');
  await other.getByTestId('micro-amount').fill('40');
  await other.getByTestId('micro-buy-down').click();
  await other.getByTestId('micro-confirm').click();
  await expect(other.getByTestId('micro-available')).toHaveText('9,96 USDT', BOOT);
  await other.close();
  await page.getByTestId('micro-confirm').click();
  const refusal = page.getByTestId('micro-refusal');
  await expect(refusal).toHaveText(text('ru', 'server.microInsufficient'));
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await mkdir(SHOTS, { recursive: true });
  await page.getByTestId('micro-form').screenshot({ path: `${SHOTS}/refused-1440-dark-ru.png` });
  await amount.fill('5');
  await expect(refusal).toHaveCount(0);
});

for (const [index, [lang, theme, width]] of (
  [
    ['en', 'light', 390],
    ['ru', 'dark', 390],
    ['th', 'light', 1440],
    ['kr', 'dark', 1440],
    ['ru', 'light', 1440],
    ['th', 'dark', 390],
    ['jp', 'dark', 1024],
    ['ru', 'light', 1024],
  ] as const
).entries()) {
  test(`fits ${width} px in ${lang}, ${theme}, with no sideways scroll`, async ({ page, backend }) => {
    showOnce(backend, index);
    await withPrefs(page, { lang, theme });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login?redirect=%2Fsecond');
    await page.locator('input[type="email"], input[autocomplete="username"]').first().fill(DEMO.email);
    await page.locator('input[type="password"]').first().fill(DEMO.password);
    await page.locator('input[type="password"]').first().press('Enter');
    await expect(page.getByTestId('micro-form')).toBeVisible(BOOT);
    await page.getByTestId('micro-buy-up').click();
    await expect(page.getByTestId('micro-amount-problem')).toBeVisible();
    // The price and the tape fit too, with their data in.
    await expect(page.getByTestId('market-header').locator('.market-last')).toHaveText(/\d/, BOOT);
    await expect(page.getByTestId('tape-body').locator('.tape-row:not(.empty)').first()).toBeVisible(BOOT);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/fits-${width}-${theme}-${lang}.png`, fullPage: true });
  });
}

/**
 * The screen as people see it, with two running contracts (their lines on the chart) and a settled
 * one with its proof open: en, ru and kr, dark and light, 1440 and 390 px. Both themes are axe clean
 * (WCAG 2 A and AA), and no width scrolls sideways. Each language and theme is shown on one backend
 * (see matrixBackend): en dark, ru light and kr dark on the simulator, the others on the server.
 */
test('running and settled contracts in en, ru and kr, dark and light, wide and phone; axe clean', async ({
  page,
  backend,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await fundMicro(page, '1000');
  await openInApp(page, '/second');
  // x60 once on the page: a speed chosen just before a navigation can be lost with the request in
  // flight when the page (and with it, the simulator worker) goes.
  await page.getByTestId('sim-speed').selectOption('60');
  const amount = page.getByTestId('micro-amount');
  const buy = async (direction: 'up' | 'down', stake: string, seconds: number) => {
    await amount.fill(stake);
    await page.getByTestId(`micro-seconds-${seconds}`).click();
    await page.getByTestId(`micro-buy-${direction}`).click();
    await page.getByTestId('micro-confirm').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  await buy('up', '100', 30);
  const contracts = page.getByTestId('micro-contracts');
  await expect(contracts.getByTestId('micro-countdown')).toHaveCount(0, { timeout: 10_000 });
  // Back to real time, so the two running contracts stay running through every picture.
  await page.getByTestId('sim-speed').selectOption('1');
  await buy('up', '50', 600);
  await buy('down', '20', 300);
  await expect(contracts.getByTestId('micro-countdown')).toHaveCount(2);
  await mkdir(SHOTS, { recursive: true });

  for (const [langIndex, lang] of (['en', 'ru', 'kr'] as const).entries()) {
    for (const [themeIndex, theme] of (['dark', 'light'] as const).entries()) {
      if (matrixBackend(langIndex + themeIndex) !== backend) continue;
      await page.evaluate(
        ({ lang, theme }) => {
          localStorage.setItem('lang', lang);
          localStorage.setItem('theme', theme);
        },
        { lang, theme },
      );
      for (const width of [1440, 390] as const) {
        await page.setViewportSize({ width, height: 900 });
        // The language and theme are read as the app starts: one reload for both widths.
        if (width === 1440) await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'kr' ? 'ko' : lang, BOOT);
        await expect(contracts.getByTestId('micro-countdown')).toHaveCount(2, BOOT);
        await expect(page.getByTestId('kline-chart').locator('.chart-body')).toHaveAttribute(
          'data-status',
          'ready',
          BOOT,
        );
        // The chart's marks (each contract's open price and expiry) are handed to it at most once a
        // second: wait for them to be drawn.
        await page.waitForTimeout(1_200);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${lang} ${theme} ${width}`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/running-${width}-${theme}-${lang}.png`, fullPage: true });
        if (lang === 'en' && width === 1440) await expectAxeClean(page, `running ${theme}`);

        await page.getByTestId('micro-tab-closed').click();
        const settled = contracts.locator('[data-testid^="micro-row-"]').first();
        await settled.getByText(text(lang, 'micro.proof'), { exact: true }).click();
        await expect(settled.getByTestId('micro-check')).toBeVisible();
        await contracts.screenshot({ path: `${SHOTS}/settled-${width}-${theme}-${lang}.png` });
        if (lang === 'en' && width === 1440) await expectAxeClean(page, `settled ${theme}`);
        await page.getByTestId('micro-tab-running').click();
      }
    }
  }
});

async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = results.violations.map(
    (violation) =>
      `${what} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}
