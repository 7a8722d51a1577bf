import { BehaviorSubject, NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { wireMachines } from '../../../src/app/machines/index.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { createQueries } from '../../../src/streams/queries/index.ts';

/**
 * The trading screens hear the session sign in and out through an actor wired in src/app (no page
 * forwards it): signed out they are anonymous; signing in takes them live, signing out back.
 */
function wired() {
  const api = { call: () => new Promise(() => undefined) } as unknown as ApiClient;
  const socket = { channel: () => NEVER } as unknown as ChannelSource;
  const signedIn$ = new BehaviorSubject(false);
  return { machines: wireMachines(api, socket, createQueries(api, socket), signedIn$), signedIn$ };
}

describe('the session as the trading screens hear it', () => {
  it('takes the spot, lever and micro screens live when it signs in, and anonymous when it signs out', () => {
    const { machines, signedIn$ } = wired();
    const screens = [
      createActor(machines.trading.spot, {
        input: {
          pair: { matchId: 1, baseCurrencyId: 2, quoteCurrencyId: 1, priceDecimals: 2 },
          signedIn: false,
        },
      }),
      createActor(machines.trading.lever, {
        input: { pair: { matchId: 1, quoteCurrencyId: 1, priceDecimals: 2 }, signedIn: false },
      }),
      createActor(machines.trading.micro, { input: { matchId: 1, signedIn: false } }),
    ].map((actor) => actor.start());
    const states = () => screens.map((screen) => screen.getSnapshot().matches('live'));
    expect(states()).toEqual([false, false, false]);
    signedIn$.next(true);
    expect(states()).toEqual([true, true, true]);
    signedIn$.next(false);
    expect(states()).toEqual([false, false, false]);
    screens.forEach((screen) => screen.stop());
  });
});
