import { errorEnvelope } from '../../../api/envelope.ts';
import { RECOVERY_CODE_COUNT, isTotpCode, showRecoveryCode } from '../../../domain/security/two-factor.ts';
import type { Routes } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { answered, onUser, outcome } from './route-kit.ts';
import { checkSecondFactor } from './second-factor.ts';
import { codeHash } from './secret-hash.ts';
import type { UserRecord } from './state.ts';
import { totpLink } from './totp.ts';

/** The name the authenticator app lists the login under: the e-mail, else the phone, else the uid. */
function accountName(user: UserRecord): string {
  return user.email || user.mobile || `UID ${user.id}`;
}

/**
 * Two-factor sign-in (catalogue/security.ts): enrol (a seed, then a code of it, then the recovery
 * codes shown once) and turn off with a code. The seed and the recovery codes are answered once and
 * never stored in clear: the two enrolment calls are `secret` (never kept in the request log) and
 * pass no request to the command, so no answer of theirs is written beside its events; a retry of
 * them makes a new seed, or is refused as already on. Turning off is exactly once like any change.
 */
export function registerTwoFactorRoutes(routes: Routes, accounts: Accounts): void {
  onUser(routes, accounts, 'security/two_factor_start', async (_payload, ctx, user) => {
    if (user.twoFactor) return errorEnvelope(ctx.t('totpOn'));
    const seed = accounts.newTotpSeed();
    const sealed = await accounts.secrets.seal(seed, user.id);
    const result = await accounts.execute({ kind: 'startTwoFactor', at: ctx.now, userId: user.id, sealed });
    return outcome(result, ctx, { data: { secret: seed, uri: totpLink(seed, accountName(user)) } });
  });

  onUser(routes, accounts, 'security/two_factor_enable', async (payload, ctx, user) => {
    if (user.twoFactor) return errorEnvelope(ctx.t('totpOn'));
    if (!user.twoFactorPending) return errorEnvelope(ctx.t('totpNotStarted'));
    // Enrolment proves the app holds the seed: a code from it, never a recovery code (none exist yet).
    if (payload.code !== '' && !isTotpCode(payload.code)) return errorEnvelope(ctx.t('badTotp'));
    const checked = await checkSecondFactor(accounts, ctx, user, payload.code, false);
    if (!checked.ok) return checked.answer;
    if (!('step' in checked.proof)) return errorEnvelope(ctx.t('badTotp'));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => accounts.newRecoveryCode());
    const recovery = codes.map((code) => {
      const salt = accounts.newSalt();
      return { hash: codeHash(code, salt), salt };
    });
    const result = await accounts.execute({
      kind: 'enableTwoFactor',
      at: ctx.now,
      userId: user.id,
      step: checked.proof.step,
      recovery,
    });
    return outcome(result, ctx, {
      msg: ctx.t('twoFactorOn'),
      data: { recovery_codes: codes.map(showRecoveryCode) },
    });
  });

  onUser(routes, accounts, 'security/two_factor_disable', async (payload, ctx, user) => {
    if (!user.twoFactor) return errorEnvelope(ctx.t('totpOff'));
    const checked = await checkSecondFactor(accounts, ctx, user, payload.totp_code);
    if (!checked.ok) return checked.answer;
    const success = { msg: ctx.t('twoFactorOff') };
    const result = await accounts.execute(
      { kind: 'disableTwoFactor', at: ctx.now, userId: user.id, proof: checked.proof },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });
}
