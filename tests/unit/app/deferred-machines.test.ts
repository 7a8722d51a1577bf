import { describe, expect, it } from 'vitest';
import { NEVER } from 'rxjs';
import { createActor } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { deferWiredMachines, FIRST_FEATURES } from '../../../src/app/machines/deferred.ts';
import { wireFirstFeatures } from '../../../src/app/machines/first-features.ts';
import { wireMachines } from '../../../src/app/machines/index.ts';
import { deferred, machinesReady } from '../../../src/machines/deferred.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { createQueries } from '../../../src/streams/queries/index.ts';

/**
 * The app's machines load beside the first render: until they are in, reading a feature is an
 * error that names it (a view that did not wait for machinesReady()); once in, they are every
 * feature's machines, wired to the api and socket the composition root gave.
 */
describe('deferred machines', () => {
  const calls: string[] = [];
  const api = {
    call: (path: string) => {
      calls.push(path);
      return Promise.resolve({ speed: 7, now: 0 });
    },
  } as unknown as ApiClient;
  const socket = { channel: () => NEVER } as unknown as ChannelSource;
  const queries = createQueries(api, socket);

  it('refuses a feature before the load, then gives every feature of wireMachines', async () => {
    const machines = deferWiredMachines(api, socket, queries);
    expect(() => machines.trading).toThrow(/trading/);
    // What a promise check or a debugger reads is not a feature: no error for it.
    expect((machines as unknown as { then?: unknown }).then).toBeUndefined();

    await machinesReady();
    for (const feature of Object.keys(wireMachines(api, socket, queries)) as Array<keyof typeof machines>) {
      expect(machines[feature]).toBeTypeOf('object');
    }
  });

  it('wires the machines to the api it was given', async () => {
    const machines = deferWiredMachines(api, socket, queries);
    await machinesReady();
    const speed = createActor(machines.demo.simSpeed).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toContain('sim/speed');
    speed.stop();
  });

  it('machinesReady waits for every load started, not only the last', async () => {
    let release: (value: { a: number }) => void = () => undefined;
    const slow = deferred(() => new Promise<{ a: number }>((resolve) => (release = resolve)));
    deferred(() => Promise.resolve({ b: 2 }));
    let ready = false;
    const waiting = machinesReady().then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toBe(false);
    release({ a: 1 });
    await waiting;
    expect(slow.a).toBe(1);
  });

  it("gives the trading screens' features first, and the same ones in the whole", async () => {
    const machines = deferWiredMachines(api, socket, queries);
    await machinesReady(FIRST_FEATURES);
    const early = { trading: machines.trading, alerts: machines.alerts };
    expect(early.trading.spot).toBeDefined();
    await machinesReady();
    expect(machines.trading).toBe(early.trading);
    expect(machines.alerts).toBe(early.alerts);
  });

  it('names as first exactly the features first-features.ts wires', () => {
    const wired = Object.keys(wireFirstFeatures(api, socket, queries, NEVER)).filter(
      (key) => key !== 'actors',
    );
    expect([...FIRST_FEATURES].sort()).toEqual(wired.sort());
  });
});
