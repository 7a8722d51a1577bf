import { describe, expect, it } from 'vitest';
import { accountsAggregate } from '../../../src/sim/features/accounts/aggregate.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { mailFor } from '../../../src/sim/node/smtp-courier.ts';
import { OUTBOX, startAccounts } from './harness.ts';

async function signedInDemo() {
  const sim = await startAccounts();
  const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  const demo = () =>
    [...sim.accounts.state().users.values()].find((user) => user.email === DEMO_ACCOUNT.email);
  return { ...sim, token, demo };
}

describe('the anti-phishing code', () => {
  it('is set exactly as typed, shown masked, and printed in every message sent to the user', async () => {
    const sim = await signedInDemo();
    expect((await sim.call('security/overview', {}, sim.token, 'GET')).data).toMatchObject({
      anti_phishing: '',
    });
    const set = await sim.call('security/anti_phishing', { phrase: 'Tessera_42' }, sim.token);
    expect(set).toMatchObject({ code: 1, msg: 'Anti-phishing code set' });
    expect(sim.demo()?.antiPhishing).toBe('Tessera_42');
    expect((await sim.call('security/overview', {}, sim.token, 'GET')).data).toMatchObject({
      anti_phishing: 'Te*******2',
    });
    // A code for the user (a password reset by e-mail) carries it; a stranger's notice does not.
    await sim.call('notify/send_email', { to: DEMO_ACCOUNT.email, type: 2, outbox_key: OUTBOX });
    await sim.call('notify/send_email', { to: 'nobody@example.com', type: 2, outbox_key: OUTBOX });
    const box = (await sim.call('notify/outbox', { key: OUTBOX })).data as Array<{
      to: string;
      anti_phishing: string;
    }>;
    expect(box.find((message) => message.to === DEMO_ACCOUNT.email)?.anti_phishing).toBe('Tessera_42');
    expect(box.find((message) => message.to === 'nobody@example.com')?.anti_phishing).toBe('');
  });

  it('refuses a bad phrase on the server alone, with a translated message and no change', async () => {
    const sim = await signedInDemo();
    await sim.call('security/anti_phishing', { phrase: 'First_1' }, sim.token);
    const before = sim.accounts.state();
    for (const phrase of ['', 'abc', ' padded ', 'a'.repeat(21), '<script>', 'two words']) {
      const answer = await sim.call('security/anti_phishing', { phrase }, sim.token);
      expect(answer.code).toBe(0);
      expect(answer.msg).toBe(
        phrase === ''
          ? 'Please enter an anti-phishing code'
          : 'An anti-phishing code has 4 to 20 letters, digits or underscores',
      );
    }
    expect(sim.accounts.state()).toBe(before);
    expect((await sim.call('security/anti_phishing', { phrase: 'Stranger1' }, '')).code).toBe('999');
  });

  it('the command refuses a bad phrase by itself (the aggregate does not trust the route)', () => {
    const aggregate = accountsAggregate({ ...POLICY });
    const state = aggregate.initial();
    const decision = aggregate.decide(
      {
        ...state,
        users: new Map([[1, { id: 1 } as never]]),
      },
      { kind: 'setAntiPhishing', at: 0, userId: 1, phrase: 'no' },
    );
    expect(decision).toEqual({ ok: false, error: 'badPhrase' });
  });

  it('opens every mail with the code when one is set', () => {
    const base = { channel: 'email', to: 'a@b.co', purpose: 1, kind: 'code', code: '123456', at: 0 } as const;
    expect(mailFor({ ...base, anti_phishing: 'Tessera_42' }).text).toMatch(
      /^Your anti-phishing code: Tessera_42\n\nYour Tessera verification code is 123456/,
    );
    expect(mailFor({ ...base, anti_phishing: '' }).text).toMatch(/^Your Tessera verification code is 123456/);
  });
});
