import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PostgresEventLog, type PostgresEventLogOptions } from '../../../src/sim/store/postgres-event-log.ts';
import { StoreUnavailableError } from '../../../src/sim/store/store-health.ts';
import { openCuttableLink, type CuttableLink } from './cuttable-link.ts';

/**
 * The PostgreSQL log when its database goes away while the server runs, and comes back: writes
 * fail at once while it is away (never hang), health() says so, and both recover within seconds of
 * its return, on a connection that holds the writer lock again. A rival writer that took the lock
 * meanwhile fences it off; one that wrote to the log makes it stop writing for good (its state is no
 * longer the fold of the log). Skipped without DATABASE_URL (.ci/run starts PostgreSQL).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const suffix = `${process.pid}_${Date.now() % 1_000_000}`;
const schemas = new Set<string>();
const opened: PostgresEventLog[] = [];
const links: CuttableLink[] = [];
let run = 0;

const event = (type: string) => ({ type, at: 1, data: JSON.stringify({ type }) });

async function openLog(url: string, schema: string, extra: Partial<PostgresEventLogOptions> = {}) {
  schemas.add(schema);
  const log = await PostgresEventLog.open({ url, schema, ...extra });
  opened.push(log);
  return log;
}

async function closeLog(log: PostgresEventLog) {
  log.close();
  await log.whenClosed();
}

/** Polls `check` until it holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

const writable = (log: PostgresEventLog) => log.health().writable;

describe.skipIf(!DATABASE_URL)('the PostgreSQL log across a database outage', () => {
  const url = DATABASE_URL ?? '';
  const nextSchema = () => `reconnect_${++run}_${suffix}`;

  afterEach(async () => {
    for (const log of opened.splice(0)) await closeLog(log);
    for (const link of links.splice(0)) await link.close();
  });
  afterAll(async () => {
    for (const schema of schemas) {
      const log = await PostgresEventLog.open({ url, schema });
      await log.dropSchema();
      await closeLog(log);
    }
  });

  it('fails writes at once while the database is out of reach, and writes again soon after it is back', async () => {
    const link = await openCuttableLink(url);
    links.push(link);
    const log = await openLog(link.url, nextSchema());
    await log.commit('a', [event('before')]);
    expect(log.health()).toEqual({ writable: true });

    link.cut();
    await within(2_000, () => !writable(log));
    expect(log.health()).toMatchObject({ writable: false, state: 'reconnecting' });
    // Still out after a few reconnection attempts: every write fails at once, with the reason.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(log.health()).toMatchObject({ writable: false, state: 'reconnecting' });
    const started = Date.now();
    await expect(log.commit('a', [event('during')])).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(log.setSetting('k', 1)).rejects.toThrow(/cannot be written now/);
    expect(Date.now() - started).toBeLessThan(500);

    link.restore();
    // Backoff tops out at 5 s, so the next attempt comes within that (plus a margin for a busy machine).
    await within(8_000, () => writable(log));
    await log.commit('a', [event('after')]);
    expect((await log.readEvents(0)).map((row) => row.type)).toEqual(['before', 'after']);
  }, 30_000);

  it('does not wait forever on a database that went silent: the statement times out, the connection is replaced', async () => {
    const link = await openCuttableLink(url);
    links.push(link);
    const log = await openLog(link.url, nextSchema(), { queryTimeoutMs: 500 });
    await log.commit('a', [event('before')]);

    link.stall();
    const started = Date.now();
    await expect(log.commit('a', [event('unanswered')])).rejects.toThrow(/timeout/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(log.health()).toMatchObject({ writable: false, state: 'reconnecting' });
    // The silent connection is dropped, not waited on: the next write fails at once.
    const next = Date.now();
    await expect(log.commit('a', [event('during')])).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - next).toBeLessThan(500);

    link.restore();
    await within(12_000, () => writable(log));
    await log.commit('a', [event('after')]);
    expect((await log.readEvents(0)).map((row) => row.type)).toEqual(['before', 'after']);
  }, 30_000);

  it('comes back after an administrator ends its connection (pg_terminate_backend)', async () => {
    const schema = nextSchema();
    const name = `tessera_${schema}`;
    const tagged = new URL(url);
    tagged.searchParams.set('application_name', name);
    const log = await openLog(tagged.toString(), schema);
    await log.commit('a', [event('before')]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ended = await admin.query<{ ok: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1',
        [name],
      );
      expect(ended.rows).toEqual([{ ok: true }]);
    } finally {
      await admin.end();
    }
    // Before the fix, the one connection stayed dead: every write failed from then on.
    await within(8_000, () =>
      log.commit('a', [event('after')]).then(
        () => true,
        () => false,
      ),
    );
    expect(log.health()).toEqual({ writable: true });
    expect((await log.readEvents(0)).map((row) => row.type)).toEqual(['before', 'after']);
  }, 30_000);

  it('stays fenced while another server holds the writer lock, and writes again once it let go without writing', async () => {
    const link = await openCuttableLink(url);
    links.push(link);
    const schema = nextSchema();
    const log = await openLog(link.url, schema);
    await log.commit('a', [event('mine')]);
    link.cut();
    await within(2_000, () => !writable(log));
    // The lock went with the cut connection: a second server takes the schema.
    const rival = await openLog(url, schema);
    link.restore();
    await within(8_000, () => isFenced(log));
    await expect(log.commit('a', [event('two writers')])).rejects.toBeInstanceOf(StoreUnavailableError);
    await closeLog(rival);
    await within(8_000, () => writable(log));
    await log.commit('a', [event('mine again')]);
    expect((await log.readEvents(0)).map((row) => row.type)).toEqual(['mine', 'mine again']);
  }, 30_000);

  it('stops writing for good when another server wrote to the log while it was away', async () => {
    const link = await openCuttableLink(url);
    links.push(link);
    const schema = nextSchema();
    const log = await openLog(link.url, schema);
    await log.commit('a', [event('mine')]);
    link.cut();
    await within(2_000, () => !writable(log));
    const rival = await openLog(url, schema);
    await rival.commit('a', [event('theirs')]);
    await closeLog(rival);
    link.restore();
    await within(8_000, () => isDiverged(log));
    // It does not come back: its state is not the fold of the log any more (a restart folds it).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(isDiverged(log)).toBe(true);
    await expect(log.commit('a', [event('stale')])).rejects.toThrow(/restart the server/);
  }, 30_000);
});

function isFenced(log: PostgresEventLog): boolean {
  const health = log.health();
  return !health.writable && health.state === 'fenced';
}

function isDiverged(log: PostgresEventLog): boolean {
  const health = log.health();
  return !health.writable && health.state === 'diverged';
}
