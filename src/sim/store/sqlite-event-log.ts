import Database from 'better-sqlite3';
import type { StoredImage, ImageStore } from '../features/accounts/uploads.ts';
import type { EventRow, SettingValue } from './database.ts';
import type { EventLog } from './event-log.ts';
import { FileFlusher } from './file-flusher.ts';
import { GroupSync } from './group-sync.ts';
import type { StoreHealth } from './store-health.ts';
import {
  REQUEST_ANSWER_TTL_MS,
  type NewEvent,
  type RequestAnswer,
  type StreamHistory,
} from './event-store.ts';

export interface SqliteEventLogOptions {
  /** The database file (created if missing), or ':memory:'. */
  file: string;
  /**
   * "full" (the default) syncs the write-ahead log to disk at every commit, so an acknowledged
   * command survives a power cut; "normal" survives a killed process but may lose the last commits
   * on a power cut (the database stays consistent either way).
   */
  synchronous?: 'full' | 'normal';
  /**
   * Flushes a file's data to disk ("full" on a file): by default fdatasync on the thread pool;
   * tests inject a controllable one.
   */
  syncFile?: (path: string) => Promise<void>;
  /**
   * "full" on a file only: a write resolves once SQLite holds it (a killed process keeps it) and its
   * flush runs behind; `durable()` tells when everything written so far is on disk, and the server
   * holds every answer and frame until then (output commit). So commands follow each other at the
   * speed of the processor, and one flush serves all the commands made while the last one ran.
   */
  deferFlush?: { onFailure: (error: Error) => void };
}

const PRUNE_EVERY_WRITES = 256;

/**
 * The event log in SQLite (better-sqlite3), for the Node server: the same tables and guarantees as
 * the browser's Dexie store (EventStore). Each write is one SQLite transaction; the database is in
 * WAL mode and held in exclusive locking mode, so a second server cannot write the same file while
 * this one runs (the lock dies with the process, so a killed server restarts on its file at once).
 *
 * With "full" on a file, SQLite writes each commit to the write-ahead log without waiting for the
 * disk (its own `synchronous = NORMAL`), and the commit's promise resolves only once an fdatasync of
 * the write-ahead log, begun after the commit, completed (GroupSync): as durable as SQLite's FULL,
 * but the flush runs off the event loop and the commits made while one flush runs share the next.
 * Every write waits for its flush; a read that finds what a write stored waits for the flushes in
 * progress, so nothing is reported that a power cut could still take back. In memory, and with
 * "normal", nothing is flushed and a commit is done when the call returns.
 * Uploaded images live in the same file (ImageStore), beside the log.
 */
export class SqliteEventLog implements EventLog, ImageStore {
  private readonly db: Database.Database;
  private answerWrites = 0;
  private readonly statements: Statements;
  /** Flushes of the write-ahead log; null where nothing is flushed (memory, "normal"). */
  private readonly sync: GroupSync | null;
  /** The write-ahead log's flushes through a descriptor kept open (none in memory, "normal" or a test's syncFile). */
  private readonly walFlusher: FileFlusher | null;
  private readonly deferFlush: SqliteEventLogOptions['deferFlush'];
  private readonly commitTx: Database.Transaction<
    (stream: string, events: readonly NewEvent[], snapshotState?: string, request?: RequestAnswer) => number
  >;

