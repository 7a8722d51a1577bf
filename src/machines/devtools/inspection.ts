import type { AnyActor, AnyMachineSnapshot, InspectionEvent, Snapshot } from 'xstate';
import { Ring } from './history.ts';

/**
 * The one inspection bus of the app. Its `inspect` function is given to every root actor the app
 * and its views create (XState's `inspect` option); children inherit it through the actor system,
 * so every machine shows up with no change to it. The bus keeps:
 * - every actor that started, live or stopped (a bounded list: the oldest stopped ones fall out);
 *   an actor created but never started (a render React threw away creates its machine, and a
 *   suspended lazy page does that) is not listed, and the oldest such fall out too, and
 * - while recording is on, each actor's last snapshots with the event that made them (a ring
 *   buffer per actor, so memory stays bounded however long the page runs).
 * It never touches the network and does nothing visible until the inspector is opened.
 */
export interface ActorRecord {
  /** Sequence number across the whole bus (the event's order). */
  seq: number;
  /**
   * When it happened on the exchange's clock (ms since the epoch): simulated time on the simulator,
   * the wall clock on a real server; null while the simulated time is not yet known.
   */
  at: number | null;
  event: { type: string } & Record<string, unknown>;
  before: Snapshot<unknown> | undefined;
  after: Snapshot<unknown>;
}

export interface ActorEntry {
  ref: AnyActor;
  sessionId: string;
  id: string;
  /** The machine's id, or the kind of logic for other actors (promise, callback, observable). */
  name: string;
  isMachine: boolean;
  parent: string | null;
  /** Whether it has started (its first snapshot came); one that never does is not listed. */
  started: boolean;
  alive: boolean;
  history: Ring<ActorRecord>;
}

export const HISTORY_PER_ACTOR = 150;
const MAX_STOPPED = 60;
/** Actors created and not (yet) started: kept only so a later start finds its entry. */
const MAX_UNSTARTED = 200;
/** Records waiting for the clock: bounded like everything the bus keeps. */
const MAX_PENDING = 2_000;

export function isMachineSnapshot(snapshot: Snapshot<unknown> | undefined): snapshot is AnyMachineSnapshot {
  return !!snapshot && typeof snapshot === 'object' && 'value' in snapshot && 'machine' in snapshot;
}

function logicName(ref: AnyActor): { name: string; isMachine: boolean } {
  const logic = ref.logic as { root?: unknown; id?: unknown };
  if (logic && typeof logic === 'object' && 'root' in logic && typeof logic.id === 'string') {
    return { name: logic.id, isMachine: true };
  }
  // Promise, callback and observable logic has no name of its own: the name it was invoked by.
  return { name: typeof ref.src === 'string' ? ref.src : 'actor', isMachine: false };
}

export class InspectionBus {
  private readonly entries = new Map<string, ActorEntry>();
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private recording = false;
  /** Records stamped before the clock was known, with the wall time they happened at. */
  private pending: Array<{ record: ActorRecord; wall: number }> = [];
  /** Bumped on every change the views may want to show. */
  version = 0;

  constructor(
    private readonly clock: () => number | null = () => null,
    private readonly historySize = HISTORY_PER_ACTOR,
    /** The wall clock, for records stamped before `clock` knows the time (see resolvePending). */
    private readonly wall: () => number = () => 0,
  ) {}

  /**
   * Gives the records stamped before the exchange's clock was known (the first SIM_CLOCK push
   * comes a moment after the inspector opens) their time, now that `timeAt` maps a wall time to it.
   */
  resolvePending(timeAt: (wall: number) => number | null): void {
    if (this.pending.length === 0) return;
    const still: Array<{ record: ActorRecord; wall: number }> = [];
    for (const item of this.pending) {
      item.record.at = timeAt(item.wall);
      if (item.record.at === null) still.push(item);
    }
    this.pending = still.slice(-MAX_PENDING);
    this.changed();
  }

  private stamped(record: ActorRecord): ActorRecord {
    if (record.at === null) {
      this.pending.push({ record, wall: this.wall() });
      if (this.pending.length > MAX_PENDING) this.pending.shift();
    }
    return record;
  }

