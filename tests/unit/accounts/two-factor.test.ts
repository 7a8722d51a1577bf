import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { accountsAggregate } from '../../../src/sim/features/accounts/aggregate.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { aesGcmBox, memorySecretBox, newSecretKey } from '../../../src/sim/features/accounts/secret-box.ts';
import { checkSecondFactor } from '../../../src/sim/features/accounts/second-factor.ts';
import { freshStore, startAccounts } from './harness.ts';

/** Wall-clock time for TOTP, stepped by the test (the demo clock is the harness's ManualClock). */
const WALL_START = Date.UTC(2026, 10, 28, 12, 0, 0);
const STEP = 30_000;

async function enrolledDemo(options: Parameters<typeof startAccounts>[0] = {}) {
  let wall = WALL_START;
  const sim = await startAccounts({ wallClock: () => wall, ...options });
  const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  const started = await sim.call('security/two_factor_start', {}, token);
  expect(started.code, started.msg).toBe(1);
  const { secret, uri } = started.data as { secret: string; uri: string };
  const code = (at = wall) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
  const enabled = await sim.call('security/two_factor_enable', { code: code() }, token);
  expect(enabled.code, enabled.msg).toBe(1);
  const { recovery_codes: recovery } = enabled.data as { recovery_codes: string[] };
  const demo = () => [...sim.accounts.state().users.values()].find((u) => u.email === DEMO_ACCOUNT.email)!;
  const signIn = (totp?: string, password: string = DEMO_ACCOUNT.password) =>
    sim.call('user/login', {
      account: DEMO_ACCOUNT.email,
      password,
      login_type: 'email',
      ...(totp === undefined ? {} : { totp_code: totp }),
    });
  /** The wall clock moves on one step: the next code from the app. */
  const nextStep = () => (wall += STEP);
  return { ...sim, token, secret, uri, code, recovery, demo, signIn, nextStep };
}

