import { afterAll, describe, expect, it } from 'vitest';
import { PostgresEventLog } from '../../../src/sim/store/postgres-event-log.ts';
import { startServer } from './child-server.ts';
import { openCuttableLink } from './cuttable-link.ts';
import { loginDemo, post, restingBuyPrice } from './server-fixture.ts';

/**
 * `npm run server` on PostgreSQL when the database goes away and comes back, the way it broke:
 * one connection whose errors were swallowed, so every write still failed long after the database
 * was back, /healthz answered 200 throughout, and the storage errors reached the log as plain text.
 * Now /healthz answers 503 while the store cannot write, a command is refused at once (code 0),
 * both recover within seconds of the database's return, and every line the server writes is JSON.
 * Skipped without DATABASE_URL (.ci/run starts PostgreSQL).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const schema = `outage_${process.pid}_${Date.now() % 1_000_000}`;
const ORDER = { currency_match_id: 1, number: '0.001', type: 0 };

async function health(base: string) {
  const response = await fetch(`${base}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `check` until it holds, for at most `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!DATABASE_URL)('the server across a database outage', () => {
  afterAll(async () => {
    const log = await PostgresEventLog.open({ url: DATABASE_URL ?? '', schema });
    await log.dropSchema();
    log.close();
    await log.whenClosed();
  });

  it('answers /healthz 503 and refuses writes at once while the database is away, 200 and writes again soon after; every log line is JSON', async () => {
    const link = await openCuttableLink(DATABASE_URL ?? '');
    const server = await startServer(['--rate', '0'], { DATABASE_URL: link.url, DATABASE_SCHEMA: schema });
    let stdout = '';
    let stderr = '';
    server.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    server.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    try {
      expect(await health(server.base)).toEqual({ status: 200, body: { status: 'ok' } });
      const token = await loginDemo(server.base);
      const price = await restingBuyPrice(server.base);
      const order = () => post(server.base, 'tx_in/add', { ...ORDER, price }, { authorization: token });
      expect((await order()).body.code).toBe(1);

      link.cut();
      await within(3_000, async () => (await health(server.base)).status === 503);
      // Still away after a few reconnection attempts: 503 with the reason, and a write is refused
      // at once with code 0 (safe to retry), not left waiting for the request timeout.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const down = await health(server.base);
      expect(down).toMatchObject({ status: 503, body: { status: 'unavailable', store: 'reconnecting' } });
      expect(String(down.body.reason)).toMatch(/connect/);
      const started = Date.now();
      const refused = await order();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(refused).toMatchObject({ status: 200, body: { code: 0 } });

      link.restore();
      // Backoff tops out at 5 s, so the next attempt comes within that (plus a margin for a busy machine).
      await within(8_000, async () => (await health(server.base)).status === 200);
      expect((await order()).body.code).toBe(1);

      const events = server.lines.map((line) => line.event);
      expect(events).toContain('store_connection_lost');
      expect(events).toContain('store_reconnected');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await link.close();
    }
    // Everything the server wrote after it started listening: JSON lines on stdout, nothing on stderr.
    for (const line of stdout.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    expect(stderr).toBe('');
  }, 60_000);
});
