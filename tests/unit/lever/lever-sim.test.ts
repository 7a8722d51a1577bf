import { describe, expect, it } from 'vitest';
import * as e from '../../../src/api/entities.ts';
import { leverClosedPush, leverTradePush } from '../../../src/api/catalogue/lever.ts';
import {
  BATCH_CLOSE_LONGS,
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_USER,
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_STATUS_CANCELLED,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
} from '../../../src/domain/contract-codes.ts';
import { leverBond, leverEntryPrice, leverFee, leverQuantity } from '../../../src/domain/lever/rules.ts';
import { bookBalance, SYSTEM_BOOKS } from '../../../src/sim/ledger/postings.ts';
import { registerUser, spotFixture as openFixture } from '../spot/sim-fixture.ts';
import { toScaled } from '../../../src/domain/money.ts';

async function fixture() {
  const f = await openFixture();
  const { call } = f;
  const token = await f.login();
  const moved = await call(
    'account/transfer',
    { currency_id: 1, balance: '5000', from: 'change', to: 'lever' },
    token,
  );
  expect(moved.code, moved.msg).toBe(1);
  const frames: Array<{ u: number; c: string; frame: Record<string, unknown> }> = [];
  const hub = f.simulator.hub as unknown as { publishTo: (u: number, c: string, frame: object) => void };
  const publish = hub.publishTo.bind(hub);
  hub.publishTo = (u, c, frame) => {
    frames.push({ u, c, frame: frame as Record<string, unknown> });
    publish(u, c, frame);
  };
  const userId = f.simulator.accounts.userIdOf(token, f.clock.now())!;
  return { ...f, call, token, frames, userId };
}

const units = (text: string) => toScaled(text, 8)!;
const MARKET = {
  currency_match_id: 2,
  share: 2,
  multiple: 10,
  type: LEVER_TYPE_LONG,
  status: LEVER_PRICE_MARKET,
};

