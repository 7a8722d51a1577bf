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
   * "full" on a file only: a write resolves at once, in this turn of the event loop's transaction
   * (group commit: the turn's writes commit together once its I/O callbacks are done, then one flush
   * follows); `durable()` tells when everything written so far is committed and on disk, and the
   * server holds every answer and frame until then (output commit). So commands follow each other at
   * the speed of the processor, a turn's commands write each page of the log once, and one flush
   * serves all the commands made while the last one ran. A process killed before its turn committed
   * loses that turn's writes, none of which was told to anyone.
   */
  deferFlush?: { onFailure: (error: Error) => void };
  /**
   * In memory: the writes of a turn of the event loop share one transaction too (as with
   * deferFlush), only for the processor's sake; nothing is flushed and no write waits.
   */
  groupCommits?: boolean;
  /**
   * In memory only: no one will open this log again once this process ends (the server's
   * `--data :memory:`, which opens a fresh one for every exchange it runs), so aggregates store no
   * snapshots in it (EventLog.volatile). Tests that reopen an in-memory log leave it off.
   */
  volatile?: boolean;
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
  readonly volatile: boolean;
  private readonly db: Database.Database;
  private answerWrites = 0;
  private readonly statements: Statements;
  /** Flushes of the write-ahead log; null where nothing is flushed (memory, "normal"). */
  private readonly sync: GroupSync | null;
  /** The write-ahead log's flushes through a descriptor kept open (none in memory, "normal" or a test's syncFile). */
  private readonly walFlusher: FileFlusher | null;
  private readonly deferFlush: SqliteEventLogOptions['deferFlush'];
  /**
   * With deferFlush (or groupCommits): the writes of this turn of the event loop, in one SQLite
   * transaction that commits when the turn's I/O callbacks are done (group commit). Each write is
   * still whole on its own (better-sqlite3 nests it as a savepoint); on a file the turn's commit is
   * followed by one flush.
   */
  private turn: { settle: { resolve: () => void; reject: (error: Error) => void } } | null = null;
  /** The last turn's commit and the flush after it: what durable() waits for first. */
  private lastTurn: Promise<void> = Promise.resolve();
  /** A turn whose commit failed: the log is in doubt, as after a failed flush. */
  private commitFailure: Error | null = null;
  /** Whether a turn's writes share one transaction: deferFlush, or groupCommits in memory. */
  private readonly groupsCommits: boolean;
  private readonly commitTx: Database.Transaction<
    (stream: string, events: readonly NewEvent[], snapshotState?: string, request?: RequestAnswer) => number
  >;

  constructor(options: SqliteEventLogOptions) {
    const inMemory = options.file === ':memory:' || options.file === '';
    if (options.volatile && !inMemory) throw new RangeError('only a log in memory can be volatile');
    this.volatile = options.volatile === true;
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
    this.groupsCommits =
      (this.deferFlush !== undefined && this.sync !== null) || options.groupCommits === true;
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
    this.beginWrite();
    const seq = this.commitTx(stream, events, snapshotState, request);
    if (request) this.pruneAnswers(request.at);
    await this.flushAfterWrite();
    return seq;
  }

  async answerOf(id: string): Promise<string | undefined> {
    const answer = this.statements.getAnswer.get(id)?.answer;
    // Stored by a commit whose flush may still run: not told before it is on disk.
    if (answer !== undefined) await this.durable();
    return answer;
  }

  async recordAnswer(request: RequestAnswer): Promise<void> {
    this.refuseAfterFailedSync();
    this.beginWrite();
    this.statements.addAnswer.run(request.id, request.at, request.answer);
    this.pruneAnswers(request.at);
    await this.flushAfterWrite();
  }

  /**
   * Resolves once everything written so far is on disk (at once where nothing is flushed); rejects
   * once a flush failed.
   */
  async durable(): Promise<void> {
    if (this.commitFailure) throw this.commitFailure;
    // In memory nothing is made durable: reads see the open turn's writes on this connection.
    if (!this.sync) return;
    await this.lastTurn;
    await this.sync.settled();
  }

  /** Opens this turn's transaction (group commit) for a write, where writes are grouped. */
  private beginWrite(): void {
    if (!this.groupsCommits || this.turn) return;
    this.db.exec('BEGIN IMMEDIATE');
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // Its failure reaches the server through onFailure and every later durable(); not unhandled.
    done.catch(() => undefined);
    this.turn = { settle };
    this.lastTurn = done;
    // The check phase: after the poll phase has run every request that arrived with this one.
    setImmediate(() => this.endTurn());
  }

  /** Commits the turn's writes and starts the flush that makes them durable. */
  private endTurn(): void {
    const turn = this.turn;
    if (!turn) return;
    this.turn = null;
    const failed = (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      turn.settle.reject(failure);
      this.deferFlush?.onFailure(failure);
    };
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      this.commitFailure ??= error instanceof Error ? error : new Error(String(error));
      failed(this.commitFailure);
      return;
    }
    if (!this.sync) return turn.settle.resolve();
    this.sync.afterWrite().then(() => turn.settle.resolve(), failed);
  }

  /** A write's flush: waited for, or (deferFlush) left running, its failure reported. */
  private flushAfterWrite(): Promise<void> | undefined {
    // Grouped writes are flushed once their turn commits (endTurn).
    if (this.deferFlush && this.sync) return undefined;
    const flushed = this.sync?.afterWrite();
    if (!flushed || !this.deferFlush) return flushed;
    const { onFailure } = this.deferFlush;
    flushed.catch((error: unknown) => onFailure(error instanceof Error ? error : new Error(String(error))));
    return undefined;
  }

  /** Whether the log can take writes: not after a failed flush (see GroupSync). */
  health(): StoreHealth {
    if (this.commitFailure)
      return { writable: false, state: 'diverged', reason: `a commit failed: ${this.commitFailure.message}` };
    const failure = this.sync?.failed();
    if (!failure) return { writable: true };
    return { writable: false, state: 'diverged', reason: `a flush to disk failed: ${failure.message}` };
  }

  private refuseAfterFailedSync(): void {
    const failure = this.commitFailure ?? this.sync?.failed();
    if (failure) throw failure;
  }

  private pruneAnswers(now: number): void {
    if (++this.answerWrites % PRUNE_EVERY_WRITES !== 0) return;
    this.statements.pruneAnswers.run(now - REQUEST_ANSWER_TTL_MS);
  }

  async appendRaw(stream: string, events: readonly NewEvent[]): Promise<number[]> {
    if (events.length === 0) return [];
    this.refuseAfterFailedSync();
    this.beginWrite();
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
    await this.durable();
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
    await this.durable();
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
    this.beginWrite();
    this.statements.putSnapshot.run(name, seq, state);
    await this.flushAfterWrite();
  }

  async getSetting(key: string): Promise<SettingValue | undefined> {
    await this.durable();
    const row = this.statements.getSetting.get(key);
    return row === undefined ? undefined : (JSON.parse(row.value) as SettingValue);
  }

  async setSetting(key: string, value: SettingValue): Promise<void> {
    this.refuseAfterFailedSync();
    this.beginWrite();
    this.statements.putSetting.run(key, JSON.stringify(value));
    await this.flushAfterWrite();
  }

  async put(image: StoredImage): Promise<void> {
    this.refuseAfterFailedSync();
    this.beginWrite();
    this.statements.putImage.run(image.id, image.type, Buffer.from(image.bytes));
    await this.flushAfterWrite();
  }

  async get(id: string): Promise<StoredImage | undefined> {
    const row = this.statements.getImage.get(id);
    if (!row) return undefined;
    await this.durable();
    const bytes = row.bytes.buffer.slice(row.bytes.byteOffset, row.bytes.byteOffset + row.bytes.byteLength);
    return { id: row.id, type: row.type, bytes: bytes as ArrayBuffer };
  }

  /** For tests that inject a failure into the middle of a commit (see the store contract tests). */
  exec(sql: string): void {
    this.db.exec(sql);
  }

  close(): void {
    // This turn's writes are committed first (closing would roll them back); the flush runs on.
    if (this.db.open) this.endTurn();
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
