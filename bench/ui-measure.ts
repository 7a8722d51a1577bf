/**
 * What the scenarios of bench/ui.ts share: one recording window under the simulator's storm, the
 * figures every scenario prints (storm rates, frames, long tasks, push-to-paint, timers), and the
 * targets every scenario is held to.
 */
import type { Browser, Page } from '@playwright/test';
import { machineLoad, percentile, simCall, simCalls } from './launch.ts';
import {
  latencies,
  pauseRecording,
  startRecording,
  stopRecording,
  type PaintSample,
  type Recording,
  type TimerFigures,
} from './ui-instrument.ts';
import { GC_TRACE_CATEGORIES, startMemoryRecorder } from './ui-memory.ts';
import { PROFILE_TRACE_CATEGORIES, startProfiler } from './ui-profile.ts';

export const FRAME_MS = 1000 / 60;
/**
 * rAF timestamps of consecutive 60 Hz frames differ by 16.67 ms give or take the clock's jitter
 * (16.6 to 16.8); a missed frame shows as 33 ms. The frame target allows that jitter.
 */
export const FRAME_TARGET_MS = 16.7 + 0.2;
/** sim/bench: market frames every 15 ms (about 66 a second) instead of every 100 ms. */
export const STORM_INTERVAL_MS = 15;
/** Below this many depth frames and trades a second the storm is not the storm the targets assume. */
export const STORM_MIN_PER_S = 50;
/** Time for the storm to settle in (queues, the JIT) before a window is recorded. */
const SETTLE_MS = 2_000;

export interface ScenarioContext {
  browser: Browser;
  base: string;
  workerUrl: string;
  seconds: number;
  speed: number;
  detail: boolean;
  /** Record a CPU profile of each window (bench/ui-profile.ts). */
  profile: boolean;
}

export interface ScenarioResult {
  rows: Array<[string, string]>;
  ok: boolean;
  /** One line: the targets' figures. */
  verdict: string;
}

export type Scenario = (context: ScenarioContext) => Promise<ScenarioResult>;

/**
 * Records one window of `seconds` on the page as it stands: the demo speed set, the storm on, a
 * settling pause, then the recording; the storm off and the speed back to x1 afterwards.
 */
export async function measure(
  page: Page,
  context: ScenarioContext,
  options: { speed: number; seconds: number; probe?: string; name: string },
): Promise<Recording> {
  await simCalls(page, context.workerUrl, [
    { path: 'sim/set_speed', payload: { speed: options.speed } },
    { path: 'sim/bench', payload: { storm: 1, interval_ms: STORM_INTERVAL_MS } },
  ]);
  try {
    await page.waitForTimeout(SETTLE_MS);
    const memory = await startMemoryRecorder(
      page,
      options.name,
      context.profile ? PROFILE_TRACE_CATEGORIES : GC_TRACE_CATEGORIES,
    );
    const profiler = context.profile ? await startProfiler(page, options.name) : null;
    await page.evaluate(startRecording, { probe: options.probe });
    await page.waitForTimeout(options.seconds * 1000);
    await page.evaluate(pauseRecording);
    const profile = profiler ? await profiler.stop() : null;
    const { rows, trace } = await memory.stop();
    const recording = await page.evaluate(stopRecording);
    recording.memory = rows({
      frames: recording.frames.length + 1,
      socketFrames: Object.values(recording.frameCounts).reduce((sum, count) => sum + count, 0),
      seconds: recording.seconds,
    });
    if (profile) recording.profile = profile.rows(trace);
    return recording;
  } finally {
    await simCall(page, context.workerUrl, 'sim/bench', { storm: 0 });
    await simCall(page, context.workerUrl, 'sim/set_speed', { speed: 1 });
  }
}

export interface FrameFigures {
  rows: Array<[string, string]>;
  longTasks: number;
  frameP95: number;
  /** Depth frames and trades a second reached the storm's rate (STORM_MIN_PER_S). */
  stormOk: boolean;
  /** Stamped market frames of any type a second (a screen without book and tape gets KLINE). */
  stampedPerSecond: number;
}

/** The storm's rates, the frames and the long tasks of a recording. */
export function frameFigures(recording: Recording, label: string): FrameFigures {
  const seconds = recording.seconds;
  const depth = recording.arrivals.filter((item) => item.type === 'MARKET_DEPTH');
  const tape = recording.arrivals.filter((item) => item.type === 'GLOBAL_TX');
  const trades = tape.reduce((sum, item) => sum + item.trades, 0);
  const { frames } = recording;
  const longTasks = recording.longTasks.length;
  const frameP95 = percentile(frames, 95);
  const perSecond = (count: number) => (count / seconds).toFixed(1);
  const others = Object.entries(recording.frameCounts)
    .filter(([type]) => type !== 'MARKET_DEPTH' && type !== 'GLOBAL_TX')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, count]) => `${type} ${perSecond(count)}`)
    .join(', ');
  return {
    rows: [
      ['window', `${seconds.toFixed(1)} s, ${label}`],
      ['machine', machineLoad()],
      ['depth updates / s', perSecond(depth.length)],
      ['trade frames / s', perSecond(tape.length)],
      ['trades / s', perSecond(trades)],
      ['stamped market frames / s', perSecond(recording.arrivals.length)],
      ['other socket frames / s', others || 'none'],
      [
        'frames',
        `${frames.length} (${perSecond(frames.length)} / s), ${frames.filter((delta) => delta > 1.5 * FRAME_MS).length} late`,
      ],
      [
        'long tasks (> 50 ms)',
        `${longTasks}${longTasks ? ` (longest ${Math.max(...recording.longTasks).toFixed(0)} ms, total ${recording.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms)` : ''}`,
      ],
      // Beside the long tasks, what the machine's load does not move: allocation and GCs.
      ...(recording.memory ?? []),
      [
        'frame time p50 / p95 / max',
        `${percentile(frames, 50).toFixed(1)} / ${frameP95.toFixed(1)} / ${Math.max(...frames).toFixed(1)} ms`,
      ],
    ],
    longTasks,
    frameP95,
    stormOk: depth.length / seconds >= STORM_MIN_PER_S && trades / seconds >= STORM_MIN_PER_S,
    stampedPerSecond: recording.arrivals.length / seconds,
  };
}

