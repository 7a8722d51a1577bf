/**
 * First impression of the production build (issue 19): for every public route of the shell,
 * Lighthouse's four scores and LCP, CLS and TBT on the desktop and mobile presets; the gzipped
 * JavaScript a route loads before its first paint; and the times to the first number on screen and
 * to the first live quote on /markets and /trade over several fresh and returning browser profiles.
 *
 * It builds the app into its own directory (unless --no-build), serves it with `vite preview` on
 * its own port, and runs Lighthouse 12 (`npx lighthouse@12.8.2`: Lighthouse 13 needs Node 22) in
 * Debian's Chromium. Lighthouse is fetched on first use rather than installed with the project:
 * it is a benchmark tool, not part of `npm test`.
 *
 * Goals (exit 1 when one is missed): first live quote median <= 600 ms; <= 150 KB gzipped JS
 * before first paint on /home; CLS < 0.05 everywhere; performance >= 95, accessibility 100,
 * best-practices 100, SEO >= 95 on every route and preset.
 *
 * With `--baseline` (main) or `--baseline=<git ref>`, the ref is built too (in a git worktree of
 * its own, removed after its build) and served on the next port, and every figure but the
 * JavaScript sizes is measured on both builds in turn, profile by profile (the order alternates),
 * so both meet the same load: absolute times differ between machines and hours, a difference
 * measured side by side does not. Goals are checked on this build only.
 *
 * Run: npm run bench:web [-- --no-build] [--routes=/home,/markets] [--profiles=7] [--no-lighthouse] [--port=4176] [--baseline[=<ref>]]
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

/** Its own port (--port=), so two checkouts can run the benchmark side by side. */
const PORT = Number(option('port') ?? 4176);
const BASE = `http://127.0.0.1:${PORT}`;
/** Its own build, one per port: other work may rebuild dist/ while the benchmark serves it. */
const OUT_DIR = join(tmpdir(), `tessera-bench-web-${PORT}`);
/** The git ref to compare with (`--baseline` alone: main), or null. */
const BASELINE_REF = args.includes('--baseline') ? 'main' : (option('baseline') ?? null);

/** A build the benchmark measures: this checkout's, or the baseline ref's. */
interface Target {
  name: string;
  base: string;
  outDir: string;
  port: number;
}

const THIS_BUILD: Target = { name: 'this build', base: BASE, outDir: OUT_DIR, port: PORT };
const BASELINE: Target | null =
  BASELINE_REF === null
    ? null
    : {
        name: `baseline ${BASELINE_REF}`,
        base: `http://127.0.0.1:${PORT + 1}`,
        outDir: `${OUT_DIR}-baseline`,
        port: PORT + 1,
      };
/** The builds measured, this one first. */
const TARGETS: readonly Target[] = BASELINE ? [THIS_BUILD, BASELINE] : [THIS_BUILD];

