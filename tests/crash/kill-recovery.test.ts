import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LEVER_CLOSE_USER,
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_OPEN,
} from '../../src/domain/contract-codes.ts';
import { BUY, SELL } from '../../src/sim/engine/index.ts';
import { FIRST_USER_OWNER } from '../../src/sim/market/agents/agent.ts';
import { ManualClock } from '../../src/sim/clock.ts';
import { nodeServerMessages } from '../../src/sim/node/node-messages.ts';
import { createSimulator, type Simulator } from '../../src/sim/simulator.ts';
import { SqliteEventLog } from '../../src/sim/store/sqlite-event-log.ts';
import { PostgresEventLog } from '../../src/sim/store/postgres-event-log.ts';
import { deserialize } from '../../src/sim/store/serialization.ts';
import type { ServerStore } from '../../src/sim/node/node-simulator.ts';
import { DEMO_ACCOUNT } from '../../src/sim/features/accounts/policy.ts';
import { LOCALES, tokenOf } from '../unit/server/server-fixture.ts';
import { startServer } from '../unit/server/child-server.ts';
import type { ExchangeState } from '../../src/sim/exchange/state.ts';

/**
 * `npm run server` killed with SIGKILL at random moments while streams of every kind of money
 * command run (spot orders and cancels, transfers both ways, lever opens and closes, micro buys,
 * earnings buys and redeems), again and again on the same store: a SQLite file, and PostgreSQL when
 * DATABASE_URL names one. After each restart every request that got no answer is sent again with its
 * id, as the contract says a client does. Then, from the log:
 * - nothing ran twice and nothing acknowledged was lost: for every kind, the log holds exactly as
 *   many of its events as requests of that kind were finally answered with success;
 * - nothing was applied by halves: every currency sums to zero over all accounts and books, no
 *   balance is negative, every lock of the trade account is backed by an open order, and the
 *   restored books hold exactly the open orders.
 * The seeds are fixed, so a failure repeats with the same schedule of requests (the kill moments
 * still depend on the machine).
 */
