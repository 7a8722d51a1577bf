/**
 * `bench:ui --profile`: a CPU profile of the page's main thread during the recorded window (CDP
 * Profiler, sampled every 200 µs), summed per function. With --profile the app is built without
 * minification, so the functions keep their names (file:line points into that build).
 *
 * Printed: the functions with the most time spent inside them and everything they call (each
 * function counted once per sample however deep it recurs), and the most self time; the whole list
 * goes to a file in the temporary directory. The profiler's "(program)" is the browser's own work
 * on the main thread (style, layout, paint): a trace of the same window (devtools.timeline) sums
 * it by kind: time in each, how often, and how many layout objects each layout visited.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { mainThreads, type Trace, type TraceEvent } from './ui-memory.ts';

interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IGNORED = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);
const TOP = 18;

/** The trace the profile's rows read (bench/ui-memory.ts records it, with the GC figures' `v8`). */
export const PROFILE_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];

export interface Profiler {
  /**
   * Stops the profile at the window's end; the rows take the window's trace of
   * PROFILE_TRACE_CATEGORIES (stopped after the profile), when the browser gave one.
   */
  stop(): Promise<{ rows(trace: Trace | null): Array<[string, string]> }>;
}

export async function startProfiler(page: Page, name: string): Promise<Profiler> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      await session.detach();
      return { rows: (trace) => profileRows(profile, trace, name) };
    },
  };
}

function profileRows(profile: CpuProfile, trace: Trace | null, name: string): Array<[string, string]> {
  const file = join(tmpdir(), `tessera-bench-ui-profile-${name}.txt`);
  const all = summarise(profile, Infinity);
  writeFileSync(file, all.map(([a, b]) => `${a}  ${b}`).join('\n'));
  return [...(trace ? traceRows(trace) : []), ...summarise(profile, TOP), ['  every function', file]];
}

/** What the browser's main thread did, from the trace: the kinds of work worth naming. */
const TRACE_KINDS = [
  'RunTask',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'MajorGC',
  'MinorGC',
];

function traceRows(trace: Trace): Array<[string, string]> {
  const mains = mainThreads(trace);
  const sums = new Map<string, { ms: number; cpu: number; count: number; dirty: number; total: number }>();
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || !mains.has(`${event.pid}:${event.tid}`) || !TRACE_KINDS.includes(event.name))
      continue;
    const sum = sums.get(event.name) ?? { ms: 0, cpu: 0, count: 0, dirty: 0, total: 0 };
    sum.ms += (event.dur ?? 0) / 1000;
    sum.cpu += (event.tdur ?? event.dur ?? 0) / 1000;
    sum.count++;
    sum.dirty += event.args?.beginData?.dirtyObjects ?? 0;
    sum.total += event.args?.beginData?.totalObjects ?? 0;
    sums.set(event.name, sum);
  }
  // The long tasks (> 50 ms): what their time went to, summed over all of them.
  const onMain = trace.traceEvents.filter(
    (event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`) && TRACE_KINDS.includes(event.name),
  );
  const long = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  const inLong = new Map<string, number>();
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts >= end || event.name === 'RunTask') continue;
      inLong.set(event.name, (inLong.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
  }
  const longRow: [string, string] = [
    '  main thread in long tasks',
    `${long.length} tasks, ${(long.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000).toFixed(0)} ms: ` +
      [...inLong.entries()]
        .sort(([, a], [, b]) => b - a)
        .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
        .join(', '),
  ];
  const kindRows = TRACE_KINDS.filter((kind) => sums.has(kind)).map((kind): [string, string] => {
    const { ms, cpu, count, dirty, total } = sums.get(kind)!;
    const objects =
      kind === 'Layout' && count > 0
        ? `, ${(dirty / count).toFixed(0)} of ${(total / count).toFixed(0)} layout objects dirty on average`
        : '';
    return [
      `  main thread ${kind}`,
      `${ms.toFixed(0)} ms (thread time ${cpu.toFixed(0)} ms) in ${count}, ` +
        `mean ${(cpu / Math.max(1, count)).toFixed(2)} ms thread time${objects}`,
    ];
  });
  // Under a busy machine wall-clock long tasks grow with the other work; thread time does not.
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const cpuOf = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
  const cpuLong = tasks.filter((task) => cpuOf(task) > 50).map(cpuOf);
  const longest = tasks
    .map(cpuOf)
    .sort((a, b) => b - a)
    .slice(0, 5)
    .map((ms) => ms.toFixed(0))
    .join(' ');
  const cpuRow: [string, string] = [
    '  tasks over 50 ms of thread time',
    `${cpuLong.length} (the longest: ${longest} ms)`,
  ];
  return [...kindRows, longRow, cpuRow];
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (IGNORED.has(functionName) || (functionName.startsWith('(') && url === '')) return functionName;
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

function summarise(profile: CpuProfile, top: number): Array<[string, string]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    total += ms;
    const leaf = byId.get(id);
    if (!leaf) return;
    const leafKey = keyOf(leaf);
    self.set(leafKey, (self.get(leafKey) ?? 0) + ms);
    if (leafKey === '(idle)') return;
    busy += ms;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const key = keyOf(byId.get(at)!);
      if (IGNORED.has(key) || seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  const ranked = (map: Map<string, number>) =>
    [...map.entries()]
      .filter(([key]) => key !== '(idle)')
      .sort(([, a], [, b]) => b - a)
      .slice(0, top);
  const share = (ms: number) =>
    `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %`;
  return [
    ['profile', `${total.toFixed(0)} ms sampled, main thread busy ${((100 * busy) / total).toFixed(1)} %`],
    ...ranked(inclusive).map(([key, ms]): [string, string] => ['  total ' + share(ms), key]),
    ...ranked(self).map(([key, ms]): [string, string] => ['  self  ' + share(ms), key]),
  ];
}
