/**
 * Memory soak of the app with the simulator at x60: does the heap of the page or of the simulator's
 * worker grow while a signed-in /trade page stays open for hours of simulated time?
 *
 * It builds the app into its own directory (under the browser tests' lock, unless --no-build),
 * serves that production bundle with `vite preview` on its own port, opens Chromium (launched as
 * playwright.config.ts does) in a fresh profile, signs in with the demo account, lands on
 * /trade?symbol=BTC/USDT, sets the demo speed to x60 and starts the benchmark storm (sim/bench:
 * market rounds every 15 ms, as bench:ui), then:
 *
 *   - warms up (default 60 s real), so that caches, the JIT and the chart have settled;
 *   - samples the JavaScript heap of the page and of the simulator's SharedWorker every real minute
 *     (one simulated hour at x60), each time after a full garbage collection: CDP
 *     HeapProfiler.collectGarbage then Runtime.getHeapUsage (used heap plus ArrayBuffer backing
 *     stores), on the page's session and on a session attached to the worker's target;
 *   - prints every sample, then `heap growth N MB` from the first sample to the last, in total and
 *     per simulated hour, for the page and for the worker.
 *
 * Goals: under 20 MB in total and under 2 MB per simulated hour, for the page and the worker each.
 * Run: npm run bench:soak [-- --minutes 10] [--warmup 60] [--no-build]. The default is 10 real
 * minutes (10 simulated hours) after the warm-up; --minutes 2 tries it quickly. Exits 1 when a
 * goal is missed. Not part of `npm test`.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession } from '@playwright/test';
import {
  buildApp,
  freshPage,
  launchChromium,
  numberOption,
  serve,
  signIn,
  simCall,
  simCalls,
  workerUrlIn,
} from './launch.ts';

const args = process.argv.slice(2);
const MINUTES = numberOption(args, 'minutes', 10);
const WARMUP_S = numberOption(args, 'warmup', 60);
const PORT = numberOption(args, 'port', 4180);
const SPEED = 60;
const STORM_INTERVAL_MS = 15;
const OUT_DIR = join(tmpdir(), 'tessera-soak-dist');
const GOAL_TOTAL_MB = 20;
const GOAL_PER_HOUR_MB = 2;
const MB = 1024 * 1024;

interface Sample {
  minute: number;
  page: number;
  worker: number;
}

/** Something that answers CDP commands: the page's session, or the worker's through the browser. */
interface Inspector {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * The used heap after a full collection, in bytes: V8's used heap plus the backing stores of
 * ArrayBuffers (typed arrays such as the candle series' bars live there, outside usedSize).
 */
async function heapUsed(inspector: Inspector): Promise<number> {
  await inspector.send('HeapProfiler.enable');
  await inspector.send('HeapProfiler.collectGarbage');
  const usage = await inspector.send('Runtime.getHeapUsage');
  return Number(usage.usedSize) + Number(usage.backingStorageSize ?? 0);
}

function pageInspector(session: CDPSession): Inspector {
  return {
    send: (method, params) =>
      (session.send as (m: string, p?: Record<string, unknown>) => Promise<Record<string, unknown>>)(
        method,
        params,
      ),
  };
}

/**
 * The simulator's SharedWorker, reached from the browser's CDP session: its target is attached
 * (non-flat), and commands travel inside Target.sendMessageToTarget.
 */
async function workerInspector(browser: Browser): Promise<Inspector> {
  const cdp = await browser.newBrowserCDPSession();
  const send = cdp.send.bind(cdp) as (
    method: string,
    params?: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
  let worker: { targetId: string } | undefined;
  for (let tries = 0; tries < 60 && !worker; tries++) {
    const { targetInfos } = (await send('Target.getTargets')) as {
      targetInfos: Array<{ targetId: string; type: string; url: string }>;
    };
    worker =
      targetInfos.find((target) => target.type === 'shared_worker') ??
      targetInfos.find((target) => target.type === 'worker' && target.url.includes('/assets/worker-'));
    if (!worker) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!worker) throw new Error('no simulator worker target found');
  const { sessionId } = (await send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  })) as { sessionId: string };
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: Record<string, unknown>) => void; reject: (e: Error) => void }
  >();
  cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as {
      id?: number;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result ?? {});
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        }).catch(reject);
      }),
  };
}

const mb = (bytes: number) => (bytes / MB).toFixed(2);

async function main(): Promise<void> {
  if (!args.includes('--no-build')) buildApp(OUT_DIR, { lock: true });
  const workerUrl = workerUrlIn(OUT_DIR);
  const server = await serve(OUT_DIR, PORT);
  const browser = await launchChromium();
  try {
    const { page, problems } = await freshPage(browser);

    // Signed in, as a person would: the log-in form, then the trade screen it redirects to.
    const boot = { timeout: 60_000 };
    await signIn(page, server.base, '/trade?symbol=BTC/USDT');
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="book-bid-0"]')?.getAttribute('data-price') ?? ''),
      undefined,
      boot,
    );
    await page.getByTestId('available-buy').filter({ hasText: /USDT/ }).waitFor(boot);

    await simCalls(page, workerUrl, [
      { path: 'sim/set_speed', payload: { speed: SPEED } },
      { path: 'sim/bench', payload: { storm: 1, interval_ms: STORM_INTERVAL_MS } },
    ]);

    const pageHeap = pageInspector(await page.context().newCDPSession(page));
    const workerHeap = await workerInspector(browser);
    console.log(
      `soak: x${SPEED}, storm every ${STORM_INTERVAL_MS} ms, signed in on /trade?symbol=BTC/USDT; ` +
        `warm-up ${WARMUP_S} s, then ${MINUTES} min (${MINUTES} simulated hours)`,
    );
    await page.waitForTimeout(WARMUP_S * 1000);

    const samples: Sample[] = [];
    const started = Date.now();
    for (let minute = 0; minute <= MINUTES; minute++) {
      const due = started + minute * 60_000;
      if (Date.now() < due) await page.waitForTimeout(due - Date.now());
      const sample = { minute, page: await heapUsed(pageHeap), worker: await heapUsed(workerHeap) };
      samples.push(sample);
      console.log(
        `minute ${String(minute).padStart(2)}  page ${mb(sample.page).padStart(7)} MB  worker ${mb(sample.worker).padStart(7)} MB`,
      );
    }
    await simCall(page, workerUrl, 'sim/bench', { storm: 0 }).catch(() => undefined);
    await simCall(page, workerUrl, 'sim/set_speed', { speed: 1 }).catch(() => undefined);

    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    const hours = Math.max(1, last.minute - first.minute);
    let ok = problems.length === 0;
    for (const which of ['page', 'worker'] as const) {
      const growth = (last[which] - first[which]) / MB;
      const perHour = growth / hours;
      const pass = growth < GOAL_TOTAL_MB && perHour < GOAL_PER_HOUR_MB;
      ok &&= pass;
      console.log(
        `${which.padEnd(6)} heap growth ${growth.toFixed(2)} MB in total over ${hours} simulated hours, ` +
          `heap growth ${perHour.toFixed(2)} MB per simulated hour ` +
          `(${mb(first[which])} -> ${mb(last[which])} MB, peak ${mb(Math.max(...samples.map((s) => s[which])))} MB) ` +
          `${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    if (problems.length > 0) console.log(`page errors: ${problems.join('; ')}`);
    console.log(
      `bench:soak ${ok ? 'PASS' : 'FAIL'} (goals: < ${GOAL_TOTAL_MB} MB in total and < ${GOAL_PER_HOUR_MB} MB per simulated hour, page and worker each)`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
