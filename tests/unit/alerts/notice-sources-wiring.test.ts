import { filter, firstValueFrom, Subject, type Observable, type Subscription } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { priceAlertPushes$, type PriceAlert } from '../../../src/streams/alert-pushes.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { microClosedPushes$ } from '../../../src/streams/micro-pushes.ts';
import { noticeSources$ } from '../../../src/streams/notice-sources.ts';
import { otcOrderPushes$ } from '../../../src/streams/otc-pushes.ts';
import type { Deposit } from '../../../src/streams/queries/wallet.ts';
import { orderPushes$ } from '../../../src/streams/spot-order-pushes.ts';
import type { Notice } from '../../../src/domain/notices/notice-list.ts';

/**
 * The notification centre's sources wired together (noticeSources$): what it reads from the
 * exchange and when (the kept fired alerts at start and after a reconnect, the newest deposits at
 * start, after a trade-account balance move and after a reconnect), and which pushes become notices.
 * The exchange here is a fake socket whose channels the test pushes frames into, and a fake API
 * whose answers the test sets; the notices themselves are notice-sources.test.ts's.
 */
const NOW = 5_000;

const alert = (id: number, fired: boolean): PriceAlert => ({
  id,
  currency_match_id: 1,
  symbol: 'BTC/USDT',
  direction: 1,
  price: '90.00',
  percent: null,
  window: null,
  status: fired ? 1 : 0,
  created_at: 0,
  trade: fired ? { id: 9, price: '90.01', time: 77 } : null,
});

const deposit = (id: number, status: 0 | 1): Deposit =>
  ({
    id,
    currency_id: 3,
    currency: { code: 'USDT' },
    chain: 'TRC20',
    number: '25.5',
    confirmations: status === 0 ? 0 : 6,
    credit_confirmations: 1,
    withdraw_confirmations: 6,
    status,
    tx_hash: 'x',
    created_at: '2026-01-02 03:04:05',
  }) as Deposit;

const spotOrder = (status: 1 | 2) => ({
  id: 42,
  way: 2,
  price: '100.5',
  number: '0.5',
  transacted_amount: status === 2 ? '0.5' : '0',
  transacted_volume: status === 2 ? '50.25' : '0',
  updated_at: 1_000,
  currency_match: { id: 1, symbol: 'BTC/USDT' },
  way_name: 'sell',
  status_name: status === 2 ? 'filled' : 'open',
  type: 0,
  status,
  avg_price: status === 2 ? '100.5' : '0',
  fee: '0',
  fee_currency: 'USDT',
  created_at: 900,
});

const microOrder = {
  id: 8,
  match_id: 1,
  symbol_name: 'BTC/USDT',
  seconds: 60,
  number: '10',
  currency_id: 3,
  currency_name: 'USDT',
  type: 1,
  status: 3,
  open_price: '1',
  end_price: '2',
  profit_ratio: '0.8',
  fact_profits: '8.00',
  profit_result: 1,
  fee: '0',
  created_at: 1,
  expires_at: 50,
  remain_milli_seconds: 0,
  server_now: 50,
  open_trade: { id: 1, time: 1, price: '1' },
  end_trade: { id: 2, time: 49, price: '2' },
};

const balance = (account: string): Frame => ({
  type: 'BALANCE',
  account,
  currency_id: 3,
  balance: '25.5',
  lock_balance: '0',
});

interface Call {
  path: string;
  payload: unknown;
  options: unknown;
}

/** A fake exchange: its socket's channels, its reconnects, and the answers of the two reads. */
function exchange() {
  const channels = new Map<string, Subject<Frame>>();
  const channelOf = (name: string) => {
    let channel = channels.get(name);
    if (!channel) channels.set(name, (channel = new Subject<Frame>()));
    return channel;
  };
  const reconnected$ = new Subject<void>();
  const socket: ChannelSource = {
    channel: (name) => channelOf(name) as Observable<Frame>,
    reconnected$: reconnected$.asObservable(),
  };
  const calls: Call[] = [];
  const answers = { alerts: [] as PriceAlert[], deposits: [] as Deposit[], down: false };
  const api = {
    call: (path: string, payload: unknown, options: unknown) => {
      calls.push({ path, payload, options });
      if (answers.down) return Promise.reject(new Error('the exchange is down'));
      if (path === 'alert/list') return Promise.resolve(answers.alerts);
      if (path === 'wallet/deposits') return Promise.resolve({ data: answers.deposits });
      return Promise.reject(new Error(`no such call ${path}`));
    },
  } as unknown as ApiClient;
  const batches: Notice[][] = [];
  const errors: unknown[] = [];
  let subscription: Subscription | undefined;
  return {
    answers,
    /** The centre starts listening (signed in). */
    start: () => {
      subscription = noticeSources$(api, socket, () => NOW).subscribe({
        next: (batch) => batches.push(batch),
        error: (error: unknown) => errors.push(error),
      });
    },
    /** What ended the centre's stream (it must never end while signed in). */
    errors,
    calls,
    batches,
    /** The keys of each batch heard so far. */
    keys: () => batches.map((batch) => batch.map((notice) => notice.key)),
    reads: (path: string) => calls.filter((call) => call.path === path).length,
    push: (frame: Frame) => channelOf(frame.type).next(frame),
    reconnect: () => reconnected$.next(),
    stop: () => {
      expect(errors).toEqual([]);
      subscription?.unsubscribe();
    },
  };
}

