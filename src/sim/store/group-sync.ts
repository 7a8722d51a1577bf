/**
 * Durability for many writes from one flush of the disk (group commit at the sync): a write that
 * asks for its sync gets one that began after the write, and every write that asks while a sync
 * is running shares the single sync started when that one ends. The sync itself runs off the event
 * loop (the thread pool's fdatasync), so the server keeps answering reads and feeding sockets while
 * the disk works, and a burst of commits costs one flush, not one each.
 *
 * A failed sync leaves the disk in an unknown state (what reached it, and what the kernel dropped,
 * cannot be told afterwards; PostgreSQL stops on a failed fsync for the same reason): every write
 * waiting for it fails, and so does every later one, until the server restarts and folds the log.
 */
export class GroupSync {
  /** The sync running now, if any. */
  private inFlight: Promise<void> | null = null;
  /** The sync that starts once `inFlight` ends, shared by the writes made while it runs. */
  private waiting: Promise<void> | null = null;
  private failure: Error | null = null;

  constructor(private readonly syncNow: () => Promise<void>) {}

  /** Resolves once a sync that began after this call completed; rejects if it (or any) failed. */
  afterWrite(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.inFlight === null) return this.begin();
    // The running sync may have begun before this write: it waits for the next one.
    this.waiting ??= this.inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.waiting = null;
        return this.begin();
      });
    return this.waiting;
  }

  /** Resolves once every write made so far is on disk (reads of what those writes stored wait for it). */
  async settled(): Promise<void> {
    if (this.failure) throw this.failure;
    await (this.waiting ?? this.inFlight);
  }

  /** The failure that stopped writing, if a sync failed. */
  failed(): Error | null {
    return this.failure;
  }

  private begin(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const run: Promise<void> = this.syncNow().then(
      () => {
        if (this.inFlight === run) this.inFlight = null;
      },
      (error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
        if (this.inFlight === run) this.inFlight = null;
        throw this.failure;
      },
    );
    this.inFlight = run;
    return run;
  }
}
