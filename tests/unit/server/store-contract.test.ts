import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventLog } from '../../../src/sim/store/event-log.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import { EventSourced } from '../../../src/sim/store/event-sourced.ts';
import { LateEventLog } from '../../../src/sim/store/late-event-log.ts';
import { SqliteEventLog } from '../../../src/sim/store/sqlite-event-log.ts';
import { PostgresEventLog } from '../../../src/sim/store/postgres-event-log.ts';
import { ledger } from '../sim/store/ledger-fixture.ts';

/**
 * One contract for every implementation of the event log (DESIGN.md: the browser's Dexie store, the
 * server's SQLite file and its PostgreSQL database): the same tests, each run against both. `open(name)` opens (or reopens)
 * the log called `name`; `failSnapshots` makes every later snapshot write of that log fail inside its
 * transaction, so a commit that carries one must leave nothing behind.
 */
interface Implementation {
  open(name: string): Promise<EventLog>;
  failSnapshots(log: EventLog): Promise<void>;
}

const dir = mkdtempSync(join(tmpdir(), 'tessera-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const implementations: Record<string, Implementation> = {
  dexie: {
    open: async (name) => new EventStore({ name: `contract-${name}`, indexedDB, IDBKeyRange }),
    async failSnapshots(log) {
      (log as EventStore).db.snapshots.hook('creating', () => {
        throw new Error('injected');
      });
      (log as EventStore).db.snapshots.hook('updating', () => {
        throw new Error('injected');
      });
    },
  },
  // The worker's first stage holds the Dexie log through a LateEventLog (issue 19): the same contract.
  'late dexie': {
    open: async (name) =>
      new LateEventLog(async () => new EventStore({ name: `contract-late-${name}`, indexedDB, IDBKeyRange })),
    async failSnapshots(log) {
      const { db } = await (log as LateEventLog<EventStore>).loaded();
      db.snapshots.hook('creating', () => {
        throw new Error('injected');
      });
      db.snapshots.hook('updating', () => {
        throw new Error('injected');
      });
    },
  },
  sqlite: {
    open: async (name) => new SqliteEventLog({ file: join(dir, `${name}.db`) }),
    async failSnapshots(log) {
      const fail = "BEGIN SELECT RAISE(ABORT, 'injected'); END";
      (log as SqliteEventLog).exec(`CREATE TEMP TRIGGER fail_insert BEFORE INSERT ON snapshots ${fail}`);
      (log as SqliteEventLog).exec(`CREATE TEMP TRIGGER fail_update BEFORE UPDATE ON snapshots ${fail}`);
    },
  },
};

/**
 * PostgreSQL when DATABASE_URL names one (.ci/run starts it: scripts/ensure-postgres.sh); each test
 * gets its own schema, dropped at the end.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const pgSchemas = new Set<string>();
if (DATABASE_URL) {
  const suffix = `${process.pid}_${Date.now() % 1_000_000}`;
  implementations.postgres = {
    async open(name) {
      const schema = `contract_${name}_${suffix}`;
      pgSchemas.add(schema);
      return PostgresEventLog.open({ url: DATABASE_URL, schema });
    },
    async failSnapshots(log) {
      const fail = "RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$";
      await (log as PostgresEventLog).exec(`CREATE FUNCTION fail_snapshot() ${fail}`);
      await (log as PostgresEventLog).exec(
        'CREATE TRIGGER fail_snapshot BEFORE INSERT OR UPDATE ON snapshots FOR EACH ROW EXECUTE FUNCTION fail_snapshot()',
      );
    },
  };
  afterAll(async () => {
    for (const schema of pgSchemas) {
      const log = await PostgresEventLog.open({ url: DATABASE_URL, schema });
      await log.dropSchema();
      log.close();
      await log.whenClosed();
    }
  });
}

const event = (type: string, at = 1) => ({ type, at, data: JSON.stringify({ type, at }) });
let run = 0;

describe.each(Object.entries(implementations))('the event log contract: %s', (_kind, impl) => {
  let name: string;
  let log: EventLog;
  beforeEach(async () => {
    name = `log${++run}`;
    log = await impl.open(name);
    return async () => {
      log.close();
      if (log instanceof PostgresEventLog) await log.whenClosed();
    };
  });

  it('numbers events with one global, strictly increasing seq across streams', async () => {
    const a = await log.commit('a', [event('x'), event('y')]);
    const b = await log.commit('b', [event('z')]);
    const c = await log.commit('a', [event('w')]);
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
    const all = await log.readEvents(0);
    expect(all.map((row) => [row.stream, row.type])).toEqual([
      ['a', 'x'],
      ['a', 'y'],
      ['b', 'z'],
      ['a', 'w'],
    ]);
    expect(all.map((row) => row.seq)).toEqual(all.map((row) => row.seq).toSorted((p, q) => p - q));
    expect(all[1]!.seq).toBe(a);
  });

  it('reads one stream, from a seq, with a limit', async () => {
    await log.commit('a', [event('a1', 5), event('a2', 6)]);
    await log.commit('b', [event('b1')]);
    const third = await log.commit('a', [event('a3', 7)]);
    const stream = await log.readEvents(0, { stream: 'a' });
    expect(stream.map((row) => row.type)).toEqual(['a1', 'a2', 'a3']);
    expect(stream[0]).toMatchObject({
      stream: 'a',
      type: 'a1',
      at: 5,
      data: JSON.stringify({ type: 'a1', at: 5 }),
    });
    expect((await log.readEvents(third, { stream: 'a' })).map((row) => row.type)).toEqual(['a3']);
    expect((await log.readEvents(0, { limit: 2 })).map((row) => row.type)).toEqual(['a1', 'a2']);
    expect(await log.readEvents(third + 1)).toEqual([]);
  });

  it('refuses an empty commit', async () => {
    await expect(log.commit('a', [])).rejects.toThrow();
  });

  it('stores the snapshot and the request answer in the same commit, and the history after them', async () => {
    await log.commit('a', [event('one')]);
    const seq = await log.commit('a', [event('two')], '{"n":2}', { id: 'r1', at: 2, answer: '{"code":1}' });
    await log.commit('a', [event('three')]);
    await log.commit('b', [event('other')]);
    const history = await log.readHistory('a');
    expect(history.snapshot).toEqual({ name: 'a', seq, state: '{"n":2}' });
    expect(history.events.map((row) => row.type)).toEqual(['three']);
    expect(await log.answerOf('r1')).toBe('{"code":1}');
    expect(await log.readHistory('none')).toEqual({ snapshot: undefined, events: [] });
  });

  it('keeps the first recorded answer of a request', async () => {
    expect(await log.answerOf('r')).toBeUndefined();
    await log.recordAnswer({ id: 'r', at: 1, answer: 'first' });
    await log.recordAnswer({ id: 'r', at: 2, answer: 'second' });
    expect(await log.answerOf('r')).toBe('first');
  });

  it('a commit whose snapshot fails stores none of its events, nor its answer', async () => {
    await log.commit('a', [event('kept')]);
    await impl.failSnapshots(log);
    await expect(
      log.commit('a', [event('lost1'), event('lost2')], '{}', { id: 'q', at: 1, answer: 'x' }),
    ).rejects.toThrow();
    expect((await log.readEvents(0)).map((row) => row.type)).toEqual(['kept']);
    expect(await log.answerOf('q')).toBeUndefined();
    expect((await log.readHistory('a')).snapshot).toBeUndefined();
    // Without a snapshot the log still takes writes.
    await log.commit('a', [event('next')]);
    expect((await log.readEvents(0)).map((row) => row.type)).toEqual(['kept', 'next']);
  });

  it('appends raw events and replaces snapshots', async () => {
    const seqs = await log.appendRaw('feed', [event('t1'), event('t2')]);
    expect(seqs).toHaveLength(2);
    expect(seqs[0]!).toBeLessThan(seqs[1]!);
    expect(await log.appendRaw('feed', [])).toEqual([]);
    await log.writeSnapshot('feed', seqs[0]!, 'first');
    await log.writeSnapshot('feed', seqs[1]!, 'second');
    expect((await log.readHistory('feed')).snapshot).toEqual({ name: 'feed', seq: seqs[1], state: 'second' });
  });

  it('keeps settings as plain values', async () => {
    expect(await log.getSetting('missing')).toBeUndefined();
    const value = { speed: 60, list: [1, 'two', null, true], nested: { x: -0.5 } };
    await log.setSetting('k', value);
    expect(await log.getSetting('k')).toEqual(value);
    await log.setSetting('k', 7);
    expect(await log.getSetting('k')).toBe(7);
  });

  it('survives a close and reopen: an event-sourced aggregate folds back to the same state', async () => {
    const first = await EventSourced.open(log, ledger, { snapshotEvery: 3 });
    for (let i = 1; i <= 7; i++) {
      await first.execute({ kind: 'deposit', account: `u${i % 3}`, amount: BigInt(i) * 10n ** 8n, at: i });
    }
    await first.execute({ kind: 'transfer', from: 'u1', to: 'u2', amount: 1n, at: 8 });
    const before = first.state();
    log.close();
    if (log instanceof PostgresEventLog) await log.whenClosed();
    log = await impl.open(name);
    const reopened = await EventSourced.open(log, ledger, { snapshotEvery: 3 });
    expect(reopened.state()).toEqual(before);
    expect(reopened.seq()).toBe(first.seq());
  });
});
