import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import type { AnswerOf } from '../../../src/api/catalogue.ts';
import { BUY, SELL, type Side } from '../../../src/sim/engine/order-book.ts';
import { lotsText, priceText } from '../../../src/sim/market/market-answers.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { spotFixture, type SpotFixture } from './sim-fixture.ts';

type Order = AnswerOf<'tx_in/add'>;

let f: SpotFixture;
let token: string;
const BTC_USDT = pairById(1)!;

/** The best level of one side of BTC/USDT's book, in engine integers and as the contract writes them. */
function best(side: Side) {
  const prices = new Float64Array(1);
  const lots = new Float64Array(1);
  f.simulator.market.market.pair(1)!.book.depth(side, 1, prices, lots);
  const at = (extra: number) => lotsText(BTC_USDT, lots[0]! + extra);
  return { price: priceText(BTC_USDT, prices[0]!), lots: lots[0]!, quantity: at };
}

async function balances() {
  const detail = async (currency_id: number) =>
    (await f.call('account/detail', { currency_id, account_type_id: 1 }, token)).data as {
      balance: string;
      lock_balance: string;
    };
  return { usdt: await detail(1), btc: await detail(2) };
}

async function ordersOfPair() {
  const list = async (path: 'tx_in/list' | 'tx_out/list' | 'tx_history/list') =>
    ((await f.call(path, { currency_match_id: 1 }, token)).data as AnswerOf<'tx_in/list'>).total;
  return [await list('tx_in/list'), await list('tx_out/list'), await list('tx_history/list')];
}

describe('time in force and post-only in the simulator', () => {
  beforeAll(async () => {
    f = await spotFixture();
    token = await f.login();
  });

  it('a post-only buy that would take is refused and changes nothing; one below the ask rests', async () => {
    const before = { money: await balances(), orders: await ordersOfPair() };
    const ask = best(SELL);
    const refused = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: ask.price, type: 0, post_only: 1 },
      token,
    );
    expect(refused).toMatchObject({ code: 0, msg: expect.stringContaining('Post-only order not placed') });
    expect({ money: await balances(), orders: await ordersOfPair() }).toEqual(before);
    expect(best(SELL).lots).toBe(ask.lots);

    const bid = best(BUY);
    const rested = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: bid.price, type: 0, post_only: 1 },
      token,
    );
    expect(rested.code).toBe(1);
    expect(rested.data).toMatchObject({
      status: 1,
      post_only: 1,
      time_in_force: 0,
      transacted_amount: '0.00000',
    });
    const cancelled = await f.call('tx_in/cancel', { id: (rested.data as Order).id }, token);
    expect(cancelled.code).toBe(1);
  });

  it('an immediate-or-cancel sell fills what the best bid holds and cancels the rest, locking nothing', async () => {
    const bid = best(BUY);
    const placed = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: bid.quantity(10), price: bid.price, type: 0, time_in_force: 1 },
      token,
    );
    expect(placed.code).toBe(1);
    expect(placed.data).toMatchObject({
      status: 3,
      time_in_force: 1,
      number: bid.quantity(10),
      transacted_amount: bid.quantity(0),
    });
    expect((await balances()).btc.lock_balance).toBe('0.00000000');
    expect(f.simulator.market.market.pair(1)!.book.has((placed.data as Order).id)).toBe(false);
  });

  it('a fill-or-kill sell the best bid cannot fill is refused whole; one it can fill is filled', async () => {
    const before = { money: await balances(), orders: await ordersOfPair() };
    const bid = best(BUY);
    const killed = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: bid.quantity(1), price: bid.price, type: 0, time_in_force: 2 },
      token,
    );
    expect(killed).toMatchObject({ code: 0, msg: expect.stringContaining('Fill-or-kill order not placed') });
    expect({ money: await balances(), orders: await ordersOfPair() }).toEqual(before);
    expect(best(BUY).lots).toBe(bid.lots);

    const filled = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: bid.quantity(0), price: bid.price, type: 0, time_in_force: 2 },
      token,
    );
    expect(filled.code).toBe(1);
    expect(filled.data).toMatchObject({ status: 2, transacted_amount: bid.quantity(0), time_in_force: 2 });
  });

  it('refuses the options on a market order, and post-only with IOC, with a message', async () => {
    const market = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', type: 1, time_in_force: 1 },
      token,
    );
    expect(market).toMatchObject({ code: 0, msg: 'Time in force and post-only apply to limit orders only' });
    const mixed = await f.call(
      'tx_in/add',
      {
        currency_match_id: 1,
        number: '0.001',
        price: best(BUY).price,
        type: 0,
        time_in_force: 1,
        post_only: 1,
      },
      token,
    );
    expect(mixed.code).toBe(0);
    expect(mixed.msg).toContain('good till cancelled');
    const unknown = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: best(BUY).price, type: 0, time_in_force: 7 },
      token,
    );
    expect(unknown.code).toBe(0);
  });
});

