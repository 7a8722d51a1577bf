import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, POLICY, UNITS_PER_COIN } from '../../../src/sim/features/accounts/policy.ts';
import { OUTBOX, startAccounts } from './harness.ts';

describe('registration, codes and login (spec §7)', () => {
  it('registers by e-mail with a code from the outbox, grants demo funds, and logs in', async () => {
    const sim = await startAccounts();
    const sent = await sim.call('notify/send_email', {
      to: ' Ada@Example.com ',
      type: 1,
      outbox_key: OUTBOX,
    });
    expect(sent).toEqual({ code: 1, msg: 'Verification code sent by e-mail', data: null });
    const outbox = await sim.call('notify/outbox', { key: OUTBOX });
    expect(outbox.data).toEqual([
      expect.objectContaining({ channel: 'email', to: 'ada@example.com', purpose: 1, kind: 'code' }),
    ]);
    const code = await sim.codeFor('ada@example.com');
    const registered = await sim.call('user/register', {
      account: 'ada@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: code,
      type: 'email',
    });
    expect(registered).toEqual({ code: 1, msg: 'Registered successfully. Please log in', data: null });

    const login = await sim.call('user/login', {
      account: 'ADA@example.com',
      password: 'Secret123',
      login_type: 'email',
    });
    expect(login.code).toBe(1);
    // The token itself is the answer (issue 18 item 5); uid and is_seller are user/info's.
    const token = login.data as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const info = await sim.call('user/info', {}, token);
    const uid = (info.data as { id: number }).id;
    expect(info.data).toMatchObject({ is_seller: 0 });
    expect(info.data).toEqual({
      id: uid,
      email: 'ada@example.com',
      mobile: '',
      invite_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      review_status: 0,
      is_seller: 0,
      area_id: null,
      area_code: '',
      has_pay_password: 0,
      level: 0,
      credit_score: 100,
    });
    const grant = sim.accounts.grants().find((item) => item.userId === uid);
    expect(grant?.account).toBe('change');
    expect(grant?.lines).toEqual([
      { currency: 'USDT', units: 10_000n * UNITS_PER_COIN },
      { currency: 'BTC', units: UNITS_PER_COIN / 2n },
      { currency: 'ETH', units: 5n * UNITS_PER_COIN },
    ]);
  });

  it('registers by phone with its country and logs in on the phone tab', async () => {
    const sim = await startAccounts();
    expect((await sim.register('090 1234 5678')).code).toBe(1);
    const outbox = (await sim.call('notify/outbox', { key: OUTBOX })).data as Array<{ to: string }>;
    expect(outbox[0]?.to).toBe('+81 09012345678');
    const token = await sim.login('09012345678');
    expect((await sim.call('user/info', {}, token)).data).toMatchObject({
      mobile: '09012345678',
      email: '',
      area_id: 104,
      // The dial code, so the bound phone can be shown as +81 09012345678.
      area_code: '81',
    });
  });

  it('seeds the demo account, a seller with a known invite code', async () => {
    const sim = await startAccounts();
    const login = await sim.call('user/login', {
      account: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      login_type: 'email',
    });
    const token = login.data as string;
    expect((await sim.call('user/info', {}, token)).data).toMatchObject({
      invite_code: 'TESSERA1',
      is_seller: 1,
    });
  });

  it('links an invited account to its referrer and refuses an unknown invitation code', async () => {
    const sim = await startAccounts();
    expect((await sim.register('bob@example.com', 'Secret123', { invite_code: 'nobody1' })).msg).toBe(
      'This invitation code does not exist',
    );
    expect((await sim.register('carol@example.com', 'Secret123', { invite_code: 'tessera1' })).code).toBe(1);
    const carol = [...sim.accounts.state().users.values()].find((user) => user.email === 'carol@example.com');
    const demo = [...sim.accounts.state().users.values()].find((user) => user.email === DEMO_ACCOUNT.email);
    expect(carol?.invitedBy).toBe(demo?.id);
  });

  it('refuses a second account on the same address, and a code for it', async () => {
    const sim = await startAccounts();
    await sim.register('ada@example.com');
    expect((await sim.call('notify/send_email', { to: 'ada@example.com', type: 1 })).msg).toBe(
      'This account is already registered',
    );
  });

  it('refuses a wrong or expired code, and uses a code once', async () => {
    const sim = await startAccounts();
    await sim.call('notify/send_email', { to: 'ada@example.com', type: 1, outbox_key: OUTBOX });
    const code = await sim.codeFor('ada@example.com');
    const payload = {
      account: 'ada@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      type: 'email',
    };
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await sim.call('user/register', { ...payload, sms_code: wrong })).msg).toBe(
      'The verification code is wrong. Tries left: 4',
    );
    sim.clock.advance(POLICY.codeTtlMs);
    expect((await sim.call('user/register', { ...payload, sms_code: code })).code).toBe(0);
    expect(sim.accounts.state().users.size).toBe(1); // the demo account only
  });

  it('rate-limits codes per address: one per interval, a few per hour', async () => {
    const sim = await startAccounts();
    const send = () => sim.call('notify/send_email', { to: 'ada@example.com', type: 1 });
    expect((await send()).code).toBe(1);
    sim.clock.advance(10_000);
    expect((await send()).msg).toBe('Please wait 45 s before asking for another code');
    for (let sent = 1; sent < POLICY.codesPerHour; sent++) {
      sim.clock.advance(POLICY.codeIntervalMs);
      expect((await send()).code).toBe(1);
    }
    sim.clock.advance(POLICY.codeIntervalMs);
    expect((await send()).msg).toBe('Too many codes were sent to this address. Please try again in an hour');
    sim.clock.advance(60 * 60_000);
    expect((await send()).code).toBe(1);
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const sim = await startAccounts();
    const wrong = await sim.call('user/login', {
      account: DEMO_ACCOUNT.email,
      password: 'Nope1234',
      login_type: 'email',
    });
    const unknown = await sim.call('user/login', {
      account: 'who@example.com',
      password: 'Nope1234',
      login_type: 'email',
    });
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({
      code: 0,
      msg: 'Incorrect account or password. Tries left before sign-in is paused: 4',
      data: [],
    });
  });

  it('requires the login code when login_use_sms is 1', async () => {
    const sim = await startAccounts({ loginNeedsCode: () => true });
    const base = { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' };
    expect((await sim.call('user/login', base)).msg).toBe('Please enter the verification code');
    await sim.call('notify/send_email', { to: DEMO_ACCOUNT.email, type: 5, outbox_key: OUTBOX });
    const code = await sim.codeFor(DEMO_ACCOUNT.email);
    expect(
      (await sim.call('user/login', { ...base, sms_code: '999999' === code ? '000000' : '999999' })).code,
    ).toBe(0);
    expect((await sim.call('user/login', { ...base, sms_code: code })).code).toBe(1);
  });

  it('expires tokens (999), and logout ends the session', async () => {
    const sim = await startAccounts();
    const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await sim.call('user/info', {}, token)).code).toBe(1);
    expect((await sim.call('user/info', {}, '')).code).toBe('999');
    expect((await sim.call('user/info', {}, 'f'.repeat(64))).code).toBe('999');
    sim.clock.advance(POLICY.sessionTtlMs);
    expect((await sim.call('user/info', {}, token)).code).toBe('999');

    const second = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(sim.hub).toBeDefined();
    expect(sim.accounts.userIdOf(second, sim.clock.now())).not.toBeNull();
    expect((await sim.call('user/logout', {}, second)).code).toBe(1);
    expect((await sim.call('user/info', {}, second)).code).toBe('999');
    expect((await sim.call('user/logout', {}, second)).code).toBe(1); // idempotent
  });

  it('forgot password: an unknown address gets a notice, a known one a code; old sessions end', async () => {
    const sim = await startAccounts();
    const unknown = await sim.call('notify/send_email', {
      to: 'who@example.com',
      type: 2,
      outbox_key: OUTBOX,
    });
    const known = await sim.call('notify/send_email', {
      to: DEMO_ACCOUNT.email,
      type: 2,
      outbox_key: OUTBOX,
    });
    expect(unknown).toEqual(known);
    const outbox = (await sim.call('notify/outbox', { key: OUTBOX })).data as Array<{
      kind: string;
      code: string;
    }>;
    expect(outbox.map((message) => message.kind)).toEqual(['no_account', 'code']);
    expect(outbox[0]?.code).toBe('');

    const before = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const reset = await sim.call('user/forget_password', {
      account: DEMO_ACCOUNT.email,
      new_password: 'Fresh2026',
      secondary_password: 'Fresh2026',
      type: 'email',
      auth_code: await sim.codeFor(DEMO_ACCOUNT.email),
    });
    expect(reset.msg).toBe('Password reset. Please log in with your new password');
    expect((await sim.call('user/info', {}, before)).code).toBe('999');
    await expect(sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).rejects.toThrow();
    expect(await sim.login(DEMO_ACCOUNT.email, 'Fresh2026')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a reset for an unknown address fails like a wrong code', async () => {
    const sim = await startAccounts();
    const reset = await sim.call('user/forget_password', {
      account: 'who@example.com',
      new_password: 'Fresh2026',
      secondary_password: 'Fresh2026',
      type: 'email',
      auth_code: '123456',
    });
    expect(reset.msg).toBe('The verification code is wrong or has expired');
  });

  it('keeps other tabs out of this outbox', async () => {
    const sim = await startAccounts();
    await sim.call('notify/send_email', { to: 'ada@example.com', type: 1, outbox_key: OUTBOX });
    expect((await sim.call('notify/outbox', { key: 'b'.repeat(32) })).data).toEqual([]);
    expect((await sim.call('notify/outbox', { key: 'not a key' })).data).toEqual([]);
    const all = (await sim.call('notify/outbox', { key: OUTBOX })).data as Array<{ id: number }>;
    expect((await sim.call('notify/outbox', { key: OUTBOX, after: all.at(-1)?.id ?? 0 })).data).toEqual([]);
  });
});
