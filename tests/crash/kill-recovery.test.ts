import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue, type CallName } from '../../src/api/catalogue.ts';
import {
  BATCH_CLOSE_ALL,
  CODE_PURPOSE_PAY_PASSWORD,
  LEVER_CLOSE_USER,
  OTC_AD_BUY,
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_OPEN,
} from '../../src/domain/contract-codes.ts';
import { p2pOf } from '../../src/sim/features/p2p/part.ts';
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
import { PNG } from '../unit/accounts/harness.ts';
import {
  TRON_ADDRESS,
  signedTronBinding,
  type BindingSessionKey,
} from '../unit/address-book/tron-binding.ts';
import { startServer } from '../unit/server/child-server.ts';
import type { ExchangeState } from '../../src/sim/exchange/state.ts';

/**
 * `npm run server` killed with SIGKILL at random moments while streams of every kind of mutating
 * command run (spot orders and cancels; transfers both ways; withdrawals and their cancels;
 * conversions; lever opens, stops, closes and close-alls; micro buys; earnings buys and redeems;
 * P2P ads published, edited and paused, orders opened, paid and cancelled on a merchant's ad, and
 * opened and paid by a second user on the demo's own ad, which the demo releases or delays; address
 * labels; payment methods), again and again on the same store: a SQLite file, and PostgreSQL when
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
/** A life of the server answers at least this many requests, at most twice as many, then is killed. */
const MIN_ANSWERS_PER_LIFE = 50;
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

/**
 * The kinds of command the lanes send, each counted in the log by the event it appends. A close-all
 * appends one user close per position it closed, so it is counted with the single closes
 * (`leverClose`), by the ids its answer lists; `leverCloseAll` counts its answered requests only.
 */
const ALL_KINDS = [
  'order',
  'cancel',
  'transferIn',
  'transferOut',
  'withdraw',
  'withdrawCancel',
  'convert',
  'leverOpen',
  'leverStops',
  'leverClose',
  'leverCloseAll',
  'micro',
  'earnBuy',
  'earnRedeem',
  'p2pPublish',
  'p2pEdit',
  'p2pAdStatus',
  'p2pOpen',
  'p2pPay',
  'p2pCancel',
  'p2pSellOpen',
  'p2pBuyerPay',
  'p2pRelease',
  'p2pDelay',
  'addressLabel',
  'payMethod',
] as const;
type Kind = (typeof ALL_KINDS)[number];

/** Kinds the second user sends. */
const BY_BUYER: ReadonlySet<Kind> = new Set(['p2pSellOpen', 'p2pBuyerPay']);
const BUYER = { email: 'buyer@kill.example', password: 'Secret123' };

/** Kinds whose requests append no event of their own (see Kind). */
const COUNTED_ELSEWHERE: ReadonlySet<Kind> = new Set(['leverCloseAll']);

interface Sent {
  kind: Kind;
  path: CallName;
  payload: Record<string, unknown>;
  requestId: string;
  /** Sent by the second user (the buyer on the demo's own ad) rather than the demo. */
  byBuyer?: true;
}

/** What the demo account was given before the lanes start (tests/crash: the one-off setup). */
interface Prepared {
  /** 60 % of the last price of BTC/USDT: resting buys that do not fill, inside its price band. */
  price: string;
  /** The address the demo bound, for withdrawals; its id in the address book, for relabels. */
  address: string;
  addressId: number;
  /** Seeded merchants' USDT sell ads the demo may order on. */
  ads: number[];
  /** The demo's own USDT sell ad, on which the second user buys (so the demo releases and delays). */
  sellAd: number;
  /** The log's last event after the setup: the lanes' commands are counted after it. */
  fromSeq: number;
}

/** otc/ad_status: 1 shows an ad, 2 pauses it. */
const AD_OPEN = 1;
const AD_PAUSED = 2;
const PAY_PASSWORD = 'Trade123';
const OUTBOX = 'c'.repeat(32);

interface Answer {
  code: number | string;
  msg: string;
  data: unknown;
}

async function send(base: string, sent: Sent, token: string): Promise<Answer> {
  const response = await fetch(`${base}/api/${sent.path}`, {
    method: catalogue[sent.path].method,
    headers: { 'content-type': 'application/json', authorization: token, 'x-request-id': sent.requestId },
    body: JSON.stringify(sent.payload),
  });
  return (await response.json()) as Answer;
}

