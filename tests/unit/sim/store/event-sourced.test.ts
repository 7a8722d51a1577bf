import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../../src/sim/clock.ts';
import {
  BACKGROUND_SNAPSHOT_CHARS,
  EventSourced,
  SNAPSHOT_CHARS_PER_EVENT,
  type EventSourcedOptions,
} from '../../../../src/sim/store/event-sourced.ts';
import type { EventStore } from '../../../../src/sim/store/event-store.ts';
import { deserialize, serialize } from '../../../../src/sim/store/serialization.ts';
import {
  foldCommands,
  ledger,
  openStore,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
} from './ledger-fixture.ts';

const opened: EventStore[] = [];
let nameCounter = 0;

/** A fresh database name per call, so no test sees another's data. */
function freshName(): string {
  return `tessera-es-test-${++nameCounter}`;
}

function store(name: string): EventStore {
  const created = openStore(name);
  opened.push(created);
  return created;
}

function open(target: EventStore, options?: EventSourcedOptions) {
  return EventSourced.open<LedgerState, LedgerCommand, LedgerEvent>(target, ledger, options);
}

afterEach(() => {
  for (const created of opened.splice(0)) created.close();
});

const deposit = (account: string, amount: bigint, at = 1): LedgerCommand => ({
  kind: 'deposit',
  account,
  amount,
  at,
});
const withdraw = (account: string, amount: bigint, at = 1): LedgerCommand => ({
  kind: 'withdraw',
  account,
  amount,
  at,
});
const transfer = (from: string, to: string, amount: bigint, at = 1): LedgerCommand => ({
  kind: 'transfer',
  from,
  to,
  amount,
  at,
});

