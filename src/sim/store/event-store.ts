import {
  StoreDatabase,
  type EventRow,
  type RequestRow,
  type SettingValue,
  type SnapshotRow,
  type StoreDatabaseOptions,
} from './database.ts';
import type { EventLog } from './event-log.ts';

/** An event to append; the store assigns its `seq`. */
export interface NewEvent {
  type: string;
  at: number;
  data: string;
}

/** What a stream needs to rebuild its state: the latest snapshot and every event after it. */
export interface StreamHistory {
  snapshot: SnapshotRow | undefined;
  events: EventRow[];
}

export type EventStoreOptions = StoreDatabaseOptions;

/** A request's answer to store with the events of the command it ran (exactly once). */
export type RequestAnswer = RequestRow;

/** Answers older than this (simulated time) are pruned: no replay comes that late. */
export const REQUEST_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_WRITES = 256;

/**
 * The simulator's durable log: an append-only event table, one snapshot per stream, and a small
 * settings table. Every write here is one IndexedDB transaction, so a batch of events (and the
 * snapshot that goes with it) is stored whole or not at all.
 */
export class EventStore implements EventLog {
  /** The underlying Dexie database, exposed for inspection and for tests that inject failures. */
  readonly db: StoreDatabase;
  private answerWrites = 0;

  constructor(options: EventStoreOptions) {
    this.db = new StoreDatabase(options);
  }

  /**
   * Appends events to a stream in one transaction and, if `snapshotState` is given, stores it as the
   * stream's snapshot at the last appended seq in that same transaction. Resolves, once committed,
   * to the seq of the last appended event. `request`: the answer of the request that ran the
   * command, stored in the same transaction, so a command is never stored without its answer.
   */
  async commit(
    stream: string,
    events: readonly NewEvent[],
    snapshotState?: string,
    request?: RequestAnswer,
  ): Promise<number> {
    if (events.length === 0) throw new RangeError('commit() needs at least one event');
    const { db } = this;
    const seq = await db.transaction('rw', db.events, db.snapshots, db.requests, async () => {
      const seqs = await db.events.bulkAdd(
        events.map((event) => ({ stream, type: event.type, at: event.at, data: event.data })),
        { allKeys: true },
      );
      const lastSeq = seqs[seqs.length - 1] as number;
      if (snapshotState !== undefined)
        await db.snapshots.put({ name: stream, seq: lastSeq, state: snapshotState });
      if (request) await db.requests.put(request);
      return lastSeq;
    });
    if (request) await this.pruneAnswers(request.at);
    return seq;
  }

  /** The recorded answer of a request, if it ran (or was answered) before. */
  async answerOf(id: string): Promise<string | undefined> {
    return (await this.db.requests.get(id))?.answer;
  }

  /** Records a request's answer unless one is recorded already (the first answer stands). */
  async recordAnswer(request: RequestAnswer): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.requests, async () => {
      if ((await db.requests.get(request.id)) === undefined) await db.requests.add(request);
    });
    await this.pruneAnswers(request.at);
  }

  private async pruneAnswers(now: number): Promise<void> {
    if (++this.answerWrites % PRUNE_EVERY_WRITES !== 0) return;
    await this.db.requests
      .where('at')
      .below(now - REQUEST_ANSWER_TTL_MS)
      .delete()
      .catch(() => undefined);
  }

  /**
   * Appends already-encoded events (for example a recorded feed) in one transaction and resolves to
   * their seqs. Do not append to a stream that a live EventSourced instance owns: it would not see them.
   */
  async appendRaw(stream: string, events: readonly NewEvent[]): Promise<number[]> {
    if (events.length === 0) return [];
    const { db } = this;
    return db.transaction('rw', db.events, () =>
      db.events.bulkAdd(
        events.map((event) => ({ stream, type: event.type, at: event.at, data: event.data })),
        { allKeys: true },
      ),
    );
  }

  /** Events with seq >= fromSeq in log order, optionally of one stream only, at most `limit` of them. */
  async readEvents(fromSeq: number, options: { stream?: string; limit?: number } = {}): Promise<EventRow[]> {
    const { stream, limit = Infinity } = options;
    const collection =
      stream === undefined
        ? this.db.events.where('seq').aboveOrEqual(fromSeq)
        : this.db.events.where('[stream+seq]').between([stream, fromSeq], [stream, Infinity], true, true);
    return Number.isFinite(limit) ? collection.limit(limit).toArray() : collection.toArray();
  }

  /** The latest snapshot of a stream and the events after it, read in one consistent transaction. */
  async readHistory(stream: string): Promise<StreamHistory> {
    const { db } = this;
    return db.transaction('r', db.events, db.snapshots, async () => {
      const snapshot = await db.snapshots.get(stream);
      const events = await this.readEvents((snapshot?.seq ?? 0) + 1, { stream });
      return { snapshot, events };
    });
  }

  /** Stores a stream's snapshot as of `seq`, replacing the previous one. */
  async writeSnapshot(name: string, seq: number, state: string): Promise<void> {
    await this.db.snapshots.put({ name, seq, state });
  }

  async getSetting(key: string): Promise<SettingValue | undefined> {
    return (await this.db.kv.get(key))?.value;
  }

  async setSetting(key: string, value: SettingValue): Promise<void> {
    await this.db.kv.put({ key, value });
  }

  close(): void {
    this.db.close();
  }

  /** Deletes the whole database (used to reset the simulator). */
  async delete(): Promise<void> {
    await this.db.delete();
  }
}
