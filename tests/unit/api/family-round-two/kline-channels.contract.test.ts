import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_ORIGIN, openSocket, startServer, type ServerFixture } from '../../server/server-fixture.ts';
import { familyWire } from './family-wire.ts';

const family = familyWire();

interface KlineFrame {
  type: string;
  kline?: { period: string };
}

describe('KLINE channels on the simulator', () => {
  it('KLINE.<symbol> carries the 1-minute bars only; KLINE.<symbol>.<period> that period only', async () => {
    const { simulator, clock } = family.harness();
    const heard = new Map<string, KlineFrame[]>();
    const sockets = ['KLINE.BTC/USDT', 'KLINE.BTC/USDT.5min', 'KLINE.BTC/USDT.1day'].map((channel) => {
      const frames: KlineFrame[] = [];
      heard.set(channel, frames);
      const socket = simulator.server.openSocket((text) => frames.push(JSON.parse(text) as KlineFrame));
      socket.receive(JSON.stringify({ type: 'sub', params: channel }));
      return socket;
    });
    for (const frames of heard.values()) expect(frames.shift()).toEqual({ type: 'sub_result', msg: 'ok' });
    for (let round = 0; round < 100; round++) {
      clock.advance(100);
      simulator.market.market.advanceToNow();
      simulator.market.publisher.publish();
    }
    const periods = (channel: string) => new Set(heard.get(channel)!.map((frame) => frame.kline?.period));
    expect(periods('KLINE.BTC/USDT')).toEqual(new Set(['1min']));
    expect(periods('KLINE.BTC/USDT.5min')).toEqual(new Set(['5min']));
    expect(periods('KLINE.BTC/USDT.1day')).toEqual(new Set(['1day']));
    for (const socket of sockets) socket.close();
  });

  it('a period that is not one is refused as an unknown channel', async () => {
    const { simulator } = family.harness();
    const frames: unknown[] = [];
    const socket = simulator.server.openSocket((text) => frames.push(JSON.parse(text)));
    socket.receive(JSON.stringify({ type: 'sub', params: 'KLINE.BTC/USDT.2hours' }));
    socket.receive(JSON.stringify({ type: 'sub', params: 'KLINE.BTC/USDT.5min.1min' }));
    expect(frames).toEqual([
      { type: 'sub_result', msg: 'unknown channel' },
      { type: 'sub_result', msg: 'unknown channel' },
    ]);
    socket.close();
  });
});

describe('KLINE channels over npm run server', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('the same scheme on the WebSocket at /ws', async () => {
    const bare = await openSocket(server.socketUrl, { origin: ALLOWED_ORIGIN });
    const fiveMinutes = await openSocket(server.socketUrl, { origin: ALLOWED_ORIGIN });
    bare.send({ type: 'sub', params: 'KLINE.BTC/USDT' });
    fiveMinutes.send({ type: 'sub', params: 'KLINE.BTC/USDT.5min' });
    const isKline = (frame: Record<string, unknown>) => frame.type === 'KLINE';
    await bare.waitFor(isKline, 20_000);
    await fiveMinutes.waitFor(isKline, 20_000);
    const periods = (frames: Record<string, unknown>[]) =>
      new Set(frames.filter(isKline).map((frame) => (frame.kline as { period: string }).period));
    expect(periods(bare.frames)).toEqual(new Set(['1min']));
    expect(periods(fiveMinutes.frames)).toEqual(new Set(['5min']));
    bare.close();
    fiveMinutes.close();
  }, 30_000);
});
