import { afterAll, describe, expect, it } from 'vitest';
import type { Aggregate } from '../../../src/sim/store/aggregate.ts';
import type { EventLog } from '../../../src/sim/store/event-log.ts';
import { EventSourced } from '../../../src/sim/store/event-sourced.ts';
import { PostgresEventLog } from '../../../src/sim/store/postgres-event-log.ts';
import { PostgresLogFollower } from '../../../src/sim/store/postgres-log-follower.ts';
import { captureLog } from './server-fixture.ts';

/**
 * The hot standby's view of the log (postgres-log-follower.ts, DESIGN.md "Past one machine"):
 * while the leader writes two streams, with snapshots between their events, the follower reads
 * (never writes) what was stored since its last read; the fold of what it followed equals the
 * leader's state at the same seq. Taking the lock over, it reads only the events since its last
 * read, and the exchange opened on it is the leader's, nothing lost and nothing folded twice.
 * Skipped without DATABASE_URL (.ci/run starts PostgreSQL).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const suffix = `${process.pid}_${Date.now() % 1_000_000}`;
const schemas: string[] = [];

interface Tally {
  total: number;
  /** Every amount in order: a missed event or one folded twice shows. */
  amounts: number[];
}
type Add = { amount: number };
type Added = { type: 'Added'; amount: number };
const tally: Aggregate<Tally, Add, Added> = {
  initial: () => ({ total: 0, amounts: [] }),
  decide: (_state, command) => ({ ok: true, events: [{ type: 'Added', amount: command.amount }] }),
  evolve: (state, event) => ({
    total: state.total + event.amount,
    amounts: [...state.amounts, event.amount],
  }),
};
/** Snapshots every 3 events: the follower meets snapshots between the events it reads. */
const SNAPSHOT_EVERY = 3;
const STREAMS = ['left', 'right'] as const;

/** The aggregates of `log`'s streams, folded from its readHistory as a core opens them. */
function openStreams(log: Pick<EventLog, 'readHistory'>) {
  return Promise.all(
    STREAMS.map((stream) =>
      EventSourced.open(log as EventLog, tally, { stream, snapshotEvery: SNAPSHOT_EVERY }),
    ),
  );
}

async function within(ms: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

describe.skipIf(!DATABASE_URL)('a standby following the PostgreSQL log', () => {
  const url = DATABASE_URL ?? '';
  afterAll(async () => {
    for (const schema of schemas) {
      const log = await PostgresEventLog.open({ url, schema });
      await log.dropSchema();
      log.close();
      await log.whenClosed();
    }
  });

  it("folds to the leader's state at the same seq while the leader writes", async () => {
    const schema = `follow_${suffix}`;
    schemas.push(schema);
    const leader = await PostgresEventLog.open({ url, schema });
    const written = await openStreams(leader);
    const follower = await PostgresLogFollower.open({ url, schema, everyMs: 30 });
    try {
      for (let n = 1; n <= 40; n++) {
        await written[n % 2]!.execute({ amount: n });
        // Now and then a pause: the follower reads mid-stream, between snapshots.
        if (n % 7 === 0) await new Promise((wait) => setTimeout(wait, 50));
      }
      const head = Math.max(...written.map((stream) => stream.seq()));
      await within(5_000, () => follower.seq() === head);
      const followed = await openStreams({ readHistory: async (stream) => follower.history(stream) });
      for (const [i, stream] of followed.entries()) {
        expect(stream.state()).toEqual(written[i]!.state());
        expect(stream.seq()).toBe(written[i]!.seq());
      }
      expect(written[0]!.state().amounts).toHaveLength(20);
    } finally {
      await follower.close();
      leader.close();
      await leader.whenClosed();
    }
  });

  it('takes over reading only the events since its last read, and opens on the whole log', async () => {
    const schema = `takeover_follow_${suffix}`;
    schemas.push(schema);
    const leader = await PostgresEventLog.open({ url, schema });
    const written = await openStreams(leader);
    for (let n = 1; n <= 10; n++) await written[n % 2]!.execute({ amount: n });
    // A follower that reads once, at its start: what the leader stores after it is left to catching up.
    const follower = await PostgresLogFollower.open({ url, schema, everyMs: 3_600_000 });
    const followedAt = follower.seq();
    for (let n = 11; n <= 13; n++) await written[n % 2]!.execute({ amount: n });
    // The fence: while the leader holds the lock the standby does not open (it would wait).
    await expect(PostgresEventLog.open({ url, schema, lockWaitMs: 200 })).rejects.toThrow(
      /another server holds/,
    );
    leader.close();
    await leader.whenClosed();

    const { log, lines } = captureLog();
    const standby = await PostgresEventLog.open({ url, schema, follower, log });
    try {
      const opened = await openStreams(standby);
      for (const [i, stream] of opened.entries()) {
        expect(stream.state()).toEqual(written[i]!.state());
        expect(stream.seq()).toBe(written[i]!.seq());
      }
      // What it read at takeover: the three events after its one read.
      await log.flush();
      expect(lines().find((line) => line.event === 'standby_caught_up')).toMatchObject({
        from_seq: followedAt,
        to_seq: followedAt + 3,
      });
      // It leads: its writes follow the leader's, and a reopen folds them from PostgreSQL.
      await opened[1]!.execute({ amount: 14 });
      expect(opened[1]!.state().amounts).toEqual([1, 3, 5, 7, 9, 11, 13, 14]);
    } finally {
      standby.close();
      await standby.whenClosed();
    }
  });

  it('opens from PostgreSQL when the follower cannot catch up', async () => {
    const schema = `lost_follow_${suffix}`;
    schemas.push(schema);
    const leader = await PostgresEventLog.open({ url, schema });
    const written = await openStreams(leader);
    for (let n = 1; n <= 5; n++) await written[n % 2]!.execute({ amount: n });
    const follower = await PostgresLogFollower.open({ url, schema, everyMs: 3_600_000 });
    await written[0]!.execute({ amount: 6 });
    leader.close();
    await leader.whenClosed();
    // Its connection is gone before the takeover: what it followed is not used.
    await follower.close();
    const { log, lines } = captureLog();
    const standby = await PostgresEventLog.open({ url, schema, follower, log });
    try {
      const opened = await openStreams(standby);
      for (const [i, stream] of opened.entries()) expect(stream.state()).toEqual(written[i]!.state());
      await log.flush();
      expect(lines().map((line) => line.event)).toContain('standby_catch_up_failed');
    } finally {
      standby.close();
      await standby.whenClosed();
    }
  });
});
