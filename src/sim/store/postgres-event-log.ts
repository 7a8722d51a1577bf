import pg from 'pg';
import type { StoredImage, ImageStore } from '../features/accounts/uploads.ts';
import type { EventRow, SettingValue, SnapshotRow } from './database.ts';
import type { EventLog } from './event-log.ts';
import {
  REQUEST_ANSWER_TTL_MS,
  type NewEvent,
  type RequestAnswer,
  type StreamHistory,
} from './event-store.ts';
import type { PostgresLogFollower } from './postgres-log-follower.ts';
import { PostgresWriterSession, type StoreLog } from './postgres-writer-session.ts';
import { SerialQueue } from './serial-queue.ts';
import type { StoreHealth } from './store-health.ts';

export interface PostgresEventLogOptions {
  /** A PostgreSQL connection string (DATABASE_URL). */
  url: string;
  /** The schema holding the tables (created if missing); default "tessera". */
  schema?: string;
  /** How long to wait for another server's hold on the schema to end; default 5 s. */
  lockWaitMs?: number;
  /** A statement unanswered this long counts as a lost connection; default 15 s. */
  queryTimeoutMs?: number;
  /** Reconnection waits: the first (default 100 ms), doubling up to the longest (default 5 s). */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Where the connection's losses and recoveries are reported (the server's JSON log). */
  log?: StoreLog;
  /**
   * The log as a hot standby followed it while another server held the lock: once this one holds
   * it, the follower reads the few events stored since its last read, and each stream's history is
   * read from it (once) instead of from PostgreSQL. The log owns it from then on and closes it at
   * its first write (what it followed is then behind) or at close().
   */
  follower?: PostgresLogFollower;
}

const PRUNE_EVERY_WRITES = 256;
const LOCK_WAIT_MS = 5_000;
const QUERY_TIMEOUT_MS = 15_000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

const setupSql = (schema: string) => `
  CREATE SCHEMA IF NOT EXISTS ${schema};
  SET search_path TO ${schema};
  CREATE TABLE IF NOT EXISTS events (
    seq BIGSERIAL PRIMARY KEY,
    stream TEXT NOT NULL,
    type TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS events_stream_seq ON events (stream, seq);
  CREATE TABLE IF NOT EXISTS snapshots (name TEXT PRIMARY KEY, seq BIGINT NOT NULL, state TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS requests (id TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL, answer TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS requests_at ON requests (at);
  CREATE TABLE IF NOT EXISTS images (id TEXT PRIMARY KEY, type TEXT NOT NULL, bytes BYTEA NOT NULL);
`;

/**
 * The event log in PostgreSQL (node-postgres), for the Node server when DATABASE_URL is set: the
 * same tables and guarantees as the Dexie and SQLite logs. One connection (a PostgresWriterSession:
 * it holds the schema's writer lock and reconnects with backoff), and every operation runs in turn
 * on it (several features' logs share the store, and a transaction must not interleave with
 * another's statements). A commit resolves after PostgreSQL's COMMIT, which is durable with the
 * server's default synchronous_commit. While the connection is down every operation fails at once
 * (StoreUnavailableError), so a command is refused, not left waiting; health() says so.
 */
export class PostgresEventLog implements EventLog, ImageStore {
  private readonly queue = new SerialQueue();
  private answerWrites = 0;
  /** The streams whose history was read from the follower: a second read is PostgreSQL's. */
  private readonly followedRead = new Set<string>();

  private constructor(
    private readonly session: PostgresWriterSession,
    private readonly schema: string,
    private follower: PostgresLogFollower | null,
  ) {}

  static async open(options: PostgresEventLogOptions): Promise<PostgresEventLog> {
    const schema = options.schema ?? 'tessera';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new RangeError(`bad schema name ${schema}`);
    const session = await PostgresWriterSession.open({
      url: options.url,
      schema,
      setupSql: setupSql(schema),
      lockWaitMs: options.lockWaitMs ?? LOCK_WAIT_MS,
      queryTimeoutMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      firstRetryMs: options.firstRetryMs ?? FIRST_RETRY_MS,
      maxRetryMs: options.maxRetryMs ?? MAX_RETRY_MS,
      ...(options.log ? { log: options.log } : {}),
    });
    let follower = options.follower ?? null;
    if (follower) {
      // The lock is held: no one else writes, so after this read the follower holds the whole log.
      try {
        const behind = follower.seq();
        const caughtUp = await follower.catchUp();
        options.log?.info('standby_caught_up', { from_seq: behind, to_seq: caughtUp });
      } catch (error) {
        // Its connection failed: the log is read from PostgreSQL, as by a core that followed nothing.
        options.log?.warn('standby_catch_up_failed', {
          error: error instanceof Error ? error.message : String(error),
        });
        await follower.close();
        follower = null;
      }
    }
    return new PostgresEventLog(session, schema, follower);
  }

