import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../src/api/catalogue.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { registerUser, spotFixture, type SpotFixture } from './sim-fixture.ts';

type Order = AnswerOf<'tx_in/add'>;
type Deal = AnswerOf<'market/deal'>;

let f: SpotFixture;
let token: string;

async function balance(currency: number, who = token): Promise<{ balance: string; lock_balance: string }> {
  const answer = await f.call('account/detail', { currency_id: currency, account_type_id: 1 }, who);
  expect(answer.code).toBe(1);
  // The answer names its currency and account too; these tests compare the amounts.
  const { balance, lock_balance } = answer.data as { balance: string; lock_balance: string };
  return { balance, lock_balance };
}

async function deal(pair = 1): Promise<Deal> {
  return (await f.call('market/deal', { currency_match_id: pair })).data as Deal;
}

/** A private-frame listener: a socket session logged in with `who`, subscribed to the TX channels. */
function listen(who: string): string[] {
  const frames: string[] = [];
  const session = f.simulator.hub.open((text) => frames.push(text));
  session.receive(JSON.stringify({ type: 'login', params: who }));
  session.receive(JSON.stringify({ type: 'sub', params: 'TX_SUBMIT' }));
  session.receive(JSON.stringify({ type: 'sub', params: 'TX_MATCHED' }));
  // What came so far are the acknowledgements (login_result, sub_result): the pushes follow.
  expect(frames.map((text) => (JSON.parse(text) as { type: string }).type)).toEqual([
    'login_result',
    'sub_result',
    'sub_result',
  ]);
  frames.length = 0;
  return frames;
}