/** The builds in the order the `index`th profile visits them: alternating, so neither is always first. */
function inTurn(index: number): readonly Target[] {
  return index % 2 === 0 ? TARGETS : [...TARGETS].reverse();
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The shell's public routes (src/views/routes.tsx); signed-in routes show the sign-in prompt here. */
const ROUTES = [
  '/home',
  '/markets',
  '/notice',
  '/trade',
  '/lever',
  '/second',
  '/deposit',
  '/legalIndex/legal',
  '/login',
  '/register',
  '/forgetPassword',
  '/assets',
  '/personal',
  '/inspect',
];

const GOALS = {
  quoteMedianMs: 600,
  repeatPaintMs: 300,
  homeJsKb: 150,
  cls: 0.05,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
};

const routes = option('routes')?.split(',') ?? ROUTES;
const profiles = Number(option('profiles') ?? 7);

interface LighthouseFigures {
  route: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failing: string[];
}

function build(): void {
  if (args.includes('--no-build')) return;
  console.log(`building into ${OUT_DIR} ...`);
  execSync(`npx vite build --outDir ${OUT_DIR} --emptyOutDir --logLevel warn`, { stdio: 'inherit' });
}

/**
 * Builds the baseline ref into its own directory, from a detached git worktree that shares this
 * checkout's node_modules (the ref's lockfile may differ: the build uses this one's packages).
 */
function buildBaseline(ref: string, target: Target): void {
  const worktree = mkdtempSync(join(tmpdir(), 'tessera-bench-baseline-'));
  console.log(`building ${ref} into ${target.outDir} ...`);
  execFileSync('git', ['worktree', 'add', '--detach', '--force', worktree, ref], { stdio: 'inherit' });
  try {
    symlinkSync(join(process.cwd(), 'node_modules'), join(worktree, 'node_modules'), 'dir');
    execSync(`npx vite build --outDir ${target.outDir} --emptyOutDir --logLevel warn`, {
      cwd: worktree,
      stdio: 'inherit',
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { stdio: 'inherit' });
    rmSync(worktree, { recursive: true, force: true });
  }
}

async function serve(target: Target): Promise<ChildProcess> {
  const server = spawn(
    'npx',
    [
      'vite',
      'preview',
      '--outDir',
      target.outDir,
      '--host',
      '127.0.0.1',
      '--port',
      String(target.port),
      '--strictPort',
    ],
    { stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(target.base)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview did not start on ${target.base}`);
}

function lighthouse(route: string, preset: 'desktop' | 'mobile', base = BASE): LighthouseFigures {
  const output = join(tmpdir(), `tessera-lh-${preset}-${route.replace(/\W+/g, '_')}.json`);
  execFileSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      `${base}${route}`,
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; numericValue?: number }>;
    environment?: { benchmarkIndex?: number };
  };
  if (report.environment?.benchmarkIndex) benchmarkIndexes.push(report.environment.benchmarkIndex);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing: string[] = [];
  for (const [category, { auditRefs }] of Object.entries(report.categories)) {
    for (const ref of auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        failing.push(`${category}:${ref.id}`);
      }
    }
  }
  return {
    route,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    failing,
  };
}

/**
 * Lighthouse's reading of the machine's speed (its CPU benchmark) at each run. Its simulated times
 * scale observed CPU work, so figures from two machines, or one machine under two loads, compare
 * only beside these, the Chromium version and the load average (printed at the end).
 */
const benchmarkIndexes: number[] = [];

/** Gzip size of a built file (vite preview serves them uncompressed; a real server gzips). */
const gzipCache = new Map<string, number>();
function gzippedBytes(path: string): number {
  const cached = gzipCache.get(path);
  if (cached !== undefined) return cached;
  const file = join(OUT_DIR, path);
  const size = existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
  gzipCache.set(path, size);
  return size;
}

/**
 * The JavaScript a route has fetched by its first contentful paint: every script resource whose
 * response ended before FCP, in a fresh profile. Worker scripts are not counted (they do not block
 * the page's paint); the number of them fetched by then is printed beside.
 *
 * Since index.html paints the header bar and brand itself (issue 19), FCP can come before the app
 * has run at all; so the JavaScript fetched by the app's own first render (the header React drew:
 * `header[data-layout]`, which the static frame lacks) is measured beside it.
 */
async function jsBeforePaint(
  browser: Browser,
  route: string,
): Promise<{ kb: number; files: number; shellKb: number; shellFiles: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // No named inner functions here: tsx would wrap them in a helper the page does not have.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('header[data-layout]')) {
        (window as { __shellAt?: number }).__shellAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${BASE}${route}`);
  await page.waitForFunction(
    () =>
      performance.getEntriesByName('first-contentful-paint').length > 0 &&
      (window as { __shellAt?: number }).__shellAt !== undefined,
  );
  const { beforePaint, beforeShell } = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const shellAt = (window as { __shellAt?: number }).__shellAt!;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.name.endsWith('.js'),
    );
    return {
      beforePaint: scripts
        .filter((entry) => entry.responseEnd <= fcp)
        .map((entry) => new URL(entry.name).pathname),
      beforeShell: scripts
        .filter((entry) => entry.responseEnd <= shellAt)
        .map((entry) => new URL(entry.name).pathname),
    };
  });
  await context.close();
  const kb = (paths: string[]) =>
    Math.round(paths.reduce((sum, path) => sum + gzippedBytes(path), 0) / 102.4) / 10;
  return {
    kb: kb(beforePaint),
    files: beforePaint.length,
    shellKb: kb(beforeShell),
    shellFiles: beforeShell.length,
  };
}

/**
 * Milliseconds from navigation start to the first number on the page and to the first live quote:
 * a market row (or the trade screen's header) showing a price that is visible (a held page's figures
 * are in its HTML but hidden until the app has the page), and the same once its table says
 * its quotes are live (`data-quotes="ready"`, not the `kept` quotes of a returning visitor's last
 * visit). Measured in the page by a MutationObserver started before the app, so the figures are
 * the page's own clock, not the test runner's.
 *
 * A returning profile has visited the route once before (its localStorage and IndexedDB, with the
 * exchange's log and the kept quotes, are carried into a new browser context).
 */
