/**
 * Whether a server's store can take writes now, as /healthz reports it. A store that is not
 * writable says why: `reconnecting` (the database is out of reach; it keeps trying), `fenced`
 * (another server holds the writer lock; writing beside it would make two writers), `diverged`
 * (the log changed while this server was away from it, so its state in memory is no longer the
 * fold of the log: only a restart, which folds the log again, makes it writable) or `closed`.
 */
export type StoreHealth =
  | { writable: true }
  | { writable: false; state: 'reconnecting' | 'fenced' | 'diverged' | 'closed'; reason: string };

/** An operation refused at once because the store cannot write now; the caller may retry later. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
