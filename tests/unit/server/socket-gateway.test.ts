import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginDemo,
  openSocket,
  post,
  restingBuyPrice,
  startServer,
  type ServerFixture,
} from './server-fixture.ts';

/**
 * The sockets of `npm run server` live in a gateway process (src/sim/node/socket-gateway.ts): the
 * exchange hands it each upgraded connection and sends it frames with the sockets they go to. The
 * socket contract must be the one the in-process server speaks (http-server.test.ts), every socket
 * must get every frame of its channels in order, and the exchange must outlive its gateway.
 */
let server: ServerFixture;
beforeAll(async () => {
  server = await startServer({ gateway: true });
});
afterAll(() => server.close());

function logged(event: string): Record<string, unknown>[] {
  return server.logLines().filter((line) => line.event === event);
}

describe('sockets through the gateway process', () => {
  it('speaks the in-browser frames: sub gets market frames, ping gets pong, garbage is dropped', async () => {
    const socket = await openSocket(server.socketUrl);
    socket.send('not json at all {');
    socket.send({ type: 'sub', params: '__proto__' });
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    socket.send({ type: 'ping' });
    await socket.waitFor((frame) => frame.type === 'pong');
    // The gateway answers the ping itself: the pong may come before the exchange's answers.
    await socket.waitFor(() => socket.frames.filter((frame) => frame.type === 'sub_result').length === 2);
    expect(socket.frames.filter((frame) => frame.type === 'sub_result')).toEqual([
      { type: 'sub_result', msg: 'unknown channel' },
      { type: 'sub_result', msg: 'ok' },
    ]);
    const quote = await socket.waitFor((frame) => frame.type === 'DAY_MARKET');
    expect(quote).toHaveProperty('quotation');
    socket.close();
  });

  it('the gateway answers a ping at once, once, while the exchange is busy', async () => {
    const socket = await openSocket(server.socketUrl);
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    socket.send({ type: 'ping' });
    socket.send('ping');
    // This process is the exchange: held here, it cannot answer the sub (nor, before, the pings).
    const until = Date.now() + 400;
    while (Date.now() < until);
    await socket.waitFor((frame) => frame.type === 'sub_result');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const kinds = socket.frames.map((frame) => frame.type).filter((type) => type !== 'DAY_MARKET');
    expect(kinds).toEqual(['pong', 'pong', 'sub_result']);
    socket.close();
  });

  it('private pushes reach only the signed-in owner', async () => {
    const token = await loginDemo(server.base);
    const owner = await openSocket(server.socketUrl);
    const stranger = await openSocket(server.socketUrl);
    owner.send({ type: 'login', params: token });
    owner.send({ type: 'sub', params: 'TX_SUBMIT' });
    stranger.send({ type: 'sub', params: 'TX_SUBMIT' });
    await owner.waitFor((frame) => frame.type === 'sub_result');
    await stranger.waitFor((frame) => frame.type === 'sub_result');
    const placed = await post(
      server.base,
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: await restingBuyPrice(server.base), type: 0 },
      { authorization: token },
    );
    expect(placed.body.code).toBe(1);
    await owner.waitFor((frame) => frame.type === 'TX_SUBMIT');
    expect(stranger.frames.filter((frame) => frame.type === 'TX_SUBMIT')).toEqual([]);
    owner.close();
    stranger.close();
  });

  it('every socket of a channel gets the same frames in the same order', async () => {
    const sockets = await Promise.all([1, 2, 3].map(() => openSocket(server.socketUrl)));
    for (const socket of sockets) socket.send({ type: 'sub', params: 'MARKET_DEPTH.BTC/USDT' });
    for (const socket of sockets) await socket.waitFor((frame) => frame.type === 'sub_result');
    // Frames from the first one all three heard: wait for a few, then compare from there.
    const depthOf = (socket: (typeof sockets)[number]) =>
      socket.frames.filter((frame) => frame.type === 'MARKET_DEPTH').map((frame) => JSON.stringify(frame));
    await sockets[0]!.waitFor(() => depthOf(sockets[0]!).length >= 6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [first, ...others] = sockets.map(depthOf);
    for (const other of others) {
      const start = first!.indexOf(other[0]!);
      const common = Math.min(first!.length - Math.max(0, start), other.length) - 1;
      expect(common).toBeGreaterThanOrEqual(3);
      expect(other.slice(0, common)).toEqual(first!.slice(start, start + common));
    }
    for (const socket of sockets) socket.close();
  });

  it('a dead gateway closes its sockets for the exchange, and a new one takes new sockets', async () => {
    const socket = await openSocket(server.socketUrl);
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    await socket.waitFor((frame) => frame.type === 'DAY_MARKET');
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const before = server.gateway!.pid();
    process.kill(before!, 'SIGKILL');
    expect(await closed).toBe(1006);
    await expect.poll(() => logged('socket_gateway_exited').length).toBe(1);
    await expect.poll(() => server.gateway!.size()).toBe(0);
    // The next socket goes to the new gateway and is served.
    await expect.poll(() => server.gateway!.pid() !== before).toBe(true);
    const next = await openSocket(server.socketUrl);
    next.send({ type: 'ping' });
    await next.waitFor((frame) => frame.type === 'pong');
    next.close();
  });

  it('shutdown closes every socket with 1001 before the server stops', async () => {
    const own = await startServer({ gateway: true });
    const sockets = await Promise.all([1, 2].map(() => openSocket(own.socketUrl)));
    const codes = sockets.map(
      (socket) => new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code))),
    );
    await own.close();
    expect(await Promise.all(codes)).toEqual([1001, 1001]);
    expect(own.gateway!.size()).toBe(0);
  });
});
