import type { Clock } from '../clock.ts';
import type { Aggregate, DomainEvent } from './aggregate.ts';
import type { EventLog } from './event-log.ts';
import type { NewEvent, RequestAnswer } from './event-store.ts';
import { SerialQueue } from './serial-queue.ts';
import {
  deserialize as defaultDeserialize,
  serialize as defaultSerialize,
  serializeInSlices,
} from './serialization.ts';

export interface EventSourcedOptions {
  /** The log stream (and snapshot name) of this aggregate; defaults to "main". */
  stream?: string;
  /**
   * Store a snapshot in the same transaction once this many events followed the last one (or more
   * for a big state: see SNAPSHOT_CHARS_PER_EVENT).
   */
  snapshotEvery?: number;
  /** Encoder for events and snapshots; defaults to tagged JSON (bigint and Map safe). */
  serialize?: (value: unknown) => string;
  deserialize?: (text: string) => unknown;
  /** Source of the log's `at` column for events that carry no `at` of their own. */
  clock?: Clock;
}

/**
 * The request a command runs for (exactly once, DESIGN.md): its scoped id, and its answer worked out
 * from the state the command leads to, stored with the command's events in one commit.
 */
export interface CommandRequest<S> {
  id: string;
  answer: (next: S, reply: unknown) => unknown;
  /**
   * Told the answer once it is on file (its commit succeeded), so the caller gets exactly what a
   * retry of the request will get from the log, not an answer worked out a second time later.
   */
  stored?: (answer: unknown) => void;
}

export type ExecuteResult<E> =
  { ok: true; reply?: unknown; seq: number; events: readonly E[] } | { ok: false; error: string };

const DEFAULT_STREAM = 'main';
const DEFAULT_SNAPSHOT_EVERY = 500;
/**
 * A snapshot waits for at least one event per this many characters of the last one. Encoding a
 * snapshot costs as much as the state is big, and the state grows with uptime (every order ever
 * placed): at a fixed 500 events, a server with 20,000 orders spent 50 ms encoding one every few
 * tenths of a second. Spaced by size, a snapshot costs each event about the same however big the
 * state. At one event per 1,000 characters, snapshots were still about half of the time commands
 * spent committing under bench:server (encoding 4 %, writing them 3 % of the server's busy time);
 * at 400, a restart of a 20 MB state folds up to 50,000 events after its snapshot, about a second.
 */
export const SNAPSHOT_CHARS_PER_EVENT = 400;

/**
 * A state whose last snapshot was at least this long is encoded for its next one in slices beside
 * the commands (encodeInSlices), and stored in a write of its own: encoded at once, a 2 MB state
 * held every request for 20-40 ms under bench:server, the largest stalls of its event loop. A
 * smaller state is encoded in the commit that makes it due, as before.
 */
export const BACKGROUND_SNAPSHOT_CHARS = 256 * 1024;
/** How long a slice of a background snapshot runs before it lets the event loop serve others. */
const SNAPSHOT_SLICE_MS = 4;

/**
 * An aggregate whose accepted commands are durable before they are visible.
 *
 * `execute` decides on the current state and appends the resulting events (plus a snapshot when one
 * is due) in one transaction; the in-memory state moves only after that transaction committed, so a
 * failed write leaves both the log and the state as they were. Commands run strictly one after the
 * other. The instance assumes it is the only writer of its stream (the leader tab or the worker).
 */
export class EventSourced<S, C, E extends DomainEvent> {
  private readonly queue = new SerialQueue();
  private current: S;
  private lastSeq: number;
  private eventsSinceSnapshot: number;
  /** Events due between snapshots now: `snapshotEvery`, or more once the state has grown. */
  private snapshotSpacing: number;
  /** The length of the last snapshot stored (or read at start). */
  private snapshotChars: number;
  /** The snapshot being encoded in slices and stored, if one is. */
  private background: Promise<void> | null = null;

  private constructor(
    private readonly store: EventLog,
    private readonly aggregate: Aggregate<S, C, E>,
    private readonly stream: string,
    private readonly snapshotEvery: number,
    private readonly encode: (value: unknown) => string,
    private readonly decode: (text: string) => unknown,
    private readonly clock: Clock | undefined,
    restored: { state: S; seq: number; eventsSinceSnapshot: number; snapshotChars: number },
  ) {
    this.current = restored.state;
    this.lastSeq = restored.seq;
    this.eventsSinceSnapshot = restored.eventsSinceSnapshot;
    this.snapshotChars = restored.snapshotChars;
    this.snapshotSpacing = this.spacingAfter(restored.snapshotChars);
  }

  private spacingAfter(snapshotChars: number): number {
    return Math.max(this.snapshotEvery, Math.ceil(snapshotChars / SNAPSHOT_CHARS_PER_EVENT));
  }

  private snapshotStored(chars: number): void {
    this.snapshotChars = chars;
    this.snapshotSpacing = this.spacingAfter(chars);
  }

  /** A big state (its last snapshot was) with the default encoder, which can encode in slices. */
  private snapshotsInBackground(): boolean {
    return this.encode === defaultSerialize && this.snapshotChars >= BACKGROUND_SNAPSHOT_CHARS;
  }