/** A session token of an account signed in by e-mail. */
async function login(base: string, account: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, login_type: 'email' }),
  });
  const token = tokenOf(((await response.json()) as { data: unknown }).data) ?? '';
  expect(token, `${account} signs in`).not.toBe('');
  return token;
}

/** An image upload (multipart), for the P2P payments' voucher: its URL. */
async function upload(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'voucher.png');
  const response = await fetch(`${base}/api/common/image_upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const answer = (await response.json()) as Answer;
  expect(answer.code, answer.msg).toBe(1);
  return (answer.data as { url: string }).url;
}

/** A conversion quote for the request's amount (asked without an id: a quote changes nothing). */
async function quoteFor(base: string, sent: Sent, token: string): Promise<string> {
  const response = await fetch(`${base}/api/account/convert_quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ currency_id: sent.payload.currency_id, number: sent.payload.number }),
  });
  const answer = (await response.json()) as Answer;
  return (answer.data as { quote_id?: string } | null)?.quote_id ?? '';
}

/** What a lane knows: its successes by kind, the ids it may act on, and the requests left unanswered. */
interface Tally {
  succeeded: Map<Kind, number>;
  openOrders: Set<number>;
  openPositions: Set<number>;
  holdings: Set<number>;
  withdrawals: Set<number>;
  ads: Set<number>;
  /** The lane's ads that no status request is out for, with the status they have. */
  adStatus: Map<number, typeof AD_OPEN | typeof AD_PAUSED>;
  p2pOrders: Set<number>;
  /** This life's upload, the voucher a P2P payment shows (its URL names the server's port). */
  voucher: string;
  buyerVoucher: string;
  /** The buyer's orders on the demo's ad: unpaid, and paid (to release or delay). */
  buyerOrders: Set<number>;
  paidOrders: Set<number>;
  /** Kinds sent at least once, answered or not. */
  sentKinds: Set<Kind>;
  unanswered: Sent[];
  requests: number;
  retried: number;
  /** Acknowledged requests, with the answer each got: sent again later, they must get it again. */
  acknowledged: Array<{ sent: Sent; answer: Answer }>;
}

function count(tally: Tally, kind: Kind, by = 1): void {
  tally.succeeded.set(kind, (tally.succeeded.get(kind) ?? 0) + by);
}

function settle(tally: Tally, sent: Sent, answer: Answer): void {
  if (sent.kind === 'p2pAdStatus') {
    const asked = sent.payload.status as typeof AD_OPEN | typeof AD_PAUSED;
    const before = asked === AD_OPEN ? AD_PAUSED : AD_OPEN;
    tally.adStatus.set(sent.payload.id as number, answer.code === 1 ? asked : before);
  }
  if (answer.code !== 1) return;
  count(tally, sent.kind);
  tally.acknowledged.push({ sent, answer });
  const id = (answer.data as { id?: number } | null)?.id;
  const target = sent.payload.id as number;
  if (sent.kind === 'order' && id !== undefined) tally.openOrders.add(id);
  if (sent.kind === 'cancel') tally.openOrders.delete(target);
  if (sent.kind === 'leverOpen' && id !== undefined) tally.openPositions.add(id);
  if (sent.kind === 'leverClose') tally.openPositions.delete(target);
  if (sent.kind === 'leverCloseAll') {
    const closed = (answer.data as { ids: number[] }).ids;
    count(tally, 'leverClose', closed.length);
    for (const position of closed) tally.openPositions.delete(position);
  }
  if (sent.kind === 'earnBuy' && id !== undefined) tally.holdings.add(id);
  if (sent.kind === 'earnRedeem') tally.holdings.delete(target);
  if (sent.kind === 'withdraw' && id !== undefined) tally.withdrawals.add(id);
  if (sent.kind === 'withdrawCancel') tally.withdrawals.delete(target);
  if (sent.kind === 'p2pPublish' && id !== undefined) {
    tally.ads.add(id);
    tally.adStatus.set(id, AD_OPEN);
  }
  if (sent.kind === 'p2pOpen' && id !== undefined) tally.p2pOrders.add(id);
  if (sent.kind === 'p2pPay' || sent.kind === 'p2pCancel') tally.p2pOrders.delete(target);
  if (sent.kind === 'p2pSellOpen' && id !== undefined) tally.buyerOrders.add(id);
  if (sent.kind === 'p2pBuyerPay') {
    tally.buyerOrders.delete(target);
    tally.paidOrders.add(target);
  }
  if (sent.kind === 'p2pRelease') tally.paidOrders.delete(target);
}

