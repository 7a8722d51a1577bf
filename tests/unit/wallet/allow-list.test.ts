import 'fake-indexeddb/auto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { signAddressData } from '../../../src/domain/address-book/signature.ts';
import { ALLOW_LIST_WAIT_MS } from '../../../src/domain/security/allow-list.ts';
import { spotFixture as openFixture } from '../spot/sim-fixture.ts';

/** A valid TRC20 address (the USDT contract's own), bound as the withdrawal target. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OUTBOX = 'd'.repeat(32);

type Message = { kind: string; code: string; to: string; anti_phishing: string };

async function fixture() {
  const f = await openFixture();
  const { call } = f;
  const token = await f.login();
  const box = async () => (await call('notify/outbox', { key: OUTBOX })).data as Message[];
  const sent = await call(
    'notify/send_email',
    { to: 'demo@tessera.example', type: 3, outbox_key: OUTBOX },
    token,
  );
  expect(sent.code, sent.msg).toBe(1);
  const set = await call(
    'user/amend_pay_password',
    { password: 'Trade246', auth_code: (await box()).at(-1)?.code ?? '' },
    token,
  );
  expect(set.code, set.msg).toBe(1);
  const bind = async () => {
    f.clock.advance(60_000);
    expect((await call('address/send_code', { via: 'email', outbox_key: OUTBOX }, token)).code).toBe(1);
    const key = (await call('address/session_key', {}, token)).data as {
      key: string;
      user_id: number;
      timestamp: number;
    };
    const data = {
      user_id: key.user_id,
      address: TRON_ADDRESS,
      coin_name: 'USDT',
      contract_address: TRON_ADDRESS,
      verificationcode: (await box()).at(-1)?.code ?? '',
      timestamp: key.timestamp,
      label: 'cold',
    };
    const signature = await signAddressData(key.key, { ...data });
    const bound = await call('address/bind', { data, signature, outbox_key: OUTBOX }, token);
    expect(bound.code, bound.msg).toBe(1);
  };
  const draw = (extra: Record<string, unknown> = {}) =>
    call(
      'account/draw',
      {
        currency_id: 1,
        number: '100',
        address: TRON_ADDRESS,
        pay_password: 'Trade246',
        currency_protocol_id: 1,
        ...extra,
      },
      token,
    );
  return { ...f, call, token, box, bind, draw };
}

describe('the withdrawal allow-list (issue 34)', () => {
  it('attack probe: with the list on, a withdrawal straight to a fresh address is refused for 24 h', async () => {
    const f = await fixture();
    const on = await f.call('security/allow_list', { on: 1 }, f.token);
    expect(on).toMatchObject({ code: 1, msg: 'Withdrawal allow-list turned on' });
    await f.bind();
    // The user hears of the new address, with their anti-phishing code if they set one.
    expect((await f.box()).at(-1)).toMatchObject({
      kind: 'address_added',
      to: 'demo@tessera.example',
      code: '',
    });
    const before = f.simulator.wallet.state();
    expect((await f.draw()).msg).toBe(
      'This address was added recently: under your allow-list it can be used in 24 h',
    );
    f.clock.advance(ALLOW_LIST_WAIT_MS - 120_000);
    expect((await f.draw()).msg).toBe(
      'This address was added recently: under your allow-list it can be used in 1 h',
    );
    expect(f.simulator.wallet.state()).toBe(before);
    f.clock.advance(120_000);
    expect((await f.draw()).code).toBe(1);
  });

  it('with the list off a bound address is usable at once; turning it off needs the trade password', async () => {
    const f = await fixture();
    await f.call('security/allow_list', { on: 1 }, f.token);
    for (const pay_password of [undefined, 'Wrong999']) {
      const off = await f.call(
        'security/allow_list',
        { on: 0, ...(pay_password ? { pay_password } : {}) },
        f.token,
      );
      expect(off).toMatchObject({ code: 0, msg: 'Incorrect trade password' });
    }
    expect(((await f.call('security/overview', {}, f.token)).data as { allow_list: number }).allow_list).toBe(
      1,
    );
    const off = await f.call('security/allow_list', { on: 0, pay_password: 'Trade246' }, f.token);
    expect(off).toMatchObject({ code: 1, msg: 'Withdrawal allow-list turned off' });
    await f.bind();
    expect((await f.draw()).code).toBe(1);
    expect((await f.call('security/allow_list', { on: 1 }, '')).code).toBe('999');
  });

  it('attack probe: with two-factor sign-in on, a withdrawal needs a fresh code from the app', async () => {
    const f = await fixture();
    await f.bind();
    const started = await f.call('security/two_factor_start', {}, f.token);
    const secret = Secret.fromBase32((started.data as { secret: string }).secret);
    // TOTP runs on the wall clock: the enrolment takes this step's code, the withdrawal the next one's.
    const now = Date.now();
    const enabled = await f.call(
      'security/two_factor_enable',
      { code: TOTP.generate({ secret, timestamp: now }) },
      f.token,
    );
    expect(enabled.code, enabled.msg).toBe(1);
    const before = f.simulator.wallet.state();
    expect(await f.draw()).toMatchObject({ code: 0, data: { two_factor: 1 } });
    expect((await f.draw({ totp_code: '12345' })).msg).toBe(
      'A code is 6 digits from your authenticator app, or a recovery code',
    );
    expect(f.simulator.wallet.state()).toBe(before);
    const next = TOTP.generate({ secret, timestamp: now + 30_000 });
    const drawn = await f.draw({ totp_code: next });
    expect(drawn.code, drawn.msg).toBe(1);
    // The same code again, within its window: refused, nothing more withdrawn.
    const after = f.simulator.wallet.state();
    expect((await f.draw({ totp_code: next })).msg).toMatch(/already been used/);
    expect(f.simulator.wallet.state()).toBe(after);
  });
});
