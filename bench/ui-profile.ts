/**
 * `bench:ui --profile`: a CPU profile of the page's main thread during the recorded window (CDP
 * Profiler, sampled every 200 µs), summed per function. With --profile the app is built without
 * minification, so the functions keep their names (file:line points into that build).
 *
 * Printed: the functions with the most time spent inside them and everything they call (each
 * function counted once per sample however deep it recurs), and the most self time.
 */
import type { CDPSession, Page } from '@playwright/test';

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

export interface Profiler {
  stop(): Promise<Array<[string, string]>>;
}

export async function startProfiler(page: Page): Promise<Profiler> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      await session.detach();
      return summarise(profile);
    },
  };
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (IGNORED.has(functionName) || (functionName.startsWith('(') && url === '')) return functionName;
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

function summarise(profile: CpuProfile): Array<[string, string]> {
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
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .filter(([key]) => key !== '(idle)')
      .sort(([, a], [, b]) => b - a)
      .slice(0, TOP);
  const share = (ms: number) =>
    `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %`;
  return [
    ['profile', `${total.toFixed(0)} ms sampled, main thread busy ${((100 * busy) / total).toFixed(1)} %`],
    ...top(inclusive).map(([key, ms]): [string, string] => ['  total ' + share(ms), key]),
    ...top(self).map(([key, ms]): [string, string] => ['  self  ' + share(ms), key]),
  ];
}