/** A kind and its payload, or undefined when the lane has nothing to act on for that kind yet. */
type Draw = (
  random: () => number,
  tally: Tally,
  prepared: Prepared,
) => [Kind, CallName, Record<string, unknown>] | undefined;

const pick = <T>(random: () => number, set: Set<T> | readonly T[]): T | undefined => {
  const all = [...set];
  return all[Math.floor(random() * all.length)];
};

/** The commands a lane draws from, with their weights: money moves often, settings now and then. */
const DRAWS: ReadonlyArray<[number, Draw]> = [
  [
    12,
    (_r, _t, p) => ['order', 'tx_in/add', { currency_match_id: 1, number: '0.001', price: p.price, type: 0 }],
  ],
  [6, (r, t) => maybe(pick(r, t.openOrders), (id) => ['cancel', 'tx_in/cancel', { id }])],
  [
    10,
    (r) => {
      const out = r() < 0.5;
      const payload = {
        currency_id: 1,
        balance: '1.5',
        from: out ? 'lever' : 'change',
        to: out ? 'change' : 'lever',
      };
      return [out ? 'transferOut' : 'transferIn', 'account/transfer', payload];
    },
  ],
  [
    4,
    (_r, _t, p) => [
      'withdraw',
      'account/draw',
      {
        currency_id: 1,
        currency_protocol_id: 1,
        number: '12',
        address: p.address,
        pay_password: PAY_PASSWORD,
      },
    ],
  ],
  [3, (r, t) => maybe(pick(r, t.withdrawals), (id) => ['withdrawCancel', 'account/draw_cancel', { id }])],
  [4, () => ['convert', 'account/convert', { currency_id: 2, number: '0.0001' }]],
  [
    10,
    () => ['leverOpen', 'lever/submit', { currency_match_id: 2, share: 1, multiple: 10, type: 1, status: 1 }],
  ],
  [
    4,
    (r, t) =>
      maybe(pick(r, t.openPositions), (id) => [
        'leverStops',
        'lever/setstop',
        { id, target_profit_price: '0', stop_loss_price: '0' },
      ]),
  ],
  [5, (r, t) => maybe(pick(r, t.openPositions), (id) => ['leverClose', 'lever/close', { id }])],
  [1, () => ['leverCloseAll', 'lever/batch_close', { type: BATCH_CLOSE_ALL, currency_match_id: 2 }]],
  [
    8,
    (r) => [
      'micro',
      'microtrade/submit',
      { match_id: 1, currency_id: 1, type: 1 + Math.floor(r() * 2), seconds: 30, number: '10' },
    ],
  ],
  [5, () => ['earnBuy', 'ieo/addIeo', { id: 1, number: '20' }]],
  [3, (r, t) => maybe(pick(r, t.holdings), (id) => ['earnRedeem', 'ieo/redeem', { id }])],
  [2, () => ['p2pPublish', 'otc/publish', AD_TERMS]],
  [
    2,
    (r, t) =>
      maybe(pick(r, t.ads), (id) => [
        'p2pEdit',
        'otc/edit_ad',
        { ...AD_TERMS, id, price: r() < 0.5 ? '6.70' : '6.75' },
      ]),
  ],
  [
    2,
    (r, t) =>
      maybe(pick(r, [...t.adStatus.keys()]), (id) => {
        // The ad is this request's alone until it is answered: a pause and a resume of one ad never
        // cross, so every change answered is a change (asking for the status an ad has appends nothing).
        const status = t.adStatus.get(id) === AD_OPEN ? AD_PAUSED : AD_OPEN;
        t.adStatus.delete(id);
        return ['p2pAdStatus', 'otc/ad_status', { id, status }];
      }),
  ],
  [
    4,
    (r, _t, p) =>
      maybe(pick(r, p.ads), (id) => ['p2pOpen', 'otc/order_create', { ad_id: id, amount: '1400' }]),
  ],
  [
    3,
    (r, t) =>
      // One order in three is cancelled, the others paid (each buyer cancel counts toward a limit).
      maybe(pick(r, t.p2pOrders), (id) =>
        id % 3 === 0
          ? ['p2pCancel', 'otc/cancel', { id }]
          : ['p2pPay', 'otc/pay', { id, voucher: t.voucher }],
      ),
  ],
  // The second user buys on the demo's own ad and pays; the demo, the seller, releases or delays.
  [3, (_r, _t, p) => ['p2pSellOpen', 'otc/order_create', { ad_id: p.sellAd, amount: '140' }]],
  [
    3,
    (r, t) =>
      maybe(pick(r, t.buyerOrders), (id) => ['p2pBuyerPay', 'otc/pay', { id, voucher: t.buyerVoucher }]),
  ],
  [
    3,
    (r, t) =>
      maybe(pick(r, t.paidOrders), (id) =>
        // Until one delay was answered, the seller asks for more time (once per order), then releases.
        (t.succeeded.get('p2pDelay') ?? 0) === 0 || id % 4 === 0
          ? ['p2pDelay', 'otc/delay', { id }]
          : ['p2pRelease', 'otc/release', { id }],
      ),
  ],
  [
    2,
    (r, _t, p) => [
      'addressLabel',
      'address/label',
      { id: p.addressId, label: `label ${Math.floor(r() * 1000)}` },
    ],
  ],
  [
    2,
    (r) => [
      'payMethod',
      'pay_method/save',
      {
        type: 3,
        raw_data: {
          real_name: 'Demo Trader',
          bank_name: 'Harbor Bank',
          bank_address: 'Head office',
          card_no: `62220010${Math.floor(r() * 1e8)}`,
        },
      },
    ],
  ],
];