  /**
   * Encodes `state` (as of `seq`) in slices and stores it as the stream's snapshot. One at a time:
   * the commands meanwhile count towards the next. The state never changes (states are persistent
   * values), so the text is the state as of `seq`; a restart folds the events after it. A failed
   * write is not a fault: the snapshot only shortens a restart, and the next one is tried later.
   */
  private snapshotInBackground(state: S, seq: number): void {
    if (this.background) return;
    this.eventsSinceSnapshot = 0;
    this.background = encodeInSlices(state)
      .then(async (text) => {
        await this.store.writeSnapshot(this.stream, seq, text);
        this.snapshotStored(text.length);
      })
      .catch(() => undefined)
      .finally(() => {
        this.background = null;
      });
  }

  /** Rebuilds the state from the stream's latest snapshot and the events stored after it. */
  static async open<S, C, E extends DomainEvent>(
    store: EventLog,
    aggregate: Aggregate<S, C, E>,
    options: EventSourcedOptions = {},
  ): Promise<EventSourced<S, C, E>> {
    const stream = options.stream ?? DEFAULT_STREAM;
    const snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    if (!(snapshotEvery >= 1) || !(Number.isInteger(snapshotEvery) || snapshotEvery === Infinity)) {
      throw new RangeError(`snapshotEvery must be a positive integer or Infinity, got ${snapshotEvery}`);
    }
    const encode = options.serialize ?? defaultSerialize;
    const decode = options.deserialize ?? defaultDeserialize;

    const history = await store.readHistory(stream);
    // The log is written only by this class with the same encoder, so decoded values are trusted.
    let state = history.snapshot ? (decode(history.snapshot.state) as S) : aggregate.initial();
    let seq = history.snapshot?.seq ?? 0;
    for (const row of history.events) {
      state = aggregate.evolve(state, decode(row.data) as E);
      seq = row.seq;
    }
    return new EventSourced(store, aggregate, stream, snapshotEvery, encode, decode, options.clock, {
      state,
      seq,
      eventsSinceSnapshot: history.events.length,
      snapshotChars: history.snapshot?.state.length ?? 0,
    });
  }

  /** The state as of the last committed command. Treat it as read-only. */
  state(): S {
    return this.current;
  }

  /** The seq of the last event folded into `state()` (0 for an empty stream). */
  seq(): number {
    return this.lastSeq;
  }

  /**
   * Decides, stores and applies one command; see the class comment for the guarantees. With a
   * `request`, the request's answer is stored in the same commit as the events.
   */
  execute(command: C, request?: CommandRequest<S>): Promise<ExecuteResult<E>> {
    return this.queue.run(() => this.executeNow(command, request));
  }

  /** Stores a snapshot of the current state now, after any commands already queued. */
  snapshotNow(): Promise<void> {
    return this.queue.run(async () => {
      const snapshot = this.encode(this.current);
      await this.store.writeSnapshot(this.stream, this.lastSeq, snapshot);
      this.eventsSinceSnapshot = 0;
      this.snapshotStored(snapshot.length);
    });
  }

  /** Resolves once every command queued so far has finished, and a snapshot being stored is. */
  async idle(): Promise<void> {
    await this.queue.idle();
    await this.background;
  }

  private async executeNow(command: C, request?: CommandRequest<S>): Promise<ExecuteResult<E>> {
    let events: E[];
    let reply: unknown;
    let next: S;
    let rows: NewEvent[];
    let snapshotState: string | undefined;
    let snapshotDue = false;
    let answer: RequestAnswer | undefined;
    let answerValue: unknown;
    try {
      const decision = this.aggregate.decide(this.current, command);
      if (!decision.ok) return { ok: false, error: decision.error };
      ({ events, reply } = decision);
      if (events.length === 0) return { ok: true, reply, seq: this.lastSeq, events };
      // The state the decision worked out by applying its events, if it handed it over (equal to
      // folding them again, see Decision); the store's own fold otherwise.
      next =
        decision.state ?? events.reduce((state, event) => this.aggregate.evolve(state, event), this.current);
      rows = events.map((event) => ({ type: event.type, at: this.timeOf(event), data: this.encode(event) }));
      snapshotDue =
        this.store.volatile !== true && this.eventsSinceSnapshot + events.length >= this.snapshotSpacing;
      if (snapshotDue && !this.snapshotsInBackground()) snapshotState = this.encode(next);
      if (request) {
        const at = this.timeOf(events[events.length - 1]!);
        answerValue = request.answer(next, reply);
        answer = { id: request.id, at, answer: JSON.stringify(answerValue) };
      }
    } catch (error) {
      // A throwing decide/evolve/encoder is a bug in the aggregate; refuse the command, keep serving.
      return { ok: false, error: describeError(error) };
    }

    let seq: number;
    try {
      seq = await this.store.commit(this.stream, rows, snapshotState, answer);
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
    this.current = next;
    this.lastSeq = seq;
    if (answer) request?.stored?.(answerValue);
    if (snapshotState === undefined) {
      this.eventsSinceSnapshot += events.length;
      if (snapshotDue) this.snapshotInBackground(next, seq);
    } else {
      this.eventsSinceSnapshot = 0;
      this.snapshotStored(snapshotState.length);
    }
    return { ok: true, reply, seq, events };
  }

  private timeOf(event: E): number {
    return event.at ?? this.clock?.now() ?? 0;
  }
}

/** `serialize(value)`, encoded a slice of at most about SNAPSHOT_SLICE_MS at a time. */
export async function encodeInSlices(value: unknown): Promise<string> {
  const slices = serializeInSlices(value);
  let sliceStart = performance.now();
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart < SNAPSHOT_SLICE_MS) continue;
    await new Promise((resolve) => setTimeout(resolve, 0));
    sliceStart = performance.now();
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  return String(error);
}
