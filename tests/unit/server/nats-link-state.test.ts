import { describe, expect, it } from 'vitest';
import { NatsLinkState, type LinkStatusEvent } from '../../../src/sim/node/nats-link-state.ts';

/** A status stream the test pushes into, as the NATS client's `status()` iterator. */
function statuses() {
  const queue: LinkStatusEvent[] = [];
  let wake: (() => void) | null = null;
  const stream: AsyncIterable<LinkStatusEvent> = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        await new Promise<void>((done) => (wake = done));
      }
    },
  };
  return {
    stream,
    async push(type: string) {
      queue.push({ type });
      wake?.();
      // Lets the state's loop read it.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    },
  };
}

describe('NatsLinkState', () => {
  it('is down from a disconnect until the reconnect, telling its listeners each change once', async () => {
    const feed = statuses();
    const link = new NatsLinkState(feed.stream);
    const changes: boolean[] = [];
    link.onChange((up) => changes.push(up));
    expect(link.isUp()).toBe(true);
    await feed.push('ping');
    await feed.push('disconnect');
    expect(link.isUp()).toBe(false);
    await feed.push('reconnecting');
    await feed.push('disconnect');
    expect(link.isUp()).toBe(false);
    await feed.push('reconnect');
    expect(link.isUp()).toBe(true);
    await feed.push('staleConnection');
    expect(link.isUp()).toBe(false);
    expect(changes).toEqual([false, true, false]);
  });

  it('tells a waiter the link is back, or that it was not within its time', async () => {
    const feed = statuses();
    const link = new NatsLinkState(feed.stream);
    expect(await link.back(0)).toBe(true);
    await feed.push('disconnect');
    expect(await link.back(20)).toBe(false);
    const waiting = link.back(5_000);
    await feed.push('reconnect');
    expect(await waiting).toBe(true);
  });

  it('stays down after the connection closed', async () => {
    const feed = statuses();
    const link = new NatsLinkState(feed.stream);
    await feed.push('close');
    await feed.push('reconnect');
    expect(link.isUp()).toBe(false);
  });
});
