import { mkdtempSync, readdirSync, readlinkSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileFlusher } from '../../../src/sim/store/file-flusher.ts';

/** This process's open descriptors on `path`, the removed ones (" (deleted)") counted apart. */
function descriptorsOn(path: string): { live: number; removed: number } {
  let live = 0;
  let removed = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // the directory's own descriptor, closed by now
    }
    if (target === path) live++;
    else if (target === `${path} (deleted)`) removed++;
  }
  return { live, removed };
}

const dirs: string[] = [];
function fileIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-flusher-'));
  dirs.push(dir);
  return join(dir, 'log-wal');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('FileFlusher (the write-ahead log flush)', () => {
  it('flushes through one descriptor kept open, not one opened per flush', async () => {
    const path = fileIn();
    writeFileSync(path, 'frames');
    const flusher = new FileFlusher(path);
    for (let i = 0; i < 20; i++) await flusher.flush();
    expect(descriptorsOn(path)).toEqual({ live: 1, removed: 0 });
    flusher.close();
    expect(descriptorsOn(path)).toEqual({ live: 0, removed: 0 });
  });

  it('has nothing to flush while the file does not exist, and flushes it once it does', async () => {
    const path = fileIn();
    const flusher = new FileFlusher(path);
    await expect(flusher.flush()).resolves.toBeUndefined();
    expect(descriptorsOn(path).live).toBe(0);
    writeFileSync(path, 'frames');
    await flusher.flush();
    expect(descriptorsOn(path).live).toBe(1);
    flusher.close();
  });

  it('drops the descriptor of a removed file and flushes the new file at that path', async () => {
    const path = fileIn();
    writeFileSync(path, 'old log');
    const flusher = new FileFlusher(path);
    await flusher.flush();
    unlinkSync(path);
    writeFileSync(path, 'new log');
    await flusher.flush();
    expect(descriptorsOn(path)).toEqual({ live: 1, removed: 0 });
    unlinkSync(path);
    await flusher.flush(); // gone, not recreated: nothing to flush, and nothing of it kept open
    expect(descriptorsOn(path)).toEqual({ live: 0, removed: 0 });
  });

  it('reports a failed open as a failed flush, not a throw', async () => {
    const notADirectory = fileIn();
    writeFileSync(notADirectory, 'a file where a directory should be');
    const flusher = new FileFlusher(join(notADirectory, 'log-wal'));
    await expect(flusher.flush()).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
