import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, matrixBackend, test, withPrefs } from './fixtures.ts';

/**
 * /assets/bindAddr (issue 12 item 5), driven the way a person would: the code comes from the demo
 * outbox, the address is pasted, the list is read from the screen.
 */
const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_TYPO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';

async function signIn(page: Page) {
  await page.goto('/assets/bindAddr');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fassets%2FbindAddr$/);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/assets\/bindAddr$/);
  await expect(page.getByTestId('address-book')).toBeVisible();
}

async function readCode(page: Page): Promise<string> {
  await page.getByTestId('outbox-toggle').click();
  const message = page
    .getByTestId('outbox-message')
    .filter({ hasText: 'Withdrawal address binding' })
    .first();
  await expect(message).toBeVisible();
  const code = (await message.getByTestId('outbox-code').textContent()) ?? '';
  await page.keyboard.press('Escape');
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test('binds an address with the code from the outbox, refuses a typo, keeps it over a reload and deletes it', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByText('No address bound yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('send-code')).toHaveText(/Resend in (59|58) s/);
  const code = await readCode(page);

  await page.getByLabel('Address', { exact: true }).fill(TRON_TYPO);
  await page.getByLabel('E-mail verification code').fill(code);
  await page.getByRole('button', { name: 'Bind address' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    'The address has a typo: its checksum does not match',
  );
  await expect(page.getByLabel('Address', { exact: true })).toBeFocused();
  await expect(page.getByTestId('address-item')).toHaveCount(0);

  await page.getByLabel('Address', { exact: true }).fill(TRON);
  await page.getByLabel('Label (optional)').fill('Cold wallet');
  await page.getByRole('button', { name: 'Bind address' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Address bound' })).toBeVisible();
  const item = page.getByTestId('address-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(TRON);
  await expect(item).toContainText('USDT · TRC20');
  await expect(item).toContainText('Cold wallet');
  // The form is clear for the next address, and the used code is gone.
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('');

  await page.reload();
  await expect(page.getByTestId('address-item')).toContainText(TRON);

  await page.getByTestId('address-item').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Delete this address? Withdrawals to it will no longer be possible.'),
  ).toBeVisible();
  await page.getByTestId('address-item').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Address deleted' })).toBeVisible();
  await expect(page.getByText('No address bound yet.')).toBeVisible();
});

test('the server refuses a typo in Russian too, and the page fits 390 px in both themes and three languages', async ({
  page,
  backend,
}) => {
  await mkdir('/tmp/shots', { recursive: true });
  await signIn(page);
  // A bound address, so the list shows in the screenshots.
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(page);
  await page.getByLabel('Address', { exact: true }).fill(TRON);
  await page.getByLabel('Label (optional)').fill('Cold wallet');
  await page.getByLabel('E-mail verification code').fill(code);
  await page.getByRole('button', { name: 'Bind address' }).click();
  await expect(page.getByTestId('address-item')).toHaveCount(1);

  // Each language and theme on one backend (see matrixBackend); the Russian refusal below on both.
  for (const [langIndex, lang] of ['en', 'ru', 'th'].entries()) {
    for (const [themeIndex, theme] of ['dark', 'light'].entries()) {
      if (matrixBackend(langIndex + themeIndex) !== backend) continue;
      await withPrefs(page, { lang, theme });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/assets/bindAddr');
        await expect(page.getByTestId('address-item')).toHaveCount(1);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(overflow, `${lang} ${theme} ${width}`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `/tmp/shots/bindaddr-${lang}-${theme}-${width}.png`, fullPage: true });
      }
    }
  }

  // Russian: the client's own check speaks Russian.
  await withPrefs(page, { lang: 'ru', theme: 'dark' });
  await page.goto('/assets/bindAddr');
  await page.getByLabel('Адрес', { exact: true }).fill(TRON_TYPO);
  await page.getByRole('button', { name: 'Привязать адрес' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    'В адресе опечатка: контрольная сумма не совпадает',
  );
});