const KILLS_PER_LANE = 12;
const SEEDS = [42, 43];
const dir = mkdtempSync(join(tmpdir(), 'tessera-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A seeded generator, so a failing run repeats its schedule (the seed is printed on failure). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The kinds of command the lanes send, each counted in the log by the event it appends. */
type Kind =
  | 'order'
  | 'cancel'
  | 'transferIn'
  | 'transferOut'
  | 'leverOpen'
  | 'leverClose'
  | 'micro'
  | 'earnBuy'
  | 'earnRedeem';

interface Sent {
  kind: Kind;
  path: string;
  payload: Record<string, unknown>;
  requestId: string;
}

interface Answer {
  code: number | string;
  msg: string;
  data: { id?: number } | null;
}

async function send(base: string, sent: Sent, token: string): Promise<Answer> {
  const response = await fetch(`${base}/api/${sent.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, 'x-request-id': sent.requestId },
    body: JSON.stringify(sent.payload),
  });
  return (await response.json()) as Answer;
}

/** What a lane knows: its successes by kind, the ids it may act on, and the requests left unanswered. */
interface Tally {
  succeeded: Map<Kind, number>;
  openOrders: Set<number>;
  openPositions: Set<number>;
  holdings: Set<number>;
  unanswered: Sent[];
  requests: number;
  retried: number;
  /** Acknowledged requests, with the answer each got: sent again later, they must get it again. */
  acknowledged: Array<{ sent: Sent; answer: Answer }>;
}

function settle(tally: Tally, sent: Sent, answer: Answer): void {
  if (answer.code !== 1) return;
  tally.succeeded.set(sent.kind, (tally.succeeded.get(sent.kind) ?? 0) + 1);
  tally.acknowledged.push({ sent, answer });
  const id = answer.data?.id;
  const target = sent.payload.id as number;
  if (sent.kind === 'order' && id !== undefined) tally.openOrders.add(id);
  if (sent.kind === 'cancel') tally.openOrders.delete(target);
  if (sent.kind === 'leverOpen' && id !== undefined) tally.openPositions.add(id);
  if (sent.kind === 'leverClose') tally.openPositions.delete(target);
  if (sent.kind === 'earnBuy' && id !== undefined) tally.holdings.add(id);
  if (sent.kind === 'earnRedeem') tally.holdings.delete(target);
}

/** The next request of a worker: a kind chosen by the lane's generator, with a fresh id. */
function nextRequest(random: () => number, tally: Tally, price: string, lane: number): Sent {
  const id = `k${lane}-${tally.requests++}`;
  const pick = <T>(set: Set<T>): T | undefined => [...set][Math.floor(random() * set.size)];
  const roll = random();
  const order = pick(tally.openOrders);
  if (roll < 0.2 || (roll < 0.3 && order === undefined))
    return {
      kind: 'order',
      path: 'tx_in/add',
      payload: { currency_match_id: 1, number: '0.001', price, type: 0 },
      requestId: id,
    };
  if (roll < 0.3) return { kind: 'cancel', path: 'tx_in/cancel', payload: { id: order }, requestId: id };
  if (roll < 0.45) {
    const out = random() < 0.5;
    return {
      kind: out ? 'transferOut' : 'transferIn',
      path: 'account/transfer',
      payload: {
        currency_id: 1,
        balance: '1.5',
        from: out ? 'lever' : 'change',
        to: out ? 'change' : 'lever',
      },
      requestId: id,
    };
  }
  const position = pick(tally.openPositions);
  if (roll < 0.6 || (roll < 0.7 && position === undefined))
    return {
      kind: 'leverOpen',
      path: 'lever/submit',
      payload: { currency_match_id: 2, share: 1, multiple: 10, type: 1, status: 1 },
      requestId: id,
    };
  if (roll < 0.7)
    return { kind: 'leverClose', path: 'lever/close', payload: { id: position }, requestId: id };
  if (roll < 0.85)
    return {
      kind: 'micro',
      path: 'microtrade/submit',
      payload: { match_id: 1, currency_id: 1, type: 1 + Math.floor(random() * 2), seconds: 30, number: '10' },
      requestId: id,
    };
  const holding = pick(tally.holdings);
  if (roll < 0.93 || holding === undefined)
    return { kind: 'earnBuy', path: 'ieo/addIeo', payload: { id: 1, number: '20' }, requestId: id };
  return { kind: 'earnRedeem', path: 'ieo/redeem', payload: { id: holding }, requestId: id };
}

/** One store, killed `KILLS_PER_LANE` times under load; answers what the lane was told. */
async function lane(store: LaneStore, index: number, price: string): Promise<Tally> {
  const random = mulberry32(SEEDS[index]!);
  const tally: Tally = {
    succeeded: new Map(),
    openOrders: new Set(),
    openPositions: new Set(),
    holdings: new Set(),
    unanswered: [],
    requests: 0,
    retried: 0,
    acknowledged: [],
  };
  let token = '';
  for (let kill = 0; kill < KILLS_PER_LANE; kill++) {
    const server = await startServer(['--data', store.data, '--rate', '0'], store.env);
    if (!token) {
      const login = await fetch(`${server.base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          account: DEMO_ACCOUNT.email,
          password: DEMO_ACCOUNT.password,
          login_type: 'email',
        }),
      });
      token = tokenOf(((await login.json()) as { data: unknown }).data) ?? '';
      expect(token).not.toBe('');
      // Money in the accounts the commands draw on (counted like any other transfer).
      for (const to of ['lever', 'micro', 'financial']) {
        const sent: Sent = {
          kind: 'transferIn',
          path: 'account/transfer',
          payload: { currency_id: 1, balance: '3000', from: 'change', to },
          requestId: `k${index}-setup-${to}`,
        };
        const answer = await send(server.base, sent, token);
        expect(answer.code, answer.msg).toBe(1);
        settle(tally, sent, answer);
      }
    }
    // What the last life left unanswered is sent again with its id: it runs now or was done
    // already, and either way it is answered.
    for (const sent of tally.unanswered.splice(0)) {
      tally.retried++;
      settle(tally, sent, await send(server.base, sent, token));
    }
    // An acknowledged request sent again is answered as before, from the log.
    const last = tally.acknowledged.at(-1);
    if (last) expect(await send(server.base, last.sent, token), last.sent.path).toEqual(last.answer);
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const sent = nextRequest(random, tally, price, index);
        let answer: Answer;
        try {
          answer = await send(server.base, sent, token);
        } catch {
          tally.unanswered.push(sent);
          return;
        }
        settle(tally, sent, answer);
      }
    };
    const workers = [worker(), worker(), worker()];
    await new Promise((resolveWait) => setTimeout(resolveWait, 150 + random() * 450));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await server.exited;
  }
  // The last life's unanswered requests, once more on a server that is not killed.
  const server = await startServer(['--data', store.data, '--rate', '0'], store.env);
  for (const sent of tally.unanswered.splice(0)) {
    tally.retried++;
    settle(tally, sent, await send(server.base, sent, token));
  }
  server.child.kill('SIGTERM');
  await server.exited;
  return tally;
}

