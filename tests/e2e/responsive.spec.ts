import type { Page } from '@playwright/test';
import { spillingText } from './spilling-text.ts';
import { smallTapTargets } from './tap-targets.ts';
import { expect, moveInApp, routerSettled, showOnce, test } from './fixtures.ts';

/**
 * Every route of the shell (src/views/routes.tsx) at a phone (390 px) and a small laptop
 * (1024 px) width, in English, Russian (long words) and Thai (long words, tall script): the page
 * never scrolls sideways, and on the phone every control is a tap target of 44 px or spaced as WCAG
 * 2.5.8 allows (tap-target-rule.ts). A plain viewport size, not mobile emulation, which widens the
 * layout viewport to fit wide content and hides the overflow (STACK.md).
 *
 * One page per language; routes change inside the app (no reload), so the simulator boots once.
 */

const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const BOOT = { timeout: 30_000 };
const WIDTHS = [390, 1024] as const;
const HEIGHT = 844;

/** What each route shows when it has loaded (the route's own content, not the shell). */
const PUBLIC_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/home', '[data-testid="home-table"]'],
  ['/markets', '[data-testid="market-row"]'],
  ['/notice', '[data-testid="notice-titles"]'],
  ['/white', '[data-testid="white-none"], [data-testid="white-frame"]'],
  ['/login', '[data-testid="login-page"]'],
  ['/register', '[data-testid="register-page"]'],
  ['/forgetPassword', '[data-testid="forgot-page"]'],
  ['/deposit', '[data-testid="earnings-page"]'],
  ['/legalIndex/legal', '[data-testid="p2p-ad"]'],
  // P2P orders and the shop need a session: a visitor lands on the log-in page.
  ['/legalIndex/orders', '[data-testid="login-page"]'],
  ['/myshop/myshoporders', '[data-testid="login-page"]'],
  // The wallet needs a session: a visitor lands on the log-in page.
  ['/assets/tradeAccount', '[data-testid="login-page"]'],
  ['/coinlog', '[data-testid="login-page"]'],
  ['/trade?symbol=BTC/USDT', '[data-testid="kline-chart"] canvas'],
  ['/no-such-page', '[data-testid="not-found"]'],
];

/** Routes that need a session. */
const SIGNED_IN_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/personal/accountSettings', '[data-testid="invite-link"]'],
  ['/personal/transactionLog', '[data-testid="transaction-log-page"]'],
  ['/personal/collectionSettings', '[data-testid="collection-page"]'],
  ['/personal/authentication', '[data-testid="authentication-page"]'],
  ['/personal/feedback', '[data-testid="feedback-page"]'],
  ['/personal/security', '[data-testid="anti-phishing"]'],
  ['/assets/tradeAccount', '[data-testid="balances"]'],
  ['/assets/legalAccount', '[data-testid="balances"]'],
  ['/assets/leverAccount', '[data-testid="balances"]'],
  ['/assets/secondAccount', '[data-testid="balances"]'],
  ['/assets/financialAccount', '[data-testid="balances"]'],
  ['/assets/dealRecords?types=lever', '[data-testid="records-page"]'],
  ['/assets/transfer', '[data-testid="transfer-page"]'],
  ['/assets/transferLog', '[data-testid="records-page"]'],
  ['/assets/bindAddr', '[data-testid="address-book"]'],
  ['/coinlog', '[data-testid="records-page"]'],
  ['/deposit', '[data-testid="earn-products"]'],
  ['/resetPassword', '[data-testid="reset-password-page"]'],
  ['/tradePassword', '[data-testid="trade-password-page"]'],
  ['/bindAccount', '[data-testid="bind-email-page"]'],
  ['/lever', '[data-testid="lever-page"]'],
  ['/second', '[data-testid="micro-page"]'],
  ['/trade?symbol=BTC/USDT', '[data-testid="orders-table"]'],
  ['/legalIndex/legal', '[data-testid="p2p-ad"] button'],
  ['/legalIndex/orders', '[data-testid="p2p-orders-page"]'],
  ['/legalIndex/orderdetail?id=1', '[data-testid="p2p-detail-page"]'],
  ['/myshop/myshoporders', '[data-testid="p2p-my-ad"]'],
  ['/myshop/shoporders', '[data-testid="p2p-orders-page"]'],
  ['/myshop/shoporderdetail?id=1', '[data-testid="p2p-detail-page"]'],
];

