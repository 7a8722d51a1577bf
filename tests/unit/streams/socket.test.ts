import { of, type Subscription } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createSocketConnection, type SocketConnection } from '../../../src/streams/socket.ts';
import { createFakeServer } from './fake-socket.ts';

/**
 * Marble tests of the connection on virtual time (1 frame = 1 ms). Every test closes the
 * connection at a fixed frame: the ping interval never ends on its own, and flush() would loop
 * forever (STACK.md).
 */
function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const status = { c: 'connecting', o: 'open', x: 'closed' } as const;
const ping = { type: 'ping' };
const login = (token: string) => ({ type: 'login', params: token });
const sub = (params: string) => ({ type: 'sub', params });
const unsub = (params: string) => ({ type: 'unsub', params });

const DEPTH_BTC = 'MARKET_DEPTH.BTC/USDT';
const DEPTH_ETH = 'MARKET_DEPTH.ETH/USDT';

describe('socket connection: login and ping', () => {
  it('sends login with the token on open, then a ping every 5 s', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({
        transport: server.transport,
        token$: of('t0k'),
        scheduler,
      });
      scheduler.schedule(() => connection.close(), 12_000);

      expectObservable(server.sent$).toBe('- l 4999ms p 4999ms p', { l: login('t0k'), p: ping });
      expectObservable(connection.status$).toBe('co 11998ms (x|)', status);
    });
  });

  it('sends no login while logged out', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      scheduler.schedule(() => connection.close(), 6_000);

      expectObservable(server.sent$).toBe('- 5000ms p', { p: ping });
    });
  });

  it('logs in again on a new token, and reconnects at once (anonymous) on logout', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    scheduler.run(({ expectObservable, hot }) => {
      const token$ = hot<string | null>('t 99ms u 99ms n 99ms v', { t: 't1', u: 't2', n: null, v: 't3' });
      const connection = createSocketConnection({ transport: server.transport, token$, scheduler });
      scheduler.schedule(() => connection.channel('TX_MATCHED').subscribe(), 50);
      scheduler.schedule(() => connection.close(), 400);

      // t1 on open (1), sub (50), t2 (100); logout at 200 -> new socket opens at 201 and gets
      // only the live channel, no login; t3 (300) logs the new socket in.
      expectObservable(server.sent$).toBe('- a 48ms s 49ms b 100ms s 98ms c', {
        a: login('t1'),
        b: login('t2'),
        c: login('t3'),
        s: sub('TX_MATCHED'),
      });
      expectObservable(connection.status$).toBe('co 198ms co 198ms (x|)', status);
    });
    expect(server.sockets).toHaveLength(2);
    expect(server.sockets[0]?.closedByClient).toBe(true);
  });
});

describe('socket connection: reconnect', () => {
  it('reconnects 30 s after a drop, logs in again and resumes pinging', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    scheduler.run(({ expectObservable }) => {
      const connection = createSocketConnection({ transport: server.transport, token$: of('t'), scheduler });
      scheduler.schedule(() => server.current().fail(), 6_000);
      scheduler.schedule(() => connection.close(), 42_000);

      expectObservable(server.sent$).toBe('- l 4999ms p 30999ms l 4999ms p', { l: login('t'), p: ping });
      expectObservable(connection.status$).toBe('co 5998ms x 29999ms co 5998ms (x|)', status);
    });
    expect(server.sockets).toHaveLength(2);
  });

  it('reconnects 30 s after a clean close too (a clean close completes, it does not error)', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    scheduler.run(({ expectObservable }) => {
      const connection = createSocketConnection({ transport: server.transport, token$: of('t'), scheduler });
      scheduler.schedule(() => server.current().end(), 100);
      scheduler.schedule(() => connection.close(), 30_200);

      expectObservable(server.sent$).toBe('- l 30099ms l', { l: login('t') });
      expectObservable(connection.status$).toBe('co 98ms x 29999ms co 98ms (x|)', status);
    });
    expect(server.sockets).toHaveLength(2);
  });

  it('keeps trying every 30 s while the server refuses', () => {
    const scheduler = testScheduler();
    const server = createFakeServer();
    scheduler.run(({ expectObservable }) => {
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      for (const at of [10, 30_020, 60_030]) scheduler.schedule(() => server.current().fail(), at);
      scheduler.schedule(() => connection.close(), 90_040);

      expectObservable(connection.status$).toBe(
        'c 9ms x 29999ms c 9ms x 29999ms c 9ms x 29999ms c 9ms (x|)',
        status,
      );
    });
    expect(server.sockets).toHaveLength(4);
  });

  it('resubscribes, after a reconnect, exactly the channels that still have observers', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      const at = (frame: number, work: () => void) => scheduler.schedule(work, frame);
      const later: Record<string, Subscription> = {};
      connection.channel('DAY_MARKET').subscribe(); // before the first open: sent on open
      at(5, () => connection.channel(DEPTH_BTC).subscribe());
      at(6, () => (later.day = connection.channel('DAY_MARKET').subscribe()));
      at(50, () => later.day?.unsubscribe()); // not sent: the first observer still watches
      at(60, () => (later.eth = connection.channel(DEPTH_ETH).subscribe()));
      at(70, () => later.eth?.unsubscribe());
      at(100, () => server.current().fail());
      // While the socket is down nothing is sent; the next socket learns the outcome.
      at(200, () => (later.tape = connection.channel('GLOBAL_TX.BTC/USDT').subscribe()));
      at(300, () => later.tape?.unsubscribe());
      at(400, () => connection.channel('KLINE.BTC/USDT').subscribe());
      at(30_200, () => connection.close());

      expectObservable(server.sent$).toBe('- d 3ms b 54ms e 9ms u 30030ms (dbk)', {
        d: sub('DAY_MARKET'),
        b: sub(DEPTH_BTC),
        e: sub(DEPTH_ETH),
        u: unsub(DEPTH_ETH),
        k: sub('KLINE.BTC/USDT'),
      });
    });
  });
});

