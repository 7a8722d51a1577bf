import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../scripts/haproxy-config.ts';
import {
  freePort,
  healthz,
  natsServerInstalled,
  placeBuy,
  startGateway,
  startNats,
  startRole,
  type Gateway,
  type Proc,
} from '../unit/server/cluster-process.ts';
import { call, loginDemo, openSocket } from '../unit/server/server-fixture.ts';

/**
 * A gateway killed with SIGKILL behind the balancer (issue 36 item 5, DESIGN.md "Past one
 * machine"): HAProxy in front of two gateways, one core. Sockets opened through the balancer, each
 * signed in and subscribed to a public channel (the BTC/USDT tape) and the owner's private one
 * (TX_SUBMIT). The gateway holding the first of them is killed: its sockets close, their clients
 * reconnect through the balancer, land on the other gateway, sign in and subscribe again (the app's
 * resync), and hear both the tape and the private frame of a trade their owner makes. HTTP calls
 * through the balancer keep succeeding from the kill on: HAProxy sends a refused connection to the
 * other gateway, and its health check takes the dead one out. Skipped without nats-server or haproxy
 * (.ci/run installs both).
 */
const NATS = natsServerInstalled();
const HAPROXY = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
if (!NATS || !HAPROXY)
  console.warn(
    `gateway-kill: skipped, it needs ${NATS ? '' : 'nats-server '}${HAPROXY ? '' : 'haproxy'} (scripts/ensure-nats.sh, scripts/ensure-haproxy.sh)`,
  );
const SOCKETS = 4;
const TAPE = 'GLOBAL_TX.BTC/USDT';
/** How long HTTP calls are made through the balancer after the kill: past the health check's 2 falls. */
const CALLS_AFTER_KILL_MS = 3_000;

const procs: Proc[] = [];
const folder = mkdtempSync(join(tmpdir(), 'tessera-gateway-kill-'));
afterAll(async () => {
  await Promise.all(procs.map((proc) => proc.stop()));
  rmSync(folder, { recursive: true, force: true });
}, 30_000);

type Client = Awaited<ReturnType<typeof openSocket>>;