describe('EventSourced', () => {
  it('starts from the initial state on an empty stream', async () => {
    const es = await open(store(freshName()));
    expect(es.state()).toEqual(ledger.initial());
    expect(es.seq()).toBe(0);
  });

  it('appends accepted commands and applies them after the commit', async () => {
    const db = store(freshName());
    const es = await open(db);
    const result = await es.execute(deposit('alice', 100n, 5));
    expect(result).toEqual({
      ok: true,
      reply: undefined,
      seq: 1,
      events: [{ type: 'credited', account: 'alice', amount: 100n, at: 5 }],
    });
    expect(es.state().balances.get('alice')).toBe(100n);
    const rows = await db.readEvents(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ seq: 1, stream: 'main', type: 'credited', at: 5 });
    expect(deserialize(rows[0]!.data)).toEqual({ type: 'credited', account: 'alice', amount: 100n, at: 5 });
  });

  it('answers refused commands with the error and stores nothing', async () => {
    const db = store(freshName());
    const es = await open(db);
    expect(await es.execute(withdraw('alice', 1n))).toEqual({ ok: false, error: 'insufficient balance' });
    expect(es.state()).toEqual(ledger.initial());
    expect(await db.readEvents(0)).toEqual([]);
  });

  it('answers commands that cause no events without writing', async () => {
    const db = store(freshName());
    const es = await open(db);
    await es.execute(deposit('bob', 7n));
    expect(await es.execute({ kind: 'peek', account: 'bob' })).toEqual({
      ok: true,
      reply: 7n,
      seq: 1,
      events: [],
    });
    expect(await db.readEvents(0)).toHaveLength(1);
  });

  it('leaves no trace in the log or the state when the transaction fails midway', async () => {
    const db = store(freshName());
    const es = await open(db);
    await es.execute(deposit('alice', 100n));
    const before = es.state();

    // Fail the second event of a two-event transfer: the first one was already written in the
    // transaction and must be rolled back with it.
    let eventsSeen = 0;
    db.db.events.hook('creating', () => {
      eventsSeen += 1;
      if (eventsSeen === 2) throw new Error('injected write failure');
    });
    const result = await es.execute(transfer('alice', 'bob', 40n));
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? '' : result.error).toContain('injected write failure');
    expect(es.state()).toBe(before);
    expect(es.seq()).toBe(1);
    expect((await db.readEvents(0)).map((row) => row.type)).toEqual(['credited']);

    // The log stays usable: the next command commits normally.
    const next = await es.execute(transfer('alice', 'bob', 40n));
    expect(next).toMatchObject({ ok: true });
    expect(es.state().balances).toEqual(
      new Map([
        ['alice', 60n],
        ['bob', 40n],
      ]),
    );
    const reopened = await open(store(db.db.name));
    expect(reopened.state()).toEqual(es.state());
  });

  it('rolls back events that IndexedDB already wrote when the transaction then fails', async () => {
    const name = freshName();
    const db = store(name);
    // A DBCore middleware (installed before Dexie opens) lets the events reach IndexedDB, then fails
    // the request, as a quota error surfacing late would.
    let failAfterWrite = false;
    db.db.use({
      stack: 'dbcore',
      name: 'fail-after-write',
      create: (down) => ({
        ...down,
        table: (tableName) => {
          const table = down.table(tableName);
          return {
            ...table,
            mutate: async (request) => {
              const response = await table.mutate(request);
              if (failAfterWrite && tableName === 'events') {
                throw new DOMException('injected late failure', 'QuotaExceededError');
              }
              return response;
            },
          };
        },
      }),
    });
    const es = await open(db);
    await es.execute(deposit('alice', 100n));
    failAfterWrite = true;
    const result = await es.execute(transfer('alice', 'bob', 40n));
    expect(result).toEqual({ ok: false, error: expect.stringContaining('QuotaExceededError') });
    expect(es.state().balances).toEqual(new Map([['alice', 100n]]));
    expect(es.seq()).toBe(1);
    db.close();
    const fresh = store(name);
    expect((await fresh.readEvents(0)).map((row) => row.seq)).toEqual([1]);
    expect((await open(fresh)).state()).toEqual(es.state());
  });

  it('rolls the events back when the snapshot in the same transaction fails', async () => {
    const db = store(freshName());
    const es = await open(db, { snapshotEvery: 2 });
    await es.execute(deposit('alice', 10n));
    db.db.snapshots.hook('creating', () => {
      throw new Error('injected snapshot failure');
    });
    const result = await es.execute(deposit('alice', 5n));
    expect(result).toMatchObject({ ok: false });
    expect(es.state().balances.get('alice')).toBe(10n);
    expect(await db.readEvents(0)).toHaveLength(1);
    expect(await db.db.snapshots.count()).toBe(0);
  });

  it('refuses, without trace, when the transaction aborts', async () => {
    const db = store(freshName());
    const es = await open(db);
    await es.execute(deposit('alice', 10n));
    db.db.events.hook('creating', (_key, _row, transaction) => {
      transaction.abort();
    });
    const result = await es.execute(deposit('alice', 5n));
    expect(result).toMatchObject({ ok: false });
    expect(es.state().balances.get('alice')).toBe(10n);
    expect(await db.readEvents(0)).toHaveLength(1);
  });

  it('refuses when the database is closed, keeping the state', async () => {
    const db = store(freshName());
    const es = await open(db);
    await es.execute(deposit('alice', 10n));
    db.close();
    const result = await es.execute(deposit('alice', 5n));
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? '' : result.error).toMatch(/closed/i);
    expect(es.state().balances.get('alice')).toBe(10n);
  });

  it('refuses a command whose decide throws and keeps serving', async () => {
    const db = store(freshName());
    const es = await EventSourced.open<LedgerState, LedgerCommand, LedgerEvent>(db, {
      ...ledger,
      decide: (state, command) => {
        if (command.kind === 'peek') throw new Error('bug in decide');
        return ledger.decide(state, command);
      },
    });
    expect(await es.execute({ kind: 'peek', account: 'x' })).toEqual({
      ok: false,
      error: 'Error: bug in decide',
    });
    expect(await es.execute(deposit('x', 1n))).toMatchObject({ ok: true, seq: 1 });
  });

  it('serializes concurrent executes: each command decides on the state the previous one left', async () => {
    const db = store(freshName());
    const es = await open(db);
    await es.execute(deposit('alice', 100n));
    // Unserialized, both withdrawals would decide against a balance of 100 and both succeed.
    const [first, second, third] = await Promise.all([
      es.execute(withdraw('alice', 100n)),
      es.execute(withdraw('alice', 100n)),
      es.execute(deposit('alice', 1n)),
    ]);
    expect(first).toMatchObject({ ok: true, seq: 2, reply: 0n });
    expect(second).toEqual({ ok: false, error: 'insufficient balance' });
    expect(third).toMatchObject({ ok: true, seq: 3 });
    expect(es.state().balances.get('alice')).toBe(1n);
  });

  it('never overlaps one command with the commit of another', async () => {
    const db = store(freshName());
    let inFlight = 0;
    let maxInFlight = 0;
    const commit = db.commit.bind(db);
    vi.spyOn(db, 'commit').mockImplementation(async (...args) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await commit(...args);
      } finally {
        inFlight -= 1;
      }
    });
    const es = await open(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => es.execute(deposit(`acct${i % 3}`, BigInt(i + 1)))),
    );
    expect(maxInFlight).toBe(1);
    expect((await db.readEvents(0)).map((row) => row.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('restores from the latest snapshot plus the events after it', async () => {
    const name = freshName();
    const db = store(name);
    const es = await open(db, { snapshotEvery: 3 });
    for (let i = 1; i <= 7; i++) await es.execute(deposit('alice', BigInt(i)));
    const snapshot = await db.db.snapshots.get('main');
    expect(snapshot?.seq).toBe(6);
    expect(deserialize(snapshot!.state)).toEqual({ balances: new Map([['alice', 21n]]), applied: 6 });

    const evolve = vi.fn(ledger.evolve);
    const reopened = await EventSourced.open(store(name), { ...ledger, evolve }, { snapshotEvery: 3 });
    expect(evolve).toHaveBeenCalledTimes(1); // only the event after the snapshot is folded
    expect(reopened.state()).toEqual({ balances: new Map([['alice', 28n]]), applied: 7 });
    expect(reopened.seq()).toBe(7);
  });

  it('counts events since the restored snapshot towards the next one', async () => {
    const name = freshName();
    const first = await open(store(name), { snapshotEvery: 3 });
    for (let i = 0; i < 4; i++) await first.execute(deposit('a', 1n)); // snapshot at 3, one event after
    const second = await open(store(name), { snapshotEvery: 3 });
    await second.execute(deposit('a', 1n));
    await second.execute(deposit('a', 1n)); // 3 events since the snapshot: a new one at seq 6
    expect((await store(name).db.snapshots.get('main'))?.seq).toBe(6);
  });

  it('spaces snapshots of a big state by its size: one event per SNAPSHOT_CHARS_PER_EVENT characters of the last one', async () => {
    const name = freshName();
    const db = store(name);
    const es = await open(db, { snapshotEvery: 2 });
    // Two long account names make the state (and the snapshot at seq 2) about 6,000 characters long.
    await es.execute(deposit('x'.repeat(3000), 1n));
    await es.execute(deposit('y'.repeat(3000), 1n));
    const big = await db.db.snapshots.get('main');
    expect(big?.seq).toBe(2);
    const spacing = Math.ceil(big!.state.length / SNAPSHOT_CHARS_PER_EVENT);
    expect(spacing).toBeGreaterThan(5);
    for (let i = 0; i < spacing - 1; i++) await es.execute(deposit('a', 1n));
    expect((await db.db.snapshots.get('main'))?.seq).toBe(2);
    await es.execute(deposit('a', 1n));
    expect((await db.db.snapshots.get('main'))?.seq).toBe(2 + spacing);

    // Reopened, the spacing comes from the stored snapshot's size.
    const stored = (await db.db.snapshots.get('main'))!;
    const next = Math.ceil(stored.state.length / SNAPSHOT_CHARS_PER_EVENT);
    const reopened = await open(store(name), { snapshotEvery: 2 });
    for (let i = 0; i < next - 1; i++) await reopened.execute(deposit('a', 1n));
    expect((await store(name).db.snapshots.get('main'))?.seq).toBe(stored.seq);
    await reopened.execute(deposit('a', 1n));
    expect((await store(name).db.snapshots.get('main'))?.seq).toBe(stored.seq + next);
  });

  it('encodes the snapshot of a big state beside the commands and stores it on its own, as of the command that made it due', async () => {
    const name = freshName();
    const db = store(name);
    const es = await open(db, { snapshotEvery: 2 });
    // One very long account name: the state, and its first snapshot (at seq 2, in the commit), is big.
    await es.execute(deposit('x'.repeat(BACKGROUND_SNAPSHOT_CHARS), 1n));
    await es.execute(deposit('a', 1n));
    const first = (await db.db.snapshots.get('main'))!;
    expect(first.seq).toBe(2);
    const spacing = Math.ceil(first.state.length / SNAPSHOT_CHARS_PER_EVENT);

    const commits = vi.spyOn(db, 'commit');
    const snapshots = vi.spyOn(db, 'writeSnapshot');
    for (let i = 0; i < spacing - 1; i++) await es.execute(deposit('a', 1n));
    expect(snapshots).not.toHaveBeenCalled();
    const due = await es.execute(deposit('b', 1n)); // the command that makes the next one due
    const stateThen = es.state();
    await es.execute(deposit('c', 1n)); // runs while the snapshot may still be encoded
    await es.idle();

    expect(due.ok && due.seq).toBe(2 + spacing);
    // No commit carried a snapshot: the big state was encoded apart and written in its own write.
    for (const call of commits.mock.calls) expect(call[2]).toBeUndefined();
    expect(snapshots).toHaveBeenCalledTimes(1);
    const stored = (await db.db.snapshots.get('main'))!;
    expect(stored.seq).toBe(2 + spacing);
    expect(stored.state).toBe(serialize(stateThen));

    // A restart folds the event after that snapshot onto it.
    const reopened = await open(store(name), { snapshotEvery: 2 });
    expect(reopened.state()).toEqual(es.state());
  });

  it('snapshotNow stores the current state after queued commands', async () => {
    const name = freshName();
    const db = store(name);
    const es = await open(db, { snapshotEvery: Infinity });
    void es.execute(deposit('alice', 3n));
    await es.snapshotNow();
    const snapshot = await db.db.snapshots.get('main');
    expect(snapshot?.seq).toBe(1);
    expect(deserialize(snapshot!.state)).toEqual(es.state());
  });

  it('keeps streams apart in one database', async () => {
    const name = freshName();
    const db = store(name);
    const spot = await open(db, { stream: 'spot', snapshotEvery: 2 });
    const lever = await open(db, { stream: 'lever', snapshotEvery: 2 });
    await spot.execute(deposit('a', 1n));
    await lever.execute(deposit('b', 2n));
    await spot.execute(deposit('a', 3n));
    await db.appendRaw('feed', [{ type: 'tick', at: 0, data: '{}' }]);
    const spotAgain = await open(store(name), { stream: 'spot' });
    const leverAgain = await open(store(name), { stream: 'lever' });
    expect(spotAgain.state().balances).toEqual(new Map([['a', 4n]]));
    expect(leverAgain.state().balances).toEqual(new Map([['b', 2n]]));
  });

  it('keeps BigInt balances beyond 2^64 exact across reopening', async () => {
    const name = freshName();
    const huge = 2n ** 80n + 12345678901234567890n;
    const es = await open(store(name), { snapshotEvery: 2 });
    await es.execute(deposit('whale', huge));
    await es.execute(deposit('whale', huge));
    await es.execute(withdraw('whale', 1n));
    const reopened = await open(store(name));
    expect(reopened.state().balances.get('whale')).toBe(2n * huge - 1n);
  });

  it('takes the log time from the event, else from the clock', async () => {
    const db = store(freshName());
    const clock = new ManualClock(1_700_000_000_000);
    type Noted = { type: 'noted'; at?: number };
    const notes = await EventSourced.open<number, number | undefined, Noted>(
      db,
      {
        initial: () => 0,
        decide: (_state, at) => ({
          ok: true,
          events: [at === undefined ? { type: 'noted' } : { type: 'noted', at }],
        }),
        evolve: (state) => state + 1,
      },
      { clock },
    );
    await notes.execute(42);
    await notes.execute(undefined);
    expect((await db.readEvents(0)).map((row) => row.at)).toEqual([42, 1_700_000_000_000]);
  });

  it('uses the injected serializer for events and snapshots', async () => {
    const name = freshName();
    const encoded: string[] = [];
    const options: EventSourcedOptions = {
      snapshotEvery: 1,
      serialize: (value) => {
        const text = `x${serialize(value)}`;
        encoded.push(text);
        return text;
      },
      deserialize: (text) => deserialize(text.slice(1)),
    };
    const es = await open(store(name), options);
    await es.execute(deposit('a', 1n));
    expect(encoded).toHaveLength(2); // the event and the snapshot
    expect((await store(name).readEvents(0))[0]!.data.startsWith('x')).toBe(true);
    expect((await open(store(name), options)).state()).toEqual(es.state());
  });

  it('rejects a bad snapshotEvery', async () => {
    const db = store(freshName());
    await expect(open(db, { snapshotEvery: 0 })).rejects.toThrow(RangeError);
    await expect(open(db, { snapshotEvery: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe('EventSourced restores what it stored (property)', () => {
  const account = fc.constantFrom('alice', 'bob', 'carol');
  const amount = fc.bigInt({ min: -5n, max: 2n ** 70n });
  const at = fc.integer({ min: 0, max: 2 ** 42 });
  const command: fc.Arbitrary<LedgerCommand> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), account, amount, at }),
    fc.record({ kind: fc.constant('withdraw' as const), account, amount, at }),
    fc.record({ kind: fc.constant('transfer' as const), from: account, to: account, amount, at }),
    fc.record({ kind: fc.constant('peek' as const), account }),
  );

  it('random command sequences, close, reopen: the same state, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { maxLength: 25 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        async (commands, snapshotEvery, concurrently) => {
          const name = freshName();
          const first = store(name);
          const es = await open(first, { snapshotEvery });
          if (concurrently) await Promise.all(commands.map((c) => es.execute(c)));
          else for (const c of commands) await es.execute(c);
          const expected = foldCommands(commands);
          expect(es.state()).toEqual(expected);
          first.close();

          const reopened = await open(store(name), { snapshotEvery });
          expect(reopened.state()).toEqual(expected);
          expect(serialize(reopened.state())).toBe(serialize(es.state()));
          expect(reopened.seq()).toBe(es.seq());
        },
      ),
      { numRuns: 40 },
    );
  });
});
