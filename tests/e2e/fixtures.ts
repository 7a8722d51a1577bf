import { test as base, expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import { startCluster } from './cluster-server.ts';
import { startDemoServer, type DemoServer } from './demo-server.ts';
import { readdirSync } from 'node:fs';

export type { DemoServer };

/**
 * Which backend the app runs on: its in-browser simulator, `npm run server -- --demo` (the "server"
 * project), or the cluster of gateways behind HAProxy (the "cluster" project: tests tagged
 * CLUSTER_TOO, cluster-server.ts).
 */
export type Backend = 'sim' | 'server' | 'cluster';

/**
 * Every browser test fails on a console error, an uncaught page error or a failed request: a page
 * that "works" while logging errors is broken.
 */
export const test = base.extend<{ problems: string[] }, { backend: Backend; demoServer: DemoServer | null }>({
  backend: ['sim', { option: true, scope: 'worker' }],
  // One server per worker (the suite runs one worker per project), started only for the server project.
  demoServer: [
    async ({ backend }, use) => {
      if (backend === 'sim') return use(null);
      const server = backend === 'cluster' ? await startCluster() : await startDemoServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  // On the server project every page of the test's profile talks to the server, from a fresh exchange.
  context: async ({ context, demoServer }, provide) => {
    if (demoServer) {
      await demoServer.reset();
      await pointAtServer(context, demoServer);
    }
    await provide(context);
  },
  // A prerendered page (app/first-paint.ts) is on screen before the app has taken it over; a
  // person's first click or keystroke comes after it answers, and so do a test's: goto returns once
  // the page's first paint has ended (at once on a page that was not prerendered).
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => document.documentElement.dataset.firstPaint === undefined, null, {
        timeout: 30_000,
      });
      return response;
    };
    await provide(page);
  },
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

/**
 * The backend that shows one configuration of a presentation matrix: a page in one language, theme
 * and width, or an accessibility pass in one theme. Layout, contrast and translation are the views'
 * work, the same whichever backend answered, so each configuration runs once (even ones on the
 * simulator, odd ones on the server) rather than once per backend. The matrices were 2,000 of the
 * suite's 4,330 test-seconds in a clean-clone CI run (46.7 min in all against a 30 min budget).
 * Both backends still draw every matrix's page in several configurations, and every test of
 * behaviour runs on both.
 */
export function matrixBackend(index: number): Backend {
  return index % 2 === 0 ? 'sim' : 'server';
}

/** Skips this test on the backend that does not show configuration `index` of its matrix. */
export function showOnce(backend: Backend, index: number): void {
  const shownOn = matrixBackend(index);
  test.skip(backend !== shownOn, `this configuration of the matrix is shown on the ${shownOn} backend`);
}

/**
 * The tag of a test of the views' own behaviour: the router, the theme and language switches, the
 * carousel, sorting a table already loaded, the machine inspector. No answer of the backend decides
 * its outcome, so, like a matrix configuration, it runs once, on the simulator (the server project
 * skips it in playwright.config.ts). Anything that sends a call and reads its answer is behaviour
 * of the exchange and runs on both backends.
 */
export const VIEWS_ONLY = { tag: '@views' } as const;

/**
 * The tag of a test that also runs on the cluster project (issue 36: the app through HAProxy, two
 * gateways, NATS and a core): a few that sign in, trade and watch the socket, within the suite's
 * time budget.
 */
export const CLUSTER_TOO = { tag: '@cluster' } as const;

/**
 * Resolves once the router has drawn the address the window shows (the layout's data-path equals
 * the location). The location is read again at every try: a page that sends the visitor on (a
 * guarded route to the log-in page) changes it while the test waits.
 */
export async function routerSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelector('main#main')?.getAttribute('data-path') ===
          window.location.pathname + window.location.search,
      ),
    )
    .toBe(true);
}

/**
 * Moves the app's router to `path` as one of its links would: the page does not reload, so the
 * worker, the session and the socket stay up. It waits for the router first: after a load, the
 * router hears moves only once its first render has committed (routerSettled).
 */
export async function moveInApp(page: Page, path: string): Promise<void> {
  await routerSettled(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens `path` inside the app (moveInApp) and resolves once the page shows it. Walks over many
 * routes use it, since each reload boots the app and its worker again; a test of a page's own
 * first load uses page.goto.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await moveInApp(page, path);
  await expect(page.locator('main#main')).toHaveAttribute('data-path', path);
}

/** Sets preferences before the app's first script runs, as a returning visitor would have them. */
export async function withPrefs(page: Page, prefs: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    // Init scripts run in every frame; a sandboxed iframe (the /white embed) has no storage.
    if (window !== window.top) return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, prefs);
}

/** Points every page of `context` at the demo server (the app reads api_base and socket_url at start). */
export async function pointAtServer(context: BrowserContext, server: DemoServer): Promise<void> {
  await context.addInitScript(
    ({ api, socket }) => {
      if (window !== window.top) return;
      localStorage.setItem('api_base', api);
      localStorage.setItem('socket_url', socket);
    },
    { api: server.base, socket: server.socket },
  );
}

/** The simulator worker's script in the build the tests run against (the app's SharedWorker). */
function workerUrl(): string {
  const file = readdirSync('dist/assets').find((name) => /^worker-.*\.js$/.test(name));
  if (!file) throw new Error('no simulator worker in dist/assets');
  return `/assets/${file}`;
}

/**
 * One of the simulator's demo controls (sim/*) called as the test's operator, on whichever backend
 * the test runs: the demo server over HTTP, or the page's own simulator (its SharedWorker).
 */
export async function simControl(
  page: Page,
  server: DemoServer | null,
  path: string,
  payload: Record<string, unknown>,
): Promise<{ code: number | string; msg: string }> {
  if (server) {
    const response = await fetch(`${server.base}/api/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(server.operatorToken ? { 'x-operator-token': server.operatorToken } : {}),
      },
      body: JSON.stringify(payload),
    });
    return (await response.json()) as { code: number | string; msg: string };
  }
  return page.evaluate(
    ({ url, path, payload }) =>
      new Promise<{ code: number | string; msg: string }>((resolve) => {
        const worker = new SharedWorker(new URL(url, location.href), { type: 'module', name: 'tessera-sim' });
        const id = 990_000_000 + Math.floor(Math.random() * 1_000_000);
        worker.port.onmessage = (event: MessageEvent<{ kind: string; id?: number; envelope?: never }>) => {
          if (event.data.kind !== 'response' || event.data.id !== id) return;
          worker.port.close();
          resolve(event.data.envelope!);
        };
        worker.port.start();
        worker.port.postMessage({
          kind: 'request',
          id,
          request: {
            method: 'POST',
            path,
            payload,
            headers: { lang: 'en', authorization: '' },
            timeoutMs: 20_000,
          },
        });
      }),
    { url: workerUrl(), path, payload },
  );
}

/**
 * Holds the app's chunk back, so the page on screen stays the one the build wrote (a prerendered
 * page before the app has taken it over). `release` lets the chunk through and stops holding it.
 */
export async function holdAppChunk(page: Page): Promise<{ release: () => Promise<void> }> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let passed = () => {};
  // The held request gone on: unrouting while its handler still ran would continue it twice.
  const gone = new Promise<void>((resolve) => (passed = resolve));
  const handler = async (route: Route) => {
    await held;
    await route.continue();
    passed();
  };
  await page.route(APP_CHUNK, handler);
  return {
    release: async () => {
      letGo();
      await gone;
      await page.unroute(APP_CHUNK, handler);
    },
  };
}

const APP_CHUNK = '**/assets/boot-app-*.js';