  /** Give this to `createActor(logic, { inspect })` of every root actor. */
  readonly inspect = (event: InspectionEvent): void => {
    switch (event.type) {
      case '@xstate.actor':
        this.register(event.actorRef as AnyActor);
        break;
      case '@xstate.snapshot': {
        const entry = this.entries.get(event.actorRef.sessionId) ?? this.register(event.actorRef as AnyActor);
        const snapshot = event.snapshot as Snapshot<unknown>;
        // XState sends every actor's first snapshot when it starts (the init event).
        entry.started = true;
        if (this.recording) {
          const previous = entry.history.at(entry.history.length - 1)?.after;
          entry.history.push(
            this.stamped({
              seq: this.seq++,
              at: this.clock(),
              event: event.event as ActorRecord['event'],
              before: previous,
              after: snapshot,
            }),
          );
        }
        if (snapshot.status !== 'active') this.stopped(entry);
        this.changed();
        break;
      }
      default:
        break;
    }
  };

  private register(ref: AnyActor): ActorEntry {
    const known = this.entries.get(ref.sessionId);
    if (known) return known;
    const { name, isMachine } = logicName(ref);
    const entry: ActorEntry = {
      ref,
      sessionId: ref.sessionId,
      id: ref.id,
      name,
      isMachine,
      parent: ref._parent?.sessionId ?? null,
      started: false,
      alive: true,
      history: new Ring(this.historySize),
    };
    this.entries.set(ref.sessionId, entry);
    const unstarted = [...this.entries.values()].filter((candidate) => !candidate.started);
    for (const old of unstarted.slice(0, Math.max(0, unstarted.length - MAX_UNSTARTED))) {
      this.entries.delete(old.sessionId);
    }
    if (this.recording) this.seed(entry);
    this.changed();
    return entry;
  }

  private stopped(entry: ActorEntry): void {
    if (!entry.alive) return;
    entry.alive = false;
    const stopped = [...this.entries.values()].filter((candidate) => !candidate.alive);
    for (const old of stopped.slice(0, Math.max(0, stopped.length - MAX_STOPPED))) {
      this.entries.delete(old.sessionId);
    }
  }

  /** The first record of an actor seen before recording started: its snapshot as it is now. */
  private seed(entry: ActorEntry): void {
    if (entry.history.length > 0) return;
    let snapshot: Snapshot<unknown>;
    try {
      snapshot = entry.ref.getSnapshot() as Snapshot<unknown>;
    } catch {
      return;
    }
    if (!snapshot) return;
    entry.history.push(
      this.stamped({
        seq: this.seq++,
        at: this.clock(),
        event: { type: '(current)' },
        before: undefined,
        after: snapshot,
      }),
    );
  }

  /** Start or stop recording snapshots (the inspector turns it on when it opens). */
  setRecording(on: boolean): void {
    if (on === this.recording) return;
    this.recording = on;
    if (on) for (const entry of this.entries.values()) if (entry.alive) this.seed(entry);
    this.changed();
  }

  get isRecording(): boolean {
    return this.recording;
  }

  /**
   * Every actor that started, roots first then their children, each in the order they started;
   * with `{ stopped: false }` only the live ones. A screen's requests are short-lived children (a
   * fetch actor per call), so the stopped ones soon outnumber the live ones many times over.
   */
  actors({ stopped = true }: { stopped?: boolean } = {}): ActorEntry[] {
    const all = [...this.entries.values()].filter((entry) => entry.started && (stopped || entry.alive));
    const listed = new Set(all.map((entry) => entry.sessionId));
    const byParent = new Map<string | null, ActorEntry[]>();
    for (const entry of all) {
      const parent = entry.parent && listed.has(entry.parent) ? entry.parent : null;
      byParent.set(parent, [...(byParent.get(parent) ?? []), entry]);
    }
    const ordered: ActorEntry[] = [];
    const visit = (parent: string | null) => {
      for (const entry of byParent.get(parent) ?? []) {
        ordered.push(entry);
        visit(entry.sessionId);
      }
    };
    visit(null);
    return ordered;
  }

  /** How many stopped actors the bus still keeps (at most MAX_STOPPED: the oldest fall out). */
  stoppedCount(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.started && !entry.alive) count++;
    return count;
  }

  actor(sessionId: string): ActorEntry | undefined {
    return this.entries.get(sessionId);
  }

  /** How deep an actor sits under its root (0 for a root). */
  depth(sessionId: string): number {
    let depth = 0;
    let parent = this.entries.get(sessionId)?.parent ?? null;
    while (parent && this.entries.has(parent) && depth < 20) {
      depth++;
      parent = this.entries.get(parent)?.parent ?? null;
    }
    return depth;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
