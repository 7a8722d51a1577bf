import { beforeAll, describe, expect, it } from 'vitest';
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