describe('two-factor sign-in (TOTP)', () => {
  it('asks for a code to change the password or the trade password, and changes nothing without one', async () => {
    const sim = await enrolledDemo();
    const change = {
      old_password: DEMO_ACCOUNT.password,
      new_password: 'Newer2026',
      secondary_password: 'Newer2026',
    };
    const before = sim.demo().password;
    expect(await sim.call('user/amend_password', change, sim.token)).toMatchObject({
      code: 0,
      data: { two_factor: 1 },
    });
    expect(
      await sim.call('user/amend_pay_password', { password: 'Trade246', auth_code: '123456' }, sim.token),
    ).toMatchObject({
      code: 0,
      data: { two_factor: 1 },
    });
    expect(sim.demo().password).toBe(before);
    expect(sim.demo().payPassword).toBeFalsy();
    sim.nextStep();
    const changed = await sim.call('user/amend_password', { ...change, totp_code: sim.code() }, sim.token);
    expect(changed.code, changed.msg).toBe(1);
    expect(sim.demo().password).not.toBe(before);
  });

  it('enrols with a code of the seed, shows the recovery codes once, and keeps the seed only sealed', async () => {
    const sim = await enrolledDemo();
    expect(sim.uri).toMatch(/^otpauth:\/\/totp\/Tessera:demo%40tessera\.example\?.*secret=/);
    expect(sim.recovery).toHaveLength(8);
    for (const code of sim.recovery) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const overview = await sim.call('security/overview', {}, sim.token, 'GET');
    expect(overview.data).toMatchObject({ two_factor: 1, recovery_left: 8 });
    // Neither the seed nor a recovery code is in the state the log folds to (nor in the events).
    const state = JSON.stringify(sim.demo(), (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(state).not.toContain(sim.secret);
    for (const code of sim.recovery) expect(state).not.toContain(code.replace('-', ''));
    expect(sim.demo().twoFactor?.sealed).toMatch(/^v1\./);
    // Starting again while it is on is refused.
    expect(await sim.call('security/two_factor_start', {}, sim.token)).toMatchObject({ code: 0 });
  });

  it('asks for the code after a right password, signs in with it, and refuses a wrong one', async () => {
    const sim = await enrolledDemo();
    const asked = await sim.signIn();
    expect(asked).toMatchObject({ code: 0, data: { two_factor: 1 } });
    expect(asked.msg).toMatch(/authenticator/i);
    // Asking for the code is no wrong try; a wrong password still is, and answers as before.
    expect(sim.accounts.state().loginFailures.size).toBe(0);
    expect((await sim.signIn(undefined, 'Wrong1234')).data).toEqual([]);
    sim.nextStep();
    expect(await sim.signIn('000000')).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/Wrong code.*: 3$/),
    });
    const signedIn = await sim.signIn(sim.code());
    expect(signedIn.code, signedIn.msg).toBe(1);
    expect(typeof signedIn.data).toBe('string');
  });

  it('attack probe: a used code is refused within its window, and counts as a wrong try', async () => {
    const sim = await enrolledDemo();
    // The enrolment's code was spent by the enrolment itself.
    expect((await sim.signIn(sim.code())).msg).toMatch(/already been used/);
    sim.nextStep();
    const code = sim.code();
    expect((await sim.signIn(code)).code).toBe(1);
    const replayed = await sim.signIn(code);
    expect(replayed).toMatchObject({ code: 0, msg: expect.stringMatching(/already been used/) });
    // A wrong try of the account like a wrong code: it says how many are left.
    expect(replayed.msg).toMatch(/Tries left before sign-in is paused: \d$/);
    // An older code still inside the window is no better.
    expect((await sim.signIn(sim.code(WALL_START))).code).toBe(0);
    // Nor on another call: the step is spent for every use.
    const change = await sim.call(
      'security/anti_phishing',
      { phrase: 'Tessera_42', totp_code: code },
      sim.token,
    );
    expect(change).toMatchObject({ code: 0, msg: expect.stringMatching(/already been used/) });
    expect(sim.demo().antiPhishing).toBeUndefined();
  });

  it('attack probe: brute force of codes is stopped by the attempt limit, even for the right code', async () => {
    const sim = await enrolledDemo();
    sim.nextStep();
    const right = sim.code();
    const guesses = ['000000', '111111', '222222', '333333', '444444'].filter((guess) => guess !== right);
    const answers = [];
    for (const guess of guesses.slice(0, 5)) answers.push(await sim.signIn(guess));
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0]);
    // Each wrong code says how many tries are left; the last one says for how long it is paused.
    expect(answers.map((answer) => answer.msg)).toEqual([
      'Wrong code. Tries left before sign-in is paused: 4',
      'Wrong code. Tries left before sign-in is paused: 3',
      'Wrong code. Tries left before sign-in is paused: 2',
      'Wrong code. Tries left before sign-in is paused: 1',
      'Too many wrong codes. Try again in 1 min',
    ]);
    const locked = await sim.signIn(right);
    expect(locked).toMatchObject({ code: 0, msg: expect.stringMatching(/try again in 1 min/i) });
    // The lock is the account's: guesses through the security calls are stopped by it too.
    const viaCall = await sim.call('security/two_factor_disable', { totp_code: right }, sim.token);
    expect(viaCall.msg).toBe('Too many wrong codes. Try again in 1 min');
    expect(sim.demo().twoFactor).toBeDefined();
    // After the lock (simulated time), the right code works.
    sim.clock.advance(61_000);
    expect((await sim.signIn(right)).code).toBe(1);
  });

  it('attack probe: another user’s code, session or sealed seed opens nothing', async () => {
    const sim = await enrolledDemo();
    await sim.register('mallory@example.com');
    const mallory = await sim.login('mallory@example.com', 'Secret123');
    const theirs = await sim.call('security/two_factor_start', {}, mallory);
    expect(theirs.code, theirs.msg).toBe(1);
    const malloryCode = TOTP.generate({
      secret: Secret.fromBase32((theirs.data as { secret: string }).secret),
      timestamp: WALL_START,
    });
    expect((await sim.call('security/two_factor_enable', { code: malloryCode }, mallory)).code).toBe(1);
    sim.nextStep();
    const malloryNext = TOTP.generate({
      secret: Secret.fromBase32((theirs.data as { secret: string }).secret),
      timestamp: WALL_START + STEP,
    });
    if (malloryNext !== sim.code()) expect((await sim.signIn(malloryNext)).code).toBe(0);
    // Mallory's session turns off only Mallory's two-factor sign-in, with Mallory's code.
    expect((await sim.call('security/two_factor_disable', { totp_code: malloryNext }, mallory)).code).toBe(1);
    expect(sim.demo().twoFactor).toBeDefined();
    // The demo's sealed seed copied onto another user does not open for them (bound to its owner).
    const box = sim.accounts.secrets;
    expect(await box.open(sim.demo().twoFactor!.sealed, sim.demo().id)).toBe(sim.secret);
    expect(await box.open(sim.demo().twoFactor!.sealed, sim.demo().id + 1)).toBeNull();
  });

  it('is needed for withdrawals’ sibling calls: every security change, and turning it off', async () => {
    const sim = await enrolledDemo();
    const before = sim.demo();
    const asked = await sim.call('security/anti_phishing', { phrase: 'Tessera_42' }, sim.token);
    expect(asked).toMatchObject({ code: 0, data: { two_factor: 1 } });
    expect(await sim.call('security/allow_list', { on: 1 }, sim.token)).toMatchObject({ code: 0 });
    // Bad input: a clear refusal, nothing counted, nothing changed.
    expect(
      await sim.call('security/anti_phishing', { phrase: 'Tessera_42', totp_code: '12a456' }, sim.token),
    ).toMatchObject({ code: 0, msg: 'A code is 6 digits from your authenticator app, or a recovery code' });
    expect(sim.demo()).toBe(before);
    sim.nextStep();
    expect(
      (await sim.call('security/anti_phishing', { phrase: 'Tessera_42', totp_code: sim.code() }, sim.token))
        .code,
    ).toBe(1);
    expect((await sim.call('security/two_factor_disable', { totp_code: '' }, sim.token)).code).toBe(0);
    sim.nextStep();
    expect((await sim.call('security/two_factor_disable', { totp_code: sim.code() }, sim.token)).code).toBe(
      1,
    );
    expect(sim.demo().twoFactor).toBeUndefined();
    // Off again: sign-in needs the password only.
    expect((await sim.signIn()).code).toBe(1);
  });

  it('takes each recovery code once, instead of a code from the app', async () => {
    const sim = await enrolledDemo();
    const [first, second] = sim.recovery;
    expect((await sim.signIn(first!.toLowerCase())).code).toBe(1);
    // Used once, it is a wrong code like any other, and a wrong try of the account.
    expect(await sim.signIn(first)).toMatchObject({
      code: 0,
      msg: 'Wrong code. Tries left before sign-in is paused: 4',
    });
    expect((await sim.signIn(second!.replace('-', ''))).code).toBe(1);
    expect((await sim.call('security/overview', {}, sim.token, 'GET')).data).toMatchObject({
      recovery_left: 6,
    });
  });

  it('a sealed seed opens with its own key only, and not once tampered with', async () => {
    const key = await newSecretKey();
    const sim = await enrolledDemo({ secrets: aesGcmBox(key) });
    const sealed = sim.demo().twoFactor!.sealed;
    expect(await aesGcmBox(key).open(sealed, sim.demo().id)).toBe(sim.secret);
    expect(await memorySecretBox().open(sealed, sim.demo().id)).toBeNull();
    expect(await aesGcmBox(key).open(`${sealed.slice(0, -4)}AAAA`, sim.demo().id)).toBeNull();
  });
});

