import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import { catalogue } from '../../../src/api/catalogue.ts';
import { signAddressData } from '../../../src/domain/address-book/signature.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import { spotFixture as openFixture } from '../spot/sim-fixture.ts';

/** A valid TRC20 address (Base58Check): the USDT contract's own, bound as a withdrawal target. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OUTBOX = 'c'.repeat(32);

/** The whole simulator on a manual clock, each call sent with its catalogued method. */
async function spotFixture(options: Parameters<typeof openFixture>[0] = {}) {
  const fixture = await openFixture(options);
  const call = (path: string, payload: Record<string, unknown> = {}, token = ''): Promise<Envelope> =>
    fixture.simulator.server.handle({
      method: catalogue[path as keyof typeof catalogue]?.method ?? 'POST',
      path,
      payload,
      headers: { lang: 'en', authorization: token },
      timeoutMs: 20_000,
    });
  return { ...fixture, call };
}
type SpotFixture = Awaited<ReturnType<typeof spotFixture>>;

type Line = { currency_code: string; balance: string; lock_balance: string; withdrawable?: string };
type Group = { account_code: string; accounts: Line[]; is_recharge: number };

async function lineOf(f: SpotFixture, token: string, account: string, code: string): Promise<Line> {
  const groups = (await f.call('account/list', {}, token)).data as Group[];
  const line = groups
    .find((g) => g.account_code === `${account}_account`)
    ?.accounts.find((l) => l.currency_code === code);
  if (!line) throw new Error(`no ${code} line in ${account}`);
  return line;
}

/** Binds TRON_ADDRESS for USDT the way the client does: session key, code from the outbox, signed form. */
async function bindAddress(f: SpotFixture, token: string): Promise<void> {
  const sent = await f.call('address/send_code', { via: 'email', outbox_key: OUTBOX }, token);
  expect(sent.code).toBe(1);
  const box = (await f.call('notify/outbox', { key: OUTBOX })).data as Array<{ code: string }>;
  const key = (await f.call('address/session_key', {}, token)).data as {
    key: string;
    user_id: number;
    timestamp: number;
  };
  const data = {
    user_id: key.user_id,
    address: TRON_ADDRESS,
    coin_name: 'USDT',
    contract_address: TRON_ADDRESS,
    verificationcode: box.at(-1)?.code ?? '',
    timestamp: key.timestamp,
    label: 'cold',
  };
  const bound = await f.call(
    'address/bind',
    { data, signature: await signAddressData(key.key, { ...data }) },
    token,
  );
  expect(bound.code, bound.msg).toBe(1);
}

