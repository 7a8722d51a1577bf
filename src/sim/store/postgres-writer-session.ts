import pg from 'pg';
import { StoreUnavailableError, type StoreHealth } from './store-health.ts';

type LogValue = string | number | boolean | null;

/** Where the session reports its connection's changes (the server passes its JSON log). */
export interface StoreLog {
  info(event: string, fields?: Record<string, LogValue>): void;
  warn(event: string, fields?: Record<string, LogValue>): void;
  error(event: string, fields?: Record<string, LogValue>): void;
}

export interface PostgresWriterSessionOptions {
  /** A PostgreSQL connection string (DATABASE_URL). */
  url: string;
  /** The schema whose log this session writes; already checked to be a plain identifier. */
  schema: string;
  /** Statements run once, on the first connection, after the lock (CREATE ... IF NOT EXISTS). */
  setupSql: string;
  /** How long the first connection waits for another server's hold on the schema to end. */
  lockWaitMs: number;
  /** A statement unanswered this long counts as a lost connection (a silent network). */
  queryTimeoutMs: number;
  /** The first wait before reconnecting; it doubles after each failed attempt, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  log?: StoreLog;
}

/** The advisory lock key that makes one server the only writer of a schema's log. */
const WRITER_LOCK = 0x7e55e4a;
/**
 * How often a server waiting for the lock asks for it again: a standby core takes over on average
 * half of this after the leader's connection dies (it was 100 ms, half of a 100-200 ms takeover).
 */
const LOCK_RETRY_MS = 25;
const CONNECT_TIMEOUT_MS = 5_000;
/** How long close() waits for PostgreSQL to see the connection go (a dead network never answers). */
const CLOSE_WAIT_MS = 2_000;
const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

type State =
  | { kind: 'ready'; client: pg.Client }
  | { kind: 'reconnecting' | 'fenced' | 'diverged'; reason: string }
  | { kind: 'closed' };

/**
 * The one connection a server writes its PostgreSQL log through, holding the schema's writer lock
 * (a session-level advisory lock: PostgreSQL drops it with the connection, so a killed server's
 * successor takes over at once). When the connection is lost it reconnects with exponential backoff,
 * and hands out a connection again only once that connection holds the lock again and the log is
 * exactly as this server left it:
 * - while it is down, every operation fails at once (StoreUnavailableError), never waits;
 * - if another server took the lock meanwhile, it stays fenced (no two writers) and keeps trying;
 * - if the log grew meanwhile (another writer, or a COMMIT whose answer was lost with the
 *   connection), the state this server folded is no longer the log's: it stops writing for good.
 */
export class PostgresWriterSession {
  private state: State;
  private retryMs: number;
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly options: PostgresWriterSessionOptions,
    client: pg.Client,
    /** The last event seq this server knows the log holds. */
    private head: number,
  ) {
    this.retryMs = options.firstRetryMs;
    this.state = { kind: 'ready', client };
    this.watch(client);
  }

