import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haproxyConfig } from '../../../scripts/haproxy-config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  healthz,
  natsServerInstalled,
  openOrderIdsAt,
  placeBuy,
  startGateway,
  startNats,
  startRole,
  type Gateway,
  type Proc,
} from './cluster-process.ts';
import { PNG } from '../accounts/harness.ts';
import { call, loginDemo, openSocket, post, restingBuyPrice } from './server-fixture.ts';

/**
 * `npm run server -- --role core|gateway` (DESIGN.md "Past one machine"): one core and two
 * gateways on a NATS server of the test's own. Calls through either gateway reach the one exchange,
 * a request id retried through the other gateway runs once, a private push reaches the owner's
 * socket on the other gateway, and without a core a call fails cleanly with code 0.
 * Skipped where nats-server is not installed (.ci/run installs it with scripts/ensure-nats.sh).
 */
const NATS = natsServerInstalled();
const HAPROXY = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
if (NATS && !HAPROXY)
  console.warn(
    'cluster-roles: the balancer test is skipped, haproxy is not installed (bash scripts/ensure-haproxy.sh)',
  );
if (!NATS) console.warn('cluster-roles: skipped, nats-server is not installed (bash scripts/ensure-nats.sh)');

let nats: Awaited<ReturnType<typeof startNats>>;
let core: Proc;
let gateways: Gateway[] = [];

