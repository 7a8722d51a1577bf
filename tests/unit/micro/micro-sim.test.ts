import { describe, expect, it } from 'vitest';
import { microOutcome } from '../../../src/domain/micro/rules.ts';
import { bookBalance, SYSTEM_BOOKS, userBalance } from '../../../src/sim/ledger/postings.ts';
import { microOf } from '../../../src/sim/features/micro/part.ts';
import { spotFixture as openFixture } from '../spot/sim-fixture.ts';

type Order = {
  id: number;
  status: number;
  type: number;
  open_price: string;
  end_price: string;
  profit_result: number;
  fact_profits: string;
  remain_milli_seconds: number;
  server_now: number;
  expires_at: number;
  open_trade: { id: number; time: number; price: string };
  end_trade: { id: number; time: number; price: string } | null;
};

async function fixture() {
  const f = await openFixture();
  const { call } = f;
  const token = await f.login();
  const moved = await call(
    'account/transfer',
    { currency_id: 1, balance: '1000', from: 'change', to: 'micro' },
    token,
  );
  expect(moved.code, moved.msg).toBe(1);
  return { ...f, call, token };
}

const BUY = { match_id: 1, currency_id: 1, type: 1, seconds: 30, number: '100' };

describe('micro contracts through the simulator (issue 14)', () => {
  it('buys at the last trade of the tape, counts down on the server clock and settles on the tape at expiry', async () => {
    const f = await fixture();
    const bought = await f.call('microtrade/submit', BUY, f.token);
    expect(bought.code, bought.msg).toBe(1);
    const order = bought.data as Order;
    const pair = f.simulator.market.market.pair(1)!;
    expect(order.open_trade.price).toBe(order.open_price);
    expect(order.status).toBe(1);
    expect(order.remain_milli_seconds).toBe(30_000);
    expect(order.end_trade).toBeNull();
    const balance = (await f.call('microtrade/payable_currencies', {}, f.token)).data as Array<{
      code: string;
      micro_account: { balance: string; lock_balance: string };
    }>;
    expect(balance.find((c) => c.code === 'USDT')?.micro_account).toEqual({
      balance: '899.90000000',
      lock_balance: '100.00000000',
    });
    await f.run(10_000);
    const running = (await f.call('microtrade/lists', { match_id: 1, status: 1 }, f.token)).data as {
      data: Order[];
    };
    expect(running.data[0]?.remain_milli_seconds).toBe(20_000);
    const frames: unknown[] = [];
    const userId = f.simulator.accounts.userIdOf(f.token, f.clock.now())!;
    const hub = f.simulator.hub as unknown as { publishTo: (u: number, c: string, frame: object) => void };
    const publish = hub.publishTo.bind(hub);
    hub.publishTo = (u, c, frame) => {
      if (c === 'MICRO_CLOSED') frames.push({ u, frame });
      publish(u, c, frame);
    };
    await f.run(25_000);
    await f.simulator.micro.advance();
    const closed = (await f.call('microtrade/lists', { match_id: 1, status: 3 }, f.token)).data as {
      data: Order[];
    };
    const done = closed.data[0]!;
    expect(done.status).toBe(3);
    expect(done.end_trade!.time).toBeLessThanOrEqual(done.expires_at);
    expect(done.end_trade!.id).toBeGreaterThanOrEqual(done.open_trade.id);
    expect(done.end_price).toBe(done.end_trade!.price);
    const open = Number(done.open_price);
    const end = Number(done.end_price);
    expect(done.profit_result).toBe(microOutcome('up', open, end));
    expect(done.fact_profits).toBe(
      done.profit_result === 1 ? '80.00' : done.profit_result === 0 ? '0.00' : '-100.00',
    );
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({
      u: userId,
      frame: { type: 'MICRO_CLOSED', order: { id: done.id, status: 3 } },
    });
    // The closing trade is the last trade of the recorded tape at or before expiry.
    expect(pair.pair.id).toBe(1);
    // The ledger balances: every currency sums to zero over users and books.
    const state = f.simulator.micro.state();
    let total = 0n;
    for (const [key, b] of state.balances)
      if (key.startsWith('') && key.split(':')[1] === '1') total += b.available + b.locked;
    for (const book of SYSTEM_BOOKS) total += bookBalance(state, book, 1);
    expect(total).toBe(0n);
    const after = userBalance(state, userId, 'micro', 1);
    expect(after.locked).toBe(0n);
    expect(microOf(state).running.size).toBe(0);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const f = await fixture();
    const before = f.simulator.micro.state();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...BUY, number: '0' }, /amount/i],
      [{ ...BUY, number: '-5' }, /./],
      [{ ...BUY, number: '' }, /./],
      [{ ...BUY, number: '0.001' }, /decimals/i],
      [{ ...BUY, number: '0.5' }, /smallest amount is 1 USDT/],
      [{ ...BUY, number: '5000' }, /insufficient|enough/i],
      [{ ...BUY, seconds: 45 }, /duration/i],
      [{ ...BUY, currency_id: 99 }, /currency/i],
      [{ ...BUY, match_id: 7 }, /micro/i],
      [{ ...BUY, type: 3 }, /./],
    ];
    for (const [payload, message] of cases) {
      const answer = await f.call('microtrade/submit', payload, f.token);
      expect(answer.code, JSON.stringify(payload)).toBe(0);
      expect(answer.msg).toMatch(message);
    }
    expect(f.simulator.micro.state()).toBe(before);
    expect((await f.call('microtrade/submit', BUY, '')).code).toBe('999');
  });

  it('shows a user only their own contracts', async () => {
    const f = await fixture();
    expect((await f.call('microtrade/submit', BUY, f.token)).code).toBe(1);
    const { registerUser } = await import('../spot/sim-fixture.ts');
    const other = await registerUser(f, 'other@tessera.example');
    const lists = (await f.call('microtrade/lists', { match_id: 0, status: 1 }, other)).data as {
      total: number;
    };
    expect(lists.total).toBe(0);
  });
});
