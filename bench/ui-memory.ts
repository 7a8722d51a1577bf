/**
 * What the page's main thread allocates during a recorded window of bench:ui, a figure the
 * machine's load does not move (the long tasks do: a major GC inside a frame's callback made one),
 * and the garbage collections it cost:
 *
 *   - allocated: V8's sampling heap profiler on the page's main isolate (CDP HeapProfiler, a sample
 *     every 32 KB on average, objects collected by minor and major GCs kept in the profile), so the
 *     sum of the profile's sizes estimates every byte allocated in the window, live or not; summed per
 *     function too (self bytes), the most allocating functions printed and the whole list written to
 *     a file in the temporary directory (file:line points into the build: --profile builds unminified);
 *   - GCs: a trace of the window's `v8` category (MinorGC and MajorGC events of the page's main
 *     thread, CrRendererMain), their count and time, and the incremental marking steps a major GC
 *     spreads over the frames before it.
 *
 * The simulator's worker is a thread of its own: neither figure counts it.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';

/** V8's default sampling interval (bytes): about 1 sample per 32 KB allocated. */
const SAMPLING_INTERVAL = 32_768;
const TOP = 12;

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: what the thread ran, without the time the machine's other work took its core. */
  tdur?: number;
  args?: {
    name?: string;
    /** A GC's reason ("allocation failure", "finalize incremental marking via task", ...). */
    type?: string;
    /** V8.GCIncrementalMarkingStart: why a major GC began, and the heaps' sizes then. */
    value?: { reason?: string; global_consumed_bytes?: number; old_gen_consumed_bytes?: number };
    usedHeapSizeBefore?: number;
    usedHeapSizeAfter?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

export interface Trace {
  traceEvents: TraceEvent[];
}

/** The trace categories the GC figures need: MinorGC and MajorGC are in `v8` (and devtools.timeline). */
export const GC_TRACE_CATEGORIES = ['v8'];

/** The page's main threads in a trace, as `pid:tid`. */
export function mainThreads(trace: Trace): Set<string> {
  return new Set(
    trace.traceEvents
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
}

export interface WindowCounts {
  frames: number;
  socketFrames: number;
  seconds: number;
}

export interface MemoryRecorder {
  /**
   * Stops sampling and tracing at the window's end, before the recording is read out of the page
   * (its serialisation would count); the rows take the recording's counts. The trace goes to the
   * CPU profile's rows.
   */
  stop(): Promise<{ rows(counts: WindowCounts): Array<[string, string]>; trace: Trace | null }>;
}

/**
 * Starts the allocation sampling and the trace (of `categories`: the GC figures' own, or the CPU
 * profile's, which include them).
 */
export async function startMemoryRecorder(
  page: Page,
  name: string,
  categories: readonly string[] = GC_TRACE_CATEGORIES,
): Promise<MemoryRecorder> {
  const session: CDPSession = await page.context().newCDPSession(page);
  // Collect the garbage of the page's start first, so the window's GCs are the window's own.
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  const browser: Browser | null = page.context().browser();
  if (browser) await browser.startTracing(page, { categories: [...categories] });
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    stop: async () => {
      const { profile } = (await session.send('HeapProfiler.stopSampling')) as unknown as {
        profile: { head: AllocationNode };
      };
      await session.send('HeapProfiler.disable');
      await session.detach();
      const trace = browser ? (JSON.parse((await browser.stopTracing()).toString('utf8')) as Trace) : null;
      return {
        rows: (counts) => [
          ...allocationRows(profile, counts, name),
          ...(trace ? gcRows(trace, counts.seconds) : []),
        ],
        trace,
      };
    },
  };
}

function keyOf(node: AllocationNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (url === '') return functionName || '(anonymous)';
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

const MB = 1024 * 1024;

/** Allocated bytes in all, a second and a frame, and the functions that allocated the most. */
function allocationRows(
  profile: { head: AllocationNode },
  { frames, socketFrames, seconds }: WindowCounts,
  name: string,
): Array<[string, string]> {
  const self = new Map<string, number>();
  let total = 0;
  const visit = (node: AllocationNode) => {
    total += node.selfSize;
    if (node.selfSize > 0) self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const ranked = [...self.entries()].sort(([, a], [, b]) => b - a);
  // The whole profile, with its call trees, for Chrome's DevTools (Memory, Load profile).
  const whole = join(tmpdir(), `tessera-bench-ui-allocations-${name}.heapprofile`);
  writeFileSync(whole, JSON.stringify(profile));
  const file = join(tmpdir(), `tessera-bench-ui-allocations-${name}.txt`);
  writeFileSync(
    file,
    ranked.map(([key, bytes]) => `${(bytes / MB).toFixed(2).padStart(9)} MB  ${key}`).join('\n'),
  );
  const share = (bytes: number) =>
    `${(bytes / MB).toFixed(1).padStart(7)} MB ${((100 * bytes) / Math.max(1, total)).toFixed(1).padStart(5)} %`;
  return [
    [
      'allocated (main thread, sampled)',
      `${(total / MB).toFixed(1)} MB: ${(total / MB / seconds).toFixed(2)} MB / s, ` +
        `${(total / 1024 / Math.max(1, frames)).toFixed(1)} KB a frame`,
    ],
    // A loaded machine draws fewer frames and gets fewer pushes: a push's share does not move.
    [
      '  a socket frame',
      `${(total / 1024 / Math.max(1, socketFrames)).toFixed(1)} KB (${socketFrames} frames)`,
    ],
    ...ranked.slice(0, TOP).map(([key, bytes]): [string, string] => ['  allocated ' + share(bytes), key]),
    ['  every function', `${file} (the call trees: ${whole})`],
  ];
}

/** The main thread's minor and major GCs in the trace: how many, their time, what they freed. */
export function gcRows(trace: Trace, seconds: number): Array<[string, string]> {
  const mains = mainThreads(trace);
  const onMain = trace.traceEvents.filter(
    (event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`),
  );
  const kind = (name: string): [string, string] => {
    const events = onMain.filter((event) => event.name === name);
    const ms = events.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
    const longest = events.reduce((most, event) => Math.max(most, event.dur ?? 0), 0) / 1000;
    const freed =
      events.reduce(
        (sum, event) => sum + (event.args?.usedHeapSizeBefore ?? 0) - (event.args?.usedHeapSizeAfter ?? 0),
        0,
      ) / MB;
    const reasons = new Map<string, number>();
    for (const event of events) {
      const reason = event.args?.type ?? '?';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    const why = [...reasons.entries()].map(([reason, count]) => `${count} ${reason}`).join(', ');
    return [
      `${name}s (main thread)`,
      `${events.length} (${(events.length / seconds).toFixed(2)} / s), ${ms.toFixed(0)} ms, ` +
        `longest ${longest.toFixed(1)} ms, freed ${freed.toFixed(1)} MB${why ? ` (${why})` : ''}`,
    ];
  };
  // A major GC begins when the JavaScript heap's old generation, or the global heap (it and Blink's
  // heap of DOM objects, events and styles together), nears its limit: the second is what the
  // sampling profile cannot see.
  const starts = onMain.filter((event) => event.name === 'V8.GCIncrementalMarkingStart');
  const startReasons = new Map<string, number>();
  for (const start of starts) {
    const reason = start.args?.value?.reason ?? '?';
    startReasons.set(reason, (startReasons.get(reason) ?? 0) + 1);
  }
  const blink = starts.map(
    (start) =>
      ((start.args?.value?.global_consumed_bytes ?? 0) - (start.args?.value?.old_gen_consumed_bytes ?? 0)) /
      MB,
  );
  const majors = onMain.filter((event) => event.name === 'MajorGC');
  const live = majors.at(-1)?.args?.usedHeapSizeAfter;
  const marking = onMain.filter((event) => event.name === 'V8.GCIncrementalMarking');
  const markingMs = marking.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  return [
    kind('MinorGC'),
    kind('MajorGC'),
    ['  incremental marking steps', `${marking.length}, ${markingMs.toFixed(0)} ms`],
    [
      '  major GCs began',
      starts.length === 0
        ? 'none'
        : `${[...startReasons.entries()].map(([reason, count]) => `${count} ${reason}`).join(', ')}; ` +
          `heap outside JavaScript's old generation then ${blink.map((mb) => mb.toFixed(0)).join(' ')} MB`,
    ],
    ['  heap after the last MajorGC', live === undefined ? 'no MajorGC' : `${(live / MB).toFixed(1)} MB`],
  ];
}