describe('stop-limit orders in the simulator', () => {
  beforeAll(async () => {
    f = await spotFixture();
    token = await f.login();
  });

  const tape = () => f.simulator.market.market.pair(1)!.tape;
  const tapeLast = () => tape().last()!;

  it('locks at placement, waits outside the book, and is freed by a cancel', async () => {
    const before = await balances();
    const stop = priceText(BTC_USDT, tapeLast().price + 5_000);
    const price = priceText(BTC_USDT, tapeLast().price + 6_000);
    const placed = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.01', price, stop_price: stop, type: 2 },
      token,
    );
    expect(placed.code).toBe(1);
    const order = placed.data as Order;
    expect(order).toMatchObject({ type: 2, status: 1, stop_price: stop, triggered: 0, price });
    const cost = (Number(price) * 0.01).toFixed(8);
    expect((await balances()).usdt.lock_balance).toBe(cost);
    expect(f.simulator.market.market.pair(1)!.book.has(order.id)).toBe(false);
    const cancelled = await f.call('tx_in/cancel', { id: order.id }, token);
    expect(cancelled.data).toMatchObject({ status: 3, triggered: 0 });
    expect(await balances()).toEqual(before);
  });

  it('refuses a stop at the last price, a missing stop, and a stop price on a limit order', async () => {
    const before = { money: await balances(), orders: await ordersOfPair() };
    const last = priceText(BTC_USDT, tapeLast().price);
    const atLast = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: last, stop_price: last, type: 2 },
      token,
    );
    expect(atLast).toMatchObject({ code: 0, msg: expect.stringContaining('would trigger at once') });
    const missing = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: last, type: 2 },
      token,
    );
    expect(missing).toMatchObject({ code: 0, msg: 'Please enter a stop price' });
    const onLimit = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: last, stop_price: last, type: 0 },
      token,
    );
    expect(onLimit).toMatchObject({ code: 0, msg: 'A stop price is for stop-limit orders only' });
    expect({ money: await balances(), orders: await ordersOfPair() }).toEqual(before);
  });

  it('the first trade through its stop triggers it once: its limit order goes to the book and fills', async () => {
    const ask = best(SELL);
    // A stop one tick above the best ask, which a market buy of more than the best level reaches.
    const stopTicks = Math.round(Number(ask.price) * 100) + 1;
    expect(stopTicks).toBeGreaterThan(tapeLast().price);
    const stop = priceText(BTC_USDT, stopTicks);
    const limit = priceText(BTC_USDT, stopTicks + 50_000);
    const frames: string[] = [];
    const session = f.simulator.hub.open((text) => frames.push(text));
    session.receive(JSON.stringify({ type: 'login', params: token }));
    session.receive(JSON.stringify({ type: 'sub', params: 'TX_MATCHED' }));
    const lastAtPlacement = tapeLast();
    const placed = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: limit, stop_price: stop, type: 2 },
      token,
    );
    expect(placed.code).toBe(1);
    const id = (placed.data as Order).id;
    const triggers = () => f.simulator.spot.state().orders.get(id)!.triggeredBy;
    expect(triggers()).toBeUndefined();

    // The market buy sweeps the best level and trades at the next, through the stop.
    const sweep = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: ask.quantity(100), type: 1 },
      token,
    );
    expect(sweep.code).toBe(1);
    await f.run(0);
    await f.simulator.spot.flushFills();
    const triggered = triggers();
    expect(triggered).toBeDefined();
    expect(triggered!.price).toBeGreaterThanOrEqual(stopTicks);
    // The first trade after its placement at or above the stop, nothing earlier (the tape is newest first).
    const since = tape()
      .latest()
      .filter((trade) => (trade.id ?? 0) > lastAtPlacement.id!)
      .reverse();
    expect(since.find((trade) => trade.price >= stopTicks)?.id).toBe(triggered!.id);

    const after = (
      (await f.call('tx_in/list', { currency_match_id: 1, include_finished: 1 }, token))
        .data as AnswerOf<'tx_in/list'>
    ).data.find((row) => row.id === id)!;
    expect(after).toMatchObject({ type: 2, triggered: 1, status: 2, transacted_amount: '0.00100' });
    expect(frames.some((text) => text.includes('"TX_MATCHED"') && text.includes(`"id":${id}`))).toBe(true);

    // More trades through the stop change nothing: it triggered once.
    await f.call('tx_in/add', { currency_match_id: 1, number: best(SELL).quantity(100), type: 1 }, token);
    await f.run(2_000);
    expect(triggers()).toEqual(triggered);
    expect((await balances()).usdt.lock_balance).toBe('0.00000000');
  });
});

