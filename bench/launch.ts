/**
 * What the browser benchmarks (bench/ui.ts, bench/soak.ts) share: building the app into the
 * benchmark's own directory, serving that production bundle with `vite preview` on its own port,
 * launching Chromium as playwright.config.ts does, signing in as the seeded demo account, and calling
 * the simulator through the app's SharedWorker with the same request envelopes as the app's sim
 * transport (src/api/transports/sim.ts).
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The same Chromium flags as playwright.config.ts (STACK.md: without them it hammers the network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The seeded demo account (src/sim/features/accounts/policy.ts DEMO_ACCOUNT). */
export const DEMO = { email: 'demo@tessera.example', password: 'Demo1234' };

/** The browser tests' lock (see the e2e runner): builds that hold it wait for each other. */
export const BUILD_LOCK = '/tmp/tessera-e2e.lock';

/** A numeric command-line option, as `--name=value` or `--name value`. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const text = textOption(args, name, '');
  return text === '' ? fallback : Number(text);
}

/** A text command-line option, as `--name=value` or `--name value`. */
export function textOption(args: readonly string[], name: string, fallback: string): string {
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  const next = at >= 0 ? args[at + 1] : undefined;
  return next !== undefined && !next.startsWith('--') ? next : fallback;
}

/**
 * Builds the app into outDir: the benchmark's own directory, since other work may rebuild dist/
 * while a benchmark serves it. With `lock`, the build waits for the browser tests' builds; with
 * `minify: false` functions keep their names (for a CPU profile).
 */
export function buildApp(outDir: string, options: { lock?: boolean; minify?: boolean } = {}): void {
  const build = `npx vite build --outDir ${outDir} --emptyOutDir${options.minify === false ? ' --minify false' : ''}`;
  const locked = options.lock && existsSync('/usr/bin/flock') ? `flock ${BUILD_LOCK} ${build}` : build;
  execSync(locked, { stdio: 'ignore' });
}

/** The simulator worker's URL in a build (the same script and name as the app's SharedWorker). */
export function workerUrlIn(outDir: string): string {
  const file = readdirSync(join(outDir, 'assets')).find((name) => /^worker-.*\.js$/.test(name));
  if (!file) throw new Error(`no worker in ${outDir}/assets: build first`);
  return `/assets/${file}`;
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

export interface Server {
  base: string;
  stop(): void;
}

/** Serves a build with `vite preview` on its own port; stop() ends the server's process group. */
export async function serve(outDir: string, port: number): Promise<Server> {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir],
    { stdio: 'ignore', detached: true },
  );
  const stop = () => {
    if (server.pid === undefined) return;
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(base, 30_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  problems: string[];
}

/**
 * A page in a fresh context: its own storage, so its own simulator (a fresh exchange in a fresh
 * IndexedDB, the demo account with its grant) that dies with the context.
 */
export async function freshPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<BenchPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  // tsx keeps function names by wrapping them in __name(); the page has no such helper.
  await page.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
  return { context, page, problems };
}

/** Signs in as the demo account the way a person would: the log-in form, which redirects. */
export async function signIn(page: Page, base: string, redirect: string): Promise<void> {
  const boot = { timeout: 60_000 };
  await page.goto(`${base}/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO.email, boot);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname === redirect.split('?')[0], boot);
}

/** The session token the app keeps (spec §3 local storage `token`), for calls made beside the app. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in: no token in local storage');
  return token;
}

export interface SimRequest {
  path: string;
  payload: Record<string, unknown>;
  /** The catalogue's method of the call (src/api/catalogue); POST unless it says GET. */
  method?: 'GET' | 'POST';
}

/**
 * Calls the simulator through the app's SharedWorker (the same worker URL and name, so the same
 * exchange the page shows), one call after another on one port, with the envelopes of the app's
 * sim transport. Answers each call's data; throws on the first that does not answer code 1.
 */
export async function simCalls(
  page: Page,
  workerUrl: string,
  requests: readonly SimRequest[],
  token = '',
): Promise<unknown[]> {
  return page.evaluate(
    ({ url, calls, authorization }) =>
      new Promise<unknown[]>((resolve, reject) => {
        const worker = new SharedWorker(new URL(url, location.href), { type: 'module', name: 'tessera-sim' });
        const answers: unknown[] = [];
        const base = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
        const send = (index: number) => {
          if (index === calls.length) {
            worker.port.close();
            resolve(answers);
            return;
          }
          worker.port.postMessage({
            kind: 'request',
            id: base + index,
            request: {
              method: calls[index]!.method ?? 'POST',
              path: calls[index]!.path,
              payload: calls[index]!.payload,
              headers: { lang: 'en', authorization },
              timeoutMs: 20_000,
            },
          });
        };
        worker.port.onmessage = (
          event: MessageEvent<{
            kind: string;
            id?: number;
            envelope?: { code: number | string; data: unknown; msg: string };
          }>,
        ) => {
          const message = event.data;
          if (message.kind !== 'response' || message.id === undefined) return;
          const index = message.id - base;
          if (index !== answers.length) return;
          if (Number(message.envelope?.code) !== 1) {
            worker.port.close();
            reject(new Error(`${calls[index]!.path}: ${message.envelope?.msg ?? 'failed'}`));
            return;
          }
          answers.push(message.envelope?.data);
          send(index + 1);
        };
        worker.port.start();
        send(0);
      }),
    { url: workerUrl, calls: requests, authorization: token },
  );
}

/** One simulator call (see simCalls). */
export async function simCall(
  page: Page,
  workerUrl: string,
  path: string,
  payload: Record<string, unknown>,
  token = '',
): Promise<unknown> {
  const [answer] = await simCalls(page, workerUrl, [{ path, payload }], token);
  return answer;
}

/** The machine's cores and load average, printed beside the figures they affect. */
export function machineLoad(): string {
  return `${cpus().length} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}

/** The p-th percentile (nearest rank); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
