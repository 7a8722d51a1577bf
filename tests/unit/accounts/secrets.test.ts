import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/sim/clock.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { codeHash, sha256Hex, tokenHash } from '../../../src/sim/features/accounts/secret-hash.ts';
import type { UserRecord } from '../../../src/sim/features/accounts/state.ts';
import type { EventStore } from '../../../src/sim/store/event-store.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { freshStore, OUTBOX, START, startAccounts } from './harness.ts';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

async function everythingStored(store: EventStore): Promise<string> {
  const history = await store.readHistory('accounts');
  return [history.snapshot?.state ?? '', ...history.events.map((row) => row.data)].join('\n');
}

describe('secrets are stored only as hashes (issue 10 item 5)', () => {
  it('sha256Hex is SHA-256', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
    );
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('the IndexedDB log never holds a session token or a verification code', async () => {
    const store = freshStore();
    opened.push(store);
    const sim = await startAccounts({ store });
    await sim.call('notify/send_email', { to: 'ada@example.com', type: 1, outbox_key: OUTBOX });
    const registerCode = await sim.codeFor('ada@example.com');
    await sim.register('bob@example.com');
    await sim.call('user/register', {
      account: 'ada@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: registerCode,
      type: 'email',
    });
    const token = await sim.login('ada@example.com');
    sim.clock.advance(60_000);
    await sim.call('notify/send_email', { to: 'ada@example.com', type: 2, outbox_key: OUTBOX });
    const resetCode = await sim.codeFor('ada@example.com');
    const logged = await everythingStored(store);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(`"${registerCode}"`);
    expect(logged).not.toContain(`"${resetCode}"`);
    expect(logged).toContain(tokenHash(token));
    // The token still works, after a reload too.
    const again = await startAccounts({ store, clock: sim.clock });
    expect((await again.call('user/info', {}, token)).code).toBe(1);
  });

  it('an old log (tokens and codes in clear, before hashing) still replays: sessions and codes keep working', async () => {
    const store = freshStore();
    opened.push(store);
    const clock = new ManualClock(START);
    // A log as the previous version wrote it: the demo account seeded, a clear token, a clear code.
    const seeded = await startAccounts({ store: null, clock });
    const demo = seeded.accounts.state().users.get(10_001) as UserRecord;
    const legacy = [
      { type: 'UserRegistered', at: START, user: demo },
      {
        type: 'SessionStarted',
        at: START,
        token: 'a'.repeat(64),
        userId: demo.id,
        expiresAt: START + 3_600_000,
      },
      {
        type: 'CodeIssued',
        at: START,
        channel: 'email',
        address: DEMO_ACCOUNT.email,
        purpose: 2,
        code: '424242',
        expiresAt: START + 3_600_000,
      },
    ];
    await store.commit(
      'accounts',
      legacy.map((event) => ({ type: event.type, at: event.at, data: serialize(event) })),
    );
    const sim = await startAccounts({ store, clock });
    expect((await sim.call('user/info', {}, 'a'.repeat(64))).code).toBe(1);
    expect([...sim.accounts.state().sessions.keys()]).toEqual([tokenHash('a'.repeat(64))]);
    const reset = await sim.call('user/forget_password', {
      account: DEMO_ACCOUNT.email,
      new_password: 'Fresh2026',
      secondary_password: 'Fresh2026',
      type: 'email',
      auth_code: '424242',
    });
    expect(reset.code).toBe(1);
  });

  it('an old snapshot (clear tokens and codes in the state) is migrated when the log opens', async () => {
    const store = freshStore();
    opened.push(store);
    const clock = new ManualClock(START);
    const seeded = await startAccounts({ store: null, clock });
    const state = seeded.accounts.state();
    const { loginFailures: _dropped, secrets: _version, ...rest } = state;
    const old = {
      ...rest,
      sessions: new Map([['b'.repeat(64), { userId: 10_001, expiresAt: START + 3_600_000 }]]),
      codes: new Map([
        [`email:${DEMO_ACCOUNT.email}#2`, { code: '515151', issuedAt: START, expiresAt: START + 3_600_000 }],
      ]),
    };
    await store.writeSnapshot('accounts', 0, serialize(old));
    const sim = await startAccounts({ store, clock });
    expect(sim.accounts.state().secrets).toBe(2);
    expect((await sim.call('user/info', {}, 'b'.repeat(64))).code).toBe(1);
    const stored = await everythingStored(store);
    expect(stored).toContain('SecretsHashed');
    expect(sim.accounts.state().codes.get(`email:${DEMO_ACCOUNT.email}#2`)?.hash).toBe(
      codeHash('515151', ''),
    );
    const reset = await sim.call('user/forget_password', {
      account: DEMO_ACCOUNT.email,
      new_password: 'Fresh2026',
      secondary_password: 'Fresh2026',
      type: 'email',
      auth_code: '515151',
    });
    expect(reset.code).toBe(1);
  });
});