function maybe<T>(value: T | undefined, then: (value: T) => ReturnType<Draw>): ReturnType<Draw> {
  return value === undefined ? undefined : then(value);
}

/** The demo's own P2P ad: it buys USDT for CNY (a buy ad locks nothing). */
const AD_TERMS = {
  type: OTC_AD_BUY,
  coin: 'USDT',
  fiat: 'CNY',
  price: '6.75',
  float_margin: '',
  total: '500',
  min: '100',
  max: '1000',
  pay_methods: ['bank'],
  pay_limit: 15,
  remarks: '',
};

const TOTAL_WEIGHT = DRAWS.reduce((sum, [weight]) => sum + weight, 0);

/** The next request of a worker: a kind chosen by the lane's generator, with a fresh id. */
function nextRequest(random: () => number, tally: Tally, prepared: Prepared, lane: number): Sent {
  const requestId = `k${lane}-${tally.requests++}`;
  for (;;) {
    let roll = random() * TOTAL_WEIGHT;
    const draw = DRAWS.find(([weight]) => (roll -= weight) < 0)?.[1] ?? DRAWS[0]![1];
    const drawn = draw(random, tally, prepared);
    if (!drawn) continue;
    const [kind, path, payload] = drawn;
    tally.sentKinds.add(kind);
    return { kind, path, payload, requestId, ...(BY_BUYER.has(kind) ? { byBuyer: true as const } : {}) };
  }
}