describe('a stop-limit order across a restart', () => {
  const opened: EventStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  it('still waits outside the book, still locked, and triggers on the first trade through it after', async () => {
    const name = `stop-${Math.random().toString(36).slice(2)}`;
    const open = () => {
      const store = new EventStore({ name, indexedDB, IDBKeyRange });
      opened.push(store);
      return store;
    };
    const first = await spotFixture({ store: open() });
    const firstToken = await first.login();
    // A buy stop one tick above the best ask, its limit well above it.
    const stopTicks = first.simulator.market.market.pair(1)!.book.bestAsk() + 1;
    const placed = await first.call(
      'tx_in/add',
      {
        currency_match_id: 1,
        number: '0.001',
        price: priceText(BTC_USDT, stopTicks + 100_000),
        stop_price: priceText(BTC_USDT, stopTicks),
        type: 2,
      },
      firstToken,
    );
    expect(placed.code).toBe(1);
    const id = (placed.data as Order).id;
    expect(placed.data).toMatchObject({ number: '0.00100', triggered: 0 });
    opened[0]!.close();

    f = await spotFixture({ store: open(), start: first.clock.now() + 1000 });
    token = await f.login();
    const row = (
      (await f.call('tx_in/list', { currency_match_id: 1 }, token)).data as AnswerOf<'tx_in/list'>
    ).data.find((order) => order.id === id);
    expect(row).toMatchObject({
      type: 2,
      status: 1,
      triggered: 0,
      stop_price: priceText(BTC_USDT, stopTicks),
    });
    const cost = quoteText(stopTicks + 100_000, 100);
    expect((await balances()).usdt.lock_balance).toBe(cost);
    expect(f.simulator.market.market.pair(1)!.book.has(id)).toBe(false);

    // A market buy that sweeps the new book's asks up to the stop.
    let lots = 0;
    for (const ask of f.simulator.market.market.pair(1)!.book.orders(SELL)) {
      lots += ask.lots;
      if (ask.price >= stopTicks) break;
    }
    const sweep = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: lotsText(BTC_USDT, lots), type: 1 },
      token,
    );
    expect(sweep.code).toBe(1);
    await f.simulator.spot.flushFills();
    const after = f.simulator.spot.state().orders.get(id)!;
    expect(after.triggeredBy?.price).toBeGreaterThanOrEqual(stopTicks);
    expect(after.filledLots).toBe(100);
  });
});

/** Price x lots of BTC/USDT (2 price places, 5 lot places) in ledger text, as a buy locks it (rounded up). */
function quoteText(ticks: number, lots: number): string {
  const units = (BigInt(ticks) * BigInt(lots) * 10n ** 8n + 10n ** 7n - 1n) / 10n ** 7n;
  return `${units / 10n ** 8n}.${(units % 10n ** 8n).toString().padStart(8, '0')}`;
}
