import { expect, test } from './fixtures.ts';

/**
 * The service worker (issue 27 item 5). Once a visit has installed it, the app opens and trades
 * with no network at all, since its exchange is the simulator in the browser (on the sim project
 * only: a server is not reachable offline). On a server, every API call still goes to the network.
 */

const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
/** The simulator boots its markets on the first visit: give the first paint time. */
const BOOT = { timeout: 30_000 };

test.describe('the service worker', () => {
  // The suite blocks service workers (playwright.config.ts); these tests are about one.
  test.use({ serviceWorkers: 'allow' });

  test('after one visit, /trade opens and a market buy fills with the network off', async ({
    page,
    context,
    backend,
  }) => {
    test.skip(backend !== 'sim', 'offline, only the in-browser simulator answers');
    await page.goto('/trade?symbol=BTC/USDT');
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    // The worker registers after the page's load and is active once it has precached the build.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);

    // Another page of the app, never opened online, and a trade on the simulator.
    await page.goto(`/login?redirect=${encodeURIComponent('/trade?symbol=BTC/USDT')}`);
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO.email, BOOT);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByTestId('available-buy')).toHaveText(/10,000\.00 USDT/, BOOT);
    await page.getByTestId('mode-market').click();
    await page.getByTestId('quantity-buy').fill('0.0001');
    await page.getByTestId('submit-buy').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' })).toBeVisible();
    // 0.0001 BTC in, less the 0.1 % fee.
    await expect(page.getByTestId('available-sell')).toHaveText('0.50009990 BTC');
  });

  test('on a server, the page it controls gets every API answer from the server', async ({
    page,
    backend,
    demoServer,
  }) => {
    test.skip(backend !== 'server' || !demoServer, 'a server is needed');
    await page.goto('/trade?symbol=BTC/USDT');
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const answers: boolean[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${demoServer!.base}/api/`)) answers.push(response.fromServiceWorker());
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((fromWorker) => fromWorker)).toEqual([]);
  });
});
