import { afterEach, describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { createApiClient } from '../../../src/api/client.ts';
import { createSimTransport, type SimPort } from '../../../src/api/transports/sim.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { runTabWorker, type RelayChannel } from '../../../src/sim/relay.ts';
import type { SimServerPort } from '../../../src/sim/serve-port.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator } from '../../../src/sim/simulator.ts';

/** Node has BroadcastChannel and MessageChannel: a real relay between "tabs" in one process. */
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

function deferred() {
  let resolve: (value: boolean) => void = () => {};
  const promise = new Promise<boolean>((done) => (resolve = done));
  return { promise, resolve };
}

function openTab(name: string, leading: Promise<boolean>, starts: string[]) {
  const channel = new BroadcastChannel(`relay-test-${name}`);
  const wire = new MessageChannel();
  closers.push(() => {
    channel.close();
    wire.port1.close();
  });
  runTabWorker({
    tab: wire.port2 as unknown as SimServerPort,
    channel: channel as unknown as RelayChannel,
    follower: `${Math.random()}`,
    leading,
    startServer: async () => {
      starts.push('start');
      const simulator = await createSimulator({ clock: new ManualClock(0), messages: loadServerMessages });
      return simulator.server;
    },
  });
  wire.port1.start();
  const api = createApiClient({
    transport: createSimTransport(wire.port1 as unknown as SimPort),
    getToken: () => null,
    getLang: () => 'en',
    notify: () => {},
    timeoutMs: 5000,
  });
  return api;
}

describe('tab workers without SharedWorker', () => {
  it('only the leader runs the exchange; a follower is served through it', async () => {
    const starts: string[] = [];
    const leader = openTab('a', Promise.resolve(true), starts);
    const follower = openTab('a', new Promise(() => {}), starts);
    const fromLeader = await leader.call('news/info', { id: 66 });
    const fromFollower = await follower.call('news/info', { id: 66 });
    expect(fromFollower).toEqual(fromLeader);
    expect(starts).toEqual(['start']);
  });

  it('requests made before leadership is known are served once the tab leads', async () => {
    const starts: string[] = [];
    const lock = deferred();
    const first = openTab('b', lock.promise, starts);
    const answer = first.call('news/categories', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    lock.resolve(true);
    expect((await answer).length).toBeGreaterThan(0);
    expect(starts).toEqual(['start']);
  });
});