describe('a seed that can no longer be opened', () => {
  it('after a restart with another key, refuses app codes and asks for a recovery code, which still signs in', async () => {
    const store = freshStore();
    const sim = await enrolledDemo({ store, secrets: aesGcmBox(await newSecretKey()) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The same log, read by an exchange whose key file is new.
      const restarted = await startAccounts({
        store,
        secrets: aesGcmBox(await newSecretKey()),
        wallClock: () => WALL_START + STEP,
      });
      const signIn = (totp: string) =>
        restarted.call('user/login', {
          account: DEMO_ACCOUNT.email,
          password: DEMO_ACCOUNT.password,
          login_type: 'email',
          totp_code: totp,
        });
      const refused = await signIn(sim.code(WALL_START + STEP));
      expect(refused).toMatchObject({
        code: 0,
        msg: 'Your two-factor key can no longer be read: use a recovery code',
      });
      // The operator is told why in the log; the user's tries are not spent on it.
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/TOTP seed could not be opened/));
      expect(restarted.accounts.state().loginFailures.size).toBe(0);
      expect((await signIn(sim.recovery[0]!)).code).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('checking a second factor of a user who has none', () => {
  it('says two-factor sign-in is not on, and counts no wrong try', async () => {
    const sim = await startAccounts();
    const demo = [...sim.accounts.state().users.values()].find((u) => u.email === DEMO_ACCOUNT.email)!;
    expect(demo.twoFactor ?? demo.twoFactorPending).toBeUndefined();
    const ctx = { now: sim.clock.now(), lang: 'en', token: '', t: (key: string) => key };
    for (const code of ['123456', 'ABCDE-FGHJK']) {
      const checked = await checkSecondFactor(sim.accounts, ctx, demo, code);
      expect(checked).toMatchObject({ ok: false, answer: { code: 0, msg: 'totpOff' } });
    }
    expect(sim.accounts.state().loginFailures.size).toBe(0);
  });

  it('during enrolment (a seed, no recovery codes yet) a recovery code is a wrong try, not a crash', async () => {
    const sim = await startAccounts();
    const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await sim.call('security/two_factor_start', {}, token)).code).toBe(1);
    const demo = [...sim.accounts.state().users.values()].find((u) => u.email === DEMO_ACCOUNT.email)!;
    expect(demo.twoFactorPending).toBeDefined();
    const ctx = { now: sim.clock.now(), lang: 'en', token: '', t: (key: string) => key };
    const checked = await checkSecondFactor(sim.accounts, ctx, demo, 'ABCDE-FGHJK');
    expect(checked).toMatchObject({ ok: false, answer: { code: 0, msg: 'totpWrongLeft' } });
    expect(sim.accounts.state().loginFailures.size).toBe(1);
  });
});

describe('the two-factor commands decide on the log alone (two requests racing with one code)', () => {
  it('spend a step once, a recovery code once, and refuse when two-factor sign-in is off', async () => {
    const sim = await enrolledDemo();
    const aggregate = accountsAggregate(POLICY);
    const state = sim.accounts.state();
    const userId = sim.demo().id;
    const last = sim.demo().twoFactor!.lastStep!;
    const use = (proof: { step: number } | { recoveryHash: string }) =>
      aggregate.decide(state, { kind: 'useSecondFactor', at: 0, userId, proof });
    expect(use({ step: last })).toEqual({ ok: false, error: 'totpUsed' });
    expect(use({ step: last - 1 })).toEqual({ ok: false, error: 'totpUsed' });
    expect(use({ step: last + 1 })).toMatchObject({
      ok: true,
      events: [{ type: 'TotpStepUsed', step: last + 1 }],
    });
    const hash = sim.demo().twoFactor!.recovery[0]!.hash;
    expect(use({ recoveryHash: 'f'.repeat(64) })).toEqual({ ok: false, error: 'totpWrong' });
    const used = use({ recoveryHash: hash });
    expect(used).toMatchObject({ ok: true, events: [{ type: 'RecoveryCodeUsed', hash }] });
    const after = used.ok ? used.events.reduce(aggregate.evolve, state) : state;
    expect(
      aggregate.decide(after, { kind: 'useSecondFactor', at: 0, userId, proof: { recoveryHash: hash } }),
    ).toEqual({
      ok: false,
      error: 'totpWrong',
    });
    const off = aggregate.decide(state, {
      kind: 'disableTwoFactor',
      at: 0,
      userId,
      proof: { step: last + 1 },
    });
    expect(off).toMatchObject({
      ok: true,
      events: [{ type: 'TotpStepUsed' }, { type: 'TwoFactorDisabled' }],
    });
    const disabled = off.ok ? off.events.reduce(aggregate.evolve, state) : state;
    expect(disabled.users.get(userId)?.twoFactor).toBeUndefined();
    expect(
      aggregate.decide(disabled, { kind: 'useSecondFactor', at: 0, userId, proof: { step: last + 2 } }),
    ).toEqual({
      ok: false,
      error: 'totpOff',
    });
    expect(
      aggregate.decide(state, { kind: 'disableTwoFactor', at: 0, userId, proof: { step: last } }),
    ).toEqual({
      ok: false,
      error: 'totpUsed',
    });
    // Enrolment: only with a pending seed, and not twice.
    expect(
      aggregate.decide(state, { kind: 'enableTwoFactor', at: 0, userId, step: last + 1, recovery: [] }),
    ).toEqual({ ok: false, error: 'totpOn' });
    expect(
      aggregate.decide(disabled, { kind: 'enableTwoFactor', at: 0, userId, step: last + 1, recovery: [] }),
    ).toEqual({ ok: false, error: 'totpNotStarted' });
  });
});