describe.skipIf(!NATS)('the gateway and core roles over NATS', () => {
  beforeAll(async () => {
    nats = await startNats();
    // The core folds its (empty) log while the gateways start.
    const starting = startRole(
      ['--role', 'core', '--data', ':memory:', '--seed', '7', '--nats', nats.url],
      'core_serving',
    );
    gateways = await Promise.all([startGateway(nats.url, 'gw-a'), startGateway(nats.url, 'gw-b')]);
    core = await starting;
    await Promise.all(gateways.map((gateway) => healthz(gateway.base, 200)));
  }, 90_000);

  afterAll(async () => {
    await Promise.all([...gateways.map((gateway) => gateway.stop()), core?.stop()]);
    await nats?.stop();
  }, 30_000);

  it('serves one exchange through both gateways, each retried request id once', async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const token = await loginDemo(a.base);
    // A price of this test's own (a cent under the resting price), so its orders are told apart.
    const price = (Number(await restingBuyPrice(b.base)) - 0.01).toFixed(2);
    const requestId = randomUUID();
    const first = await placeBuy(a.base, token, price, requestId);
    expect(first.body.code).toBe(1);
    // The same request again through the other gateway, and twice at once: answered from the
    // core's request log (or its one run), never placed again.
    const retried = await placeBuy(b.base, token, price, requestId);
    const together = await Promise.all([
      placeBuy(a.base, token, price, requestId),
      placeBuy(b.base, token, price, requestId),
    ]);
    for (const again of [retried, ...together]) expect(again.body).toEqual(first.body);
    // A new request id is a new order; the signed-in session is the core's, valid on both gateways.
    const second = await placeBuy(b.base, token, price, randomUUID());
    expect(second.body.code).toBe(1);
    expect((await openOrderIdsAt(a.base, token, price)).length).toBe(2);
    expect((await openOrderIdsAt(b.base, token, price)).length).toBe(2);
  });

  it('a gateway answers a ping itself, once, even while the core is stopped', async () => {
    const socket = await openSocket(gateways[0]!.socketUrl);
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    await socket.waitFor((frame) => frame.type === 'sub_result');
    core.child.kill('SIGSTOP');
    try {
      socket.send({ type: 'ping' });
      await socket.waitFor((frame) => frame.type === 'pong', 5_000);
    } finally {
      core.child.kill('SIGCONT');
    }
    // The core, back, hears the ping too and answers the sub: its own pong is not relayed.
    socket.send({ type: 'sub', params: 'TX_SUBMIT' });
    await socket.waitFor(() => socket.frames.filter((frame) => frame.type === 'sub_result').length === 2);
    expect(socket.frames.filter((frame) => frame.type === 'pong')).toHaveLength(1);
    socket.close();
  });

  it("pushes an order's frame to its owner's socket on the other gateway, and to no one else", async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const token = await loginDemo(b.base);
    const owner = await openSocket(b.socketUrl);
    const stranger = await openSocket(a.socketUrl);
    owner.send({ type: 'login', params: token });
    owner.send({ type: 'sub', params: 'TX_SUBMIT' });
    stranger.send({ type: 'sub', params: 'TX_SUBMIT' });
    stranger.send({ type: 'sub', params: 'DAY_MARKET' });
    await owner.waitFor((frame) => frame.type === 'login_result' && frame.code === 1);
    await owner.waitFor((frame) => frame.type === 'sub_result');
    await stranger.waitFor((frame) => frame.type === 'sub_result');
    const placed = await placeBuy(a.base, token, await restingBuyPrice(a.base), randomUUID());
    expect(placed.body.code).toBe(1);
    const pushed = await owner.waitFor((frame) => frame.type === 'TX_SUBMIT');
    expect(JSON.stringify(pushed)).toContain(String((placed.body.data as { id: number }).id));
    // Public frames reach the other gateway's socket; the order's private frame does not.
    await stranger.waitFor((frame) => frame.type === 'DAY_MARKET');
    expect(stranger.frames.filter((frame) => frame.type === 'TX_SUBMIT')).toEqual([]);
    owner.close();
    stranger.close();
  });

  it("carries an upload's file to the core and serves it back through the other gateway", async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const token = await loginDemo(a.base);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'voucher.png');
    const uploaded = await call(a.base, '/api/common/image_upload', {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(uploaded.body.code, uploaded.body.msg).toBe(1);
    const id = (uploaded.body.data as { url: string }).url.split('/uploads/')[1]!;
    const served = await fetch(`${b.base}/uploads/${id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it.skipIf(!HAPROXY)(
    'brings a socket whose gateway was killed back through the balancer to the other one',
    async () => {
      const [a, b] = gateways as [Gateway, Gateway];
      const port = await freePort();
      const folder = mkdtempSync(join(tmpdir(), 'tessera-haproxy-'));
      const config = join(folder, 'haproxy.cfg');
      const ports = gateways.map((gateway) => Number(new URL(gateway.base).port));
      writeFileSync(config, haproxyConfig({ port, gateways: ports }));
      const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
      const exited = new Promise((done) => haproxy.once('exit', done));
      try {
        const front = `http://127.0.0.1:${port}`;
        await healthz(front, 200);
        const token = await loginDemo(front);
        const subscribe = async () => {
          const socket = await openSocket(`ws://127.0.0.1:${port}/ws`);
          socket.send({ type: 'login', params: token });
          socket.send({ type: 'sub', params: 'TX_SUBMIT' });
          await socket.waitFor((frame) => frame.type === 'sub_result');
          return socket;
        };
        const opened = (gateway: Gateway) =>
          gateway.lines.filter((line) => line.event === 'socket_open').length;
        const [beforeA, beforeB] = [opened(a), opened(b)];
        const first = await subscribe();
        const holder = opened(b) > beforeB ? b : a;
        expect(opened(holder)).toBeGreaterThan(holder === b ? beforeB : beforeA);
        const closed = new Promise((done) => first.ws.once('close', done));
        holder.child.kill('SIGKILL');
        await holder.exited;
        await closed;
        // The app reconnects at once and resyncs (signs its socket in, subscribes again).
        const again = await subscribe();
        const placed = await placeBuy(front, token, await restingBuyPrice(front), randomUUID());
        expect(placed.body.code).toBe(1);
        await again.waitFor((frame) => frame.type === 'TX_SUBMIT');
        again.close();
        gateways = gateways.filter((gateway) => gateway !== holder);
      } finally {
        haproxy.kill('SIGTERM');
        await exited;
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it('answers code 0 at once while no core runs, and /healthz 503', async () => {
    // The gateway the balancer test left alive (it kills one).
    const [a] = gateways as [Gateway];
    await core.stop();
    const started = Date.now();
    const refused = await post(a.base, 'user/login', {
      account: 'x@example.com',
      password: 'x',
      login_type: 'email',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toMatch(/Nothing was done/);
    expect(Date.now() - started).toBeLessThan(2_000);
    await healthz(a.base, 503);
  });
});