/**
 * Where a lane's server keeps its log: a SQLite file, or (the second lane, when DATABASE_URL names a
 * PostgreSQL) a schema of its own, so the kill points cover both stores.
 */
interface LaneStore {
  data: string;
  env: Record<string, string>;
  kind: 'SQLite' | 'PostgreSQL';
  open(): Promise<ServerStore>;
}

function laneStore(index: number, suffix: string): LaneStore {
  const data = join(dir, `lane${index}`);
  mkdirSync(data, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url && index === 1) {
    const schema = `kill_${suffix}`;
    return {
      data,
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      kind: 'PostgreSQL',
      open: () => PostgresEventLog.open({ url, schema }),
    };
  }
  return {
    data,
    env: {},
    kind: 'SQLite',
    open: async () => new SqliteEventLog({ file: join(data, 'tessera.db') }),
  };
}

async function close(store: ServerStore): Promise<void> {
  store.close();
  await store.whenClosed?.();
}

async function open(lane: LaneStore): Promise<{ simulator: Simulator; store: ServerStore }> {
  const store = await lane.open();
  const simulator = await createSimulator({
    // Later than anything the killed servers stored (they ran on the wall clock).
    clock: new ManualClock(Date.now() + 60_000),
    messages: nodeServerMessages(LOCALES),
    store,
  });
  return { simulator, store };
}

/** The demo user's commands in the log, counted by the kind of request that made each. */
async function countedInLog(store: ServerStore, userId: number): Promise<Map<Kind, number>> {
  const counts = new Map<Kind, number>();
  const count = (kind: Kind) => counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const holdings = new Map<number, number>();
  const positions = new Map<number, number>();
  const orders = new Map<number, number>();
  for (const row of await store.readEvents(0, { stream: 'spot' })) {
    const e = deserialize(row.data) as Record<string, unknown> & { type: string };
    switch (e.type) {
      case 'OrderPlaced': {
        const order = e.order as { id: number; userId: number };
        orders.set(order.id, order.userId);
        if (order.userId === userId) count('order');
        break;
      }
      case 'OrderEnded':
        if (e.status === ORDER_STATUS_CANCELLED && orders.get(e.orderId as number) === userId)
          count('cancel');
        break;
      case 'Transferred':
        if (e.userId === userId) count(e.from === 'lever' ? 'transferOut' : 'transferIn');
        break;
      case 'LeverPlaced': {
        const position = e.position as { id: number; userId: number };
        positions.set(position.id, position.userId);
        if (position.userId === userId) count('leverOpen');
        break;
      }
      case 'LeverClosed':
        if (positions.get(e.positionId as number) === userId && e.reason === LEVER_CLOSE_USER)
          count('leverClose');
        break;
      case 'MicroOpened':
        if ((e.contract as { userId: number }).userId === userId) count('micro');
        break;
      case 'EarningsBought': {
        const holding = e.holding as { id: number; userId: number };
        holdings.set(holding.id, holding.userId);
        if (holding.userId === userId) count('earnBuy');
        break;
      }
      case 'EarningsRedeemed':
        if (holdings.get(e.holdingId as number) === userId) count('earnRedeem');
        break;
    }
  }
  return counts;
}

