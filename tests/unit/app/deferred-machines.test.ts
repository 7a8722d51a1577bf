import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { actorsReady, deferActors } from '../../../src/machines/actors/deferred.ts';
import { createActors } from '../../../src/machines/actors/index.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';

/**
 * The features' actors load beside the first render (issue 19): until they are in, reading one is
 * an error that names it (a view that did not wait for actorsReady()); once in, they are every
 * feature's actors, built on the api and socket the composition root gave.
 */
describe('deferred actors', () => {
  const calls: string[] = [];
  const api = {
    call: (path: string) => {
      calls.push(path);
      return Promise.resolve({ speed: 7 });
    },
  } as unknown as ApiClient;
  const socket = {} as ChannelSource;

  it('refuses a feature before the load, then gives every feature of createActors', async () => {
    const actors = deferActors(api, socket);
    expect(() => actors.lever).toThrow(/lever/);
    // What a promise check or a debugger reads is not a feature: no error for it.
    expect((actors as unknown as { then?: unknown }).then).toBeUndefined();

    await actorsReady();
    for (const feature of Object.keys(createActors(api, socket)) as Array<keyof typeof actors>) {
      expect(actors[feature]).toBeTypeOf('object');
    }
  });

  it('builds the actors on the api it was given', async () => {
    const actors = deferActors(api, socket);
    await actorsReady();
    const { createActor, toPromise } = await import('xstate');
    const speed = await toPromise(createActor(actors.sim.speed.loadSpeed).start());
    expect(speed).toBe(7);
    expect(calls).toContain('sim/speed');
  });
});
