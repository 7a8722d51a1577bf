import { describe, expect, it } from 'vitest';
import { acquireLeadership, type LockManagerLike } from '../../../src/sim/leader.ts';

interface PendingRequest {
  callback: (lock: unknown) => Promise<void>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * An in-memory Web Locks manager with exclusive locks only: requests for a held name wait in FIFO
 * order, a lock is held until its callback's promise settles, and an aborted waiting request leaves
 * the queue with an AbortError, as in the browser.
 */
class FakeLockManager implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, PendingRequest[]>();

  request(
    name: string,
    options: { mode: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(new DOMException('aborted', 'AbortError'));
        return;
      }
      const request: PendingRequest = { callback, resolve, reject };
      const queue = this.queues.get(name) ?? [];
      queue.push(request);
      this.queues.set(name, queue);
      signal?.addEventListener('abort', () => {
        const index = queue.indexOf(request);
        if (index < 0) return; // already granted: the signal no longer matters
        queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.grantNext(name);
    });
  }

  waiting(name: string): number {
    return this.queues.get(name)?.length ?? 0;
  }

  private grantNext(name: string): void {
    if (this.held.has(name)) return;
    const next = this.queues.get(name)?.shift();
    if (!next) return;
    this.held.add(name);
    void Promise.resolve()
      .then(() => next.callback({ name, mode: 'exclusive' }))
      .then(next.resolve, next.reject)
      .finally(() => {
        this.held.delete(name);
        this.grantNext(name);
      });
  }
}

/** Lets every pending microtask and promise callback run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('acquireLeadership', () => {
  it('lets only one of two contenders lead, and the second leads after the first releases', async () => {
    const locks = new FakeLockManager();
    const first = acquireLeadership('tessera-sim', locks);
    const second = acquireLeadership('tessera-sim', locks);

    expect(await first.leading).toBe(true);
    await settle();
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);

    first.release();
    await first.ended;
    expect(first.isLeader()).toBe(false);
    expect(await second.leading).toBe(true);
    expect(second.isLeader()).toBe(true);

    second.release();
    await second.ended;
    expect(second.isLeader()).toBe(false);
  });

  it('hands leadership over in request order', async () => {
    const locks = new FakeLockManager();
    const contenders = [0, 1, 2].map(() => acquireLeadership('market', locks));
    for (const [index, contender] of contenders.entries()) {
      expect(await contender.leading).toBe(true);
      expect(contenders.map((other) => other.isLeader())).toEqual(contenders.map((_, i) => i === index));
      contender.release();
      await contender.ended;
    }
  });

  it('withdraws a waiting contender that releases before it leads', async () => {
    const locks = new FakeLockManager();
    const first = acquireLeadership('market', locks);
    const second = acquireLeadership('market', locks);
    const third = acquireLeadership('market', locks);
    await first.leading;

    second.release();
    expect(await second.leading).toBe(false);
    await second.ended;
    expect(locks.waiting('market')).toBe(1);

    first.release();
    expect(await third.leading).toBe(true);
    expect(second.isLeader()).toBe(false);
    third.release();
  });

  it('keeps different lock names independent', async () => {
    const locks = new FakeLockManager();
    const a = acquireLeadership('a', locks);
    const b = acquireLeadership('b', locks);
    expect(await a.leading).toBe(true);
    expect(await b.leading).toBe(true);
    a.release();
    b.release();
    await Promise.all([a.ended, b.ended]);
  });

  it('is idempotent on release', async () => {
    const locks = new FakeLockManager();
    const first = acquireLeadership('market', locks);
    await first.leading;
    first.release();
    first.release();
    await first.ended;
    const next = acquireLeadership('market', locks);
    expect(await next.leading).toBe(true);
    next.release();
  });

  it('stops leading when the lock manager fails the request', async () => {
    const failing: LockManagerLike = { request: () => Promise.reject(new Error('locks unavailable')) };
    const contender = acquireLeadership('market', failing);
    expect(await contender.leading).toBe(false);
    await contender.ended;
    expect(contender.isLeader()).toBe(false);
  });

  it('accepts the browser lock manager type', () => {
    // Compile-time check that navigator.locks fits the injected interface.
    const fromBrowser = (locks: LockManager): LockManagerLike => locks;
    expect(typeof fromBrowser).toBe('function');
  });
});