/** One store, killed `KILLS_PER_LANE` times under load; answers what the lane was told. */
async function lane(store: LaneStore, index: number, prepared: Prepared): Promise<Tally> {
  const random = mulberry32(SEEDS[index]!);
  const tally: Tally = {
    succeeded: new Map(),
    openOrders: new Set(),
    openPositions: new Set(),
    holdings: new Set(),
    withdrawals: new Set(),
    ads: new Set(),
    adStatus: new Map(),
    voucher: '',
    buyerVoucher: '',
    buyerOrders: new Set(),
    paidOrders: new Set(),
    p2pOrders: new Set(),
    sentKinds: new Set(),
    unanswered: [],
    requests: 0,
    retried: 0,
    acknowledged: [],
  };
  let token = '';
  let buyerToken = '';
  const tokenFor = (sent: Sent) => (sent.byBuyer ? buyerToken : token);
  for (let kill = 0; kill < KILLS_PER_LANE; kill++) {
    const server = await startServer(['--data', store.data, '--rate', '0'], store.env);
    if (!token) {
      token = await login(server.base, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      buyerToken = await login(server.base, BUYER.email, BUYER.password);
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
      settle(tally, sent, await send(server.base, sent, tokenFor(sent)));
    }
    tally.voucher = await upload(server.base, token);
    tally.buyerVoucher = await upload(server.base, buyerToken);
    // An acknowledged request sent again is answered as before, from the log.
    const last = tally.acknowledged.at(-1);
    if (last)
      expect(await send(server.base, last.sent, tokenFor(last.sent)), last.sent.path).toEqual(last.answer);
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const sent = nextRequest(random, tally, prepared, index);
        let answer: Answer;
        try {
          // A conversion is made on a quote asked for just before (kept in memory by the server:
          // a retry after a kill finds it gone unless the conversion was done, and then is answered).
          if (sent.kind === 'convert') sent.payload.quote_id = await quoteFor(server.base, sent, token);
          answer = await send(server.base, sent, tokenFor(sent));
        } catch {
          tally.unanswered.push(sent);
          return;
        }
        settle(tally, sent, answer);
        answered++;
      }
    };
    // Each life lasts a number of answers rather than of milliseconds, so a slow machine runs as
    // many commands of each kind as a fast one; the kill then lands a few milliseconds later, in
    // the middle of whatever the three workers have in flight.
    let answered = 0;
    const lifeAnswers = MIN_ANSWERS_PER_LIFE + Math.floor(random() * MIN_ANSWERS_PER_LIFE);
    const killAfterMs = random() * 25;
    const workers = [worker(), worker(), worker()];
    while (answered < lifeAnswers) await new Promise((resolveWait) => setTimeout(resolveWait, 2));
    await new Promise((resolveWait) => setTimeout(resolveWait, killAfterMs));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await server.exited;
  }
  // The last life's unanswered requests, once more on a server that is not killed.
  const server = await startServer(['--data', store.data, '--rate', '0'], store.env);
  for (const sent of tally.unanswered.splice(0)) {
    tally.retried++;
    settle(tally, sent, await send(server.base, sent, tokenFor(sent)));
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

/**
 * Before the first server: the demo account gets a trade password and a bound address (both need a
 * code from the outbox, which a server outside --demo does not serve), on the lane's own store,
 * through the same calls a server answers. Also reads what the lanes aim at.
 */
async function prepare(laneOf: LaneStore): Promise<Prepared> {
  const store = await laneOf.open();
  const clock = new ManualClock(Date.now());
  const simulator = await createSimulator({ clock, messages: nodeServerMessages(LOCALES), store });
  const call = async (path: CallName, payload: Record<string, unknown>, token = '') => {
    const answer = await simulator.server.handle({
      method: catalogue[path].method,
      path,
      payload,
      headers: { lang: 'en', authorization: token },
      timeoutMs: 20_000,
    });
    expect(answer.code, `${path}: ${answer.msg}`).toBe(1);
    return answer.data;
  };
  const codeFor = async (to: string) => {
    const box = (await call('notify/outbox', { key: OUTBOX })) as Array<{ to: string; code: string }>;
    return box.filter((message) => message.to.endsWith(to)).at(-1)?.code ?? '';
  };
  const token = (await call('user/login', {
    account: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    login_type: 'email',
  })) as string;
  await call(
    'notify/send_email',
    { to: DEMO_ACCOUNT.email, type: CODE_PURPOSE_PAY_PASSWORD, outbox_key: OUTBOX },
    token,
  );
  await call(
    'user/amend_pay_password',
    { password: PAY_PASSWORD, auth_code: await codeFor(DEMO_ACCOUNT.email) },
    token,
  );
  clock.advance(120_000);
  await call('address/send_code', { via: 'email', outbox_key: OUTBOX }, token);
  const key = (await call('address/session_key', {}, token)) as BindingSessionKey;
  const binding = await signedTronBinding(key, await codeFor(DEMO_ACCOUNT.email), 'kill test');
  const bound = (await call('address/bind', binding, token)) as { id: number };
  // The second user, and the demo's own (seeded) sell ad it buys on: the demo's coins are escrowed
  // per order, and the demo releases them.
  await call('notify/send_email', { to: BUYER.email, type: 1, outbox_key: OUTBOX });
  await call('user/register', {
    account: BUYER.email,
    password: BUYER.password,
    re_password: BUYER.password,
    sms_code: await codeFor(BUYER.email),
    type: 'email',
  });
  const own = [...p2pOf(simulator.wallet.state()).ads.values()].find(
    (ad) => ad.side === 'sell' && ad.coin === 'USDT' && ad.ownerId === key.user_id && ad.status === 'open',
  );
  expect(own, "the demo's seeded USDT sell ad").toBeDefined();
  const ads = [...p2pOf(simulator.wallet.state()).ads.values()]
    .filter(
      (ad) => ad.side === 'sell' && ad.coin === 'USDT' && ad.ownerId !== key.user_id && ad.status === 'open',
    )
    .map((ad) => ad.id);
  expect(ads.length, 'seeded USDT sell ads').toBeGreaterThan(0);
  // 60 % of the last price of BTC/USDT (ticks of 10^-2): resting orders that do not fill, inside the
  // pair's price band (half to twice the last price).
  const price = (Math.floor(simulator.market.market.pair(1)!.lastPrice() * 0.6) / 100).toFixed(2);
  const fromSeq = (await store.readEvents(0)).at(-1)?.seq ?? 0;
  await close(store);
  return { price, address: TRON_ADDRESS, addressId: bound.id, ads, sellAd: own!.id, fromSeq };
}

/** The demo user's commands in the log, counted by the kind of request that made each. */
async function countedInLog(
  store: ServerStore,
  userId: number,
  buyerId: number,
  fromSeq: number,
): Promise<Map<Kind, number>> {
  const counts = new Map<Kind, number>();
  let seq = 0;
  // Only what came after the setup (the seed saved the demo's own pay methods, for one).
  const count = (kind: Kind) => {
    if (seq > fromSeq) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  const holdings = new Map<number, number>();
  const positions = new Map<number, number>();
  const orders = new Map<number, number>();
  const withdrawals = new Map<number, number>();
  const ads = new Map<number, number>();
  const addresses = new Map<number, number>();
  /** P2P orders the user opened on another's ad (not orders others opened on the user's ads). */
  const taken = new Set<number>();
  /** P2P orders the second user opened on the user's own ads. */
  const bought = new Set<number>();
  // Every stream: the exchange's (spot), the accounts' and the address book's.
  for (const row of await store.readEvents(0)) {
    seq = row.seq;
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
      case 'WithdrawalRequested': {
        const withdrawal = e.withdrawal as { id: number; userId: number };
        withdrawals.set(withdrawal.id, withdrawal.userId);
        if (withdrawal.userId === userId) count('withdraw');
        break;
      }
      case 'WithdrawalCancelled':
        if (withdrawals.get(e.withdrawalId as number) === userId) count('withdrawCancel');
        break;
      case 'Converted':
        if (e.userId === userId) count('convert');
        break;
      case 'LeverStopsSet':
        if (positions.get(e.positionId as number) === userId) count('leverStops');
        break;
      case 'P2pAdPublished': {
        const ad = e.ad as { id: number; ownerId: number };
        ads.set(ad.id, ad.ownerId);
        if (ad.ownerId === userId) count('p2pPublish');
        break;
      }
      case 'P2pAdEdited':
        if (ads.get(e.adId as number) === userId) count('p2pEdit');
        break;
      case 'P2pAdStatusChanged':
        if (ads.get(e.adId as number) === userId) count('p2pAdStatus');
        break;
      case 'P2pOrderOpened': {
        const order = e.order as { id: number; buyerId: number; merchantId: number };
        if (order.buyerId === userId && order.merchantId !== userId) {
          taken.add(order.id);
          count('p2pOpen');
        }
        if (order.buyerId === buyerId && order.merchantId === userId) {
          bought.add(order.id);
          count('p2pSellOpen');
        }
        break;
      }
      case 'P2pOrderMoved':
        if (taken.has(e.orderId as number) && e.by === 'buyer' && e.cause === 'pay') count('p2pPay');
        if (taken.has(e.orderId as number) && e.by === 'buyer' && e.cause === 'cancel') count('p2pCancel');
        if (bought.has(e.orderId as number) && e.by === 'buyer' && e.cause === 'pay') count('p2pBuyerPay');
        if (bought.has(e.orderId as number) && e.by === 'seller' && e.cause === 'release')
          count('p2pRelease');
        if (bought.has(e.orderId as number) && e.by === 'seller' && e.cause === 'delay') count('p2pDelay');
        break;
      case 'AddressBound':
        addresses.set(e.id as number, e.userId as number);
        break;
      case 'AddressRelabelled':
        if (addresses.get(e.id as number) === userId) count('addressLabel');
        break;
      case 'PayMethodSaved':
        if (e.userId === userId) count('payMethod');
        break;
    }
  }
  return counts;
}

/** Nothing half-applied: the ledger sums to zero, nothing negative, locks match the orders and withdrawals, books the orders. */
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
  /** What open orders and withdrawals in flight lock, by trade-account key. */
  const lockedByOrders = new Map<string, bigint>();
  for (const order of state.orders.values()) {
    if (order.status !== ORDER_STATUS_OPEN) expect(order.locked).toBe(0n);
    const key = `${order.userId}:${order.side === 'buy' ? order.quoteCurrencyId : order.baseCurrencyId}`;
    lockedByOrders.set(key, (lockedByOrders.get(key) ?? 0n) + order.locked);
  }
  // Withdrawals in flight lock what will leave the trade account.
  for (const withdrawal of state.wallet.withdrawals.values()) {
    if (withdrawal.status !== 'review' && withdrawal.status !== 'broadcast') continue;
    const key = `${withdrawal.userId}:${withdrawal.currencyId}`;
    lockedByOrders.set(key, (lockedByOrders.get(key) ?? 0n) + withdrawal.units);
  }
  // Trade-account keys are "<user>:<currency>"; nothing but open orders and withdrawals locks them.
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
    const prepared: Prepared[] = [];
    for (const laneOf of stores) prepared.push(await prepare(laneOf));
    const tallies = await Promise.all(stores.map((laneOf, index) => lane(laneOf, index, prepared[index]!)));
    for (const [index, laneOf] of stores.entries()) {
      const tally = tallies[index]!;
      const { simulator, store } = await open(laneOf);
      const users = [...simulator.accounts.state().users.values()];
      const idOf = (email: string) => users.find((user) => user.email === email)!.id;
      const inLog = await countedInLog(
        store,
        idOf(DEMO_ACCOUNT.email),
        idOf(BUYER.email),
        prepared[index]!.fromSeq,
      );
      const kinds = [...new Set([...inLog.keys(), ...tally.succeeded.keys()])].sort();
      const table = kinds.map((kind) => `${kind} ${tally.succeeded.get(kind) ?? 0}/${inLog.get(kind) ?? 0}`);
      console.log(
        `kill test lane ${index} (${laneOf.kind}, seed ${SEEDS[index]}): ${KILLS_PER_LANE} kills, ` +
          `${tally.requests} requests, ${tally.retried} retried after a kill; answered ok / in the log: ${table.join(', ')}`,
      );
      for (const kind of kinds) {
        if (COUNTED_ELSEWHERE.has(kind)) continue;
        expect(inLog.get(kind) ?? 0, `lane ${index} (${laneOf.kind}): ${kind} in the log`).toBe(
          tally.succeeded.get(kind) ?? 0,
        );
      }
      expect(tally.retried, 'some requests were cut off by a kill').toBeGreaterThan(0);
      // Every kind of command was sent, and all but the rarest succeeded at least once.
      expect([...tally.sentKinds].sort()).toEqual([...ALL_KINDS].sort());
      expect(
        ALL_KINDS.filter((kind) => (tally.succeeded.get(kind) ?? 0) === 0),
        `lane ${index}: kinds that never succeeded`,
      ).toEqual([]);
      consistent(simulator);
      if (store instanceof PostgresEventLog) await store.dropSchema();
      await close(store);
    }
  }, 600_000);
});
