import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import { DAY_MS } from '../../../src/domain/earnings/rules.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import { registerUser, spotFixture as openFixture } from '../spot/sim-fixture.ts';

/** The whole simulator on a manual clock, each call sent with its catalogued method. */
async function fixture(options: Parameters<typeof openFixture>[0] = {}, lang = 'en') {
  const f = await openFixture(options);
  const call = (path: string, payload: Record<string, unknown> = {}, token = ''): Promise<Envelope> =>
    f.simulator.server.handle({
      method: catalogue[path as keyof typeof catalogue]?.method ?? 'POST',
      path,
      payload,
      headers: { lang, authorization: token },
      timeoutMs: 20_000,
    });
  return { ...f, call };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

type Line = { currency_code: string; balance: string; lock_balance: string };
type Group = { account_code: string; accounts: Line[] };
type Product = { id: number; name: string; days: number; left: string; held: string; min_number: string };
type Holding = {
  id: number;
  status: number;
  income: string;
  paid_days: number;
  number: string;
  next_payout_at: number;
  days_left: number;
};

async function financial(f: Fixture, token: string, code = 'USDT'): Promise<Line> {
  const groups = (await f.call('account/list', {}, token)).data as Group[];
  const line = groups
    .find((g) => g.account_code === 'financial_account')
    ?.accounts.find((l) => l.currency_code === code);
  if (!line) throw new Error(`no ${code} in financial`);
  return line;
}

async function fund(f: Fixture, token: string, amount: string, currencyId = 1) {
  const moved = await f.call(
    'account/transfer',
    { currency_id: currencyId, balance: amount, from: 'change', to: 'financial' },
    token,
  );
  expect(moved.code, moved.msg).toBe(1);
}

async function holdings(f: Fixture, token: string): Promise<Holding[]> {
  return ((await f.call('ieo/holdings', {}, token)).data as { data: Holding[] }).data;
}

describe('earnings through the simulator (issue 15)', () => {
  it('lists a dozen products to visitors, named in the request language', async () => {
    const f = await fixture();
    const list = await f.call('ieo/list', { limit: 30 });
    expect(list.code).toBe(1);
    const products = (list.data as { data: Product[] }).data;
    expect(products).toHaveLength(12);
    expect(products.every((p) => p.held === '0.00000000')).toBe(true);
    expect(products[0]!.name).toContain('USDT');
    const ru = await fixture({}, 'ru');
    const named = ((await ru.call('ieo/list', {})).data as { data: Product[] }).data;
    expect(named[1]!.name).not.toEqual(products[1]!.name);
  });

  it('buying moves the principal to a holding; a day pays once; the term returns the principal', async () => {
    const f = await fixture();
    const token = await f.login();
    await fund(f, token, '1000');
    const bought = await f.call('ieo/addIeo', { id: 2, number: '700' }, token);
    expect(bought.code, bought.msg).toBe(1);
    expect(await financial(f, token)).toMatchObject({
      balance: '300.00000000',
      lock_balance: '700.00000000',
    });
    const product = ((await f.call('ieo/list', {}, token)).data as { data: Product[] }).data[1]!;
    expect(product).toMatchObject({ held: '700.00000000', left: '999300.00000000' });

    // 700 x 6 % / 365 = 0.11506849 a day.
    f.clock.advance(DAY_MS - 1);
    expect((await holdings(f, token))[0]).toMatchObject({ paid_days: 0, income: '0.00000000' });
    f.clock.advance(1);
    expect((await holdings(f, token))[0]).toMatchObject({ paid_days: 1, income: '0.11506849' });
    // Reading again pays nothing twice.
    await f.simulator.earnings.advance();
    expect((await holdings(f, token))[0]).toMatchObject({ paid_days: 1, days_left: 6 });
    expect(await financial(f, token)).toMatchObject({ balance: '300.11506849' });

    // The refusal of an early redemption of a fixed term changes nothing.
    const early = await f.call('ieo/redeem', { id: 1 }, token);
    expect(early).toMatchObject({ code: 0, msg: expect.stringMatching(/fixed/i) });

    f.clock.advance(10 * DAY_MS);
    // Sessions expire over ten simulated days: sign in again.
    const fresh = await f.login();
    const [done] = await holdings(f, fresh);
    expect(done).toMatchObject({ status: 2, paid_days: 7, income: '0.80547943', days_left: 0 });
    expect(await financial(f, fresh)).toMatchObject({
      balance: '1000.80547943',
      lock_balance: '0.00000000',
    });
    const records = (await f.call('ieo/dividends', {}, fresh)).data as { total: number };
    expect(records.total).toBe(7);
    const log = (await f.call('account_log/financial', {}, fresh)).data as { total: number };
    expect(log.total).toBe(1 + 7 + 1 + 1);
    const income = (await f.call('ieo/income', {}, fresh)).data as {
      totals: Array<{ income: string }>;
      series: Array<{ points: unknown[] }>;
    };
    expect(income.totals[0]!.income).toBe('0.80547943');
    expect(income.series[0]!.points).toHaveLength(7);
  });

  it('a flexible holding redeems at once with its whole days; the partial day earns nothing', async () => {
    const f = await fixture();
    const token = await f.login();
    await fund(f, token, '1000');
    expect((await f.call('ieo/addIeo', { id: 1, number: '1000' }, token)).code).toBe(1);
    f.clock.advance(2 * DAY_MS + DAY_MS / 2);
    const redeemed = await f.call('ieo/redeem', { id: 1 }, token);
    expect(redeemed.code, redeemed.msg).toBe(1);
    // 1000 x 3 % / 365 = 0.08219178 a day, two whole days.
    expect(redeemed.data).toMatchObject({ status: 3, paid_days: 2, income: '0.16438356' });
    expect(await financial(f, token)).toMatchObject({
      balance: '1000.16438356',
      lock_balance: '0.00000000',
    });
    const again = await f.call('ieo/redeem', { id: 1 }, token);
    expect(again.code).toBe(0);
  });

  it('bad amounts are refused with a message and change nothing', async () => {
    const f = await fixture();
    const token = await f.login();
    await fund(f, token, '100');
    const before = await financial(f, token);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ id: 2 }, /amount/i],
      [{ id: 2, number: '0' }, /amount/i],
      [{ id: 2, number: '-5' }, /amount/i],
      [{ id: 2, number: '10' }, /minimum/i],
      [{ id: 2, number: '20001' }, /maximum/i],
      [{ id: 2, number: '500' }, /insufficient/i],
      [{ id: 99, number: '500' }, /product/i],
    ];
    for (const [payload, message] of cases) {
      const answer = await f.call('ieo/addIeo', payload, token);
      expect(answer.code, JSON.stringify(payload)).toBe(0);
      expect(answer.msg).toMatch(message);
      expect(answer.msg).not.toContain('20001');
    }
    expect(await financial(f, token)).toEqual(before);
    expect(await holdings(f, token)).toHaveLength(0);
    const stranger = await f.call('ieo/redeem', { id: 1 }, token);
    expect(stranger.code).toBe(0);
    expect((await f.call('ieo/addIeo', { id: 2, number: '100' })).code).toBe('999');
  });

  it('the quota: above what is left is refused, a sold-out product too, and maturity frees it', async () => {
    const f = await fixture();
    // ETH 7 days: quota 20, 5 a user; every account starts with 5 ETH. Four users fill it.
    const tokens = [await f.login()];
    for (const n of [1, 2, 3]) tokens.push(await registerUser(f, `quota${n}@tessera.example`));
    for (const [index, token] of tokens.entries()) {
      await fund(f, token, '5', 3);
      const answer = await f.call('ieo/addIeo', { id: 10, number: index === 3 ? '4' : '5' }, token);
      expect(answer.code, answer.msg).toBe(1);
    }
    const above = await f.call('ieo/addIeo', { id: 10, number: '2' }, tokens[3]!);
    expect(above).toMatchObject({ code: 0, msg: expect.stringMatching(/maximum/i) });
    const other = await registerUser(f, 'quota9@tessera.example');
    await fund(f, other, '2', 3);
    const over = await f.call('ieo/addIeo', { id: 10, number: '2' }, other);
    expect(over).toMatchObject({ code: 0, msg: expect.stringMatching(/left/i) });
    expect((await f.call('ieo/addIeo', { id: 10, number: '1' }, other)).code).toBe(1);
    const sold = await f.call('ieo/addIeo', { id: 10, number: '1' }, other);
    expect(sold).toMatchObject({ code: 0, msg: expect.stringMatching(/sold out/i) });
    f.clock.advance(7 * DAY_MS);
    const list = ((await f.call('ieo/list', {}, other)).data as { data: Product[] }).data;
    expect(list.find((p) => p.id === 10)?.left).toBe('20.00000000');
  });

  it('a restart re-derives holdings, records and balances from the log, and pays nothing twice', async () => {
    const store = new EventStore({ name: `earnings-${Math.random()}` });
    const f = await fixture({ store });
    const token = await f.login();
    await fund(f, token, '500');
    await f.call('ieo/addIeo', { id: 3, number: '500' }, token);
    f.clock.advance(3 * DAY_MS + 5000);
    const seen = await holdings(f, token);
    const before = await financial(f, token);
    const records = (await f.call('ieo/dividends', {}, token)).data;
    const again = await fixture({ store, start: f.clock.now() });
    expect(await holdings(again, token)).toEqual(seen);
    expect(await financial(again, token)).toEqual({ ...before, currency: expect.anything() });
    expect((await again.call('ieo/dividends', {}, token)).data).toEqual(records);
    again.clock.advance(DAY_MS);
    expect((await holdings(again, token))[0]!.paid_days).toBe(4);
  });

  it('sim/skip is refused on a fixed test clock', async () => {
    const f = await fixture();
    expect((await f.call('sim/skip', { hours: 24 })).code).toBe(0);
  });
});