/**
 * A route change inside the app, as a link click would make it: no reload. The route's own content
 * is awaited once the router has drawn it (or where it sent the visitor), so a log-in page left
 * over from the route before does not count as this one's.
 */
async function visit(page: Page, path: string, ready: string): Promise<void> {
  await moveInApp(page, path);
  await routerSettled(page);
  await expect(page.locator(ready).first()).toBeAttached(BOOT);
}

/** How far the page reaches sideways, and the widest element that reaches past the window. */
function overflow(page: Page): Promise<{ scrollWidth: number; culprit: string }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    let culprit = '';
    let reach = width;
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const right = element.getBoundingClientRect().right + window.scrollX;
      if (right > reach && clipped(element)) continue;
      if (right > reach) {
        reach = right;
        culprit = `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join('.')}`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprit };
  });
}

/**
 * Text that reaches past the window but is hidden by a clipping box (overflow hidden or clip): the
 * page does not scroll sideways, yet words are cut off. Text inside a box that scrolls sideways on
 * purpose (tables on phones) or inside something hidden from everyone (a carousel's other slides)
 * is not cut.
 */
function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const holdsText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!holdsText) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let intended = false;
      for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') intended = true;
        if (up.getAttribute('aria-hidden') === 'true' || style.visibility === 'hidden') intended = true;
        if (style.position === 'fixed' && up !== element) intended = true;
      }
      if (!intended)
        out.push(
          `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join('.')} ends at ${Math.round(box.right)}px`,
        );
    }
    return out.slice(0, 5);
  });
}

async function checkRoutes(page: Page, routes: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [path, ready] of routes) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await visit(page, path, ready);
      // Soft: one run lists every page that overflows, not only the first.
      await expect
        .soft(async () => {
          const { scrollWidth, culprit } = await overflow(page);
          const verdict =
            scrollWidth <= width ? 'fits' : `${path} at ${width}px: ${scrollWidth}px (${culprit})`;
          expect(verdict).toBe('fits');
          expect(await cutText(page), `${path} at ${width}px: text cut off at the edge`).toEqual([]);
          expect(await spillingText(page), `${path} at ${width}px: text spills out of its box`).toEqual([]);
          // On a phone every control is a 44 px tap target, or spaced as WCAG 2.5.8 spaces one.
          if (width === 390)
            expect(await smallTapTargets(page), `${path} at 390px: tap targets under 44 px`).toEqual([]);
        })
        .toPass({ timeout: 5_000 });
    }
  }
}

async function signIn(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await visit(page, '/login?redirect=%2Fhome', '[data-testid="login-page"]');
  await page.locator('input[type="email"]').fill(DEMO.email);
  await page.locator('input[type="password"]').fill(DEMO.password);
  await page.locator('input[type="password"]').press('Enter');
  await expect(page).toHaveURL(/\/home$/, BOOT);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

for (const [index, lang] of (['en', 'ru', 'th'] as const).entries()) {
  test(`no page scrolls sideways at 390 and 1024 px in ${lang}`, async ({ page, backend }) => {
    showOnce(backend, index);
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: HEIGHT });
    await page.goto('/home');
    await page.evaluate((code) => localStorage.setItem('lang', code), lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', /./);
    await expect(page.getByTestId('home-table')).toBeVisible(BOOT);

    // The header's menu holds the navigation, the language, the theme and sign-up on a phone.
    const menu = page.getByTestId('header-menu-button');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = page.getByTestId('header-menu');
    await expect(drawer.getByRole('link', { name: /./ })).not.toHaveCount(0);
    for (const href of ['/markets', '/trade', '/lever', '/second', '/legalIndex', '/deposit', '/assets']) {
      await expect(drawer.locator(`a[href="${href}"]`)).toBeVisible();
    }
    for (const id of ['language-chooser', 'theme-toggle', 'header-register', 'header-login']) {
      await expect(drawer.getByTestId(id)).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    await checkRoutes(page, PUBLIC_ROUTES);
    await signIn(page);
    await checkRoutes(page, SIGNED_IN_ROUTES);
  });
}
