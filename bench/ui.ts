/**
 * Frame-time benchmark of the spot trade screen under a market storm.
 *
 * It builds the app into its own directory (unless --no-build), serves that production bundle with
 * `vite preview`, opens
 * /trade?symbol=BTC/USDT in Chromium (launched as playwright.config.ts does), turns the simulator's
 * storm on (sim/bench: market frames every 15 ms, each stamped with a sequence number `seq`) at
 * the x60 demo speed, and records for 30 s:
 *
 *   - long tasks: PerformanceObserver 'longtask' entries (> 50 ms) on the page's main thread;
 *   - frame time: the deltas between requestAnimationFrame callbacks, p95;
 *   - push-to-paint: for every MARKET_DEPTH and GLOBAL_TX frame, from its arrival on the page's
 *     message port to the first paint that shows it or a newer frame. A paint is observed after
 *     each animation frame (a message posted from rAF runs once rendering is done) by reading the
 *     `data-seq` the order book and the tape write when they paint a stamped frame. Both times are
 *     the page's performance.now(), so the worker's clock never enters the measure.
 *
 * Targets: no long task; p95 frame <= 16.7 ms (plus 0.2 ms of rAF clock jitter); p95 push-to-paint
 * within one frame: a push is painted by the first animation frame that starts after it arrives.
 * The push-to-paint milliseconds are printed too: they are the wait for that frame (0 to 16.7 ms,
 * as pushes arrive at any moment) plus the frame's rendering, so even a push painted by the very
 * next frame can take more than 16.7 ms from arrival to pixels.
 * Run: npm run bench:ui [-- --no-build] [--seconds=30]. Exits 1 when a target is missed.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const PORT = 4175;
/** Its own build: other work may rebuild dist/ while the benchmark serves it. */
const OUT_DIR = join(tmpdir(), 'tessera-bench-ui');
const BASE = `http://127.0.0.1:${PORT}`;
const FRAME_MS = 1000 / 60;
/**
 * rAF timestamps of consecutive 60 Hz frames differ by 16.67 ms give or take the clock's jitter
 * (16.6 to 16.8); a missed frame shows as 33 ms. The frame target allows that jitter.
 */
const FRAME_TARGET_MS = 16.7 + 0.2;
const args = process.argv.slice(2);
const SECONDS = Number(args.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 30);
const STORM_INTERVAL_MS = 15;
const SPEED = Number(args.find((arg) => arg.startsWith('--speed='))?.split('=')[1] ?? 60);

/** The same Chromium and flags as playwright.config.ts. */
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

interface Arrival {
  type: string;
  seq: number;
  t: number;
  trades: number;
}
interface PaintSample {
  t: number;
  /** When the frame's animation callbacks began (rAF time). */
  frameStart: number;
  book: number;
  tape: number;
}
interface Recording {
  arrivals: Arrival[];
  paints: PaintSample[];
  frames: number[];
  longTasks: number[];
}

/**
 * Runs in the page before the app: timestamps stamped socket frames as they arrive on a message
 * port, samples what the book and the tape show after each paint, and records frame deltas and
 * long tasks. Nothing is recorded until `__bench.start()`.
 */
function instrument(): void {
  const state = {
    recording: false,
    arrivals: [] as Arrival[],
    paints: [] as PaintSample[],
    frames: [] as number[],
    longTasks: [] as number[],
  };
  const seqOf = (element: Element | null) => Number((element as HTMLElement | null)?.dataset.seq ?? 0);
  const original = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (
    this: MessagePort,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'message' || typeof listener !== 'function') {
      return original.call(this, type, listener as EventListenerOrEventListenerObject, options);
    }
    const wrapped = function (this: MessagePort, event: Event) {
      const data = (event as MessageEvent).data as { kind?: string; text?: string } | null;
      if (state.recording && data?.kind === 'socket-message' && typeof data.text === 'string') {
        const seq = /"seq":(\d+)/.exec(data.text);
        if (seq) {
          const type = /"type":"(\w+)"/.exec(data.text)?.[1] ?? '';
          const trades = type === 'GLOBAL_TX' ? data.text.split('"way":').length - 1 : 0;
          state.arrivals.push({ type, seq: Number(seq[1]), t: performance.now(), trades });
        }
      }
      return listener.call(this, event);
    };
    return original.call(this, type, wrapped, options);
  };

  // After a frame's rendering: a user-blocking task posted from rAF runs once the frame is drawn,
  // ahead of the socket messages that queued meanwhile (a plain message would wait behind them).
  let frameStart = 0;
  const sample = () => {
    if (!state.recording) return;
    state.paints.push({
      t: performance.now(),
      frameStart,
      book: seqOf(document.querySelector('[data-testid="book-body"]')),
      tape: seqOf(document.querySelector('[data-testid="tape-body"]')),
    });
  };
  const scheduler = (
    globalThis as {
      scheduler?: { postTask: (task: () => void, options: { priority: string }) => Promise<void> };
    }
  ).scheduler;
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = sample;
  const schedulePaintSample = () =>
    scheduler
      ? void scheduler.postTask(sample, { priority: 'user-blocking' })
      : afterPaint.port2.postMessage(0);
  let last = 0;
  const frame = (now: number) => {
    if (state.recording && last > 0) state.frames.push(now - last);
    last = now;
    frameStart = performance.now();
    schedulePaintSample();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  new PerformanceObserver((list) => {
    if (!state.recording) return;
    for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });

  Object.assign(window, {
    __bench: {
      start: () => {
        state.recording = true;
      },
      stop: (): Recording => {
        state.recording = false;
        return {
          arrivals: state.arrivals,
          paints: state.paints,
          frames: state.frames,
          longTasks: state.longTasks,
        };
      },
    },
  });
}

