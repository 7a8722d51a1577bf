import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  connectionNews$,
  connectionState$,
  isReachable,
  type ConnectionState,
} from '../../../src/streams/connection-state.ts';
import type { SocketLink } from '../../../src/streams/socket.ts';

function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const links: Record<string, SocketLink> = {
  c: { state: 'connecting' },
  o: { state: 'open' },
  w: { state: 'waiting', retryAt: 3_100, failures: 1 },
  v: { state: 'waiting', retryAt: 5_100, failures: 2 },
};

describe('connection state', () => {
  it('reads connecting, live, then a reconnect countdown, then offline after a failed retry', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      // Open at 10, dropped at 100 (next try at 3 100), the try at 3 100 fails at 3 200 (next
      // at 5 100), and the socket is open again at 7 200.
      const link$ = cold('c 9ms o 89ms w 2999ms c 99ms v 3999ms o', links);
      expectObservable(connectionState$(link$, scheduler)).toBe(
        'c 9ms o 89ms a 999ms b 999ms d 999ms r 99ms f 999ms g 999ms h 1999ms o',
        {
          c: { kind: 'connecting' },
          o: { kind: 'live' },
          a: { kind: 'reconnecting', secondsLeft: 3 },
          b: { kind: 'reconnecting', secondsLeft: 2 },
          d: { kind: 'reconnecting', secondsLeft: 1 },
          r: { kind: 'reconnecting', secondsLeft: null },
          f: { kind: 'offline', secondsLeft: 2 },
          g: { kind: 'offline', secondsLeft: 1 },
          h: { kind: 'offline', secondsLeft: 0 },
        },
      );
    });
  });

  it('lets calls go out only while live or connecting for the first time', () => {
    expect(isReachable({ kind: 'live' })).toBe(true);
    expect(isReachable({ kind: 'connecting' })).toBe(true);
    expect(isReachable({ kind: 'reconnecting', secondsLeft: 3 })).toBe(false);
    expect(isReachable({ kind: 'offline', secondsLeft: null })).toBe(false);
  });
});

describe('connection news', () => {
  it('announces a drop, offline, and the way back, never a first connect or each second', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const states = {
        c: { kind: 'connecting' },
        l: { kind: 'live' },
        r: { kind: 'reconnecting', secondsLeft: 3 },
        s: { kind: 'reconnecting', secondsLeft: 2 },
        o: { kind: 'offline', secondsLeft: 9 },
      } as const;
      const state$ = cold<ConnectionState>('c l r s o c l r l', states);
      expectObservable(connectionNews$(state$)).toBe('n - r - o - b r b', {
        n: null,
        r: 'reconnecting',
        o: 'offline',
        b: 'back',
      });
    });
  });
});
