import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every browser test fails on a console error, an uncaught page error or a failed request: a page
 * that "works" while logging errors is broken.
 */
export const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        // Navigations away abort in-flight requests; that is not a failure of the page.
        if (request.failure()?.errorText.includes('ERR_ABORTED')) return;
        problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      await use(problems);
      expect(problems, 'console errors, page errors or failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Sets preferences before the app's first script runs, as a returning visitor would have them. */
export async function withPrefs(page: Page, prefs: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    // Init scripts run in every frame; a sandboxed iframe (the /white embed) has no storage.
    if (window !== window.top) return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, prefs);
}