describe('spot trading in the simulator', () => {
  beforeAll(async () => {
    f = await spotFixture();
    token = await f.login();
  });

  it('every spot call needs a signed-in user (999)', async () => {
    for (const [path, payload] of [
      ['tx_in/add', { currency_match_id: 1, number: '1', price: '1', type: 0 }],
      ['tx_in/list', { currency_match_id: 1 }],
      ['tx_history/list', {}],
      ['tx_out/cancel', { id: 1 }],
      ['account/detail', { currency_id: 1, account_type_id: 1 }],
    ] as const) {
      expect((await f.call(path, payload)).code, path).toBe('999');
    }
  });

  it('the demo account starts with its grant in the trade account', async () => {
    expect(await balance(1)).toEqual({ balance: '10000.00000000', lock_balance: '0.00000000' });
    expect(await balance(2)).toEqual({ balance: '0.50000000', lock_balance: '0.00000000' });
  });

  it('a limit buy below the market rests in the book with its cost locked, and a cancel frees it', async () => {
    const frames = listen(token);
    const bid = Number((await deal()).depth.in[0]!.price);
    const price = (bid - 1000).toFixed(2);
    const placed = await f.call('tx_in/add', { currency_match_id: 1, number: '0.1', price, type: 0 }, token);
    expect(placed.code).toBe(1);
    expect(placed.msg).toBe('Order placed');
    const order = placed.data as Order;
    expect(order).toMatchObject({
      way: 1,
      type: 0,
      status: 1,
      price,
      number: '0.10000',
      transacted_amount: '0.00000',
    });
    const cost = (Number(price) * 0.1).toFixed(8);
    expect(await balance(1)).toEqual({ balance: (10_000 - Number(cost)).toFixed(8), lock_balance: cost });
    expect(f.simulator.market.market.pair(1)!.book.has(order.id)).toBe(true);

    const open = (await f.call('tx_in/list', { currency_match_id: 1 }, token)).data as AnswerOf<'tx_in/list'>;
    expect(open.data.map((row) => row.id)).toEqual([order.id]);
    expect((await f.call('tx_out/list', { currency_match_id: 1 }, token)).data).toMatchObject({ total: 0 });
    expect(frames.map((text) => JSON.parse(text) as { type: string; order: Order })).toEqual([
      expect.objectContaining({
        type: 'TX_SUBMIT',
        symbol: 'BTC/USDT',
        currency_match_id: 1,
        order: expect.objectContaining({ id: order.id, status: 1 }),
      }),
    ]);

    // The wrong side's cancel does not find it; the right one frees the money.
    expect((await f.call('tx_out/cancel', { id: order.id }, token)).code).toBe(0);
    const cancelled = await f.call('tx_in/cancel', { id: order.id }, token);
    expect(cancelled.code).toBe(1);
    expect((cancelled.data as Order).status).toBe(3);
    expect(await balance(1)).toEqual({ balance: '10000.00000000', lock_balance: '0.00000000' });
    expect(f.simulator.market.market.pair(1)!.book.has(order.id)).toBe(false);
    expect((await f.call('tx_in/list', { currency_match_id: 1 }, token)).data).toMatchObject({ total: 0 });
    const history = (await f.call('tx_history/list', { currency_match_id: 1 }, token))
      .data as AnswerOf<'tx_history/list'>;
    expect(history.data[0]).toMatchObject({ id: order.id, status: 3, status_name: 'Cancelled' });
    expect((await f.call('tx_in/cancel', { id: order.id }, token)).msg).toBe(
      'This order is already filled or cancelled',
    );
  });

  it('lists open orders a page at a time, newest first, each shaped as an order', async () => {
    const bid = Number((await deal()).depth.in[0]!.price);
    const ids: number[] = [];
    for (const below of [1000, 1001, 1002]) {
      const placed = await f.call(
        'tx_in/add',
        { currency_match_id: 1, number: '0.01', price: (bid - below).toFixed(2), type: 0 },
        token,
      );
      ids.push((placed.data as Order).id);
    }
    const second = (await f.call('tx_in/list', { currency_match_id: 1, page: 2, limit: 2 }, token))
      .data as AnswerOf<'tx_in/list'>;
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(second.data).toEqual([
      expect.objectContaining({ id: ids[0], price: (bid - 1000).toFixed(2), way_name: 'Buy' }),
    ]);
    const first = (await f.call('tx_in/list', { currency_match_id: 1, page: 1, limit: 2 }, token))
      .data as AnswerOf<'tx_in/list'>;
    expect(first.data.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    // The tests after this one share the account: its money is freed again.
    for (const id of ids) expect((await f.call('tx_in/cancel', { id }, token)).code).toBe(1);
  });

  it('a market buy fills against the book: base in, quote out, a fee, and the trade on the tape', async () => {
    const before = { quote: await balance(1), base: await balance(2) };
    const placed = await f.call('tx_in/add', { currency_match_id: 1, number: '0.02', type: 1 }, token);
    expect(placed.code).toBe(1);
    const order = placed.data as Order;
    expect(order).toMatchObject({
      type: 1,
      status: 2,
      number: '0.02000',
      transacted_amount: '0.02000',
      fee_currency: 'BTC',
    });
    expect(order.fee).toBe('0.00002000');
    const quote = await balance(1);
    const base = await balance(2);
    expect(Number(before.quote.balance) - Number(quote.balance)).toBeCloseTo(
      Number(order.transacted_volume),
      6,
    );
    expect(Number(base.balance) - Number(before.base.balance)).toBeCloseTo(0.02 - 0.00002, 8);
    expect(quote.lock_balance).toBe('0.00000000');
    // The tape's newest trades are this order's fills, at its prices.
    f.simulator.market.publisher.publish();
    const tape = (await deal()).tx_completes;
    expect(tape[0]).toMatchObject({ way: 2 });
    expect(Number(tape[0]!.price)).toBeGreaterThan(0);
    const history = (await f.call('tx_history/list', {}, token)).data as AnswerOf<'tx_history/list'>;
    expect(history.data[0]).toMatchObject({ id: order.id, status: 2, status_name: 'Filled' });
  });

  it('refuses bad orders with a clear message and changes nothing', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['tx_in/add', { currency_match_id: 1, number: '1', type: 0 }, 'Please enter a price'],
      ['tx_in/add', { currency_match_id: 1, number: '0', price: '100', type: 0 }, 'Please enter a quantity'],
      ['tx_in/add', { currency_match_id: 1, number: '-1', price: '100', type: 0 }, 'Please enter a quantity'],
      ['tx_in/add', { currency_match_id: 1, number: '1', price: '-5', type: 0 }, 'Please enter a price'],
      [
        'tx_in/add',
        { currency_match_id: 1, number: '1', price: '100.123', type: 0 },
        'The price may have at most 2 decimals on this pair',
      ],
      [
        'tx_in/add',
        { currency_match_id: 1, number: '0.000001', price: '100', type: 0 },
        'The quantity may have at most 5 decimals on this pair',
      ],
      [
        // Finer than the lot is refused, never cut down (issue 11: 0.123456 once placed 0.12345).
        'tx_in/add',
        { currency_match_id: 1, number: '0.123456', price: '100', type: 0 },
        'The quantity may have at most 5 decimals on this pair',
      ],
      [
        'tx_in/add',
        { currency_match_id: 999, number: '1', price: '100', type: 0 },
        'There is no trading pair with id 999',
      ],
      [
        'tx_out/add',
        { currency_match_id: 64, number: '1', price: '1', type: 0 },
        'Selling is not supported on this pair',
      ],
      [
        'tx_in/add',
        { currency_match_id: 1, number: '1000', price: '100000', type: 0 },
        'Insufficient balance',
      ],
      ['tx_out/add', { currency_match_id: 1, number: '5', type: 1 }, 'Insufficient balance'],
      [
        'tx_in/add',
        { currency_match_id: 1, number: '1e5', price: '100', type: 0 },
        'Invalid or missing field: number',
      ],
      [
        'tx_in/add',
        { currency_match_id: 1, number: '1', price: '100', type: 7 },
        'Invalid or missing field: type',
      ],
      ['account/detail', { currency_id: 1, account_type_id: 6 }, 'There is no account of type 6'],
      ['account/detail', { currency_id: 99, account_type_id: 1 }, 'There is no currency with id 99'],
      ['tx_in/cancel', { id: 123456 }, 'There is no such order of yours'],
    ];
    const state = serialize(f.simulator.spot.state());
    const resting = f.simulator.market.market.pair(1)!.book.restingCount();
    for (const [path, payload, msg] of cases) {
      const answer = await f.call(path, payload, token);
      expect({ path, payload, code: answer.code, msg: answer.msg }).toEqual({ path, payload, code: 0, msg });
    }
    expect(serialize(f.simulator.spot.state())).toBe(state);
    expect(f.simulator.market.market.pair(1)!.book.restingCount()).toBe(resting);
  });

  it("nobody can cancel another user's order, and private pushes reach only the owner", async () => {
    const other = await registerUser(f, 'trader2@example.com');
    expect(await balance(1, other)).toEqual({ balance: '10000.00000000', lock_balance: '0.00000000' });
    const mine = listen(token);
    const theirs = listen(other);
    const ask = Number((await deal()).depth.out[0]!.price);
    const placed = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: '0.01', price: (ask + 500).toFixed(2), type: 0 },
      token,
    );
    const order = placed.data as Order;
    expect((await f.call('tx_out/cancel', { id: order.id }, other)).msg).toBe(
      'There is no such order of yours',
    );
    expect((await f.call('tx_out/list', { currency_match_id: 1 }, other)).data).toMatchObject({ total: 0 });
    expect(f.simulator.market.market.pair(1)!.book.has(order.id)).toBe(true);
    expect(mine.length).toBe(1);
    expect(theirs).toEqual([]);
    expect((await f.call('tx_out/cancel', { id: order.id }, token)).code).toBe(1);
  });

  it('a resting order filled by the market settles: TX_MATCHED, funds moved, off the open list', async () => {
    const frames = listen(token);
    const book = f.simulator.market.market.pair(1)!.book;
    // Just under the best ask: the market's buyers reach it soon.
    const price = ((book.bestAsk() - 1) / 100).toFixed(2);
    const placed = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: '0.001', price, type: 0 },
      token,
    );
    const order = placed.data as Order;
    const before = await balance(1);
    for (let minute = 0; minute < 60 && book.has(order.id); minute++) await f.run(60_000);
    await f.simulator.spot.flushFills();
    expect(book.has(order.id)).toBe(false);
    const matched = frames
      .map((text) => JSON.parse(text) as { type: string; order: Order })
      .filter((frame) => frame.type === 'TX_MATCHED');
    expect(matched.at(-1)?.order).toMatchObject({ id: order.id, status: 2, transacted_amount: '0.00100' });
    expect(Number((await balance(1)).balance)).toBeGreaterThan(Number(before.balance));
    expect((await f.call('tx_out/list', { currency_match_id: 1 }, token)).data).toMatchObject({ total: 0 });
  });
});

