/**
 * One simulator leader across tabs.
 *
 * Where there is no SharedWorker, every tab starts its own worker, but only one of them may run the
 * market and write the log. Leadership is an exclusive Web Lock: the tab whose lock callback is
 * running leads, and the lock is held for as long as the promise that callback returns is pending.
 * The browser queues the other tabs' requests and grants the next one when the leader releases or
 * its tab dies, so a standby tab takes over without any polling.
 */

/** The part of the Web Locks API used here; `navigator.locks` satisfies it. Injected so tests can fake it. */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export interface Leadership {
  /** Resolves to true once this contender leads, or to false if it was released before it could. */
  readonly leading: Promise<boolean>;
  /** Resolves once this contender no longer leads or waits: after `release()`, or if the lock was lost. */
  readonly ended: Promise<void>;
  /** Whether this contender leads right now. */
  isLeader(): boolean;
  /** Stops leading, or withdraws from the queue if not leading yet. Idempotent. */
  release(): void;
}

/** Queues for the exclusive lock `name` and leads once it is granted. */
export function acquireLeadership(name: string, locks: LockManagerLike): Leadership {
  const withdraw = new AbortController();
  let leader = false;
  let released = false;
  let letGo: () => void = () => {};
  let settleLeading: (leading: boolean) => void = () => {};

  const holdUntilReleased = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const leading = new Promise<boolean>((resolve) => {
    settleLeading = resolve;
  });

  const ended = locks
    .request(name, { mode: 'exclusive', signal: withdraw.signal }, async () => {
      // A grant that raced with release() is handed straight back.
      if (released) return;
      leader = true;
      settleLeading(true);
      await holdUntilReleased;
    })
    .then(
      () => undefined,
      // An AbortError after release() is the expected way out of the queue; any other rejection
      // (the lock was stolen, or the request failed) also means this contender does not lead.
      () => undefined,
    )
    .finally(() => {
      leader = false;
      settleLeading(false);
    });

  return {
    leading,
    ended,
    isLeader: () => leader,
    release: () => {
      if (released) return;
      released = true;
      // Aborting leaves the queue if still waiting and is ignored once granted; letGo ends a lead.
      withdraw.abort();
      letGo();
    },
  };
}
