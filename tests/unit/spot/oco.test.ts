import { beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../src/api/catalogue.ts';
import { BUY } from '../../../src/sim/engine/order-book.ts';
import { lotsText, priceText } from '../../../src/sim/market/market-answers.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { spotFixture, type SpotFixture } from './sim-fixture.ts';

type Order = AnswerOf<'tx_in/add'>;

let f: SpotFixture;
let token: string;
const BTC_USDT = pairById(1)!;
const book = () => f.simulator.market.market.pair(1)!.book;
const lastTicks = () => f.simulator.market.market.pair(1)!.tape.last()!.price;
const price = (ticks: number) => priceText(BTC_USDT, ticks);

async function btc() {
  return (await f.call('account/detail', { currency_id: 2, account_type_id: 1 }, token)).data as {
    balance: string;
    lock_balance: string;
  };
}

async function sellOrders(): Promise<Order[]> {
  return (
    (await f.call('tx_out/list', { currency_match_id: 1, include_finished: 1 }, token))
      .data as AnswerOf<'tx_out/list'>
  ).data;
}

/** A sell OCO of 0.001 BTC: limit `up` ticks above the last price, stop `down` ticks below it. */
function sellOco(up: number, down: number) {
  const last = lastTicks();
  return f.call(
    'tx_out/add',
    {
      currency_match_id: 1,
      number: '0.001',
      type: 3,
      price: price(last + up),
      stop_price: price(last - down),
      stop_limit_price: price(last - down - 1_000),
    },
    token,
  );
}

describe('OCO orders in the simulator', () => {
  beforeAll(async () => {
    f = await spotFixture();
    token = await f.login();
  });

  it('refuses prices on the wrong side of the last price, and the OCO fields on other orders, changing nothing', async () => {
    const before = { money: await btc(), orders: await sellOrders() };
    const limitBelow = await sellOco(-1, 1_000);
    expect(limitBelow).toMatchObject({ code: 0, msg: expect.stringContaining('OCO sell not placed') });
    const stopAbove = await sellOco(5_000, -1);
    expect(stopAbove).toMatchObject({ code: 0, msg: expect.stringContaining('OCO sell not placed') });
    const last = lastTicks();
    const buyWrong = await f.call(
      'tx_in/add',
      {
        currency_match_id: 1,
        number: '0.001',
        type: 3,
        price: price(last + 10),
        stop_price: price(last + 1_000),
        stop_limit_price: price(last + 2_000),
      },
      token,
    );
    expect(buyWrong).toMatchObject({ code: 0, msg: expect.stringContaining('OCO buy not placed') });
    const noStopLimit = await f.call(
      'tx_out/add',
      {
        currency_match_id: 1,
        number: '0.001',
        type: 3,
        price: price(last + 5_000),
        stop_price: price(last - 5),
      },
      token,
    );
    expect(noStopLimit).toMatchObject({ code: 0, msg: 'Please enter the stop-limit price' });
    const onLimit = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: '0.001', type: 0, price: price(last + 5_000), stop_limit_price: '1' },
      token,
    );
    expect(onLimit).toMatchObject({ code: 0, msg: 'A stop-limit price is for OCO orders only' });
    expect({ money: await btc(), orders: await sellOrders() }).toEqual(before);
  });

  it('places two linked legs under one lock; cancelling the stop leg cancels both and frees it', async () => {
    const before = await btc();
    const placed = await sellOco(5_000, 5_000);
    expect(placed.code).toBe(1);
    const limit = placed.data as Order;
    const stopId = limit.oco_id!;
    expect(limit).toMatchObject({ type: 0, status: 1, post_only: 1, oco_id: limit.id + 1 });
    const stop = (await sellOrders()).find((order) => order.id === stopId)!;
    expect(stop).toMatchObject({ type: 2, status: 1, triggered: 0, oco_id: limit.id });
    // One lock for both legs: the quantity, once.
    expect((await btc()).lock_balance).toBe('0.00100000');
    expect(book().has(limit.id)).toBe(true);
    expect(book().has(stopId)).toBe(false);

    const cancelled = await f.call('tx_out/cancel', { id: stopId }, token);
    expect(cancelled.data).toMatchObject({ status: 3 });
    const after = await sellOrders();
    expect(after.find((order) => order.id === limit.id)).toMatchObject({ status: 3 });
    expect(book().has(limit.id)).toBe(false);
    expect(await btc()).toEqual(before);
  });

  it('the stop triggering cancels the limit leg in the same commit; the stop leg takes the lock', async () => {
    const placed = await sellOco(5_000, 1);
    expect(placed.code).toBe(1);
    const limit = placed.data as Order;
    const stopId = limit.oco_id!;
    // A market sell through the bids down to the stop.
    const stopTicks = lastTicks() - 1;
    let lots = 0;
    for (const bid of book().orders(BUY)) {
      lots += bid.lots;
      if (bid.price <= stopTicks) break;
    }
    const commits: string[][] = [];
    f.simulator.spot.subscribe((events) => commits.push(events.map((event) => event.type)));
    const sweep = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: lotsText(BTC_USDT, Math.min(lots, 9_000)), type: 1 },
      token,
    );
    expect(sweep.code).toBe(1);
    await f.run(0);
    await f.simulator.spot.flushFills();
    const orders = await sellOrders();
    const stopLeg = orders.find((order) => order.id === stopId)!;
    const limitLeg = orders.find((order) => order.id === limit.id)!;
    expect(stopLeg.triggered).toBe(1);
    expect(limitLeg.status).toBe(3);
    expect(book().has(limit.id)).toBe(false);
    // Trigger, the limit leg's end and the lock moving over were one commit.
    expect(commits.some((types) => types.join().startsWith('OrderTriggered,OrderEnded,OrderLocked'))).toBe(
      true,
    );
    const state = f.simulator.spot.state();
    expect(state.orders.get(stopId)!.locked + state.orders.get(limit.id)!.locked).toBeLessThanOrEqual(
      100_000n,
    );
  });
});