async function firstQuoteMs(
  browser: Browser,
  route: '/markets' | '/trade',
  returning: boolean,
  base = BASE,
): Promise<{ number: number; live: number }> {
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  if (returning) {
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto(`${base}${route}`);
    // Live quotes shown, then kept (a build from before kept quotes keeps none: it is not waited for).
    await page.waitForFunction(
      (live) => /\d/.test(document.querySelector(live)?.textContent ?? ''),
      quoteSelectors(route)[1],
      { timeout: 30_000 },
    );
    await page
      .waitForFunction(() => localStorage.getItem('last_quotes') !== null, null, { timeout: 3_000 })
      .catch(() => undefined);
    storageState = await first.storageState({ indexedDB: true });
    await first.close();
  }
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  // No named inner functions here: tsx would wrap them in a helper the page does not have.
  await page.addInitScript(([selector, live]) => {
    const seen = window as { __firstNumber?: number; __firstLive?: number };
    const observer = new MutationObserver(() => {
      const number = document.querySelector(selector);
      // On screen: a held page (a returning visitor's) has its figures in the HTML but hidden.
      if (
        seen.__firstNumber === undefined &&
        number !== null &&
        /\d/.test(number.textContent ?? '') &&
        number.checkVisibility({ visibilityProperty: true })
      )
        seen.__firstNumber = performance.now();
      const quote = document.querySelector(live);
      if (seen.__firstLive === undefined && quote !== null && /\d/.test(quote.textContent ?? '')) {
        seen.__firstLive = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, quoteSelectors(route));
  await page.goto(`${base}${route}`);
  const times = await page.waitForFunction(
    () => {
      const seen = window as { __firstNumber?: number; __firstLive?: number };
      return seen.__firstLive !== undefined && { number: seen.__firstNumber!, live: seen.__firstLive };
    },
    null,
    { timeout: 30_000 },
  );
  const value = (await times.jsonValue()) as { number: number; live: number };
  await context.close();
  return { number: Math.round(value.number), live: Math.round(value.live) };
}

/**
 * A price on the route, and a price its table marks as live. A build from before kept quotes (no
 * `data-quotes` at all, as `--baseline`-style runs of an older build have) showed only live ones.
 */
function quoteSelectors(route: '/markets' | '/trade'): [string, string] {
  return route === '/markets'
    ? [
        '[data-testid="markets-table"] [data-testid="market-row"] td[data-col="price"]',
        '[data-testid="markets-table"]:is([data-quotes="ready"], :not([data-quotes])) [data-testid="market-row"] td[data-col="price"]',
      ]
    : [
        '[data-testid="market-header"] .market-last .num',
        '[data-testid="market-header"]:is([data-quotes="ready"], :not([data-quotes])) .market-last .num',
      ];
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return `no version from ${CHROMIUM}`;
  }
}

/** The machine's 1-minute load average now: the machine is shared, so each figure says how busy it was. */
function load(): string {
  return loadavg()[0]!.toFixed(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/**
 * A repeat visit's first contentful paint (issue 27 item 5): one visit in a profile installs the
 * service worker, which precaches the build; the next visit to the route in that profile is answered
 * from its cache. Returns both visits' first contentful paint (ms from navigation start).
 */
async function repeatVisitPaintMs(
  browser: Browser,
  route: string,
  base = BASE,
): Promise<{ first: number; repeat: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const paint = async () =>
    Math.round(
      (await (
        await page.waitForFunction(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false,
          null,
          { timeout: 30_000 },
        )
      ).jsonValue()) as number,
    );
  await page.goto(`${base}${route}`);
  const first = await paint();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${base}${route}`);
  const repeat = await paint();
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    throw new Error(`${route}: the repeat visit was not served by the service worker`);
  await context.close();
  return { first, repeat };
}

/** Each build's figures, this build's first, as one line's tail: "this build ... | baseline ...". */
function beside(figures: ReadonlyMap<Target, string>): string {
  return TARGETS.map((target) => (TARGETS.length > 1 ? `${target.name}: ` : '') + figures.get(target)).join(
    '  |  ',
  );
}

/** What `measure` gives for each build over `profiles` profiles, the builds visited in turn. */
async function perBuild<T>(measure: (target: Target) => Promise<T>): Promise<Map<Target, T[]>> {
  const runs = new Map<Target, T[]>(TARGETS.map((target) => [target, []]));
  for (let i = 0; i < profiles; i++) {
    for (const target of inTurn(i)) runs.get(target)!.push(await measure(target));
  }
  return runs;
}

async function main(): Promise<void> {
  build();
  if (BASELINE_REF !== null && BASELINE) buildBaseline(BASELINE_REF, BASELINE);
  const servers: ChildProcess[] = [];
  const missed: string[] = [];
  try {
    for (const target of TARGETS) servers.push(await serve(target));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      for (const returning of [false, true]) {
        console.log(
          `\nfirst number on screen / first live quote over ${profiles} ${returning ? 'returning' : 'fresh'} profiles (ms from navigation start)`,
        );
        for (const route of ['/markets', '/trade'] as const) {
          const runs = await perBuild((target) => firstQuoteMs(browser, route, returning, target.base));
          const line = new Map<Target, string>();
          for (const [target, measured] of runs) {
            const numbers = measured.map((run) => run.number);
            const lives = measured.map((run) => run.live);
            line.set(
              target,
              `number median ${median(numbers)} max ${Math.max(...numbers)}` +
                `   live median ${median(lives)} max ${Math.max(...lives)}  [${lives.join(', ')}]`,
            );
          }
          console.log(`  ${route.padEnd(10)} ${beside(line)}  load ${load()}`);
          const lives = runs.get(THIS_BUILD)!.map((run) => run.live);
          if (median(lives) > GOALS.quoteMedianMs)
            missed.push(
              `${route} first live quote median ${median(lives)} ms (${returning ? 'returning' : 'fresh'})`,
            );
        }
      }

      console.log(
        `\nrepeat visit first contentful paint from the service worker's cache, ${profiles} profiles (ms)`,
      );
      for (const route of ['/home', '/markets', '/trade']) {
        const runs = await perBuild((target) => repeatVisitPaintMs(browser, route, target.base));
        const line = new Map<Target, string>();
        for (const [target, measured] of runs) {
          const repeats = measured.map((run) => run.repeat);
          line.set(
            target,
            `repeat median ${median(repeats)} max ${Math.max(...repeats)}` +
              `   (first visit median ${median(measured.map((run) => run.first))})`,
          );
        }
        console.log(`  ${route.padEnd(10)} ${beside(line)}  load ${load()}`);
        const repeats = runs.get(THIS_BUILD)!.map((run) => run.repeat);
        if (median(repeats) > GOALS.repeatPaintMs)
          missed.push(`${route} repeat-visit first paint median ${median(repeats)} ms`);
      }

      console.log('\ngzipped JS fetched before first contentful paint (and before the app drew its header)');
      for (const route of routes) {
        const { kb, files, shellKb, shellFiles } = await jsBeforePaint(browser, route);
        console.log(
          `  ${route.padEnd(20)} ${String(kb).padStart(6)} KB in ${files} files` +
            `   (app header: ${String(shellKb).padStart(6)} KB in ${shellFiles} files)`,
        );
        if (route === '/home' && kb > GOALS.homeJsKb) missed.push(`/home ${kb} KB JS before paint`);
      }
    } finally {
      await browser.close();
    }

    if (!args.includes('--no-lighthouse')) {
      console.log(
        '\nLighthouse 12 (perf / a11y / best practices / SEO, FCP, LCP, CLS, TBT, 1-min load average)',
      );
      let runs = 0;
      for (const preset of ['desktop', 'mobile'] as const) {
        for (const route of routes) {
          let f: LighthouseFigures | undefined;
          for (const target of inTurn(runs++)) {
            const figures = lighthouse(route, preset, target.base);
            if (target === THIS_BUILD) f = figures;
            console.log(
              `  ${preset.padEnd(7)} ${route.padEnd(20)} ${TARGETS.length > 1 ? `${target.name.padEnd(16)} ` : ''}` +
                `${figures.performance} / ${figures.accessibility} / ${figures.bestPractices} / ${figures.seo}` +
                `  FCP ${figures.fcpMs} ms  LCP ${figures.lcpMs} ms  CLS ${figures.cls}  TBT ${figures.tbtMs} ms  load ${load()}` +
                (figures.failing.length ? `  failing: ${figures.failing.join(', ')}` : ''),
            );
          }
          if (!f) continue;
          if (f.performance < GOALS.performance)
            missed.push(`${preset} ${route} performance ${f.performance}`);
          if (f.accessibility < GOALS.accessibility)
            missed.push(`${preset} ${route} accessibility ${f.accessibility}`);
          if (f.bestPractices < GOALS.bestPractices)
            missed.push(`${preset} ${route} best-practices ${f.bestPractices}`);
          if (f.seo < GOALS.seo) missed.push(`${preset} ${route} SEO ${f.seo}`);
          if (f.cls >= GOALS.cls) missed.push(`${preset} ${route} CLS ${f.cls}`);
        }
      }
    }
  } finally {
    for (const server of servers) if (server.pid) process.kill(-server.pid);
  }
  console.log(
    `\nmachine: ${cpus().length} cores, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; ${chromiumVersion()}` +
      (benchmarkIndexes.length > 0
        ? `; Lighthouse benchmarkIndex ${Math.min(...benchmarkIndexes)}-${Math.max(...benchmarkIndexes)}` +
          ` (median ${median(benchmarkIndexes)})`
        : ''),
  );
  if (missed.length > 0) {
    console.log(`\nMISSED ${missed.length} goal(s):\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery goal met.');
  }
}

await main();