/** Calls the simulator directly through the app's SharedWorker (the same worker URL and name). */
async function simCall(
  page: Page,
  workerUrl: string,
  path: string,
  payload: Record<string, unknown>,
): Promise<unknown> {
  return page.evaluate(
    ({ url, path: callPath, payload: body }) =>
      new Promise((resolve, reject) => {
        const worker = new SharedWorker(new URL(url, location.href), { type: 'module', name: 'tessera-sim' });
        const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
        worker.port.onmessage = (
          event: MessageEvent<{
            kind: string;
            id?: number;
            envelope?: { code: number; data: unknown; msg: string };
          }>,
        ) => {
          const message = event.data;
          if (message.kind !== 'response' || message.id !== id) return;
          worker.port.close();
          if (message.envelope?.code === 1) resolve(message.envelope.data);
          else reject(new Error(`${callPath}: ${message.envelope?.msg ?? 'failed'}`));
        };
        worker.port.start();
        worker.port.postMessage({
          kind: 'request',
          id,
          request: {
            method: 'POST',
            path: callPath,
            payload: body,
            headers: { lang: 'en', authorization: '' },
            timeoutMs: 20_000,
          },
        });
      }),
    { url: workerUrl, path, payload },
  );
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Push-to-paint of the frames of one type, read from the paint samples: the time from a frame's
 * arrival to the end of the first paint showing it (or a newer frame), and in how many animation
 * frames that was: 1 when the first frame to start after the arrival painted it.
 */
function latencies(
  recording: Recording,
  type: string,
  painted: (sample: PaintSample) => number,
): { ms: number[]; frames: number[] } {
  const ms: number[] = [];
  const frames: number[] = [];
  const { paints } = recording;
  let from = 0;
  for (const arrival of recording.arrivals.filter((item) => item.type === type)) {
    while (from < paints.length && paints[from]!.frameStart < arrival.t) from++;
    for (let i = from; i < paints.length; i++) {
      if (painted(paints[i]!) >= arrival.seq) {
        ms.push(paints[i]!.t - arrival.t);
        frames.push(i - from + 1);
        break;
      }
    }
  }
  return { ms, frames };
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function main(): Promise<void> {
  if (!args.includes('--no-build'))
    execSync(`npx vite build --outDir ${OUT_DIR} --emptyOutDir`, { stdio: 'ignore' });
  const workerFile = readdirSync(join(OUT_DIR, 'assets')).find((name) => /^worker-.*\.js$/.test(name));
  if (!workerFile) throw new Error(`no worker in ${OUT_DIR}/assets: build first`);

  const server: ChildProcess = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', OUT_DIR],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  const stopServer = () => {
    if (server.pid !== undefined) {
      try {
        process.kill(-server.pid);
      } catch {
        // already gone
      }
    }
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForServer(BASE, 30_000);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // tsx keeps function names by wrapping them in __name(); the page has no such helper.
    await page.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
    await page.addInitScript(instrument);
    await page.goto(`${BASE}/trade?symbol=BTC/USDT`);
    await page.getByTestId('book-bid-0').waitFor();
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="book-bid-0"]')?.getAttribute('data-price') ?? ''),
      undefined,
      {
        timeout: 60_000,
      },
    );

    const workerUrl = `/assets/${workerFile}`;
    await simCall(page, workerUrl, 'sim/set_speed', { speed: SPEED });
    await simCall(page, workerUrl, 'sim/bench', { storm: 1, interval_ms: STORM_INTERVAL_MS });
    await page.waitForTimeout(2_000); // let the storm settle in
    await page.evaluate(() => (window as unknown as { __bench: { start: () => void } }).__bench.start());
    await page.waitForTimeout(SECONDS * 1000);
    const recording = await page.evaluate(() =>
      (window as unknown as { __bench: { stop: () => Recording } }).__bench.stop(),
    );
    await simCall(page, workerUrl, 'sim/bench', { storm: 0 });
    await simCall(page, workerUrl, 'sim/set_speed', { speed: 1 });

    const depth = recording.arrivals.filter((item) => item.type === 'MARKET_DEPTH');
    const tape = recording.arrivals.filter((item) => item.type === 'GLOBAL_TX');
    const trades = tape.reduce((sum, item) => sum + item.trades, 0);
    const depthLatency = latencies(recording, 'MARKET_DEPTH', (sample) => sample.book);
    const tapeLatency = latencies(recording, 'GLOBAL_TX', (sample) => sample.tape);
    const pushLatency = [...depthLatency.ms, ...tapeLatency.ms];
    const pushFrames = [...depthLatency.frames, ...tapeLatency.frames];
    const nextFrameShare = pushFrames.filter((count) => count === 1).length / Math.max(1, pushFrames.length);
    const longTasks = recording.longTasks.length;
    const frameP95 = percentile(recording.frames, 95);
    const pushP95 = percentile(pushLatency, 95);
    const pushFramesP95 = percentile(pushFrames, 95);

    const rows: Array<[string, string]> = [
      ['window', `${SECONDS} s at x${SPEED}, storm every ${STORM_INTERVAL_MS} ms, BTC/USDT`],
      [
        'machine',
        `${cpus().length} cores, load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}`,
      ],
      ['depth updates / s', (depth.length / SECONDS).toFixed(1)],
      ['trade frames / s', (tape.length / SECONDS).toFixed(1)],
      ['trades / s', (trades / SECONDS).toFixed(1)],
      [
        'frames',
        `${recording.frames.length} (${(recording.frames.length / SECONDS).toFixed(1)} / s), ${recording.frames.filter((delta) => delta > 1.5 * FRAME_MS).length} late`,
      ],
      [
        'long tasks (> 50 ms)',
        `${longTasks}${longTasks ? ` (longest ${Math.max(...recording.longTasks).toFixed(0)} ms)` : ''}`,
      ],
      [
        'frame time p50 / p95 / max',
        `${percentile(recording.frames, 50).toFixed(1)} / ${frameP95.toFixed(1)} / ${Math.max(...recording.frames).toFixed(1)} ms`,
      ],
      [
        'push-to-paint depth p50 / p95',
        `${percentile(depthLatency.ms, 50).toFixed(1)} / ${percentile(depthLatency.ms, 95).toFixed(1)} ms (${depthLatency.ms.length} pushes)`,
      ],
      [
        'push-to-paint trades p50 / p95',
        `${percentile(tapeLatency.ms, 50).toFixed(1)} / ${percentile(tapeLatency.ms, 95).toFixed(1)} ms (${tapeLatency.ms.length} pushes)`,
      ],
      ['push-to-paint all p95', `${pushP95.toFixed(1)} ms`],
      [
        'painted by the next frame',
        `${(100 * nextFrameShare).toFixed(1)} % (p95: ${pushFramesP95} frame${pushFramesP95 === 1 ? '' : 's'})`,
      ],
    ];
    if (args.includes('--detail')) {
      const render = recording.paints.map((paint) => paint.t - paint.frameStart);
      rows.push([
        'render (rAF to drawn) p50 / p95',
        `${percentile(render, 50).toFixed(1)} / ${percentile(render, 95).toFixed(1)} ms`,
      ]);
      const buckets = new Array<number>(12).fill(0);
      for (const value of pushLatency) buckets[Math.min(11, Math.floor(value / 4))]!++;
      rows.push([
        'push-to-paint histogram (4 ms)',
        buckets.map((count) => ((100 * count) / pushLatency.length).toFixed(0)).join(' '),
      ]);
    }
    for (const [label, value] of rows) console.log(`${label.padEnd(32)} ${value}`);
    if (problems.length > 0) console.log(`page errors: ${problems.join('; ')}`);

    const stormOk = depth.length / SECONDS >= 50 && trades / SECONDS >= 50;
    // "Within one frame": the first frame to start after a push paints it. (In milliseconds a push
    // waits for that frame to start, up to 16.7 ms, and then for its rendering: see the top.)
    const ok =
      stormOk &&
      longTasks === 0 &&
      frameP95 <= FRAME_TARGET_MS &&
      pushFramesP95 <= 1 &&
      problems.length === 0;
    console.log(
      `bench:ui ${ok ? 'PASS' : 'FAIL'}: long tasks ${longTasks}, p95 frame ${frameP95.toFixed(1)} ms, ` +
        `p95 push-to-paint ${pushP95.toFixed(1)} ms = ${pushFramesP95} frame${pushFramesP95 === 1 ? '' : 's'}${stormOk ? '' : ' (storm below 50/s)'}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    stopServer();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
