import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Steps a person takes on the server specs: register by e-mail with the outbox's code, sign in to /trade. */
const BOOT = { timeout: 30_000 };

/** Opens the demo outbox, reads the newest code sent to `to`, and closes it again. */
export async function readOutboxCode(page: Page, to: string): Promise<string> {
  await page.getByTestId('outbox-toggle').click();
  const message = page.getByTestId('outbox-message').filter({ hasText: to }).first();
  await expect(message).toBeVisible();
  const code = (await message.getByTestId('outbox-code').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return code;
}

/** Registers `email` with the code from the page's own outbox; ends on /login. */
export async function registerByEmail(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('E-mail', { exact: true }).fill(email, BOOT);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('E-mail verification code').fill(await readOutboxCode(page, email));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs in and lands on /trade with the book showing. */
export async function signInToTrade(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent('/trade?symbol=BTC/USDT')}`);
  await page.getByLabel('E-mail', { exact: true }).fill(email, BOOT);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/trade\?symbol=/, BOOT);
  await expect(page.getByTestId('book-bid-0')).toHaveAttribute('data-price', /\d/, BOOT);
}
