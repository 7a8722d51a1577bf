import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogue, type AnswerOf } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import { spotFixture, type SpotFixture } from '../spot/sim-fixture.ts';

type Log = AnswerOf<'account_log/all'>;
type Order = AnswerOf<'tx_in/add'>;

/**
 * The personal centre's transaction log (account_log/all): every movement of the user's money,
 * newest first, across the five accounts' records and the spot orders' settlements. It said "No
 * transactions yet" after dozens of trades.
 */
describe('the transaction log through the simulator', () => {
  let f: SpotFixture;
  let token: string;
  /** Each call with its catalogued method (account_log/all is a GET). */
  const call = (path: string, payload: Record<string, unknown> = {}, auth = token): Promise<Envelope> =>
    f.simulator.server.handle({
      method: catalogue[path as keyof typeof catalogue]?.method ?? 'POST',
      path,
      payload,
      headers: { lang: 'en', authorization: auth },
      timeoutMs: 20_000,
    });
  let bought: Order;
  let sold: Order;

  beforeAll(async () => {
    f = await spotFixture();
    token = await f.login();
    const buy = await f.call('tx_in/add', { currency_match_id: 1, number: '0.01', type: 1 }, token);
    expect(buy.code, buy.msg).toBe(1);
    bought = buy.data as Order;
    await f.run(2_000);
    const transfer = await f.call(
      'account/transfer',
      { currency_id: 1, balance: '100', from: 'change', to: 'lever' },
      token,
    );
    expect(transfer.code, transfer.msg).toBe(1);
    await f.run(2_000);
    const sell = await f.call('tx_out/add', { currency_match_id: 1, number: '0.002', type: 1 }, token);
    expect(sell.code, sell.msg).toBe(1);
    sold = sell.data as Order;
  });

  const all = async (payload: Record<string, unknown> = {}) => {
    const answer = await call('account_log/all', payload);
    expect(answer.code, answer.msg).toBe(1);
    return answer.data as Log;
  };

  it('lists the sell, then the transfer, then the buy: newest first, each settlement in both currencies', async () => {
    const log = await all();
    // Newest first, whatever else the demo account received meanwhile (its P2P demo funds).
    const times = log.data.map((line) => Number(line.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const made = log.data.filter((line) => /^(spot|transfer)/.test(line.type));
    expect(made.map((line) => [line.source, line.type, line.account, line.currency.code])).toEqual([
      ['order', 'spotSell', 'change', 'USDT'],
      ['order', 'spotSell', 'change', 'BTC'],
      ['record', 'transferIn', 'lever', 'USDT'],
      ['record', 'transferOut', 'change', 'USDT'],
      ['order', 'spotBuy', 'change', 'USDT'],
      ['order', 'spotBuy', 'change', 'BTC'],
    ]);
    expect(log.total).toBe(log.data.length);
    const value = (type: string, code: string) =>
      Number(log.data.find((line) => line.type === type && line.currency.code === code)?.value);
    // What the orders themselves say they paid and got: the fee comes off what each received.
    expect(value('spotBuy', 'USDT')).toBeCloseTo(-Number(bought.transacted_volume), 8);
    expect(value('spotBuy', 'BTC')).toBeCloseTo(Number(bought.transacted_amount) - Number(bought.fee), 8);
    const soldNow = ((await call('tx_history/list')).data as AnswerOf<'tx_history/list'>).data.find(
      (order) => order.id === sold.id,
    );
    expect(value('spotSell', 'BTC')).toBeCloseTo(-Number(soldNow?.transacted_amount), 8);
    expect(value('spotSell', 'USDT')).toBeCloseTo(
      Number(soldNow?.transacted_volume) - Number(soldNow?.fee),
      8,
    );
    expect(value('transferOut', 'USDT')).toBe(-100);
    expect(value('transferIn', 'USDT')).toBe(100);
    expect(made[0]).toMatchObject({ id: sold.id, symbol: 'BTC/USDT', memo: 'Spot sell' });
    expect(made[2]).toMatchObject({ symbol: '', memo: 'Transfer in' });
  });

  it('pages 15 by default, any limit up to 100, and keeps one order across pages', async () => {
    const whole = await all();
    const pages = [await all({ limit: 4, page: 1 }), await all({ limit: 4, page: 2 })];
    expect(pages.map((page) => page.last_page)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.data)).toEqual(whole.data);
    expect(whole.per_page).toBe(15);
    expect((await call('account_log/all', { limit: 101 })).code).toBe(0);
  });

  it('of one currency with currency_id', async () => {
    const usdt = await all({ currency_id: 1 });
    const whole = await all({ limit: 100 });
    expect(usdt.data).toEqual(whole.data.filter((line) => line.currency.code === 'USDT'));
    expect(usdt.total).toBeGreaterThanOrEqual(4);
    expect(usdt.data.every((line) => line.currency.code === 'USDT')).toBe(true);
  });

  it('is the owner’s only: without a session it answers 999', async () => {
    expect(Number((await call('account_log/all', {}, '')).code)).toBe(999);
  });
});
