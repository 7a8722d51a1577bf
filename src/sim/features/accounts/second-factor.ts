import { errorEnvelope, type Envelope } from '../../../api/envelope.ts';
import { PASSWORD_BACKOFF, triesLeft, waitMinutes, waitMs } from '../../../domain/attempts.ts';
import { FLAG_ON } from '../../../domain/contract-codes.ts';
import {
  isTotpCode,
  recoveryCodeKey,
  stepIsFresh,
  twoFactorCodeProblem,
} from '../../../domain/security/two-factor.ts';
import type { CallContext } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import type { SecondFactorProof } from './commands.ts';
import { outcome } from './route-kit.ts';
import { codeHash } from './secret-hash.ts';
import { userFailureKey, type UserRecord } from './state.ts';
import { totpCodeStep } from './totp.ts';

export type SecondFactorCheck = { ok: true; proof: SecondFactorProof } | { ok: false; answer: Envelope };

/** The refusal that tells a client to ask for the code (data.two_factor = 1), and says so. */
export function twoFactorNeeded(ctx: CallContext): Envelope {
  return errorEnvelope(ctx.t('totpNeeded'), { two_factor: FLAG_ON });
}

/**
 * Checks a second-factor code of a user with two-factor sign-in on: a TOTP code of the seed in the
 * window around the wall clock and later than the last step used, or an unused recovery code (when
 * `recovery` allows it). A wrong or replayed code is a wrong try of the account: it counts toward
 * the same back-off as a wrong password (LoginFailed under user:<id>), so guessing codes is stopped
 * after the few free tries, wherever the guesses are made (sign-in, withdrawal, security page).
 */
export async function checkSecondFactor(
  accounts: Accounts,
  ctx: CallContext,
  user: UserRecord,
  code: string,
  recovery = true,
): Promise<SecondFactorCheck> {
  const sealed = user.twoFactor?.sealed ?? user.twoFactorPending;
  if (sealed === undefined) return { ok: false, answer: errorEnvelope(ctx.t('totpOff')) };
  const key = userFailureKey(user.id);
  const wait = waitMs(accounts.state().loginFailures.get(key), ctx.now, PASSWORD_BACKOFF);
  // Locked by wrong passwords or wrong codes alike: the account's one count of wrong tries.
  if (wait > 0)
    return { ok: false, answer: errorEnvelope(ctx.t('totpLocked', { minutes: waitMinutes(wait) })) };
  if (code === '') return { ok: false, answer: twoFactorNeeded(ctx) };
  const problem = twoFactorCodeProblem(code, recovery);
  if (problem) return { ok: false, answer: errorEnvelope(ctx.t(problem)) };
  if (isTotpCode(code)) {
    const seed = await accounts.secrets.open(sealed, user.id);
    if (seed === null) {
      // The key the seed was sealed with is gone (a new key file): only a recovery code helps now.
      console.error('sim accounts: a TOTP seed could not be opened with the current key');
      return { ok: false, answer: errorEnvelope(ctx.t('totpKeyLost')) };
    }
    const step = totpCodeStep(seed, code, accounts.wallClock());
    if (step === null) return wrongTry(accounts, ctx, key, 'totpWrongLeft');
    // During enrolment no step is spent yet; afterwards a code seen once is worthless.
    if (!stepIsFresh(step, user.twoFactor?.lastStep ?? null))
      return wrongTry(accounts, ctx, key, 'totpUsedLeft');
    return { ok: true, proof: { step } };
  }
  const typed = recoveryCodeKey(code);
  const match = user.twoFactor?.recovery.find((stored) => codeHash(typed, stored.salt) === stored.hash);
  if (!match) return wrongTry(accounts, ctx, key, 'totpWrongLeft');
  return { ok: true, proof: { recoveryHash: match.hash } };
}

async function wrongTry(
  accounts: Accounts,
  ctx: CallContext,
  key: string,
  message: 'totpWrongLeft' | 'totpUsedLeft',
): Promise<SecondFactorCheck> {
  const failed = await accounts.execute({ kind: 'loginFailed', at: ctx.now, key });
  if (!failed.ok) return { ok: false, answer: outcome(failed, ctx) };
  const record = accounts.state().loginFailures.get(key);
  const left = triesLeft(record, ctx.now, PASSWORD_BACKOFF);
  if (left > 0) return { ok: false, answer: errorEnvelope(ctx.t(message, { left })) };
  const minutes = waitMinutes(waitMs(record, ctx.now, PASSWORD_BACKOFF));
  return { ok: false, answer: errorEnvelope(ctx.t('totpLocked', { minutes })) };
}

/**
 * For a call that needs the second factor once it is on (sign-in, withdrawals, security changes):
 * null when the user has it off, or when `code` is good (its step or recovery code then spent, in
 * the log, before the call goes on); else the refusal to answer. The code is spent even if the call
 * then fails for another reason: the next code from the app, 30 s later, works.
 */
export async function requireSecondFactor(
  accounts: Accounts,
  ctx: CallContext,
  user: UserRecord,
  code: string | undefined,
): Promise<Envelope | null> {
  if (!user.twoFactor) return null;
  const checked = await checkSecondFactor(accounts, ctx, user, code ?? '');
  if (!checked.ok) return checked.answer;
  const spent = await accounts.execute({
    kind: 'useSecondFactor',
    at: ctx.now,
    userId: user.id,
    proof: checked.proof,
  });
  return spent.ok ? null : outcome(spent, ctx);
}
