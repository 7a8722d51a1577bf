import { describe, expect, it } from 'vitest';
import { setAllowList, setAntiPhishing } from '../../../src/sim/features/accounts/decide/security.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { startAccounts } from './harness.ts';

/**
 * The security settings' deciders at their edges: a user the exchange does not know changes
 * nothing, and setting the allow-list as it already is records nothing (the mutation run of the
 * "account security" group found both unguarded).
 */
async function demoState() {
  const sim = await startAccounts();
  const state = sim.accounts.state();
  const demo = [...state.users.values()].find((user) => user.email === DEMO_ACCOUNT.email)!;
  return { state, demo };
}

const STRANGER = 999_999;

describe('the security settings', () => {
  it('refuse a user the exchange does not know', async () => {
    const { state } = await demoState();
    expect(state.users.has(STRANGER)).toBe(false);
    expect(
      setAntiPhishing(POLICY, state, {
        kind: 'setAntiPhishing',
        at: 0,
        userId: STRANGER,
        phrase: 'Tessera_42',
      }),
    ).toEqual({ ok: false, error: 'userMissing' });
    expect(setAllowList(POLICY, state, { kind: 'setAllowList', at: 0, userId: STRANGER, on: true })).toEqual({
      ok: false,
      error: 'userMissing',
    });
  });

  it('record the allow-list only when it changes', async () => {
    const { state, demo } = await demoState();
    const now = demo.allowList === true;
    expect(
      setAllowList(POLICY, state, { kind: 'setAllowList', at: 1, userId: demo.id, on: now }),
    ).toMatchObject({
      ok: true,
      events: [],
    });
    expect(
      setAllowList(POLICY, state, { kind: 'setAllowList', at: 1, userId: demo.id, on: !now }),
    ).toMatchObject({ ok: true, events: [{ type: 'AllowListSet', userId: demo.id, on: !now }] });
  });
});
