/** An event as the store sees it: it needs a type, and may carry its own simulated time. */
export interface DomainEvent {
  readonly type: string;
  /** Simulated ms since the epoch; stored in the log's `at` column when present. */
  readonly at?: number;
}

/**
 * The outcome of deciding a command: the events it causes and a reply, or a refusal. A decider that
 * applied its events to work them out (later fills see earlier ones) may hand over the state they led
 * to as `state`: it must be exactly what folding `events` with the aggregate's `evolve` onto the
 * decided state gives, and the store then keeps it rather than folding the events a second time.
 */
export type Decision<E, S = never> =
  { ok: true; events: E[]; reply?: unknown; state?: S } | { ok: false; error: string };

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
  decide(state: S, command: C): Decision<E, S>;
  evolve(state: S, event: E): S;
}
