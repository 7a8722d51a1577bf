import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/sim/clock.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import type { EventStore } from '../../../src/sim/store/event-store.ts';
import { freshStore, OUTBOX, START, startAccounts } from './harness.ts';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

const demoLogin = (password: string) => ({
  account: DEMO_ACCOUNT.email,
  password,
  login_type: 'email',
});

describe('attempt limits (issue 10 item 3)', () => {
  it('counts wrong passwords down, then locks with "try again in N min", even for the right one', async () => {
    const sim = await startAccounts();
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await sim.call('user/login', demoLogin('Wrong123'))).msg);
    expect(messages).toEqual([
      'Incorrect account or password. Tries left before sign-in is paused: 4',
      'Incorrect account or password. Tries left before sign-in is paused: 3',
      'Incorrect account or password. Tries left before sign-in is paused: 2',
      'Incorrect account or password. Tries left before sign-in is paused: 1',
      'Too many wrong passwords. Try again in 1 min',
    ]);
    // The right password while locked: refused, before any check.
    const locked = await sim.call('user/login', demoLogin(DEMO_ACCOUNT.password));
    expect(locked).toEqual({ code: 0, msg: 'Too many wrong passwords. Try again in 1 min', data: [] });
    // On the simulated clock: a minute later it works, and the count starts again.
    sim.clock.advance(60_000);
    expect((await sim.call('user/login', demoLogin(DEMO_ACCOUNT.password))).code).toBe(1);
    expect((await sim.call('user/login', demoLogin('Wrong123'))).msg).toContain(
      'Tries left before sign-in is paused: 4',
    );
  });

  it('backs off: each wrong try after the lock doubles it', async () => {
    const sim = await startAccounts();
    for (let i = 0; i < 5; i++) await sim.call('user/login', demoLogin('Wrong123'));
    sim.clock.advance(60_000);
    expect((await sim.call('user/login', demoLogin('Wrong123'))).msg).toBe(
      'Too many wrong passwords. Try again in 2 min',
    );
    sim.clock.advance(120_000);
    expect((await sim.call('user/login', demoLogin('Wrong123'))).msg).toBe(
      'Too many wrong passwords. Try again in 4 min',
    );
  });

  it('200 wrong passwords then the right one: still refused', async () => {
    const sim = await startAccounts();
    for (let i = 0; i < 200; i++) {
      await sim.call('user/login', demoLogin(`Wrong${i}x`));
      sim.clock.advance(100);
    }
    expect((await sim.call('user/login', demoLogin(DEMO_ACCOUNT.password))).code).toBe(0);
  });

  it('an unknown account answers exactly like a known one, lock included', async () => {
    const sim = await startAccounts();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await sim.call('user/login', demoLogin('Wrong123')));
      unknown.push(
        await sim.call('user/login', {
          account: 'who@example.com',
          password: 'Wrong123',
          login_type: 'email',
        }),
      );
    }
    expect(unknown).toEqual(known);
  });

  it('a verification code dies after 5 wrong tries, saying how many are left', async () => {
    const sim = await startAccounts();
    await sim.call('notify/send_email', { to: 'ada@example.com', type: 1, outbox_key: OUTBOX });
    const code = await sim.codeFor('ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const payload = {
      account: 'ada@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      type: 'email',
    };
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await sim.call('user/register', { ...payload, sms_code: wrong })).msg);
    }
    expect(messages).toEqual([
      'The verification code is wrong. Tries left: 4',
      'The verification code is wrong. Tries left: 3',
      'The verification code is wrong. Tries left: 2',
      'The verification code is wrong. Tries left: 1',
      'Wrong code 5 times: this code no longer works. Please request a new one',
    ]);
    // The real code no longer works.
    const late = await sim.call('user/register', { ...payload, sms_code: code });
    expect(late.code).toBe(0);
    expect(sim.accounts.state().users.size).toBe(1);
  });

  it('200 wrong reset codes then the real one: refused', async () => {
    const sim = await startAccounts();
    await sim.call('notify/send_email', { to: DEMO_ACCOUNT.email, type: 2, outbox_key: OUTBOX });
    const code = await sim.codeFor(DEMO_ACCOUNT.email);
    const reset = (auth_code: string) =>
      sim.call('user/forget_password', {
        account: DEMO_ACCOUNT.email,
        new_password: 'Fresh2026',
        secondary_password: 'Fresh2026',
        type: 'email',
        auth_code,
      });
    for (let i = 0; i < 200; i++) {
      const guess = String(i).padStart(6, '0');
      if (guess !== code) await reset(guess);
    }
    expect((await reset(code)).code).toBe(0);
  });

  it('a wrong reset code for an unknown address counts down the same way (nobody learns who exists)', async () => {
    const sim = await startAccounts();
    for (const to of [DEMO_ACCOUNT.email, 'who@example.com']) {
      await sim.call('notify/send_email', { to, type: 2, outbox_key: OUTBOX });
    }
    const reset = (account: string) =>
      sim.call('user/forget_password', {
        account,
        new_password: 'Fresh2026',
        secondary_password: 'Fresh2026',
        type: 'email',
        auth_code: '000001',
      });
    for (let i = 0; i < 6; i++)
      expect(await reset('who@example.com')).toEqual(await reset(DEMO_ACCOUNT.email));
  });

  it('the lock and the tries survive a reload (event-sourced)', async () => {
    const store: EventStore = freshStore();
    opened.push(store);
    const clock = new ManualClock(START);
    const first = await startAccounts({ store, clock });
    for (let i = 0; i < 5; i++) await first.call('user/login', demoLogin('Wrong123'));
    await first.call('notify/send_email', { to: 'ada@example.com', type: 1, outbox_key: OUTBOX });
    const code = await first.codeFor('ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const payload = {
      account: 'ada@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      type: 'email',
    };
    await first.call('user/register', { ...payload, sms_code: wrong });

    const second = await startAccounts({ store, clock });
    expect((await second.call('user/login', demoLogin(DEMO_ACCOUNT.password))).msg).toBe(
      'Too many wrong passwords. Try again in 1 min',
    );
    expect((await second.call('user/register', { ...payload, sms_code: wrong })).msg).toBe(
      'The verification code is wrong. Tries left: 3',
    );
    clock.advance(60_000);
    expect((await second.call('user/login', demoLogin(DEMO_ACCOUNT.password))).code).toBe(1);
  });
});
