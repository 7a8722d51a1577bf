import type { EventRow, SettingValue } from './database.ts';
import type { NewEvent, RequestAnswer, StreamHistory } from './event-store.ts';

/**
 * The simulator's durable log as every feature sees it: an append-only event table (global,
 * strictly increasing `seq`), one snapshot per stream, the answers of requests (exactly once) and a
 * few settings. Two implementations keep the same contract (tests/unit/sim/store/event-log-contract.ts):
 * EventStore (Dexie over IndexedDB, in the browser's worker) and SqliteEventLog (a file, in the Node
 * server).
 *
 * Every write is one transaction: a batch of events, the snapshot and the request answer that go with
 * it are stored whole or not at all, and a write resolves only once it is committed.
 */
export interface EventLog {
  /**
   * True for a log that lives only in this process and that nothing opens again (the Node server's
   * `--data :memory:`): no restart ever folds it, so a snapshot could never shorten one, and
   * EventSourced stores none (encoding and writing them was a few per cent of the server's time
   * under load). Omitted or false: snapshots are kept as usual.
   */
  readonly volatile?: boolean;
  /**
   * Appends events to a stream and, with `snapshotState`, stores it as the stream's snapshot at the
   * last appended seq, and `request`'s answer, all in one transaction. Resolves to the last seq.
   */
  commit(
    stream: string,
    events: readonly NewEvent[],
    snapshotState?: string,
    request?: RequestAnswer,
  ): Promise<number>;
  /** The recorded answer of a request, if it ran (or was answered) before. */
  answerOf(id: string): Promise<string | undefined>;
  /** Records a request's answer unless one is recorded already (the first answer stands). */
  recordAnswer(request: RequestAnswer): Promise<void>;
  /** Appends already-encoded events (a recorded feed) in one transaction; resolves to their seqs. */
  appendRaw(stream: string, events: readonly NewEvent[]): Promise<number[]>;
  /** Events with seq >= fromSeq in log order, optionally of one stream only, at most `limit`. */
  readEvents(fromSeq: number, options?: { stream?: string; limit?: number }): Promise<EventRow[]>;
  /** The latest snapshot of a stream and the events after it, read consistently. */
  readHistory(stream: string): Promise<StreamHistory>;
  /** Stores a stream's snapshot as of `seq`, replacing the previous one. */
  writeSnapshot(name: string, seq: number, state: string): Promise<void>;
  getSetting(key: string): Promise<SettingValue | undefined>;
  setSetting(key: string, value: SettingValue): Promise<void>;
  close(): void;
}
