/** An event as the store sees it: it needs a type, and may carry its own simulated time. */
export interface DomainEvent {
  readonly type: string;
  /** Simulated ms since the epoch; stored in the log's `at` column when present. */
  readonly at?: number;
}

/** The outcome of deciding a command: the events it causes and a reply, or a refusal. */
export type Decision<E> = { ok: true; events: E[]; reply?: unknown } | { ok: false; error: string };

/**
 * An event-sourced aggregate: pure functions only.
 *
 * `decide` and `evolve` must not mutate the state they receive (return a new one). The store computes
 * the next state before the write and keeps the old one if the write fails, which only works if the
 * old one is untouched. They must also be deterministic: no clock, no Math.random (time and random
 * draws come in through commands or state), so folding the log always rebuilds the same state.
 */
export interface Aggregate<S, C, E extends DomainEvent> {
  initial(): S;
  decide(state: S, command: C): Decision<E>;
  evolve(state: S, event: E): S;
}
