import pg from 'pg';
import type { EventRow, SnapshotRow } from './database.ts';
import type { StreamHistory } from './event-store.ts';
import type { StoreLog } from './postgres-writer-session.ts';

export interface PostgresLogFollowerOptions {
  /** A PostgreSQL connection string (DATABASE_URL). */
  url: string;
  /** The schema whose log is followed; already checked to be a plain identifier. */
  schema: string;
  /** How often the log is read for what was stored since the last read. */
  everyMs: number;
  log?: StoreLog;
}

/** At most this many events per read: a long log is caught up in several reads, not one huge answer. */
const READ_LIMIT = 10_000;

interface RawEvent {
  seq: string;
  stream: string;
  type: string;
  at: number;
  data: string;
}

interface StreamTail {
  snapshot: SnapshotRow | undefined;
  /** The stream's events after its snapshot, in log order. */
  events: EventRow[];
}

/**
 * The hot standby core's view of the leader's log (DESIGN.md "Past one machine"): while another
 * core holds the log's writer lock, a connection of its own (read only: it never writes, so the
 * lock stays the only fence) reads every `everyMs` the events stored after the last one it read, and
 * the snapshots that changed. Each stream's latest snapshot and the events after it are kept, so
 * when the standby takes the lock over it reads only the few events since its last read
 * (`catchUp`) and opens the exchange from what it followed, where a cold standby read the whole
 * log from PostgreSQL at takeover.
 */
export class PostgresLogFollower {
  private readonly streams = new Map<string, StreamTail>();
  /** The last event seq read. */
  private followed = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The read running now, if one is: reads never overlap. */
  private reading: Promise<void> | null = null;
  /** Set once catching up or closed: no more reads are scheduled. */
  private stopped = false;

  private constructor(
    private readonly options: PostgresLogFollowerOptions,
    private readonly client: pg.Client,
  ) {}

  /** Connects (read only), reads the log as it stands, then follows it every `everyMs`. */
  static async open(options: PostgresLogFollowerOptions): Promise<PostgresLogFollower> {
    const client = new pg.Client({ connectionString: options.url, keepAlive: true });
    // A lost connection is noticed by the next read, which fails and is tried again at the next tick.
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
      await client.query(`SET search_path TO ${options.schema}`);
      const follower = new PostgresLogFollower(options, client);
      // A schema no core created yet has no tables: there is nothing to follow until it does.
      await follower.read().catch(() => undefined);
      follower.schedule();
      return follower;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** The seq of the last event read. */
  seq(): number {
    return this.followed;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.readOnce()
        .catch((error: unknown) =>
          this.options.log?.warn('standby_read_failed', {
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => this.schedule());
    }, this.options.everyMs);
    this.timer.unref();
  }

  private readOnce(): Promise<void> {
    if (this.reading) return this.reading;
    this.reading = this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /** Reads the snapshots that changed and the events after the last one read, until none is left. */
  private async read(): Promise<void> {
    const snapshots = await this.client.query<{ name: string; seq: string }>(
      'SELECT name, seq FROM snapshots',
    );
    for (const row of snapshots.rows) {
      const seq = Number(row.seq);
      if (this.streams.get(row.name)?.snapshot?.seq === seq) continue;
      const found = await this.client.query<{ seq: string; state: string }>(
        'SELECT seq, state FROM snapshots WHERE name = $1',
        [row.name],
      );
      const latest = found.rows[0];
      if (latest) this.takeSnapshot({ name: row.name, seq: Number(latest.seq), state: latest.state });
    }
    for (;;) {
      const result = await this.client.query<RawEvent>(
        `SELECT seq, stream, type, at, data FROM events WHERE seq > $1 ORDER BY seq LIMIT ${READ_LIMIT}`,
        [this.followed],
      );
      for (const raw of result.rows) this.takeEvent({ ...raw, seq: Number(raw.seq), at: Number(raw.at) });
      if (result.rows.length < READ_LIMIT) return;
    }
  }

  private tail(stream: string): StreamTail {
    let tail = this.streams.get(stream);
    if (!tail) this.streams.set(stream, (tail = { snapshot: undefined, events: [] }));
    return tail;
  }

  private takeSnapshot(snapshot: SnapshotRow): void {
    const tail = this.tail(snapshot.name);
    // An older snapshot stored after a newer one (a slow background write) holds less: the newer stands.
    if (tail.snapshot && snapshot.seq < tail.snapshot.seq) return;
    tail.snapshot = snapshot;
    // The events the snapshot holds are not folded again.
    tail.events = tail.events.filter((event) => event.seq > snapshot.seq);
  }

  private takeEvent(event: EventRow): void {
    this.followed = event.seq;
    const tail = this.tail(event.stream);
    // A snapshot read before its events were: they are in it already.
    if (tail.snapshot && event.seq <= tail.snapshot.seq) return;
    tail.events.push(event);
  }

  /**
   * Reads what was stored since the last read, once this core holds the writer lock (no one else
   * writes now, so what it then holds is the whole log); resolves to the seq it reached.
   */
  async catchUp(): Promise<number> {
    // The writer now: nothing more to follow after this read.
    this.stopped = true;
    clearTimeout(this.timer);
    // A read that started before the lock was taken may have missed the last events.
    await this.reading?.catch(() => undefined);
    await this.readOnce();
    return this.followed;
  }

  /** A stream's latest snapshot and the events after it, as followed (the store's readHistory). */
  history(stream: string): StreamHistory {
    const tail = this.streams.get(stream);
    return { snapshot: tail?.snapshot, events: tail ? [...tail.events] : [] };
  }

  /** Stops following and closes the connection (the exchange then reads its own store). */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.reading?.catch(() => undefined);
    this.streams.clear();
    await this.client.end().catch(() => undefined);
  }
}
