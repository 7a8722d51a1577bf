import { mkdir } from 'node:fs/promises';
import { expect, holdAppChunk, test, VIEWS_ONLY, withPrefs } from './fixtures.ts';

/** Notice and news detail (/notice?id=&category_id=). */

test.describe('notice', () => {
  test('shows the privacy notice with its category list', async ({ page }) => {
    await page.goto('/notice?id=66&category_id=26');
    await expect(page.getByTestId('notice-title')).toHaveText('Privacy Policy');
    await expect(page.getByTestId('article-body')).toContainText(
      'Tessera stores your data only in your own browser',
    );
    await expect(
      page.getByTestId('notice-titles').getByRole('link', { name: /Privacy Policy/ }),
    ).toHaveAttribute('aria-current', 'page');
    // The rendered body holds nothing executable.
    const risky = await page
      .getByTestId('article-body')
      .evaluate(
        (body) =>
          body.querySelectorAll('script, iframe, object, embed, form, svg, style').length +
          Array.from(body.querySelectorAll('*')).filter((el) =>
            Array.from(el.attributes).some(
              (a) => a.name.startsWith('on') || /^\s*javascript:/i.test(a.value),
            ),
          ).length,
      );
    expect(risky).toBe(0);
  });

  test('the privacy notice is reachable from the register page', async ({ page, context }) => {
    await page.goto('/register');
    const link = page.locator('a[href="/notice?id=66&category_id=26"]').first();
    await expect(link).toBeVisible();
    const opensTab = (await link.getAttribute('target')) === '_blank';
    const notice = opensTab
      ? await Promise.all([context.waitForEvent('page'), link.click()]).then(([tab]) => tab)
      : await link.click().then(() => page);
    await expect(notice).toHaveURL(/\/notice\?id=66&category_id=26$/);
    await expect(notice.getByTestId('notice-title')).toHaveText('Privacy Policy');
  });

  test('the title list and links inside an article move between notices', async ({ page }) => {
    await page.goto('/notice?id=20&category_id=5');
    await expect(page.getByTestId('notice-title')).toHaveText('How to register');
    const titles = page.getByTestId('notice-titles').getByRole('link');
    expect(await titles.count()).toBeGreaterThan(1);
    const second = titles.nth(1);
    const heading = (await second.locator('.notice-title-text').textContent()) ?? '';
    await second.click();
    await expect(page.getByTestId('notice-title')).toHaveText(heading);
    await expect(second).toHaveAttribute('aria-current', 'page');

    await page.goto('/notice?id=20&category_id=5');
    await page.getByTestId('article-body').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/notice?id=66&category_id=26');
    await expect(page.getByTestId('notice-title')).toHaveText('Privacy Policy');
  });

  test('a category without an id opens its newest article; an unknown id says so', async ({ page }) => {
    await page.goto('/notice?category_id=22');
    await expect(page.getByTestId('notice-title')).not.toBeEmpty();
    const first = page.getByTestId('notice-titles').getByRole('link').first();
    await expect(first).toHaveAttribute('aria-current', 'page');

    await page.goto('/notice?id=9999&category_id=5');
    await expect(page.getByText('This article could not be found')).toBeVisible();
  });

  test(
    '/notice is whole in its first HTML; an address naming another article hides it until the app shows that one',
    VIEWS_ONLY,
    async ({ page }) => {
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|Minified React error/i.test(message.text()))
          failures.push(message.text());
      });
      // The app held back: what a phone shows before any script has run.
      let app = await holdAppChunk(page);
      let opened = page.goto('/notice');
      const title = page.getByTestId('notice-title');
      await expect(title).toBeVisible();
      const newest = (await title.textContent()) ?? '';
      expect(newest).not.toBe('');
      const current = page.getByTestId('notice-titles').getByRole('link').first();
      await expect(current).toContainText(newest);
      await expect(page.getByTestId('footer-news-5')).toContainText('How to register');
      await app.release();
      await opened;
      // The body is sanitized in the browser (DOMPurify), so it comes with the app.
      await expect(page.getByTestId('article-body')).not.toBeEmpty();
      // Hydrated in place: the app's own page, the same article, and React found what it rendered.
      await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');
      await expect(title).toHaveText(newest);
      await expect(current).toHaveAttribute('aria-current', 'page');
      expect(failures).toEqual([]);

      app = await holdAppChunk(page);
      opened = page.goto('/notice?id=21&category_id=5');
      await expect(page.getByTestId('notice-titles')).toBeVisible();
      await expect(title).toBeHidden();
      await app.release();
      await opened;
      await expect(title).toHaveText('How to deposit');
      await expect(title).toBeVisible();
    },
  );

  test('a notice opened with the wrong category shows its real one; content follows the language', async ({
    page,
  }) => {
    await withPrefs(page, { lang: 'ru' });
    // Article 21 ("How to deposit") is in the help centre (5), not in privacy (26).
    await page.goto('/notice?id=21&category_id=26');
    await expect(page.getByTestId('notice-title')).toHaveText('Как пополнить счёт');
    const crumbs = page
      .getByRole('navigation')
      .filter({ has: page.locator('a[href="/notice?category_id=5"]') });
    await expect(crumbs.first()).toBeVisible();
    await expect(page.getByTestId('notice-titles')).toContainText('Как зарегистрироваться');
    // The footer's links are served in Russian too.
    await expect(page.locator('footer')).toContainText('Как зарегистрироваться');
    await mkdir('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/issue11-notice-ru.png', fullPage: true });
    await withPrefs(page, { lang: 'th' });
    await page.goto('/home');
    await expect(page.locator('footer')).toContainText('วิธีสมัครสมาชิก');
    await page.screenshot({ path: '/tmp/shots/issue11-home-th.png', fullPage: true });
  });
});