describe('spot durability', () => {
  const opened: EventStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  it('an acknowledged order survives a restart: still open, still locked, back in the book', async () => {
    const name = `spot-${Math.random().toString(36).slice(2)}`;
    const open = () => {
      const store = new EventStore({ name, indexedDB, IDBKeyRange });
      opened.push(store);
      return store;
    };
    const first = await spotFixture({ store: open() });
    const firstToken = await first.login();
    const bid = first.simulator.market.market.pair(2)!.book.bestBid();
    const price = ((bid - 5000) / 100).toFixed(2);
    const placed = await first.call(
      'tx_in/add',
      { currency_match_id: 2, number: '1', price, type: 0 },
      firstToken,
    );
    expect(placed.code).toBe(1);
    const order = placed.data as Order;
    const locked = (
      (await first.call('account/detail', { currency_id: 1, account_type_id: 1 }, firstToken)).data as {
        lock_balance: string;
      }
    ).lock_balance;
    opened[0]!.close();

    const second = await spotFixture({ store: open(), start: first.clock.now() + 1000 });
    const secondToken = await second.login();
    const list = (await second.call('tx_in/list', { currency_match_id: 2 }, secondToken))
      .data as AnswerOf<'tx_in/list'>;
    expect(list.data.map((row) => row.id)).toContain(order.id);
    const detail = (await second.call('account/detail', { currency_id: 1, account_type_id: 1 }, secondToken))
      .data as { lock_balance: string };
    expect(detail.lock_balance).toBe(locked);
    expect(second.simulator.market.market.pair(2)!.book.has(order.id)).toBe(true);
  });
});
