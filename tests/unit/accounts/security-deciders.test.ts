import { describe, expect, it } from 'vitest';
import { setAllowList, setAntiPhishing } from '../../../src/sim/features/accounts/decide/security.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  startTwoFactor,
  useSecondFactor,
} from '../../../src/sim/features/accounts/decide/two-factor.ts';
import { accountsAggregate } from '../../../src/sim/features/accounts/aggregate.ts';
import type { AccountEvent } from '../../../src/sim/features/accounts/events.ts';
import type { AccountsState } from '../../../src/sim/features/accounts/state.ts';
import type { Decision } from '../../../src/sim/store/aggregate.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { startAccounts } from './harness.ts';

/**
 * The security settings' and two-factor deciders at their edges: a user the exchange does not know
 * changes nothing, setting the allow-list as it already is records nothing, and a second enrolment
 * is refused while two-factor sign-in is on (the mutation run of the "account security" group found
 * these unguarded: the routes check them first, so only the deciders' own tests reach them).
 */
async function demoState() {
  const sim = await startAccounts();
  const state = sim.accounts.state();
  const demo = [...state.users.values()].find((user) => user.email === DEMO_ACCOUNT.email)!;
  return { state, demo };
}

const STRANGER = 999_999;

const aggregate = accountsAggregate(POLICY);
/** The state after a decision's events (unchanged after a refusal). */
function evolveAll(state: AccountsState, decision: Decision<AccountEvent>): AccountsState {
  return decision.ok ? decision.events.reduce(aggregate.evolve, state) : state;
}

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

describe('the two-factor deciders', () => {
  it('refuse a user the exchange does not know', async () => {
    const { state } = await demoState();
    const stranger = { at: 0, userId: STRANGER };
    expect(startTwoFactor(POLICY, state, { kind: 'startTwoFactor', ...stranger, sealed: 'v1.x' })).toEqual({
      ok: false,
      error: 'userMissing',
    });
    expect(
      enableTwoFactor(POLICY, state, { kind: 'enableTwoFactor', ...stranger, step: 1, recovery: [] }),
    ).toEqual({ ok: false, error: 'userMissing' });
    for (const proof of [{ step: 1 }, { recoveryHash: 'f'.repeat(64) }]) {
      expect(useSecondFactor(POLICY, state, { kind: 'useSecondFactor', ...stranger, proof })).toEqual({
        ok: false,
        error: 'userMissing',
      });
      expect(disableTwoFactor(POLICY, state, { kind: 'disableTwoFactor', ...stranger, proof })).toEqual({
        ok: false,
        error: 'userMissing',
      });
    }
  });

  it('start an enrolment only while two-factor sign-in is off (a second seed would replace the one in use)', async () => {
    const { state, demo } = await demoState();
    const start = (at: number, on: typeof state) =>
      startTwoFactor(POLICY, on, { kind: 'startTwoFactor', at, userId: demo.id, sealed: 'v1.sealed' });
    const started = start(1, state);
    expect(started).toMatchObject({ ok: true, events: [{ type: 'TwoFactorStarted', userId: demo.id }] });
    const enabled = enableTwoFactor(POLICY, evolveAll(state, started), {
      kind: 'enableTwoFactor',
      at: 2,
      userId: demo.id,
      step: 7,
      recovery: [],
    });
    expect(enabled).toMatchObject({ ok: true, events: [{ type: 'TwoFactorEnabled', step: 7 }] });
    expect(start(3, evolveAll(evolveAll(state, started), enabled))).toEqual({ ok: false, error: 'totpOn' });
  });
});
