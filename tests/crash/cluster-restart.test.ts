import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  healthz,
  natsServerInstalled,
  placeBuy,
  startGateway,
  startNats,
  startRole,
  type Gateway,
  type Proc,
} from '../unit/server/cluster-process.ts';
import { call, loginDemo, post, restingBuyPrice } from '../unit/server/server-fixture.ts';

/**
 * Every process of the cluster killed at once and started again (DESIGN.md "Past one machine"):
 * NATS, the core and two gateways, the log in PostgreSQL. Orders placed, cancelled and filled
 * through both gateways before; after, the restarted core's state, folded from the log, is the
 * same: every balance and lock, every order (open, filled, cancelled) as it was, the session too.
 * Needs DATABASE_URL and nats-server (.ci/run starts both); skipped without them, as the takeover
 * test is.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const NATS = natsServerInstalled();
if (!DATABASE_URL || !NATS) {
  console.warn(
    `cluster-restart: skipped, it needs ${DATABASE_URL ? '' : 'DATABASE_URL '}${NATS ? '' : 'nats-server'}`,
  );
}

const procs: Proc[] = [];
const schema = `restart_${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await Promise.all(procs.map((proc) => proc.stop()));
  if (!DATABASE_URL) return;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}, 60_000);

interface Row {
  account_type_id?: number;
  currency_id?: number;
  balance?: string;
  lock_balance?: string;
}

/** What the user holds and has ordered: every balance and lock, every spot order of every pair. */
async function stateOf(base: string, token: string) {
  const headers = { authorization: token };
  const accounts = await call(base, '/api/account/list', { headers });
  expect(accounts.body.code, accounts.body.msg).toBe(1);
  const balances: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const row = value as Row;
      if (typeof row.balance === 'string' && typeof row.lock_balance === 'string')
        balances.push(`${row.account_type_id}/${row.currency_id}: ${row.balance} + ${row.lock_balance}`);
      Object.values(value).forEach(walk);
    }
  };
  walk(accounts.body.data);
  const orders = async (side: 'tx_in' | 'tx_out') => {
    const all: unknown[] = [];
    for (let page = 1; ; page++) {
      const list = await call(base, `/api/${side}/list?include_finished=1&limit=100&page=${page}`, {
        headers,
      });
      const data = list.body.data as { data: unknown[]; last_page: number };
      all.push(...data.data);
      if (page >= data.last_page) return all;
    }
  };
  return { balances: balances.sort(), buys: await orders('tx_in'), sells: await orders('tx_out') };
}

describe.skipIf(!DATABASE_URL || !NATS)('the whole cluster restarted', () => {
  it('folds the same state from the log: balances, locks and orders as they were', async () => {
    const env = { DATABASE_URL: DATABASE_URL!, DATABASE_SCHEMA: schema };
    let natsPort = 0;
    const start = async () => {
      const nats = await startNats(natsPort || undefined);
      natsPort = nats.port;
      procs.push(nats);
      const starting = startRole(['--role', 'core', '--seed', '7', '--nats', nats.url], 'core_serving', env);
      const gateways = await Promise.all(['gw-a', 'gw-b'].map((id) => startGateway(nats.url, id)));
      const core = await starting;
      procs.push(core, ...gateways);
      await Promise.all(gateways.map((gateway) => healthz(gateway.base, 200)));
      return { nats, core, gateways: gateways as [Gateway, Gateway] };
    };
    const first = await start();
    const [a, b] = first.gateways;
    const token = await loginDemo(a.base);
    const resting = await restingBuyPrice(a.base);
    const placed: number[] = [];
    for (const gateway of [a, b, a]) {
      const answer = await placeBuy(gateway.base, token, resting, randomUUID());
      expect(answer.body.code, answer.body.msg).toBe(1);
      placed.push((answer.body.data as { id: number }).id);
    }
    const cancelled = await post(
      b.base,
      'tx_in/cancel',
      { id: placed[1] },
      { authorization: token, 'x-request-id': randomUUID() },
    );
    expect(cancelled.body.code, cancelled.body.msg).toBe(1);
    // Taken at once from the book: a trade moves both balances.
    const bought = await post(
      a.base,
      'tx_in/add',
      { currency_match_id: 1, number: '0.002', type: 1 },
      { authorization: token, 'x-request-id': randomUUID() },
    );
    expect(bought.body.code, bought.body.msg).toBe(1);
    // A sell far above the market rests, locking BTC.
    const askPrice = (Number(resting) * 3).toFixed(2);
    const sold = await post(
      b.base,
      'tx_out/add',
      { currency_match_id: 1, number: '0.001', price: askPrice, type: 0 },
      { authorization: token, 'x-request-id': randomUUID() },
    );
    expect(sold.body.code, sold.body.msg).toBe(1);
    const before = await stateOf(a.base, token);
    // The three limit buys (one cancelled) and the market buy.
    expect(before.buys.map((order) => (order as { id: number }).id)).toEqual(expect.arrayContaining(placed));
    expect(before.buys.length).toBe(4);
    expect(before.sells.length).toBe(1);

    // Every process at once, with no chance to flush anything.
    const all = [first.nats, first.core, ...first.gateways];
    for (const proc of all) proc.child.kill('SIGKILL');
    await Promise.all(all.map((proc) => proc.exited));

    const second = await start();
    const after = await stateOf(second.gateways[1].base, token);
    expect(after).toEqual(before);
    console.info(
      `cluster-restart: ${after.balances.length} balances, ${after.buys.length} buys and ${after.sells.length} sells as before the restart`,
    );
  }, 120_000);
});
