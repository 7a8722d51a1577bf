import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The server's CPU profile under `bench:server --profile`: the server runs with `--cpu-prof`, writes
 * a V8 `.cpuprofile` when it exits, and this reads it back as the functions that spent the most time
 * themselves (self time), which is where an optimisation pays.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

/** The `.cpuprofile` files in `dir` (one per process: the server's and its socket gateway's). */
export function profilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name));
}

/** Self time per function (name + file + line), largest first; `(idle)` is left out of the shares. */
export function selfTimes(file: string, root: string): { busyMs: number; idleMs: number; top: SelfTime[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, { name: string; where: string; us: number }>();
  let idleUs = 0;
  let busyUs = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    const node = byId.get(profile.samples[index]!);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idleUs += delta;
      continue;
    }
    busyUs += delta;
    const path = url.startsWith('file://') ? relative(root, url.slice('file://'.length)) : url;
    const where = path ? `${path}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = totals.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += delta;
    totals.set(key, entry);
  }
  const top = [...totals.values()]
    .sort((a, b) => b.us - a.us)
    .map((entry) => ({
      name: entry.name,
      where: entry.where,
      ms: entry.us / 1000,
      share: busyUs > 0 ? entry.us / busyUs : 0,
    }));
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, top };
}
