import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The server process's memory and CPU as Linux reports them in /proc (bench/server.ts): resident
 * memory from /proc/<pid>/status, CPU time from /proc/<pid>/stat. Elsewhere (no /proc) every read
 * answers null and the report says "n/a".
 */

export interface ProcSample {
  /** Wall-clock ms of the reading. */
  at: number;
  /** Resident set size, bytes. */
  rssBytes: number;
  /** Peak resident set size so far (VmHWM), bytes. */
  peakRssBytes: number;
  /** User plus system CPU time so far, ms. */
  cpuMs: number;
}

/** A `kB` field of /proc/<pid>/status (`VmRSS:	  123456 kB`) in bytes, or null when absent. */
export function statusKilobytes(status: string, field: string): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/**
 * User plus system CPU time of /proc/<pid>/stat, in clock ticks, or null when the line is not one.
 * The process name (field 2) sits in parentheses and may itself hold spaces and parentheses, so the
 * fields are counted from the last `)`: utime and stime are fields 14 and 15 of the line.
 */
export function statTicks(stat: string): number | null {
  const end = stat.lastIndexOf(')');
  if (end < 0) return null;
  // After ")": field 3 (state) is at index 0, so field n is at index n - 3.
  const fields = stat
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  return Number.isInteger(utime) && Number.isInteger(stime) ? utime + stime : null;
}

/** Clock ticks per second (`getconf CLK_TCK`; 100 on every Linux this runs on when getconf is absent). */
function clockTicksPerSecond(): number {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
}

/** Reads the process's memory and CPU now; null when /proc has no such process. */
export function procReader(pid: number): () => ProcSample | null {
  const ticksPerSecond = clockTicksPerSecond();
  return () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const ticks = statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const rss = statusKilobytes(status, 'VmRSS');
      if (ticks === null || rss === null) return null;
      return {
        at: Date.now(),
        rssBytes: rss,
        peakRssBytes: statusKilobytes(status, 'VmHWM') ?? rss,
        cpuMs: (ticks * 1000) / ticksPerSecond,
      };
    } catch {
      return null;
    }
  };
}

/** CPU ticks so far of each of the process's threads, summed by role: `main` (the event loop) and
 * each other thread name (`libuv-worker`: the thread pool, where SQLite's flush runs; `V8 ...`:
 * garbage collection and compilation). The server's child processes (its socket gateway) are
 * counted too, their roles prefixed `gateway `. Empty without /proc. */
export function threadTicks(pid: number, prefix = ''): Map<string, number> {
  const byRole = new Map<string, number>();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byRole;
  }
  const add = (role: string, ticks: number) => byRole.set(role, (byRole.get(role) ?? 0) + ticks);
  for (const tid of tasks) {
    try {
      const ticks = statTicks(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      if (ticks === null) continue;
      const role =
        tid === String(pid) ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      add(`${prefix}${role}`, ticks);
      const children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const child of children === '' ? [] : children.split(/\s+/))
        for (const [childRole, childTicks] of threadTicks(Number(child), 'gateway '))
          add(childRole, childTicks);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byRole;
}

/** Busy and total ticks of each core of the machine (/proc/stat `cpuN` lines; every process). */
export function coreTicks(): Array<{ busy: number; total: number }> {
  let stat = '';
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return [];
  }
  return stat
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const fields = line.trim().split(/\s+/).slice(1).map(Number);
      // user nice system idle iowait irq softirq steal: idle and iowait are the idle ones.
      const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
      return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
    });
}

export { clockTicksPerSecond };
