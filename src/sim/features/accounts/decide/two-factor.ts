import { stepIsFresh } from '../../../../domain/security/two-factor.ts';
import type { SecondFactorProof } from '../commands.ts';
import type { AccountEvent } from '../events.ts';
import type { UserRecord } from '../state.ts';
import { accept, refuse, type Decider, type Refusal } from './decision.ts';

/**
 * Two-factor sign-in. The route does what a pure decider cannot (sealing and opening the seed,
 * computing codes on the wall clock); the aggregate decides what depends on the log: a step already
 * spent or a recovery code already used is refused here, so two requests racing with one code
 * cannot both pass (commands are decided one at a time).
 */

/** The event spending a proof, or the refusal when it is spent already. */
function spend(
  user: UserRecord,
  proof: SecondFactorProof,
  at: number,
): { ok: true; event: AccountEvent } | { ok: false; error: Refusal } {
  const record = user.twoFactor;
  if (!record) return { ok: false, error: 'totpOff' };
  if ('step' in proof) {
    if (!stepIsFresh(proof.step, record.lastStep)) return { ok: false, error: 'totpUsed' };
    return { ok: true, event: { type: 'TotpStepUsed', at, userId: user.id, step: proof.step } };
  }
  if (!record.recovery.some((code) => code.hash === proof.recoveryHash))
    return { ok: false, error: 'totpWrong' };
  return { ok: true, event: { type: 'RecoveryCodeUsed', at, userId: user.id, hash: proof.recoveryHash } };
}

export const startTwoFactor: Decider<'startTwoFactor'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  if (user.twoFactor) return refuse('totpOn');
  return accept([{ type: 'TwoFactorStarted', at: command.at, userId: user.id, sealed: command.sealed }]);
};

export const enableTwoFactor: Decider<'enableTwoFactor'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  if (user.twoFactor) return refuse('totpOn');
  if (!user.twoFactorPending) return refuse('totpNotStarted');
  return accept([
    {
      type: 'TwoFactorEnabled',
      at: command.at,
      userId: user.id,
      step: command.step,
      recovery: command.recovery,
    },
  ]);
};

export const useSecondFactor: Decider<'useSecondFactor'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  const spent = spend(user, command.proof, command.at);
  return spent.ok ? accept([spent.event]) : refuse(spent.error);
};

export const disableTwoFactor: Decider<'disableTwoFactor'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  const spent = spend(user, command.proof, command.at);
  if (!spent.ok) return refuse(spent.error);
  return accept([spent.event, { type: 'TwoFactorDisabled', at: command.at, userId: user.id }]);
};
