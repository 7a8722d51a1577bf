import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../../src/sim/features/accounts/secret-hash.ts';
import { TokenHashCache } from '../../../src/sim/features/accounts/token-hash-cache.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { startAccounts } from './harness.ts';

describe('TokenHashCache', () => {
  it('gives every token its own hash, kept or not, whatever was kept before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        (tokens, limit) => {
          const cache = new TokenHashCache(limit);
          for (const token of tokens) {
            const hash = cache.hashOf(token);
            expect(hash).toBe(tokenHash(token));
            cache.remember(token, hash);
            expect(cache.size).toBeLessThanOrEqual(limit);
          }
          for (const token of tokens) expect(cache.hashOf(token)).toBe(tokenHash(token));
        },
      ),
    );
  });

  it('keeps at most its limit, dropping the least recently used first', () => {
    const cache = new TokenHashCache(2);
    cache.remember('a', tokenHash('a'));
    cache.remember('b', tokenHash('b'));
    cache.hashOf('a'); // a is now the more recent of the two
    cache.remember('c', tokenHash('c'));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(cache.size).toBe(2);
  });

  it('forgets the tokens whose sessions ended and keeps the others', () => {
    const cache = new TokenHashCache();
    for (const token of ['live', 'ended']) cache.remember(token, tokenHash(token));
    cache.forgetEnded(new Map([[tokenHash('live'), {}]]));
    expect(cache.has('live')).toBe(true);
    expect(cache.has('ended')).toBe(false);
  });
});

describe('session look-ups through the cache', () => {
  it('a token used before is refused at once after a logout, and dropped from the cache', async () => {
    const sim = await startAccounts();
    const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await sim.call('user/info', {}, token)).code).toBe(1);
    expect(sim.accounts.tokenHashes.has(token)).toBe(true);
    expect((await sim.call('user/logout', {}, token)).code).toBe(1);
    expect((await sim.call('user/info', {}, token)).code).toBe('999');
    expect(sim.accounts.tokenHashes.has(token)).toBe(false);
  });

  it('a password change ends the other sessions even when their tokens were just used', async () => {
    const sim = await startAccounts();
    const kept = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const other = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await sim.call('user/info', {}, other)).code).toBe(1);
    expect(sim.accounts.tokenHashes.has(other)).toBe(true);
    const changed = await sim.call(
      'user/amend_password',
      { old_password: DEMO_ACCOUNT.password, new_password: 'Newer2026', secondary_password: 'Newer2026' },
      kept,
    );
    expect(changed.code).toBe(1);
    expect((await sim.call('user/info', {}, other)).code).toBe('999');
    expect(sim.accounts.tokenHashes.has(other)).toBe(false);
    expect((await sim.call('user/info', {}, kept)).code).toBe(1);
  });

  it('an expired session is refused though its token is cached; a made-up token is never kept', async () => {
    const sim = await startAccounts();
    const token = await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await sim.call('user/info', {}, token)).code).toBe(1);
    sim.clock.advance(POLICY.sessionTtlMs);
    expect((await sim.call('user/info', {}, token)).code).toBe('999');
    const stranger = 'e'.repeat(64);
    expect((await sim.call('user/info', {}, stranger)).code).toBe('999');
    expect(sim.accounts.tokenHashes.has(stranger)).toBe(false);
  });
});
