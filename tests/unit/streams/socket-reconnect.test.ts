import { map, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createSocketConnection, type SocketLink } from '../../../src/streams/socket.ts';
import { createFakeServer } from './fake-socket.ts';

/**
 * What a screen needs to resync after a drop (DESIGN.md "Live data says how live it is"): a
 * `reconnected$` that fires once per reopen after a drop, after the subs went out, and never for a
 * first open or the fresh socket of a logout; and a `link$` that says when the next try is due.
 */
function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('socket connection: reconnects', () => {
  it('emits reconnected$ once per reopen after a drop, not on the first open', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    scheduler.run(({ expectObservable }) => {
      const connection = createSocketConnection({ transport: server.transport, token$: of('t'), scheduler });
      scheduler.schedule(() => server.current().fail(), 100);
      scheduler.schedule(() => server.current().end(), 40_000);
      scheduler.schedule(() => connection.close(), 80_000);

      // Drop at 100, reopen at 30 101; clean close at 40 000, reopen at 70 001.
      expectObservable(connection.reconnected$.pipe(map(() => 'r'))).toBe('30101ms r 39899ms r 9998ms |');
    });
  });

  it('fires after the channels were subscribed again on the new socket', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    const seen: string[] = [];
    scheduler.run(() => {
      const connection = createSocketConnection({ transport: server.transport, token$: of('t'), scheduler });
      connection.channel('TX_MATCHED').subscribe();
      server.sent$.subscribe((message) => seen.push(message.type));
      connection.reconnected$.subscribe(() => seen.push('reconnected'));
      scheduler.schedule(() => server.current().fail(), 100);
      scheduler.schedule(() => connection.close(), 30_200);
    });
    expect(seen).toEqual(['login', 'sub', 'login', 'sub', 'reconnected']);
  });

  it('does not call the fresh anonymous socket of a logout a reconnect', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    scheduler.run(({ expectObservable, hot }) => {
      const token$ = hot<string | null>('t 99ms n', { t: 't1', n: null });
      const connection = createSocketConnection({ transport: server.transport, token$, scheduler });
      scheduler.schedule(() => connection.close(), 400);
      expectObservable(connection.reconnected$).toBe('400ms |');
    });
    expect(server.sockets).toHaveLength(2);
  });

  it('says when the next try is due and how many tries failed in a row', () => {
    const scheduler = testScheduler();
    const server = createFakeServer();
    const seen: Array<[number, SocketLink]> = [];
    scheduler.run(() => {
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      connection.link$.subscribe((link) => seen.push([scheduler.now(), link]));
      scheduler.schedule(() => server.current().open(), 5);
      scheduler.schedule(() => server.current().fail(), 10);
      scheduler.schedule(() => server.current().fail(), 30_020);
      scheduler.schedule(() => server.current().open(), 60_030);
      scheduler.schedule(() => connection.close(), 60_040);
    });
    expect(seen).toEqual([
      [0, { state: 'connecting' }],
      [5, { state: 'open' }],
      [10, { state: 'waiting', retryAt: 30_010, failures: 1 }],
      [30_010, { state: 'connecting' }],
      [30_020, { state: 'waiting', retryAt: 60_020, failures: 2 }],
      [60_020, { state: 'connecting' }],
      [60_030, { state: 'open' }],
    ]);
  });

  it('tries at once on retryNow() instead of waiting out the interval', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    scheduler.run(({ expectObservable }) => {
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      scheduler.schedule(() => server.current().fail(), 100);
      scheduler.schedule(() => connection.retryNow(), 2_000);
      scheduler.schedule(() => connection.close(), 3_000);

      expectObservable(connection.reconnected$.pipe(map(() => 'r'))).toBe('2001ms r 998ms |');
    });
    expect(server.sockets).toHaveLength(2);
  });
});