/** Nothing half-applied: the ledger sums to zero, nothing negative, locks and books match the orders. */
function consistent(simulator: Simulator): void {
  const state: ExchangeState = simulator.wallet.state();
  const sums = new Map<number, bigint>();
  const add = (currency: number, units: bigint) => sums.set(currency, (sums.get(currency) ?? 0n) + units);
  for (const [key, balance] of state.balances) {
    expect(balance.available >= 0n && balance.locked >= 0n, key).toBe(true);
    add(Number(key.split(':')[1]), balance.available + balance.locked);
  }
  for (const [key, amount] of state.books) add(Number(key.split(':').at(-1)), amount);
  for (const [currency, sum] of sums) expect(sum, `currency ${currency} sums to zero`).toBe(0n);
  const lockedByOrders = new Map<string, bigint>();
  for (const order of state.orders.values()) {
    if (order.status !== ORDER_STATUS_OPEN) expect(order.locked).toBe(0n);
    const key = `${order.userId}:${order.side === 'buy' ? order.quoteCurrencyId : order.baseCurrencyId}`;
    lockedByOrders.set(key, (lockedByOrders.get(key) ?? 0n) + order.locked);
  }
  // Trade-account keys are "<user>:<currency>"; nothing but open orders locks them here.
  for (const [key, balance] of state.balances)
    if (key.split(':').length === 2) expect(balance.locked, key).toBe(lockedByOrders.get(key) ?? 0n);
  for (const pair of simulator.market.market.pairs) {
    for (const side of [BUY, SELL] as const) {
      for (const resting of pair.book.orders(side)) {
        if (resting.owner < FIRST_USER_OWNER) continue;
        expect(state.orders.get(resting.id)?.status, `order ${resting.id} rests`).toBe(ORDER_STATUS_OPEN);
      }
    }
  }
  for (const order of state.orders.values()) {
    if (order.status !== ORDER_STATUS_OPEN) continue;
    const pair = simulator.market.market.pair(order.pairId)!;
    expect(pair.book.remaining(order.id), `open order ${order.id}`).toBe(order.lots - order.filledLots);
  }
}

describe('the server killed with SIGKILL under load, every kind of money command', () => {
  it(`runs no request twice and loses none (${SEEDS.length} x ${KILLS_PER_LANE} kill points)`, async () => {
    const stores = SEEDS.map((_, index) => laneStore(index, `${process.pid}`));
    let price = '';
    for (const laneOf of stores) {
      const { simulator, store } = await open(laneOf);
      // Half the last price of BTC/USDT (ticks of 10^-2): resting orders that do not fill.
      price ||= (Math.floor(simulator.market.market.pair(1)!.lastPrice() / 2) / 100).toFixed(2);
      await close(store);
    }
    const tallies = await Promise.all(stores.map((laneOf, index) => lane(laneOf, index, price)));
    for (const [index, laneOf] of stores.entries()) {
      const tally = tallies[index]!;
      const { simulator, store } = await open(laneOf);
      const userId = [...simulator.accounts.state().users.values()].find(
        (user) => user.email === DEMO_ACCOUNT.email,
      )!.id;
      const inLog = await countedInLog(store, userId);
      const kinds = [...new Set([...inLog.keys(), ...tally.succeeded.keys()])].sort();
      const table = kinds.map((kind) => `${kind} ${tally.succeeded.get(kind) ?? 0}/${inLog.get(kind) ?? 0}`);
      console.log(
        `kill test lane ${index} (${laneOf.kind}, seed ${SEEDS[index]}): ${KILLS_PER_LANE} kills, ` +
          `${tally.requests} requests, ${tally.retried} retried after a kill; answered ok / in the log: ${table.join(', ')}`,
      );
      for (const kind of kinds)
        expect(inLog.get(kind) ?? 0, `lane ${index} (${laneOf.kind}): ${kind} in the log`).toBe(
          tally.succeeded.get(kind) ?? 0,
        );
      expect(tally.retried, 'some requests were cut off by a kill').toBeGreaterThan(0);
      expect(kinds.length).toBeGreaterThanOrEqual(8);
      consistent(simulator);
      if (store instanceof PostgresEventLog) await store.dropSchema();
      await close(store);
    }
  }, 600_000);
});