describe.skipIf(!NATS || !HAPROXY)('a gateway killed behind the balancer', () => {
  it('brings its sockets back through the balancer to the other gateway, resynced, and HTTP never fails', async () => {
    const nats = await startNats();
    procs.push(nats);
    const coreStarting = startRole(
      ['--role', 'core', '--data', ':memory:', '--seed', '7', '--nats', nats.url],
      'core_serving',
    );
    const gateways = await Promise.all([startGateway(nats.url, 'gw-a'), startGateway(nats.url, 'gw-b')]);
    procs.push(...gateways);
    procs.push(await coreStarting);
    await Promise.all(gateways.map((gateway) => healthz(gateway.base, 200)));
    const port = await freePort();
    const config = join(folder, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig({ port, gateways: gateways.map((gateway) => Number(new URL(gateway.base).port)) }),
    );
    const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
    const haproxyExited = new Promise<number | null>((done) => haproxy.once('exit', done));
    procs.push({
      child: haproxy,
      lines: [],
      exited: haproxyExited,
      stop: async () => {
        haproxy.kill('SIGTERM');
        await haproxyExited;
      },
    });
    const front = `http://127.0.0.1:${port}`;
    const frontSocket = `ws://127.0.0.1:${port}/ws`;
    await healthz(front, 200);
    const token = await loginDemo(front);

    const opened = (gateway: Gateway) => gateway.lines.filter((line) => line.event === 'socket_open').length;
    /** A socket through the balancer, signed in as the demo user and subscribed as the app resyncs. */
    const resynced = async (): Promise<Client> => {
      const socket = await openSocket(frontSocket);
      socket.send({ type: 'login', params: token });
      await socket.waitFor((frame) => frame.type === 'login_result' && frame.code === 1);
      socket.send({ type: 'sub', params: 'TX_SUBMIT' });
      socket.send({ type: 'sub', params: TAPE });
      // Both subscriptions acknowledged ("ok"): a refused one would say why.
      const acknowledged = () => socket.frames.filter((frame) => frame.type === 'sub_result');
      await socket.waitFor(() => acknowledged().length >= 2);
      expect(acknowledged().map((frame) => frame.msg)).toEqual(['ok', 'ok']);
      return socket;
    };

    // The sockets, each told apart by which gateway logged its opening.
    const holders: Gateway[] = [];
    const clients: Client[] = [];
    for (let n = 0; n < SOCKETS; n++) {
      const counts = gateways.map(opened);
      clients.push(await resynced());
      const holder = gateways.find((gateway, i) => opened(gateway) > counts[i]!);
      expect(holder, `socket ${n} opened on no gateway`).toBeDefined();
      holders.push(holder!);
    }
    const [killed, survivor] = holders[0] === gateways[0] ? gateways : [gateways[1]!, gateways[0]!];
    const doomed = clients.filter((_, n) => holders[n] === killed);
    const spared = clients.filter((_, n) => holders[n] === survivor);
    // leastconn spreads them: each gateway holds some.
    expect(doomed.length).toBeGreaterThan(0);
    expect(spared.length).toBeGreaterThan(0);
    const closed = doomed.map((client) => new Promise((done) => client.ws.once('close', done)));

    killed.child.kill('SIGKILL');
    await killed.exited;
    const killedAt = Date.now();
    // HTTP through the balancer from the kill on, public and signed-in calls alternately.
    const failures: string[] = [];
    let calls = 0;
    const calling = (async () => {
      while (Date.now() - killedAt < CALLS_AFTER_KILL_MS) {
        const path =
          calls % 2 === 0
            ? '/api/market/deal?currency_match_id=1'
            : '/api/account/detail?account_type_id=1&currency_id=1';
        calls++;
        const answer = await call(front, path, { headers: { authorization: token } }).catch(
          (error: unknown) => ({ status: 0, body: { code: 0, msg: String(error), data: null } }),
        );
        if (answer.status !== 200 || answer.body.code !== 1)
          failures.push(`${Date.now() - killedAt} ms: ${answer.status} ${answer.body.msg}`);
        await new Promise((wait) => setTimeout(wait, 25));
      }
    })();

    await Promise.all(closed);
    // The app reconnects at once through the balancer and resyncs.
    const survivorBefore = opened(survivor);
    const reconnected: Client[] = [];
    for (let n = 0; n < doomed.length; n++) reconnected.push(await resynced());
    expect(opened(survivor) - survivorBefore).toBe(doomed.length);
    const reconnectedMs = Date.now() - killedAt;

    // A trade of the owner's: a buy above the market fills against the book's asks.
    const deal = await call(front, '/api/market/deal?currency_match_id=1');
    const close = Number((deal.body.data as { quotation: { close: string } }).quotation.close);
    const sinceTrade = [...reconnected, ...spared].map((client) => client.frames.length);
    const bought = await placeBuy(front, token, (close * 1.2).toFixed(2), randomUUID());
    expect(bought.body.code, bought.body.msg).toBe(1);
    const orderId = (bought.body.data as { id: number }).id;
    await Promise.all(
      [...reconnected, ...spared].map(async (client, n) => {
        const since = (frame: Record<string, unknown>) => client.frames.indexOf(frame) >= sinceTrade[n]!;
        const own = await client.waitFor(
          (frame) =>
            frame.type === 'TX_SUBMIT' && since(frame) && JSON.stringify(frame).includes(`"id":${orderId}`),
        );
        expect(own.currency_match_id).toBe(1);
        await client.waitFor((frame) => frame.type === 'GLOBAL_TX' && since(frame));
      }),
    );
    await calling;
    console.info(
      `gateway-kill: ${doomed.length} of ${SOCKETS} sockets on the killed gateway, back and resynced ${reconnectedMs} ms after the kill; ${calls} HTTP calls through the balancer in ${CALLS_AFTER_KILL_MS} ms after it, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
    for (const client of [...reconnected, ...spared]) client.close();
  }, 120_000);
});