/** Lets the fake API's answers (and a frame schema's first load) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** One frame of each push the centre hears, as the exchange sends them. */
const pushes = (): Frame[] => [
  { type: 'PRICE_ALERT', alert: alert(5, true) },
  { type: 'TX_MATCHED', currency_match_id: 1, order: spotOrder(2) },
  { type: 'MICRO_CLOSED', order: microOrder },
  { type: 'OTC_ORDER', id: 3, status: 2, side: 1 },
];

beforeAll(async () => {
  // The frame schemas load with the first frame that needs them (lazy-schema.ts): load them here,
  // through the push streams themselves, so every test's frames decode as they come, in order.
  await loadFrameSchemas();
  const frames = new Subject<Frame>();
  const socket: ChannelSource = {
    channel: (name) => frames.pipe(filter((frame) => frame.type === name)),
  };
  const decoded = Promise.all([
    firstValueFrom(priceAlertPushes$(socket)),
    firstValueFrom(orderPushes$(socket)),
    firstValueFrom(microClosedPushes$(socket)),
    firstValueFrom(otcOrderPushes$(socket)),
  ]);
  for (const frame of pushes()) frames.next(frame);
  await decoded;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the notification centre’s sources', () => {
  it('hears the fired alerts the exchange kept, at start and after every reconnect, never the waiting ones', async () => {
    const x = exchange();
    x.answers.alerts = [alert(1, true), alert(2, false)];
    x.start();
    await settle();
    expect(x.keys()).toEqual([['alert:1']]);
    // An alert that fired while the socket was down is heard once it is back.
    x.answers.alerts = [alert(1, true), alert(2, true)];
    x.reconnect();
    await settle();
    expect(x.keys()).toEqual([['alert:1'], ['alert:1', 'alert:2']]);
    x.stop();
  });

  it('reads in the background: every read is quiet (a failure shows no error toast)', async () => {
    const x = exchange();
    x.start();
    await settle();
    x.reconnect();
    await settle();
    expect(x.calls.map(({ path }) => path).sort()).toEqual([
      'alert/list',
      'alert/list',
      'wallet/deposits',
      'wallet/deposits',
    ]);
    for (const call of x.calls) expect(call.options).toEqual({ quiet: true });
    expect(x.calls.find(({ path }) => path === 'alert/list')?.payload).toEqual({});
    // The newest deposits: a credit is among them.
    expect(x.calls.find(({ path }) => path === 'wallet/deposits')?.payload).toEqual({ page: 1, limit: 20 });
    x.stop();
  });

  it('goes on listening after a read fails', async () => {
    const x = exchange();
    x.answers.down = true;
    x.start();
    await settle();
    x.reconnect();
    await settle();
    expect(x.batches).toEqual([]);
    x.answers.down = false;
    x.answers.alerts = [alert(3, true)];
    x.push({ type: 'OTC_ORDER', id: 4, status: 2, side: 1 });
    await settle();
    x.reconnect();
    await settle();
    expect(x.keys()).toEqual([['p2p:4:2'], ['alert:3']]);
    x.stop();
  });

  it('turns each push into its notice as it comes, and an order merely placed into none', async () => {
    const x = exchange();
    x.start();
    await settle();
    x.push({ type: 'TX_SUBMIT', currency_match_id: 1, order: spotOrder(1) });
    for (const frame of pushes()) x.push(frame);
    await settle();
    expect(x.keys()).toEqual([['alert:5'], ['fill:42'], ['micro:8'], ['p2p:3:2']]);
    expect(x.batches.flat().map((notice) => notice.text)).toEqual([
      'alertRose',
      'fillSell',
      'microWon',
      'p2pStatus',
    ]);
    // A P2P step's frame has no time: it is dated when it was heard.
    expect(x.batches[3]?.[0]?.at).toBe(NOW);
    x.stop();
  });

  it('hears a deposit credited after it started listening: read again when the trade account’s balance moves', async () => {
    const x = exchange();
    x.answers.deposits = [deposit(1, 1), deposit(2, 0)];
    x.start();
    await settle();
    // Deposit 1 was credited before: no news.
    expect(x.batches).toEqual([]);
    x.answers.deposits = [deposit(1, 1), deposit(2, 1)];
    // Another account's move is no credit: nothing is read.
    x.push(balance('lever'));
    await settle();
    expect(x.reads('wallet/deposits')).toBe(1);
    x.push(balance('change'));
    await settle();
    expect(x.reads('wallet/deposits')).toBe(2);
    expect(x.keys()).toEqual([['deposit:2']]);
    x.stop();
  });

  it('reads the deposits again after a reconnect (a credit may have come while the socket was down)', async () => {
    const x = exchange();
    x.start();
    await settle();
    x.answers.deposits = [deposit(7, 1)];
    x.reconnect();
    await settle();
    expect(x.keys()).toEqual([['deposit:7']]);
    x.stop();
  });

  it('reads the deposits at most once a second while balances move: at the first move, then once after the last', async () => {
    const x = exchange();
    x.start();
    await settle();
    // The rest runs on the test's clock.
    vi.useFakeTimers();
    x.push(balance('change'));
    await vi.advanceTimersByTimeAsync(0);
    expect(x.reads('wallet/deposits')).toBe(2);
    for (let i = 0; i < 5; i++) {
      x.push(balance('change'));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(x.reads('wallet/deposits')).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(x.reads('wallet/deposits')).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(x.reads('wallet/deposits')).toBe(3);
    x.stop();
  });
});