  constructor(options: SqliteEventLogOptions) {
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    const flushed = options.file !== ':memory:' && options.file !== '' && options.synchronous !== 'normal';
    // On a file, "full" is kept by the flushes of GroupSync, so SQLite itself does not wait.
    this.db.pragma(`synchronous = ${options.synchronous === 'normal' || flushed ? 'NORMAL' : 'FULL'}`);
    const walFile = `${options.file}-wal`;
    this.walFlusher = flushed && !options.syncFile ? new FileFlusher(walFile) : null;
    const syncFile = options.syncFile ?? (() => this.walFlusher!.flush());
    this.sync = flushed ? new GroupSync(() => syncFile(walFile)) : null;
    this.deferFlush = options.deferFlush;
    this.db.pragma('locking_mode = EXCLUSIVE');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        stream TEXT NOT NULL,
        type TEXT NOT NULL,
        at INTEGER NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS events_stream_seq ON events (stream, seq);
      CREATE TABLE IF NOT EXISTS snapshots (name TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS requests (id TEXT PRIMARY KEY, at INTEGER NOT NULL, answer TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS requests_at ON requests (at);
      CREATE TABLE IF NOT EXISTS images (id TEXT PRIMARY KEY, type TEXT NOT NULL, bytes BLOB NOT NULL);
    `);
    // Takes the exclusive lock now (a write), so a second server on this file fails at start.
    this.db.exec('BEGIN IMMEDIATE; COMMIT');
    this.statements = prepareStatements(this.db);
    const db = this.db;
    this.commitTx = db.transaction(
      (stream: string, events: readonly NewEvent[], snapshotState?: string, request?: RequestAnswer) => {
        let lastSeq = 0;
        for (const event of events) {
          const info = this.statements.insertEvent.run(stream, event.type, event.at, event.data);
          lastSeq = Number(info.lastInsertRowid);
        }
        if (snapshotState !== undefined) this.statements.putSnapshot.run(stream, lastSeq, snapshotState);
        if (request) this.statements.putAnswer.run(request.id, request.at, request.answer);
        return lastSeq;
      },
    );
  }

  async commit(
    stream: string,
    events: readonly NewEvent[],
    snapshotState?: string,
    request?: RequestAnswer,
  ): Promise<number> {
    if (events.length === 0) throw new RangeError('commit() needs at least one event');
    this.refuseAfterFailedSync();
    const seq = this.commitTx(stream, events, snapshotState, request);
    if (request) this.pruneAnswers(request.at);
    await this.flushAfterWrite();
    return seq;
  }

  async answerOf(id: string): Promise<string | undefined> {
    const answer = this.statements.getAnswer.get(id)?.answer;
    // Stored by a commit whose flush may still run: not told before it is on disk.
    if (answer !== undefined) await this.sync?.settled();
    return answer;
  }

  async recordAnswer(request: RequestAnswer): Promise<void> {
    this.refuseAfterFailedSync();
    this.statements.addAnswer.run(request.id, request.at, request.answer);
    this.pruneAnswers(request.at);
    await this.flushAfterWrite();
  }

  /**
   * Resolves once everything written so far is on disk (at once where nothing is flushed); rejects
   * once a flush failed.
   */
  async durable(): Promise<void> {
    await this.sync?.settled();
  }

  /** A write's flush: waited for, or (deferFlush) left running, its failure reported. */
  private flushAfterWrite(): Promise<void> | undefined {
    const flushed = this.sync?.afterWrite();
    if (!flushed || !this.deferFlush) return flushed;
    const { onFailure } = this.deferFlush;
    flushed.catch((error: unknown) => onFailure(error instanceof Error ? error : new Error(String(error))));
    return undefined;
  }

  /** Whether the log can take writes: not after a failed flush (see GroupSync). */
  health(): StoreHealth {
    const failure = this.sync?.failed();
    if (!failure) return { writable: true };
    return { writable: false, state: 'diverged', reason: `a flush to disk failed: ${failure.message}` };
  }

  private refuseAfterFailedSync(): void {
    const failure = this.sync?.failed();
    if (failure) throw failure;
  }

  private pruneAnswers(now: number): void {
    if (++this.answerWrites % PRUNE_EVERY_WRITES !== 0) return;
    this.statements.pruneAnswers.run(now - REQUEST_ANSWER_TTL_MS);
  }

  async appendRaw(stream: string, events: readonly NewEvent[]): Promise<number[]> {
    if (events.length === 0) return [];
    this.refuseAfterFailedSync();
    const append = this.db.transaction(() =>
      events.map((event) =>
        Number(this.statements.insertEvent.run(stream, event.type, event.at, event.data).lastInsertRowid),
      ),
    );
    const seqs = append();
    await this.flushAfterWrite();
    return seqs;
  }

  async readEvents(fromSeq: number, options: { stream?: string; limit?: number } = {}): Promise<EventRow[]> {
    await this.sync?.settled();
    return this.readEventsNow(fromSeq, options);
  }

  private readEventsNow(fromSeq: number, options: { stream?: string; limit?: number }): EventRow[] {
    const { stream, limit = Infinity } = options;
    // SQLite reads LIMIT -1 as "no limit".
    const max = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : -1;
    return stream === undefined
      ? this.statements.eventsFrom.all(fromSeq, max)
      : this.statements.streamFrom.all(stream, fromSeq, max);
  }

  async readHistory(stream: string): Promise<StreamHistory> {
    await this.sync?.settled();
    // One read transaction: the snapshot and the events after it belong to the same moment.
    const read = this.db.transaction(() => {
      const snapshot = this.statements.getSnapshot.get(stream);
      const events = this.readEventsNow((snapshot?.seq ?? 0) + 1, { stream });
      return { snapshot, events };
    });
    return read();
  }

  async writeSnapshot(name: string, seq: number, state: string): Promise<void> {
    this.refuseAfterFailedSync();
    this.statements.putSnapshot.run(name, seq, state);
    await this.flushAfterWrite();
  }

  async getSetting(key: string): Promise<SettingValue | undefined> {
    await this.sync?.settled();
    const row = this.statements.getSetting.get(key);
    return row === undefined ? undefined : (JSON.parse(row.value) as SettingValue);
  }

  async setSetting(key: string, value: SettingValue): Promise<void> {
    this.refuseAfterFailedSync();
    this.statements.putSetting.run(key, JSON.stringify(value));
    await this.flushAfterWrite();
  }

  async put(image: StoredImage): Promise<void> {
    this.refuseAfterFailedSync();
    this.statements.putImage.run(image.id, image.type, Buffer.from(image.bytes));
    await this.flushAfterWrite();
  }

  async get(id: string): Promise<StoredImage | undefined> {
    const row = this.statements.getImage.get(id);
    if (!row) return undefined;
    await this.sync?.settled();
    const bytes = row.bytes.buffer.slice(row.bytes.byteOffset, row.bytes.byteOffset + row.bytes.byteLength);
    return { id: row.id, type: row.type, bytes: bytes as ArrayBuffer };
  }

  /** For tests that inject a failure into the middle of a commit (see the store contract tests). */
  exec(sql: string): void {
    this.db.exec(sql);
  }

  close(): void {
    if (this.db.open) this.db.close();
    // Closed once no flush runs: a flush on a closed descriptor would fail and stop the server.
    const flusher = this.walFlusher;
    if (flusher)
      void (this.sync?.settled() ?? Promise.resolve()).catch(() => undefined).finally(() => flusher.close());
  }
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: Database.Database) {
  return {
    insertEvent: db.prepare<[string, string, number, string]>(
      'INSERT INTO events (stream, type, at, data) VALUES (?, ?, ?, ?)',
    ),
    putSnapshot: db.prepare<[string, number, string]>(
      'INSERT OR REPLACE INTO snapshots (name, seq, state) VALUES (?, ?, ?)',
    ),
    getSnapshot: db.prepare<[string], { name: string; seq: number; state: string }>(
      'SELECT name, seq, state FROM snapshots WHERE name = ?',
    ),
    putAnswer: db.prepare<[string, number, string]>(
      'INSERT OR REPLACE INTO requests (id, at, answer) VALUES (?, ?, ?)',
    ),
    addAnswer: db.prepare<[string, number, string]>(
      'INSERT OR IGNORE INTO requests (id, at, answer) VALUES (?, ?, ?)',
    ),
    getAnswer: db.prepare<[string], { answer: string }>('SELECT answer FROM requests WHERE id = ?'),
    pruneAnswers: db.prepare<[number]>('DELETE FROM requests WHERE at < ?'),
    eventsFrom: db.prepare<[number, number], EventRow>(
      'SELECT seq, stream, type, at, data FROM events WHERE seq >= ? ORDER BY seq LIMIT ?',
    ),
    streamFrom: db.prepare<[string, number, number], EventRow>(
      'SELECT seq, stream, type, at, data FROM events WHERE stream = ? AND seq >= ? ORDER BY seq LIMIT ?',
    ),
    getSetting: db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?'),
    putSetting: db.prepare<[string, string]>('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)'),
    putImage: db.prepare<[string, string, Buffer]>(
      'INSERT OR REPLACE INTO images (id, type, bytes) VALUES (?, ?, ?)',
    ),
    getImage: db.prepare<[string], { id: string; type: string; bytes: Buffer }>(
      'SELECT id, type, bytes FROM images WHERE id = ?',
    ),
  };
}