  static async open(options: PostgresWriterSessionOptions): Promise<PostgresWriterSession> {
    const client = PostgresWriterSession.newClient(options);
    // Errors before the session watches the client surface through connect() and the queries.
    const ignore = () => undefined;
    client.on('error', ignore);
    try {
      await client.connect();
      // A server killed a moment ago may still hold the lock until PostgreSQL notices its
      // connection is gone: wait a little before giving up.
      const attempts = Math.ceil(options.lockWaitMs / LOCK_RETRY_MS);
      for (let attempt = 0; !(await PostgresWriterSession.tryLock(client, options.schema)); attempt++) {
        if (attempt >= attempts)
          throw new Error(`another server holds the event log in schema ${options.schema}`);
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
      await client.query(options.setupSql);
      await client.query(`SET search_path TO ${options.schema}`);
      const head = await PostgresWriterSession.readHead(client);
      client.off('error', ignore);
      return new PostgresWriterSession(options, client, head);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** The connection, when it holds the writer lock; otherwise fails at once with the reason. */
  client(): pg.Client {
    const { state } = this;
    if (state.kind === 'ready') return state.client;
    if (state.kind === 'closed') throw new Error('the event log is closed');
    throw new StoreUnavailableError(`the event log cannot be written now: ${state.reason}`);
  }

  /** Whether `client` is still the session's live connection (a failed one is not rolled back). */
  holds(client: pg.Client): boolean {
    return this.state.kind === 'ready' && this.state.client === client;
  }

  /**
   * A statement on `client` failed. A query timeout leaves the connection in an unknown state (the
   * statement may still run): it is dropped and replaced. Other connection faults arrive as the
   * client's own events.
   */
  failed(client: pg.Client, error: unknown): void {
    if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) {
      this.lose(client, error);
      client.end().catch(() => undefined);
    }
  }

  /** The log now holds events up to `seq`, committed through this session. */
  committedUpTo(seq: number): void {
    this.head = Math.max(this.head, seq);
  }

  health(): StoreHealth {
    const { state } = this;
    if (state.kind === 'ready') return { writable: true };
    if (state.kind === 'closed')
      return { writable: false, state: 'closed', reason: 'the event log is closed' };
    return { writable: false, state: state.kind, reason: state.reason };
  }

  /** Stops reconnecting and closes the connection (which releases the lock). */
  async close(): Promise<void> {
    const { state } = this;
    this.state = { kind: 'closed' };
    clearTimeout(this.retryTimer);
    if (state.kind !== 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      state.client.end().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  private static newClient(options: PostgresWriterSessionOptions): pg.Client {
    return new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: options.queryTimeoutMs,
      keepAlive: true,
    });
  }

  private static async tryLock(client: pg.Client, schema: string): Promise<boolean> {
    const locked = await client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok',
      [WRITER_LOCK, schema],
    );
    return locked.rows[0]?.ok === true;
  }

  private static async readHead(client: pg.Client): Promise<number> {
    const result = await client.query<{ head: string }>(
      'SELECT coalesce(max(seq), 0)::text AS head FROM events',
    );
    return Number(result.rows[0]?.head ?? 0);
  }

  /** Every fault of a connection in use ends in 'error', 'end' or both: either means it is lost. */
  private watch(client: pg.Client): void {
    client.on('error', (error: Error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('the connection closed')));
  }

  private lose(client: pg.Client, error: Error): void {
    if (!this.holds(client)) return;
    const reason = `connection lost (${describe(error)})`;
    this.state = { kind: 'reconnecting', reason };
    this.options.log?.error('store_connection_lost', { error: describe(error) });
    this.scheduleReconnect(0);
  }

  private scheduleReconnect(delayMs: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.reconnect(), delayMs);
    this.retryTimer.unref();
  }

  private isClosed(): boolean {
    return this.state.kind === 'closed';
  }

  private retryLater(kind: 'reconnecting' | 'fenced', reason: string, logEvent: string, error: string): void {
    if (this.isClosed()) return;
    const changed = this.state.kind !== kind;
    this.state = { kind, reason };
    const delayMs = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs);
    // Fenced is logged once when it starts; a failed attempt each time, with the wait before the next.
    if (kind === 'reconnecting' || changed) {
      this.options.log?.warn(logEvent, { attempt: this.attempts, retry_in_ms: delayMs, error });
    }
    this.scheduleReconnect(delayMs);
  }

  private async reconnect(): Promise<void> {
    if (this.state.kind === 'closed' || this.state.kind === 'ready' || this.state.kind === 'diverged') return;
    this.attempts++;
    const client = PostgresWriterSession.newClient(this.options);
    const ignore = () => undefined;
    client.on('error', ignore);
    const drop = () => void client.end().catch(() => undefined);
    try {
      await client.connect();
      if (!(await PostgresWriterSession.tryLock(client, this.options.schema))) {
        drop();
        const reason = `another server holds the event log in schema ${this.options.schema}`;
        this.retryLater('fenced', reason, 'store_fenced', reason);
        return;
      }
      await client.query(`SET search_path TO ${this.options.schema}`);
      const head = await PostgresWriterSession.readHead(client);
      // close() may have run while this attempt waited for PostgreSQL.
      if (this.isClosed()) return drop();
      if (head !== this.head) {
        drop();
        const reason =
          `the log changed while this server was disconnected (last event ${head}, expected ${this.head}): ` +
          'restart the server to fold it again';
        this.state = { kind: 'diverged', reason };
        this.options.log?.error('store_diverged', { head, expected: this.head });
        return;
      }
    } catch (error) {
      drop();
      this.retryLater(
        'reconnecting',
        `cannot reconnect (${describe(error)})`,
        'store_reconnect_failed',
        describe(error),
      );
      return;
    }
    client.off('error', ignore);
    this.state = { kind: 'ready', client };
    this.watch(client);
    this.options.log?.info('store_reconnected', { attempts: this.attempts });
    this.attempts = 0;
    this.retryMs = this.options.firstRetryMs;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code)
    ? `${error.message} [${code}]`
    : error.message;
}
