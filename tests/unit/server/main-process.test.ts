import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './child-server.ts';

/** `npm run server` as a process: its options, its signals and its hold on the data file. */
const dir = mkdtempSync(join(tmpdir(), 'tessera-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server process', () => {
  it('SIGTERM: stops taking requests, logs stopping and stopped, exits 0; a second server on the same file is refused while it runs', async () => {
    const data = join(dir, 'one');
    const server = await startServer(['--data', data, '--seed', '42']);
    expect(server.lines.find((line) => line.event === 'listening')).toMatchObject({ seed: 42 });
    const answer = await fetch(`${server.base}/api/market/currency_matches`);
    expect(((await answer.json()) as { code: number }).code).toBe(1);
    // The file is held: a second server on it fails at start, without touching it.
    await expect(startServer(['--data', data])).rejects.toThrow(/exited \(1\)/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const events = server.lines.map((line) => line.event);
    expect(events.slice(-2)).toEqual(['stopping', 'stopped']);
    // Released on exit: the next start on the same file works.
    const again = await startServer(['--data', data]);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('a bad option: the usage on stderr and exit code 2', async () => {
    await expect(startServer(['--port', 'eighty'])).rejects.toThrow(
      /exited \(2\).*--port needs a whole number/s,
    );
  }, 30_000);
});