export interface PushFigures {
  rows: Array<[string, string]>;
  /** p95 of how many animation frames a push waited to be painted (1: the next frame). */
  framesP95: number;
  msP95: number;
}

/**
 * Push-to-paint of the frames of one or more streams: the milliseconds (the wait for the next frame,
 * 0 to 16.7 ms as pushes arrive at any moment, plus that frame's rendering) and the frames.
 */
export function pushFigures(
  recording: Recording,
  streams: ReadonlyArray<{ label: string; type: string; painted: (sample: PaintSample) => number }>,
): PushFigures {
  const rows: Array<[string, string]> = [];
  const ms: number[] = [];
  const frames: number[] = [];
  for (const stream of streams) {
    const latency = latencies(recording, stream.type, stream.painted);
    ms.push(...latency.ms);
    frames.push(...latency.frames);
    rows.push([
      `push-to-paint ${stream.label} p50 / p95`,
      `${percentile(latency.ms, 50).toFixed(1)} / ${percentile(latency.ms, 95).toFixed(1)} ms (${latency.ms.length} pushes)`,
    ]);
  }
  const msP95 = percentile(ms, 95);
  const framesP95 = percentile(frames, 95);
  const nextFrame = frames.filter((count) => count === 1).length / Math.max(1, frames.length);
  rows.push(['push-to-paint all p95', `${msP95.toFixed(1)} ms`]);
  rows.push([
    'painted by the next frame',
    `${(100 * nextFrame).toFixed(1)} % (p95: ${framesP95} frame${framesP95 === 1 ? '' : 's'})`,
  ]);
  return { rows, framesP95, msP95 };
}

/**
 * What --detail and --profile add: rendering time per frame (rAF to drawn), the long tasks one by
 * one, and the CPU profile's summary.
 */
export function detailRows(recording: Recording, detail: boolean): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (detail) {
    const render = recording.paints.map((paint) => paint.t - paint.frameStart);
    rows.push([
      'render (rAF to drawn) p50 / p95',
      `${percentile(render, 50).toFixed(1)} / ${percentile(render, 95).toFixed(1)} ms`,
    ]);
    rows.push(['long tasks (ms)', recording.longTasks.map((ms) => ms.toFixed(0)).join(' ') || 'none']);
  }
  return [...rows, ...(recording.profile ?? [])];
}

/** Timer registrations a second, the busiest delays, and how many timers were live at once. */
export function timerRows(timers: TimerFigures, seconds: number, label: string): Array<[string, string]> {
  const rate = (count: number) => (count / seconds).toFixed(1);
  const delays = Object.entries(timers.byDelay)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 4)
    .map(([key, count]) => `${key} ${rate(count)}`)
    .join(', ');
  const at = timers.liveAtMax;
  return [
    [
      `timers / s ${label}`,
      `setTimeout ${rate(timers.registered.setTimeout)}, setInterval ${rate(timers.registered.setInterval)}, ` +
        `rAF ${rate(timers.registered.requestAnimationFrame)}`,
    ],
    [`  busiest delays / s`, delays || 'none'],
    [
      `  live at once`,
      `max ${timers.liveMax} (${at.timeouts} timeouts, ${at.intervals} intervals, ${at.frames} frames), mean ${timers.liveMean.toFixed(1)}`,
    ],
  ];
}

export function printRows(rows: ReadonlyArray<[string, string]>): void {
  for (const [label, value] of rows) console.log(`${label.padEnd(38)} ${value}`);
}

/**
 * A pair of the market list (market/currency_matches answers quote groups, each with its pairs).
 */
export async function pairNamed(
  page: Page,
  workerUrl: string,
  symbol: string,
): Promise<{ id: number; quote_currency_id: number }> {
  const [answer] = await simCalls(page, workerUrl, [
    { path: 'market/currency_matches', payload: {}, method: 'GET' },
  ]);
  const groups = answer as Array<{
    matches: Array<{ id: number; symbol: string; quote_currency_id: number }>;
  }>;
  const pair = groups.flatMap((group) => group.matches).find((each) => each.symbol === symbol);
  if (!pair) throw new Error(`no pair ${symbol} in market/currency_matches`);
  return pair;
}
