import type { Page } from '@playwright/test';
import { expect, simControl, type DemoServer } from './fixtures.ts';

/** Every price the order book shows, in order: equal twice a second apart when the market stands. */
function bookPrices(page: Page): Promise<string> {
  return page.locator('[data-testid^="book-ask-"], [data-testid^="book-bid-"]').evaluateAll((rows) =>
    rows
      .map((row) => row.getAttribute('data-price') ?? '')
      .join(' ')
      .trim(),
  );
}

/**
 * Stops the demo clock, and with it the simulated market (sim/replay_control), then waits until the
 * book on the page shows the same prices twice, a second apart (a book pushed just before the pause
 * can still be on its way through the socket and the book's render batching). For a test whose
 * prices must hold: the market left to itself moved 60 USDT within seconds, and a test that waited
 * for it to rise two ticks once waited 30 s in vain on CI. A failed test's worker (and with it its
 * demo server) is replaced, so a pause never outlives its test there; call `letMarketRun` at the end.
 */
export async function holdMarketStill(page: Page, server: DemoServer | null): Promise<void> {
  const answer = await simControl(page, server, 'sim/replay_control', { action: 'pause' });
  expect(Number(answer.code), answer.msg).toBe(1);
  await expect
    .poll(
      async () => {
        const before = await bookPrices(page);
        await page.waitForTimeout(1_000);
        return before !== '' && before === (await bookPrices(page));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Starts the demo clock again after `holdMarketStill`. */
export async function letMarketRun(page: Page, server: DemoServer | null): Promise<void> {
  const answer = await simControl(page, server, 'sim/replay_control', { action: 'play' });
  expect(Number(answer.code), answer.msg).toBe(1);
}