describe('socket connection: channels', () => {
  it('shares one server subscription among observers and unsubscribes when the last leaves', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      const depth = connection.channel(DEPTH_BTC);
      const f = { type: 'MARKET_DEPTH', symbol: 'BTC/USDT', depth: { in: [], out: [] }, n: 1 };
      const g = { ...f, n: 2 };
      scheduler.schedule(() => server.current().push(f), 6);
      scheduler.schedule(() => server.current().push(g), 11);
      scheduler.schedule(() => connection.close(), 20);

      expectObservable(depth, '--^------!').toBe('------f', { f });
      expectObservable(depth, '----^--------!').toBe('------f----g', { f, g });
      expectObservable(depth, '---------------^--!').toBe('');
      expectObservable(server.sent$).toBe('--s----------u-s--u', { s: sub(DEPTH_BTC), u: unsub(DEPTH_BTC) });
    });
  });

  it('routes each frame only to its own channel', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({ transport: server.transport, token$: of('t'), scheduler });
      const frames = {
        a: { type: 'MARKET_DEPTH', symbol: 'BTC/USDT', depth: { in: [], out: [] } },
        b: { type: 'MARKET_DEPTH', symbol: 'ETH/USDT', depth: { in: [], out: [] } },
        c: { type: 'DAY_MARKET', symbol: 'BTC/USDT', currency_match_id: 1, quotation: {} },
        d: { type: 'TX_MATCHED', symbol: 'BTC/USDT', id: 7 },
        e: { type: 'KLINE', symbol: 'BTC/USDT', kline: { period: '1min' } },
      };
      const pushes: [number, object][] = [
        [10, frames.a],
        [11, frames.b],
        [12, frames.c],
        [13, frames.d],
        [14, { type: 'pong' }],
        [15, frames.e],
        [16, { type: 'MARKET_DEPTH', depth: { in: [], out: [] } }], // no symbol: no channel
        [17, { type: 'NEWS', id: 3 }], // not a channel of the contract
      ];
      for (const [at, frame] of pushes) scheduler.schedule(() => server.current().push(frame), at);
      scheduler.schedule(() => connection.close(), 20);

      expectObservable(connection.channel(DEPTH_BTC)).toBe('10ms a 9ms |', frames);
      expectObservable(connection.channel(DEPTH_ETH)).toBe('11ms b 8ms |', frames);
      expectObservable(connection.channel('DAY_MARKET')).toBe('12ms c 7ms |', frames);
      expectObservable(connection.channel('TX_MATCHED')).toBe('13ms d 6ms |', frames);
      expectObservable(connection.channel('KLINE.BTC/USDT')).toBe('15ms e 4ms |', frames);
      expectObservable(connection.channel('GLOBAL_TX.BTC/USDT')).toBe('20ms |');
    });
  });

  it('drops frames that are not JSON objects with a type, and keeps the socket up', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({ transport: server.transport, token$: of(null), scheduler });
      const good = { type: 'TX_SUBMIT', id: 1 };
      const garbage = ['not json', '{"type":', '42', 'null', '[1,2]', '{"no":"type"}', '{"type":1}'];
      garbage.forEach((text, i) => scheduler.schedule(() => server.current().push(text), 10 + i));
      scheduler.schedule(() => server.current().push(good), 30);
      scheduler.schedule(() => connection.close(), 40);

      expectObservable(connection.channel('TX_SUBMIT')).toBe('30ms g 9ms |', { g: good });
      expectObservable(connection.status$).toBe('co 38ms (x|)', status);
    });
  });

  it('close() completes every channel, sends nothing more and never reconnects', () => {
    const scheduler = testScheduler();
    const server = createFakeServer({ scheduler, openAfterMs: 1 });
    let connection: SocketConnection | undefined;
    scheduler.run(({ expectObservable }) => {
      connection = createSocketConnection({ transport: server.transport, token$: of('t'), scheduler });
      const live = connection;
      scheduler.schedule(() => live.close(), 10);

      expectObservable(live.channel('LEVER_TRADE')).toBe('10ms |');
      expectObservable(server.sent$).toBe('- (ls)', { l: login('t'), s: sub('LEVER_TRADE') });
    });
    expect(server.sockets).toHaveLength(1);
    expect(server.sockets[0]?.closedByClient).toBe(true);
    const late: string[] = [];
    connection?.channel('LEVER_TRADE').subscribe({ complete: () => late.push('complete') });
    expect(late).toEqual(['complete']);
  });
});
