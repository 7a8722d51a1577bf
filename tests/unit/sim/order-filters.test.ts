import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import {
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
  OTC_AD_SELL,
} from '../../../src/domain/contract-codes.ts';
import { spotFixture } from '../spot/sim-fixture.ts';

/**
 * The fat-finger guard (issue 31 item 5) at the simulator, which the browser's worker and
 * `npm run server` both run: a spot buy of 0.001 BTC at 3 USDT, a lever long at a fixed 3 USDT and a
 * P2P ad at 3 CNY are refused with code 0 and a message naming the bounds, and change nothing; the
 * bounds themselves are accepted.
 */
async function fixture() {
  const f = await spotFixture();
  const { call } = f;
  const token = await f.login();
  const moved = await call(
    'account/transfer',
    { currency_id: 1, balance: '5000', from: 'change', to: 'lever' },
    token,
  );
  expect(moved.code, moved.msg).toBe(1);
  const userId = f.simulator.accounts.userIdOf(token, f.clock.now())!;
  /** Everything a refused order could have touched: orders, positions, ads and balances. */
  const snapshot = () =>
    JSON.stringify(
      {
        orders: f.simulator.spot.ordersOf(userId).length,
        usdt: f.simulator.spot.balance(userId, 1),
        btc: f.simulator.spot.balance(userId, 2),
        lever: f.simulator.lever.balance(userId, 1),
        positions: f.simulator.lever.positions().size,
        ads: f.simulator.p2p.state().p2p?.ads.size,
      },
      (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
    );
  const lastTicks = (pairId: number) => f.simulator.market.market.pair(pairId)!.lastPrice();
  return { ...f, call, token, snapshot, lastTicks };
}

function expectRefused(answer: Envelope, message: RegExp): void {
  expect(answer).toMatchObject({ code: 0, data: [] });
  expect(answer.msg).toMatch(message);
}

describe('order filters in the simulator and the server', () => {
  it('spot: a limit price outside half to twice the last price, or an order worth under 5 USDT, is refused and changes nothing', async () => {
    const f = await fixture();
    const before = f.snapshot();
    const last = f.lastTicks(1);
    const price = (ticks: number) => (ticks / 100).toFixed(2);
    const low = Math.ceil(last / 2);
    const high = last * 2;
    const bounds = new RegExp(
      `from ${price(low).replace('.', '\\.')} to ${price(high).replace('.', '\\.')} USDT`,
    );
    // The order, then one tick outside either bound, on either side.
    expectRefused(
      await f.call('tx_in/add', { currency_match_id: 1, number: '0.001', price: '3.00', type: 0 }, f.token),
      bounds,
    );
    expectRefused(
      await f.call(
        'tx_in/add',
        { currency_match_id: 1, number: '0.001', price: price(low - 1), type: 0 },
        f.token,
      ),
      bounds,
    );
    expectRefused(
      await f.call(
        'tx_out/add',
        { currency_match_id: 1, number: '0.001', price: price(high + 1), type: 0 },
        f.token,
      ),
      bounds,
    );
    // Inside the band, worth under the pair's minimum of 5 USDT: 5 lots at the last price (about 4.3).
    expectRefused(
      await f.call(
        'tx_in/add',
        { currency_match_id: 1, number: '0.00005', price: price(last), type: 0 },
        f.token,
      ),
      /minimum of 5 USDT/,
    );
    // A market order is measured at the best ask it would take: one lot of BTC is worth far less than 5.
    expectRefused(
      await f.call('tx_in/add', { currency_match_id: 1, number: '0.00001', type: 1 }, f.token),
      /minimum of 5 USDT/,
    );
    expectRefused(
      await f.call('tx_out/add', { currency_match_id: 1, number: '0.00001', type: 1 }, f.token),
      /minimum of 5 USDT/,
    );
    // The same price refused on a pair quoted in BTC names BTC's minimum.
    const ethBtc = f.lastTicks(10);
    expectRefused(
      await f.call(
        'tx_out/add',
        { currency_match_id: 10, number: '0.0001', price: (ethBtc / 1e5).toFixed(5), type: 0 },
        f.token,
      ),
      /minimum of 0\.0001 BTC/,
    );
    expect(f.snapshot()).toBe(before);

    // The bounds themselves are inside: both rest (a buy at half the price, a sell at twice it).
    const buy = await f.call(
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: price(low), type: 0 },
      f.token,
    );
    expect(buy.code, buy.msg).toBe(1);
    const sell = await f.call(
      'tx_out/add',
      { currency_match_id: 1, number: '0.001', price: price(high), type: 0 },
      f.token,
    );
    expect(sell.code, sell.msg).toBe(1);
    expect(f.snapshot()).not.toBe(before);
  });

  it('lever: a fixed price more than 20 % from the last price is refused and changes nothing; 20 % is accepted', async () => {
    const f = await fixture();
    const order = { currency_match_id: 2, share: 1, multiple: 10, status: LEVER_PRICE_FIXED };
    const before = f.snapshot();
    const last = f.lastTicks(2);
    const price = (ticks: number) => (ticks / 100).toFixed(2);
    expectRefused(
      await f.call('lever/submit', { ...order, type: LEVER_TYPE_LONG, target_price: '3' }, f.token),
      /at most 20 % from the last price/,
    );
    const longLow = Math.ceil(last * 0.8);
    expectRefused(
      await f.call(
        'lever/submit',
        { ...order, type: LEVER_TYPE_LONG, target_price: price(longLow - 1) },
        f.token,
      ),
      /at most 20 %/,
    );
    const shortHigh = Math.floor(last * 1.2);
    expectRefused(
      await f.call(
        'lever/submit',
        { ...order, type: LEVER_TYPE_SHORT, target_price: price(shortHigh + 1) },
        f.token,
      ),
      /at most 20 %/,
    );
    expect(f.snapshot()).toBe(before);
    const long = await f.call(
      'lever/submit',
      { ...order, type: LEVER_TYPE_LONG, target_price: price(longLow) },
      f.token,
    );
    expect(long.code, long.msg).toBe(1);
    const short = await f.call(
      'lever/submit',
      { ...order, type: LEVER_TYPE_SHORT, target_price: price(shortHigh) },
      f.token,
    );
    expect(short.code, short.msg).toBe(1);
    // A market order has no price of its own to check: it opens at the last trade.
    const market = await f.call(
      'lever/submit',
      { ...order, type: LEVER_TYPE_LONG, status: LEVER_PRICE_MARKET, target_price: '0' },
      f.token,
    );
    expect(market.code, market.msg).toBe(1);
  });

  it('P2P: a fixed-price ad more than 20 % from the market reference is refused, on publish and on edit; floating ads are not touched', async () => {
    const f = await fixture();
    const terms = {
      type: OTC_AD_SELL,
      coin: 'USDT',
      fiat: 'CNY',
      total: '100',
      min: '100',
      max: '500',
      pay_methods: ['bank'],
      pay_limit: 15,
    };
    const before = f.snapshot();
    // USDT in CNY: the fixed table's 6.8, so the band is 5.44 to 8.16.
    const band = /from 5\.44 to 8\.16 CNY/;
    expectRefused(await f.call('otc/publish', { ...terms, price: '3.00' }, f.token), band);
    expectRefused(await f.call('otc/publish', { ...terms, price: '5.43' }, f.token), band);
    expectRefused(await f.call('otc/publish', { ...terms, price: '8.17' }, f.token), band);
    expect(f.snapshot()).toBe(before);
    const published = await f.call('otc/publish', { ...terms, price: '5.44' }, f.token);
    expect(published.code, published.msg).toBe(1);
    const id = (published.data as { id: number }).id;
    const edited = f.snapshot();
    expectRefused(await f.call('otc/edit_ad', { ...terms, id, price: '30.00' }, f.token), band);
    expect(f.snapshot()).toBe(edited);
    const saved = await f.call('otc/edit_ad', { ...terms, id, price: '8.16' }, f.token);
    expect(saved.code, saved.msg).toBe(1);
    const floating = await f.call('otc/publish', { ...terms, float_margin: '-20', total: '20' }, f.token);
    expect(floating.code, floating.msg).toBe(1);
  });

  it('answers every pair with its filters', async () => {
    const f = await fixture();
    const groups = (await f.call('market/currency_matches')).data as Array<{
      matches: Array<Record<string, unknown>>;
    }>;
    const byId = new Map(groups.flatMap((group) => group.matches).map((match) => [match.id, match]));
    expect(byId.get(1)).toMatchObject({
      price_band_down: '50',
      price_band_up: '100',
      min_notional: '5',
      lever_price_band: '20',
    });
    expect(byId.get(10)).toMatchObject({
      price_band_down: '50',
      price_band_up: '100',
      min_notional: '0.0001',
    });
    expect(byId.get(10)).not.toHaveProperty('lever_price_band');
    expect(byId.get(13)).toMatchObject({ min_notional: '0.002' });
  });
});