  /** What the follower held is behind once this log wrote: it is dropped. */
  private wrote(): void {
    if (!this.follower) return;
    void this.follower.close();
    this.follower = null;
  }

  /** Whether the log can be written now, and if not, why. */
  health(): StoreHealth {
    return this.session.health();
  }

  /** Runs `work` alone on the connection. */
  private run<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      const client = this.session.client();
      try {
        return await work(client);
      } catch (error) {
        this.session.failed(client, error);
        throw error;
      }
    });
  }

  /**
   * Runs `work` alone on the connection between BEGIN and COMMIT (ROLLBACK on error, unless the
   * connection is gone, which rolls it back itself); `committed` runs after COMMIT, before the
   * next operation.
   */
  private transaction<T>(
    work: (client: pg.Client) => Promise<T>,
    committed?: (result: T) => void,
  ): Promise<T> {
    return this.queue.run(async () => {
      const client = this.session.client();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        committed?.(result);
        return result;
      } catch (error) {
        this.session.failed(client, error);
        if (this.session.holds(client)) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  private static async insertEvents(client: pg.Client, stream: string, events: readonly NewEvent[]) {
    const values: unknown[] = [];
    const rows = events.map((event, index) => {
      values.push(stream, event.type, event.at, event.data);
      const n = index * 4;
      return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4})`;
    });
    const inserted = await client.query<{ seq: string }>(
      `INSERT INTO events (stream, type, at, data) VALUES ${rows.join(', ')} RETURNING seq`,
      values,
    );
    // RETURNING keeps the VALUES order for a single-statement insert of a BIGSERIAL key.
    return inserted.rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
  }

  async commit(
    stream: string,
    events: readonly NewEvent[],
    snapshotState?: string,
    request?: RequestAnswer,
  ): Promise<number> {
    if (events.length === 0) throw new RangeError('commit() needs at least one event');
    this.wrote();
    const seq = await this.transaction(
      async (client) => {
        const seqs = await PostgresEventLog.insertEvents(client, stream, events);
        const lastSeq = seqs[seqs.length - 1]!;
        if (snapshotState !== undefined) {
          await client.query(
            'INSERT INTO snapshots (name, seq, state) VALUES ($1, $2, $3) ' +
              'ON CONFLICT (name) DO UPDATE SET seq = EXCLUDED.seq, state = EXCLUDED.state',
            [stream, lastSeq, snapshotState],
          );
        }
        if (request) {
          await client.query(
            'INSERT INTO requests (id, at, answer) VALUES ($1, $2, $3) ' +
              'ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at, answer = EXCLUDED.answer',
            [request.id, request.at, request.answer],
          );
        }
        return lastSeq;
      },
      (lastSeq) => this.session.committedUpTo(lastSeq),
    );
    if (request) await this.pruneAnswers(request.at);
    return seq;
  }

  answerOf(id: string): Promise<string | undefined> {
    return this.run(async (client) => {
      const result = await client.query<{ answer: string }>('SELECT answer FROM requests WHERE id = $1', [
        id,
      ]);
      return result.rows[0]?.answer;
    });
  }

  async recordAnswer(request: RequestAnswer): Promise<void> {
    await this.run((client) =>
      client.query('INSERT INTO requests (id, at, answer) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
        request.id,
        request.at,
        request.answer,
      ]),
    );
    await this.pruneAnswers(request.at);
  }

  private async pruneAnswers(now: number): Promise<void> {
    if (++this.answerWrites % PRUNE_EVERY_WRITES !== 0) return;
    await this.run((client) =>
      client.query('DELETE FROM requests WHERE at < $1', [now - REQUEST_ANSWER_TTL_MS]),
    ).catch(() => undefined);
  }

  appendRaw(stream: string, events: readonly NewEvent[]): Promise<number[]> {
    if (events.length === 0) return Promise.resolve([]);
    this.wrote();
    return this.transaction(
      (client) => PostgresEventLog.insertEvents(client, stream, events),
      (seqs) => this.session.committedUpTo(seqs[seqs.length - 1]!),
    );
  }

  private static async selectEvents(
    client: pg.Client,
    fromSeq: number,
    options: { stream?: string; limit?: number },
  ): Promise<EventRow[]> {
    const { stream, limit = Infinity } = options;
    const limitSql = Number.isFinite(limit) ? ` LIMIT ${Math.max(0, Math.floor(limit))}` : '';
    const result =
      stream === undefined
        ? await client.query<RawEvent>(
            `SELECT seq, stream, type, at, data FROM events WHERE seq >= $1 ORDER BY seq${limitSql}`,
            [fromSeq],
          )
        : await client.query<RawEvent>(
            `SELECT seq, stream, type, at, data FROM events WHERE stream = $1 AND seq >= $2 ORDER BY seq${limitSql}`,
            [stream, fromSeq],
          );
    return result.rows.map((row) => ({ ...row, seq: Number(row.seq), at: Number(row.at) }));
  }

  readEvents(fromSeq: number, options: { stream?: string; limit?: number } = {}): Promise<EventRow[]> {
    return this.run((client) => PostgresEventLog.selectEvents(client, fromSeq, options));
  }

  readHistory(stream: string): Promise<StreamHistory> {
    if (this.follower && !this.followedRead.has(stream)) {
      this.followedRead.add(stream);
      return Promise.resolve(this.follower.history(stream));
    }
    return this.transaction(async (client) => {
      const found = await client.query<{ name: string; seq: string; state: string }>(
        'SELECT name, seq, state FROM snapshots WHERE name = $1',
        [stream],
      );
      const row = found.rows[0];
      const snapshot: SnapshotRow | undefined = row ? { ...row, seq: Number(row.seq) } : undefined;
      const events = await PostgresEventLog.selectEvents(client, (snapshot?.seq ?? 0) + 1, { stream });
      return { snapshot, events };
    });
  }

  async writeSnapshot(name: string, seq: number, state: string): Promise<void> {
    this.wrote();
    await this.run((client) =>
      client.query(
        'INSERT INTO snapshots (name, seq, state) VALUES ($1, $2, $3) ' +
          'ON CONFLICT (name) DO UPDATE SET seq = EXCLUDED.seq, state = EXCLUDED.state',
        [name, seq, state],
      ),
    );
  }

  getSetting(key: string): Promise<SettingValue | undefined> {
    return this.run(async (client) => {
      const result = await client.query<{ value: string }>('SELECT value FROM kv WHERE key = $1', [key]);
      const row = result.rows[0];
      return row === undefined ? undefined : (JSON.parse(row.value) as SettingValue);
    });
  }

  async setSetting(key: string, value: SettingValue): Promise<void> {
    await this.run((client) =>
      client.query(
        'INSERT INTO kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
        [key, JSON.stringify(value)],
      ),
    );
  }

  async put(image: StoredImage): Promise<void> {
    await this.run((client) =>
      client.query(
        'INSERT INTO images (id, type, bytes) VALUES ($1, $2, $3) ' +
          'ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, bytes = EXCLUDED.bytes',
        [image.id, image.type, Buffer.from(image.bytes)],
      ),
    );
  }

  get(id: string): Promise<StoredImage | undefined> {
    return this.run(async (client) => {
      const result = await client.query<{ id: string; type: string; bytes: Buffer }>(
        'SELECT id, type, bytes FROM images WHERE id = $1',
        [id],
      );
      const row = result.rows[0];
      if (!row) return undefined;
      const bytes = row.bytes.buffer.slice(row.bytes.byteOffset, row.bytes.byteOffset + row.bytes.byteLength);
      return { id: row.id, type: row.type, bytes: bytes as ArrayBuffer };
    });
  }

  /** For tests that inject a failure into the middle of a commit (see the store contract tests). */
  async exec(sql: string): Promise<void> {
    await this.run((client) => client.query(sql));
  }

  /** Drops this log's schema (tests). */
  async dropSchema(): Promise<void> {
    await this.run((client) => client.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`));
  }

  close(): void {
    this.wrote();
    // After the operations already queued: close() is synchronous in the EventLog contract.
    void this.queue.run(() => this.session.close()).catch(() => undefined);
  }

  /** Resolves once the connection is closed (close() only starts closing it). */
  async whenClosed(): Promise<void> {
    await this.queue.idle();
  }
}

interface RawEvent {
  seq: string;
  stream: string;
  type: string;
  at: number;
  data: string;
}
