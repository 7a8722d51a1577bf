import { expect, holdAppChunk, simControl, test, VIEWS_ONLY, withPrefs } from './fixtures.ts';

/**
 * The developer inspector (issue 17): opened from the header's developer menu or Alt+Shift+D, it
 * lists the page's live actors, draws the chosen machine's chart, follows its state as the page is
 * used, steps back through recorded snapshots; the gallery draws every machine of src/machines.
 */
const BOOT = { timeout: 30_000 };
const SHOTS = '/tmp/shots';

test(
  'on /login the inspector follows the form, steps back through history and sends by hand',
  VIEWS_ONLY,
  async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible(BOOT);
    await page.getByTestId('dev-menu-button').click();
    await page.getByTestId('open-inspector').click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toBeVisible();
    // Only actors that started are listed (a render React threw away creates one that never does).
    await inspector.locator('[data-testid=actor-item][data-machine=loginForm]').last().click();
    await expect(inspector.getByTestId('current-state')).toHaveText('editing');
    await expect(inspector.locator('[data-testid=chart][data-ready=true]')).toBeVisible();
    await expect(inspector.locator('[data-testid=chart-node][data-active=true]')).toHaveCount(2);
    await expect(inspector.locator('[data-state-id="loginForm.editing"]')).toHaveAttribute(
      'data-active',
      'true',
    );

    // Use the form: a wrong password goes editing -> submitting -> editing.
    await page.getByLabel('E-mail').fill('nobody@tessera.example');
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const rows = inspector.getByTestId('event-row');
    await expect(rows.filter({ hasText: 'SUBMIT' }).filter({ hasText: 'editing → submitting' })).toHaveCount(
      1,
    );
    await expect(rows.filter({ hasText: 'submitting → editing' })).toHaveCount(1);
    await expect(inspector.getByTestId('current-state')).toHaveText('editing');
    await page.screenshot({ path: `${SHOTS}/inspector-login-1440-dark.png` });

    // Step back until the chart shows the request in flight, then follow live again.
    const back = inspector.getByTestId('step-back');
    for (let step = 0; step < 10; step++) {
      if ((await inspector.getByTestId('current-state').textContent()) === 'submitting') break;
      await back.click();
    }
    await expect(inspector.getByTestId('current-state')).toHaveText('submitting');
    await expect(inspector.locator('[data-state-id="loginForm.submitting"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    await expect(inspector.getByTestId('live')).toBeVisible();
    await inspector.getByTestId('step-forward').click();
    await expect(inspector.getByTestId('current-state')).toHaveText('editing');
    await inspector.getByTestId('live').click();
    await expect(inspector.getByTestId('pause')).toBeVisible();

    // Send by hand: a bad JSON is refused with a message; a real event reaches the machine.
    await inspector.getByTestId('send-input').fill('{ nope');
    await inspector.getByTestId('send-button').click();
    await expect(inspector.getByRole('alert')).toBeVisible();
    // A SET without values would throw in the form's guard: it is refused with the reason, and the
    // machine runs on (the next event still reaches it).
    await inspector.getByTestId('send-input').fill('{"type":"SET"}');
    await inspector.getByTestId('send-button').click();
    await expect(inspector.getByTestId('send-problem')).toContainText('would fail on this event');
    await expect(inspector.getByTestId('send-problem')).toContainText("guard 'accountChanged'");
    await expect(inspector.getByTestId('current-state')).toHaveText('editing');
    await inspector.getByTestId('send-input').fill('{"type":"SET","values":{"password":"ByHand1234"}}');
    await inspector.getByTestId('send-button').click();
    await expect(inspector.getByRole('alert')).toHaveCount(0);
    await expect(rows.first()).toContainText('SET');
    // Events are stamped on the simulated clock (the simulator's SIM_CLOCK), to the ms.
    await expect(rows.first().getByTestId('event-time')).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('ByHand1234');

    // Alt+Shift+D closes it and opens it again.
    await page.keyboard.press('Alt+Shift+D');
    await expect(inspector).toHaveCount(0);
    await page.keyboard.press('Alt+Shift+D');
    await expect(page.getByTestId('inspector')).toBeVisible();
  },
);

test(
  'on /trade the inspector lists the screen machine and its children and follows the order form',
  VIEWS_ONLY,
  async ({ page, demoServer }) => {
    await withPrefs(page, { theme: 'light' });
    await page.goto('/trade');
    await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
    // The market stands still, so the typed price's event is not pushed out of the kept history by
    // a stream of quotes before the test reads it.
    expect(Number((await simControl(page, demoServer, 'sim/replay_control', { action: 'pause' })).code)).toBe(
      1,
    );
    await page.keyboard.press('Alt+Shift+D');
    const inspector = page.getByTestId('inspector');
    await expect(inspector.locator('[data-testid=actor-item][data-machine=tradeScreen]')).toBeVisible();
    await expect(inspector.locator('[data-testid=actor-item][data-machine=spotEntry]')).toHaveCount(1);
    // Live actors only: the screen's answered calls (stopped children) wait behind a switch.
    const stoppedItems = inspector.locator('[data-testid=actor-item].stopped');
    await expect(stoppedItems).toHaveCount(0);
    const showStopped = inspector.getByTestId('show-stopped');
    await expect(showStopped).not.toBeChecked();
    await showStopped.check();
    await expect(stoppedItems.first()).toBeVisible();
    await showStopped.uncheck();
    await expect(stoppedItems).toHaveCount(0);
    await inspector.locator('[data-testid=actor-item][data-machine=spotEntry]').click();
    await expect(inspector.locator('[data-testid=chart][data-ready=true]')).toHaveAttribute(
      'data-machine',
      'spotEntry',
    );
    // The entry machine also hears every BEST quote, so the newest row is often a quote: pick the typed price's row.
    const priceRows = inspector
      .getByTestId('event-row')
      .filter({ has: page.locator('.devtools-event-type', { hasText: /^PRICE$/ }) });
    const before = await priceRows.count();
    await page.getByTestId('price-buy').fill('123.45');
    await expect.poll(() => priceRows.count()).toBeGreaterThan(before);
    await priceRows.first().click();
    await expect(inspector.getByTestId('event-detail')).toContainText('123.45');
    await page.screenshot({ path: `${SHOTS}/inspector-trade-1440-light.png` });
    await inspector.getByTestId('step-back').click();
    await expect(inspector.getByTestId('live')).toBeVisible();
  },
);

test('the gallery draws every machine of src/machines', VIEWS_ONLY, async ({ page }) => {
  await page.goto('/inspect/gallery');
  const gallery = page.getByTestId('gallery');
  await expect(gallery).toBeVisible(BOOT);
  const count = Number(await gallery.getAttribute('data-count'));
  expect(count).toBeGreaterThanOrEqual(20);
  const items = gallery.getByTestId('gallery-item');
  await expect(items).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    const item = items.nth(index);
    const id = await item.getAttribute('data-machine');
    await item.click();
    const chart = gallery.locator(`[data-testid=chart][data-ready=true][data-machine="${id}"]`);
    await expect(chart).toBeVisible();
    expect(await chart.getByTestId('chart-node').count()).toBe(
      Number(await chart.getAttribute('data-nodes')),
    );
    if (id === 'spotEntry') await page.screenshot({ path: `${SHOTS}/gallery-1440-dark.png` });
  }
});

test('the inspector page and gallery at 390 px, light and dark', VIEWS_ONLY, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible(BOOT);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  // The prerendered page paints before the app (scripts/prerender `drawnOver`): the inspector as a
  // tab starts, its session alone, no events yet; the app then draws this tab's own over it.
  const app = await holdAppChunk(page);
  const opened = page.goto('/inspect');
  await expect(page.getByTestId('inspector')).toBeVisible();
  await expect(page.getByText('No events recorded yet.')).toBeVisible();
  await app.release();
  await opened;
  await expect(page.getByTestId('inspector')).toBeVisible(BOOT);
  await expect(page.locator('#root')).not.toHaveAttribute('data-drawn-over');
  await expect(page.locator('[data-testid=chart][data-ready=true]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/inspect-page-390-light.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/inspect/gallery');
  await expect(page.locator('[data-testid=chart][data-ready=true]')).toBeVisible(BOOT);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/gallery-390-dark.png` });
});
