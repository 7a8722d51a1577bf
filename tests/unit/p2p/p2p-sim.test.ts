import { P2P_COIN_CODES, P2P_FIATS } from '../../../src/domain/p2p/amounts.ts';
import { p2pPriceBandBounds, referenceOfText, referenceText } from '../../../src/domain/p2p/price-band.ts';
import { describe, expect, it } from 'vitest';
import { otcAd, otcOrder } from '../../../src/api/catalogue/otc.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import {
  OTC_AD_BUY,
  OTC_AD_PAUSED,
  OTC_AD_SELL,
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
} from '../../../src/domain/contract-codes.ts';
import { MINUTE_MS } from '../../../src/domain/p2p/timers.ts';
import { userBalance } from '../../../src/sim/ledger/postings.ts';
import { PNG } from '../accounts/harness.ts';
import { registerUser, spotFixture } from '../spot/sim-fixture.ts';

const UNIT = 100_000_000n;

async function fixture() {
  const f = await spotFixture();
  const { call } = f;
  const frames: Array<{ u: number; c: string; frame: Record<string, unknown> }> = [];
  const hub = f.simulator.hub as unknown as { publishTo: (u: number, c: string, frame: object) => void };
  const publish = hub.publishTo.bind(hub);
  hub.publishTo = (u, c, frame) => {
    frames.push({ u, c, frame: frame as Record<string, unknown> });
    publish(u, c, frame);
  };
  const demo = await f.login();
  const buyer = await registerUser(f, 'buyer@example.com');
  const idOf = (token: string) => f.simulator.accounts.userIdOf(token, f.clock.now())!;
  const legal = (token: string) => userBalance(f.simulator.p2p.state(), idOf(token), 'legal', 1);
  const demoAd = async (type: number) => {
    const ads = (await call('otc/my_ads', {}, demo)).data as { data: unknown[] };
    return ads.data.map((ad) => otcAd.parse(ad)).find((ad) => ad.type === type)!;
  };
  return { ...f, call, frames, demo, buyer, idOf, legal, demoAd };
}

const ok = (answer: Envelope) => {
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
};