describe('lever through the simulator (issue 13)', () => {
  it('serves the lever terms on the pairs', async () => {
    const f = await fixture();
    const groups = (await f.call('market/currency_matches')).data as Array<{
      matches: Array<Record<string, unknown>>;
    }>;
    const eth = groups.flatMap((g) => g.matches).find((m) => m.id === 2)!;
    expect(eth).toMatchObject({
      open_lever: 1,
      lever_min_share: '1',
      lever_max_share: '500',
      lever_multiples: [2, 5, 10, 20, 50, 100],
    });
  });

  it('opens a long at the last trade plus the spread, takes bond and fee, pushes to the owner only, and closes', async () => {
    const f = await fixture();
    const opened = await f.call('lever/submit', MARKET, f.token);
    expect(opened.code, opened.msg).toBe(1);
    const p = e.leverPosition.parse(opened.data);
    expect(p.status).toBe(LEVER_STATUS_OPEN);
    const pair = f.simulator.market.market.pair(2)!.pair;
    const entry = leverEntryPrice('long', units(p.origin_price), pair.leverPointRate, pair.priceDecimals);
    expect(units(p.price)).toBe(entry);
    const qty = leverQuantity(2n, pair.leverShareNum);
    expect(units(p.number)).toBe(qty);
    expect(units(p.caution_money)).toBe(leverBond(entry, qty, 10));
    expect(units(p.trade_fee)).toBe(leverFee(entry, qty, pair.leverFeeRate));
    expect(p.open_trade?.price).toBe(p.origin_price);
    // 4 930 USDT free behind a 70 USDT bond: the price alone cannot liquidate this long.
    expect(p.liquidation_price).toBe('0.00000000');
    const account = e.leverAccountSummary
      .array()
      .parse((await f.call('lever/account', {}, f.token)).data)[0]!;
    expect(units(account.lock_balance)).toBe(units(p.caution_money));
    expect(units(account.balance)).toBe(units('5000') - units(p.caution_money) - units(p.trade_fee));
    // Pushes: LEVER_TRADE and BALANCE to the owner, nothing lever-related to anyone else.
    await f.run(3_000);
    await f.simulator.lever.advance();
    const mine = f.frames.filter((x) => x.c === 'LEVER_TRADE');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.u === f.userId)).toBe(true);
    const push = leverTradePush.parse(mine.at(-1)!.frame);
    expect(push.trades_all.map((t) => t.id)).toEqual([p.id]);
    expect(f.frames.some((x) => x.c === 'BALANCE' && x.u === f.userId && x.frame.account === 'lever')).toBe(
      true,
    );
    // Someone else can neither see nor close it.
    const other = await registerUser(f, 'other@tessera.example');
    expect((await f.call('lever/close', { id: p.id }, other)).code).toBe(0);
    expect(((await f.call('lever/my_trade', { status: 1 }, other)).data as { total: number }).total).toBe(0);
    const closed = await f.call('lever/close', { id: p.id }, f.token);
    expect(closed.code, closed.msg).toBe(1);
    const done = e.leverPosition.parse(closed.data);
    expect(done).toMatchObject({ status: LEVER_STATUS_CLOSED, close_reason: LEVER_CLOSE_USER });
    expect(units(done.update_price)).toBe(units(done.close_trade!.price));
    const closedPush = f.frames.find((x) => x.c === 'LEVER_CLOSED');
    expect(closedPush?.u).toBe(f.userId);
    expect(leverClosedPush.parse(closedPush!.frame).ids).toEqual([p.id]);
    // The ledger balances.
    const state = f.simulator.lever.state();
    let total = 0n;
    for (const [key, b] of state.balances) if (key.split(':')[1] === '1') total += b.available + b.locked;
    for (const book of SYSTEM_BOOKS) total += bookBalance(state, book, 1);
    expect(total).toBe(0n);
    expect(f.simulator.lever.balance(f.userId, 1).locked).toBe(0n);
  });

  it('rests a fixed-price order with bond and fee locked, and cancelling unlocks them', async () => {
    const f = await fixture();
    const last =
      Number(
        (await f.call('market/deal', { currency_match_id: 2 })).data &&
          f.simulator.market.market.pair(2)!.tape.latest()[0]!.price,
      ) / 100;
    const price = (last * 0.9).toFixed(2);
    const placed = await f.call(
      'lever/submit',
      { ...MARKET, status: LEVER_PRICE_FIXED, target_price: price },
      f.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    const p = e.leverPosition.parse(placed.data);
    expect(p.status).toBe(LEVER_STATUS_PENDING);
    expect(p.price).toBe(units(price) === units(p.price) ? p.price : price);
    expect(f.simulator.lever.balance(f.userId, 1).locked).toBe(units(p.caution_money) + units(p.trade_fee));
    const pending = (await f.call('lever/my_trade', { status: 0 }, f.token)).data as { total: number };
    expect(pending.total).toBe(1);
    const cancelled = await f.call('lever/cancel', { id: p.id }, f.token);
    expect(cancelled.code, cancelled.msg).toBe(1);
    expect(e.leverPosition.parse(cancelled.data).status).toBe(LEVER_STATUS_CANCELLED);
    expect(f.simulator.lever.balance(f.userId, 1)).toEqual({ available: units('5000'), locked: 0n });
    // The delegation view (6) keeps the cancelled order; the pending list (0) no longer has it.
    const delegation = (await f.call('lever/my_trade', { status: 6, currency_match_id: 2 }, f.token))
      .data as {
      data: Array<{ id: number; status: number }>;
    };
    expect(delegation.data.map((row) => [row.id, row.status])).toEqual([[p.id, LEVER_STATUS_CANCELLED]]);
    expect(((await f.call('lever/my_trade', { status: 0 }, f.token)).data as { total: number }).total).toBe(
      0,
    );
  });

  it('liquidates a hedged 100x book once overnight fees have eaten its margin (whichever way the price went)', async () => {
    const f = await openFixture();
    const token = await f.login();
    const pair = f.simulator.market.market.pair(2)!.pair;
    const last = units(
      (Number(f.simulator.market.market.pair(2)!.tape.latest()[0]!.price) / 100).toFixed(pair.priceDecimals),
    );
    const qty = leverQuantity(1n, pair.leverShareNum);
    let cost = 0n;
    for (const side of ['long', 'short'] as const) {
      const entry = leverEntryPrice(side, last, pair.leverPointRate, pair.priceDecimals);
      cost += leverBond(entry, qty, 100) + leverFee(entry, qty, pair.leverFeeRate);
    }
    // A cushion far below the spread the two positions lose between them (0.04 % of their value).
    const funding = cost + units('0.01');
    const moved = await f.call(
      'account/transfer',
      { currency_id: 1, balance: (Number(funding) / 1e8).toFixed(8), from: 'change', to: 'lever' },
      token,
    );
    expect(moved.code, moved.msg).toBe(1);
    const ids: number[] = [];
    for (const type of [LEVER_TYPE_LONG, LEVER_TYPE_SHORT]) {
      const opened = await f.call('lever/submit', { ...MARKET, share: 1, multiple: 100, type }, token);
      expect(opened.code, opened.msg).toBe(1);
      ids.push(e.leverPosition.parse(opened.data).id);
    }
    // Nineteen days take 95 % of each bond: still above the threshold.
    f.clock.advance(19 * 86_400_000);
    await f.simulator.lever.advance();
    expect(ids.map((id) => f.simulator.lever.positions().get(id)!.status)).toEqual([
      LEVER_STATUS_OPEN,
      LEVER_STATUS_OPEN,
    ]);
    f.clock.advance(86_400_000);
    await f.simulator.lever.advance();
    // Twenty days on, the session has expired: sign in again to read the book.
    const again = await f.login();
    const closed = await f.call('lever/my_trade', { status: 3, page: 1 }, again);
    expect(closed.code, closed.msg).toBe(1);
    const rows = e.leverPosition.array().parse((closed.data as { data: unknown[] }).data);
    expect(rows.map((row) => [row.id, row.close_reason]).sort()).toEqual(
      ids.map((id) => [id, LEVER_CLOSE_LIQUIDATION]).sort(),
    );
    const balance = f.simulator.lever.balance(f.simulator.accounts.userIdOf(again, f.clock.now())!, 1);
    expect(balance.available >= 0n && balance.locked === 0n).toBe(true);
  });

  it('closes all longs, keeps the shorts', async () => {
    const f = await fixture();
    for (const type of [LEVER_TYPE_LONG, LEVER_TYPE_LONG, LEVER_TYPE_SHORT])
      expect((await f.call('lever/submit', { ...MARKET, type }, f.token)).code).toBe(1);
    const batch = await f.call(
      'lever/batch_close',
      { type: BATCH_CLOSE_LONGS, currency_match_id: 2 },
      f.token,
    );
    expect(batch.code, batch.msg).toBe(1);
    expect((batch.data as { ids: number[] }).ids).toHaveLength(2);
    const open = (await f.call('lever/deal', { currency_match_id: 2 }, f.token)).data as {
      my_transaction: Array<{ type: number }>;
    };
    expect(open.my_transaction.map((t) => t.type)).toEqual([LEVER_TYPE_SHORT]);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const f = await fixture();
    expect((await f.call('lever/submit', MARKET, f.token)).code).toBe(1);
    const id = [...f.simulator.lever.positions().keys()][0]!;
    const last = Number(f.simulator.market.market.pair(2)!.tape.latest()[0]!.price) / 100;
    const snapshot = () => {
      const state = f.simulator.lever.state();
      return JSON.stringify(
        [[...f.simulator.lever.positions().values()], [...state.balances], [...state.books]],
        (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
      );
    };
    const before = snapshot();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['lever/submit', { ...MARKET, share: 0 }, /./],
      ['lever/submit', { ...MARKET, share: 501 }, /between 1 and 500/],
      ['lever/submit', { ...MARKET, multiple: 3 }, /multiple/],
      ['lever/submit', { ...MARKET, currency_match_id: 10 }, /not open for lever/],
      ['lever/submit', { ...MARKET, share: 500, multiple: 2 }, /Insufficient/],
      [
        'lever/submit',
        { ...MARKET, status: LEVER_PRICE_FIXED, target_price: (last * 1.1).toFixed(2) },
        /below the last price/,
      ],
      ['lever/submit', { ...MARKET, status: LEVER_PRICE_FIXED, target_price: 'abc' }, /./],
      [
        'lever/setstop',
        { id, target_profit_price: (last * 0.5).toFixed(2), stop_loss_price: '0' },
        /Take-profit/,
      ],
      [
        'lever/setstop',
        { id, target_profit_price: '0', stop_loss_price: (last * 1.5).toFixed(2) },
        /Stop-loss/,
      ],
      ['lever/cancel', { id }, /pending/],
      ['lever/close', { id: 9999 }, /does not exist/],
    ];
    for (const [path, payload, message] of cases) {
      const answer = await f.call(path, payload, f.token);
      expect(answer.code, JSON.stringify(payload)).toBe(0);
      expect(answer.msg).toMatch(message);
    }
    expect(snapshot()).toBe(before);
    expect((await f.call('lever/submit', MARKET, '')).code).toBe('999');
    const ok = await f.call(
      'lever/setstop',
      { id, target_profit_price: (last * 1.5).toFixed(2), stop_loss_price: (last * 0.5).toFixed(2) },
      f.token,
    );
    expect(ok.code, ok.msg).toBe(1);
  });
});