describe('the wallet through the simulator (issue 12)', () => {
  it('a deposit is pending, credited after 1 confirmation, withdrawable after 6; below the minimum never', async () => {
    const f = await spotFixture();
    const token = await f.login();
    const before = await lineOf(f, token, 'change', 'USDT');
    const sent = await f.call(
      'sim/deposit',
      { currency_id: 1, currency_protocol_id: 1, number: '250' },
      token,
    );
    expect(sent).toMatchObject({
      code: 1,
      data: { status: 0, confirmations: 0, chain: 'TRC20', number: '250.00000000' },
    });
    const small = await f.call('sim/deposit', { currency_id: 1, number: '0.5' }, token);
    expect(small.code).toBe(1);
    expect((await lineOf(f, token, 'change', 'USDT')).balance).toBe(before.balance);
    f.clock.advance(10_000); // TRC20: one confirmation every 10 s
    const credited = await lineOf(f, token, 'change', 'USDT');
    expect(Number(credited.balance)).toBe(Number(before.balance) + 250);
    expect(credited.withdrawable).toBe(before.withdrawable);
    f.clock.advance(50_000);
    const deposits = (await f.call('wallet/deposits', {}, token)).data as {
      data: Array<{ status: number; confirmations: number }>;
    };
    expect(deposits.data.map((d) => [d.status, d.confirmations])).toEqual([
      [3, 6],
      [2, 6],
    ]);
    expect(Number((await lineOf(f, token, 'change', 'USDT')).withdrawable)).toBe(
      Number(before.balance) + 250,
    );
  });

  it('transfers move between trade and another account both ways; a refusal changes nothing', async () => {
    const f = await spotFixture();
    const token = await f.login();
    const move = (from: string, to: string, balance: string) =>
      f.call('account/transfer', { currency_id: 1, balance, from, to }, token);
    expect((await move('change', 'lever', '100')).code).toBe(1);
    expect((await lineOf(f, token, 'lever', 'USDT')).balance).toBe('100.00000000');
    for (const [from, to, amount] of [
      ['lever', 'micro', '1'],
      ['lever', 'change', '100.5'],
      ['lever', 'change', '-1'],
      ['lever', 'change', '1e2'],
      ['lever', 'change', '0.000000001'],
    ] as const)
      expect((await move(from, to, amount)).code, `${from} ${to} ${amount}`).toBe(0);
    expect((await lineOf(f, token, 'lever', 'USDT')).balance).toBe('100.00000000');
    expect((await move('lever', 'change', '40')).code).toBe(1);
    expect((await lineOf(f, token, 'lever', 'USDT')).balance).toBe('60.00000000');
    const records = (await f.call('account_log/lever', {}, token)).data as {
      data: Array<{ type: string; value: string }>;
    };
    expect(records.data.map((r) => [r.type, r.value])).toEqual([
      ['transferOut', '-40.00000000'],
      ['transferIn', '100.00000000'],
    ]);
  });

  it('withdrawals need a bound address and the trade password; they can be cancelled in review', async () => {
    const f = await spotFixture();
    const token = await f.login();
    const draw = (extra: Record<string, unknown>) =>
      f.call(
        'account/draw',
        {
          currency_id: 1,
          number: '100',
          address: TRON_ADDRESS,
          pay_password: 'x',
          currency_protocol_id: 1,
          ...extra,
        },
        token,
      );
    expect((await draw({})).msg).toBe('Please bind the withdrawal address first');
    await bindAddress(f, token);
    expect((await draw({ number: '5' })).msg).toBe('The minimum withdrawal is 10 USDT');
    expect((await draw({})).msg).toBe('Please set a trade password first');
    // The trade password needs a code sent to the account (type 3), read from the demo outbox.
    const mailed = await f.call(
      'notify/send_email',
      { to: 'demo@tessera.example', type: 3, outbox_key: OUTBOX },
      token,
    );
    expect(mailed.code, mailed.msg).toBe(1);
    const box = (await f.call('notify/outbox', { key: OUTBOX })).data as Array<{ code: string }>;
    const set = await f.call(
      'user/amend_pay_password',
      { password: 'Trade246', auth_code: box.at(-1)?.code ?? '' },
      token,
    );
    expect(set.code, set.msg).toBe(1);
    expect((await draw({ pay_password: '111111' })).msg).toBe('Incorrect trade password');
    const before = await lineOf(f, token, 'change', 'USDT');
    const requested = await draw({ pay_password: 'Trade246' });
    expect(requested).toMatchObject({
      code: 1,
      data: { status: 0, number: '100.00000000', fee: '0.50000000', receive: '99.50000000' },
    });
    const locked = await lineOf(f, token, 'change', 'USDT');
    expect(Number(locked.lock_balance)).toBe(Number(before.lock_balance) + 100);
    const id = (requested.data as { id: number }).id;
    expect((await f.call('account/draw_cancel', { id }, token)).code).toBe(1);
    expect(await lineOf(f, token, 'change', 'USDT')).toMatchObject({
      balance: before.balance,
      lock_balance: before.lock_balance,
    });
    // A second one goes all the way: review 60 s, broadcast 30 s, then confirmed and gone.
    expect((await draw({ pay_password: 'Trade246' })).code).toBe(1);
    f.clock.advance(60_000);
    await f.call('account/draw_list', {}, token);
    f.clock.advance(30_000);
    const list = (await f.call('account/draw_list', {}, token)).data as {
      data: Array<{ status: number; tx_hash: string }>;
    };
    expect(list.data.map((w) => w.status)).toEqual([2, 3]);
    expect(list.data[0]?.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number((await lineOf(f, token, 'change', 'USDT')).balance)).toBe(Number(before.balance) - 100);
    expect((await f.call('account/draw_cancel', { id: id + 1 }, token)).msg).toBe(
      'This withdrawal can no longer be cancelled',
    );
  });

  it('converts BTC at a quote that expires; the receive is rounded down', async () => {
    const f = await spotFixture();
    const token = await f.login();
    expect((await f.call('account/convert_quote', { currency_id: 1, number: '1' }, token)).msg).toBe(
      'Conversion is offered for BTC and ETH only',
    );
    const quote = (await f.call('account/convert_quote', { currency_id: 2, number: '0.01' }, token)).data as {
      quote_id: string;
      price: string;
      receive: string;
      expires_at: number;
      server_now: number;
    };
    expect(quote.expires_at - quote.server_now).toBe(10_000);
    const [whole = '', cents = ''] = quote.price.split('.');
    // 0.01 BTC x price: the price's cents move two places, exactly representable in 1e-8.
    expect(Number(quote.receive)).toBeCloseTo(Number(`${whole}.${cents}`) / 100, 8);
    const usdtBefore = await lineOf(f, token, 'change', 'USDT');
    const converted = await f.call(
      'account/convert',
      { currency_id: 2, number: '0.01', quote_id: quote.quote_id },
      token,
    );
    expect(converted.code).toBe(1);
    const usdtAfter = await lineOf(f, token, 'change', 'USDT');
    expect(Number(usdtAfter.balance) - Number(usdtBefore.balance)).toBeCloseTo(Number(quote.receive), 6);
    // Used once; and a fresh one expires after 10 s.
    expect(
      (await f.call('account/convert', { currency_id: 2, number: '0.01', quote_id: quote.quote_id }, token))
        .code,
    ).toBe(0);
    const next = (await f.call('account/convert_quote', { currency_id: 2, number: '0.01' }, token)).data as {
      quote_id: string;
    };
    f.clock.advance(10_001);
    expect(
      (await f.call('account/convert', { currency_id: 2, number: '0.01', quote_id: next.quote_id }, token))
        .msg,
    ).toBe('The quote has expired: please refresh it');
  });

  it('every balance survives a restart: a fold of the log re-derives it', async () => {
    const store = new EventStore({ name: `wallet-${Math.random()}` });
    const f = await spotFixture({ store });
    const token = await f.login();
    await f.call('sim/deposit', { currency_id: 1, number: '77' }, token);
    f.clock.advance(10_000);
    await f.call('account/transfer', { currency_id: 1, balance: '33', from: 'change', to: 'micro' }, token);
    const groups = (await f.call('account/list', {}, token)).data;
    const again = await spotFixture({ store, start: f.clock.now() });
    expect((await again.call('account/list', {}, token)).data).toEqual(groups);
  });
});