describe('P2P through the simulator (issue 16)', () => {
  it("otc/my_ads carries each coin's reference in each fiat as the exact text of the reference publish checks the band with", async () => {
    const f = await fixture();
    const answer = ok(await f.call('otc/my_ads', {}, f.demo)) as {
      reference_prices: Record<string, Record<string, string>>;
    };
    expect(answer.reference_prices.USDT).toEqual({ CNY: '6.80', USD: '1.00', EUR: '0.92' });
    for (const coin of P2P_COIN_CODES)
      for (const fiat of P2P_FIATS) {
        const text = answer.reference_prices[coin]?.[fiat] ?? '';
        const reference = f.simulator.p2p.reference(coin, fiat);
        expect(text).toBe(referenceText(reference));
        expect(p2pPriceBandBounds(referenceOfText(text)!)).toEqual(p2pPriceBandBounds(reference));
      }
  });

  it('a buyer orders on the demo merchant, pays with a voucher, the merchant releases: coins move once, pushes reach the two parties only', async () => {
    const f = await fixture();
    const ad = await f.demoAd(OTC_AD_SELL);
    expect(ad.merchant.simulated).toBe(0);
    const hall = ok(await f.call('otc/ads', { type: OTC_AD_SELL, coin: 'USDT', fiat: 'CNY' })) as {
      data: unknown[];
    };
    expect(hall.data.map((row) => otcAd.parse(row).id)).toContain(ad.id);
    const demoBefore = f.legal(f.demo);
    const opened = otcOrder.parse(
      ok(await f.call('otc/order_create', { ad_id: ad.id, number: '20' }, f.buyer)),
    );
    expect(opened).toMatchObject({
      status: OTC_ORDER_UNPAID,
      side: OTC_SIDE_BUYER,
      number: '20.00',
      actions: ['pay', 'cancel'],
    });
    expect(opened.pay_countdown).toBe(15 * MINUTE_MS);
    expect(opened.collection[0]).toMatchObject({ code: 'bank', bank_name: 'Tessera Demo Bank' });
    // Escrow: the merchant's 20 USDT moved from available to locked.
    expect(f.legal(f.demo)).toEqual({
      available: demoBefore.available - 20n * UNIT,
      locked: demoBefore.locked + 20n * UNIT,
    });
    // Paying without a voucher is refused, with nothing changed.
    const bare = await f.call('otc/pay', { id: opened.id }, f.buyer);
    expect(bare).toMatchObject({ code: 0, msg: 'Please upload the payment voucher first' });
    const url = (
      ok(await f.call('common/image_upload', { file: new Blob([PNG], { type: 'image/png' }) }, f.buyer)) as {
        url: string;
      }
    ).url;
    // Someone else's upload is not the buyer's voucher.
    const demoUrl = (
      ok(await f.call('common/image_upload', { file: new Blob([PNG], { type: 'image/png' }) }, f.demo)) as {
        url: string;
      }
    ).url;
    expect((await f.call('otc/pay', { id: opened.id, voucher: demoUrl }, f.buyer)).code).toBe(0);
    // The seller cannot release before payment, nor pay for the buyer.
    expect((await f.call('otc/release', { id: opened.id }, f.demo)).code).toBe(0);
    expect((await f.call('otc/pay', { id: opened.id, voucher: url }, f.demo)).code).toBe(0);
    f.clock.advance(2 * MINUTE_MS);
    const paid = otcOrder.parse(ok(await f.call('otc/pay', { id: opened.id, voucher: url }, f.buyer)));
    expect(paid.status).toBe(OTC_ORDER_PAID);
    expect(paid.voucher).toBe(url);
    expect(paid.confirm_countdown).toBe(15 * MINUTE_MS);
    const seen = otcOrder.parse(ok(await f.call('otc/order', { id: opened.id }, f.demo)));
    expect(seen).toMatchObject({ side: OTC_SIDE_SELLER, actions: ['release', 'delay'] });
    // A stranger reads it as not found and cannot act on it.
    const stranger = await registerUser(f, 'stranger@example.com');
    expect((await f.call('otc/order', { id: opened.id }, stranger)).code).toBe(0);
    expect((await f.call('otc/release', { id: opened.id }, stranger)).code).toBe(0);
    const buyerBefore = f.legal(f.buyer);
    f.frames.length = 0;
    const done = otcOrder.parse(ok(await f.call('otc/release', { id: opened.id }, f.demo)));
    expect(done.status).toBe(OTC_ORDER_COMPLETED);
    expect(f.legal(f.buyer).available).toBe(buyerBefore.available + 20n * UNIT);
    expect(f.legal(f.demo)).toEqual({
      available: demoBefore.available - 20n * UNIT,
      locked: demoBefore.locked,
    });
    const told = new Set(f.frames.filter((frame) => frame.c === 'OTC_ORDER').map((frame) => frame.u));
    expect(told).toEqual(new Set([f.idOf(f.buyer), f.idOf(f.demo)]));
    // Releasing twice moves nothing twice.
    expect((await f.call('otc/release', { id: opened.id }, f.demo)).code).toBe(0);
    expect(f.legal(f.buyer).available).toBe(buyerBefore.available + 20n * UNIT);
  });

  it('an unpaid order cancels itself at its limit and the escrow returns; three cancellations bar buying until the next day', async () => {
    const f = await fixture();
    const ad = await f.demoAd(OTC_AD_SELL);
    const before = f.legal(f.demo);
    const opened = otcOrder.parse(
      ok(await f.call('otc/order_create', { ad_id: ad.id, amount: '500' }, f.buyer)),
    );
    expect(f.legal(f.demo).locked).toBe(before.locked + BigInt(opened.number.replace('.', '')) * 1_000_000n);
    f.clock.advance(15 * MINUTE_MS);
    await f.simulator.p2p.advance();
    const gone = otcOrder.parse(ok(await f.call('otc/order', { id: opened.id }, f.buyer)));
    expect(gone).toMatchObject({ status: OTC_ORDER_CANCELLED, actions: [], pay_countdown: 0 });
    expect(f.legal(f.demo)).toEqual(before);
    for (let i = 0; i < 2; i++) {
      const again = otcOrder.parse(
        ok(await f.call('otc/order_create', { ad_id: ad.id, amount: '500' }, f.buyer)),
      );
      ok(await f.call('otc/cancel', { id: again.id }, f.buyer));
    }
    const barred = await f.call('otc/order_create', { ad_id: ad.id, amount: '500' }, f.buyer);
    expect(barred.code).toBe(0);
    expect(barred.msg).toMatch(/2026-11-03 00:00 UTC/);
    expect(f.legal(f.demo)).toEqual(before);
  });

  it('refuses bad input on its own: limits, own ad, a second open order, max below min, pause', async () => {
    const f = await fixture();
    const ad = await f.demoAd(OTC_AD_SELL);
    const refused = async (path: string, payload: Record<string, unknown>, token: string) => {
      const before = f.legal(f.demo);
      const answer = await f.call(path, payload, token);
      expect(answer.code, path).toBe(0);
      expect(answer.msg).not.toBe('');
      expect(f.legal(f.demo)).toEqual(before);
      return answer.msg;
    };
    await refused('otc/order_create', { ad_id: ad.id, amount: '99.99' }, f.buyer);
    await refused('otc/order_create', { ad_id: ad.id, amount: '5000.01' }, f.buyer);
    await refused('otc/order_create', { ad_id: ad.id, amount: '100.001' }, f.buyer);
    await refused('otc/order_create', { ad_id: ad.id, amount: '200', number: '20' }, f.buyer);
    await refused('otc/order_create', { ad_id: ad.id, number: '20.001' }, f.buyer);
    await refused('otc/order_create', { ad_id: ad.id, amount: '200' }, f.demo);
    ok(await f.call('otc/order_create', { ad_id: ad.id, amount: '200' }, f.buyer));
    await refused('otc/order_create', { ad_id: ad.id, amount: '200' }, f.buyer);
    const terms = {
      type: OTC_AD_SELL,
      coin: 'USDT',
      fiat: 'CNY',
      price: '7.10',
      total: '100',
      min: '500',
      max: '100',
      pay_methods: ['bank'],
      pay_limit: 15,
    };
    expect(await refused('otc/publish', terms, f.demo)).toMatch(/maximum/i);
    await refused('otc/publish', { ...terms, max: '700', min: '800' }, f.demo);
    await refused('otc/publish', { ...terms, max: '1000', pay_limit: 20 }, f.demo);
    await refused('otc/publish', { ...terms, max: '1000', pay_methods: ['alipay'] }, f.demo);
    // A user who is not a seller cannot publish.
    await refused('otc/publish', { ...terms, max: '1000' }, f.buyer);
    const published = otcAd.parse(
      ok(await f.call('otc/publish', { ...terms, max: '700', type: OTC_AD_BUY }, f.demo)),
    );
    expect(published).toMatchObject({ type: OTC_AD_BUY, min: '500.00', max: '700.00' });
    const paused = otcAd.parse(
      ok(await f.call('otc/ad_status', { id: published.id, status: OTC_AD_PAUSED }, f.demo)),
    );
    expect(paused.status).toBe(OTC_AD_PAUSED);
    await refused('otc/order_create', { ad_id: published.id, amount: '600' }, f.buyer);
    await refused('otc/ad_status', { id: published.id, status: OTC_AD_PAUSED }, f.buyer);
  });

  it('a floating ad is priced from the market at its margin, refuses bad margins on its own, and its order keeps the price it opened at', async () => {
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
    const mine = async () => ((await f.call('otc/my_ads', {}, f.demo)).data as { total: number }).total;
    const before = await mine();
    for (const float_margin of ['20.01', '-20.01', '1.234', 'abc', '+1', '1e1', ' 1']) {
      const answer = await f.call('otc/publish', { ...terms, float_margin }, f.demo);
      expect(answer.code, float_margin).toBe(0);
      expect(answer.msg).toMatch(/margin/i);
    }
    // A fixed ad still needs its price.
    expect((await f.call('otc/publish', terms, f.demo)).code).toBe(0);
    expect(await mine()).toBe(before);
    // USDT is one dollar, CNY 6.8 a dollar. A sell ad at +1.5 %: 6.902, down to 6.90 (its owner sells:
    // never above the margin); a buy ad at -1.5 %: 6.698, up to 6.70 (its owner buys: never below).
    const sell = otcAd.parse(
      ok(await f.call('otc/publish', { ...terms, float_margin: '1.5', price: '99.00' }, f.demo)),
    );
    expect(sell).toMatchObject({ price: '6.90', float_margin: '1.50' });
    const buy = otcAd.parse(
      ok(await f.call('otc/publish', { ...terms, type: OTC_AD_BUY, float_margin: '-1.5' }, f.demo)),
    );
    expect(buy).toMatchObject({ price: '6.70', float_margin: '-1.50' });
    const hall = ok(await f.call('otc/ads', { type: OTC_AD_SELL, coin: 'USDT', fiat: 'CNY' })) as {
      data: unknown[];
    };
    expect(hall.data.map((row) => otcAd.parse(row)).find((row) => row.id === sell.id)).toMatchObject({
      price: '6.90',
      float_margin: '1.50',
    });
    const order = otcOrder.parse(
      ok(await f.call('otc/order_create', { ad_id: sell.id, number: '20' }, f.buyer)),
    );
    expect(order).toMatchObject({ price: '6.90', amount: '138.00' });
    // The merchant edits the margin: the ad's price moves, the open order's does not.
    const edited = otcAd.parse(
      ok(
        await f.call(
          'otc/edit_ad',
          { id: sell.id, float_margin: '10', min: '100', max: '500', pay_methods: ['bank'], pay_limit: 15 },
          f.demo,
        ),
      ),
    );
    expect(edited).toMatchObject({ price: '7.48', float_margin: '10.00' });
    const still = otcOrder.parse(ok(await f.call('otc/order', { id: order.id }, f.buyer)));
    expect(still).toMatchObject({ price: '6.90', amount: '138.00' });
    // Back to a fixed price.
    const fixed = otcAd.parse(
      ok(
        await f.call(
          'otc/edit_ad',
          { id: sell.id, price: '7.00', min: '100', max: '500', pay_methods: ['bank'], pay_limit: 15 },
          f.demo,
        ),
      ),
    );
    expect(fixed).toMatchObject({ price: '7.00', float_margin: '' });
  });

  it('a simulated merchant answers on the clock: a user who sells into its buy ad is paid and releases', async () => {
    const f = await fixture();
    ok(
      await f.call(
        'account/transfer',
        { currency_id: 1, balance: '1000', from: 'change', to: 'legal' },
        f.buyer,
      ),
    );
    ok(
      await f.call(
        'pay_method/save',
        {
          type: 3,
          raw_data: { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '6222020200112233' },
        },
        f.buyer,
      ),
    );
    const hall = ok(
      await f.call('otc/ads', { type: OTC_AD_BUY, coin: 'USDT', fiat: 'CNY', pay_method: 'bank' }),
    ) as { data: unknown[] };
    const ads = hall.data.map((row) => otcAd.parse(row)).filter((ad) => ad.merchant.simulated === 1);
    expect(ads.length).toBeGreaterThan(0);
    // Whether a given merchant pays is drawn per order; some of these pay within 3 minutes.
    const orders = [];
    for (const ad of ads)
      orders.push(
        otcOrder.parse(ok(await f.call('otc/order_create', { ad_id: ad.id, amount: ad.min }, f.buyer))),
      );
    f.clock.advance(3 * MINUTE_MS);
    await f.simulator.p2p.advance();
    const now = await Promise.all(
      orders.map(async (o) => otcOrder.parse(ok(await f.call('otc/order', { id: o.id }, f.buyer)))),
    );
    const paid = now.filter((o) => o.status === OTC_ORDER_PAID);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid[0]!.actions).toContain('release');
    ok(await f.call('otc/release', { id: paid[0]!.id }, f.buyer));
    expect(otcOrder.parse(ok(await f.call('otc/order', { id: paid[0]!.id }, f.buyer))).status).toBe(
      OTC_ORDER_COMPLETED,
    );
  });
});
