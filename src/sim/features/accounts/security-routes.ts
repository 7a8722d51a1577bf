import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import { antiPhishingProblem, maskAntiPhishing } from '../../../domain/security/anti-phishing.ts';
import { describeAgent } from '../../../domain/security/user-agent.ts';
import { ALLOW_LIST_WAIT_MS } from '../../../domain/security/allow-list.ts';
import { FLAG_OFF, FLAG_ON } from '../../../domain/contract-codes.ts';
import type { Routes } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { answered, onUser, outcome } from './route-kit.ts';
import { isSessionId, sessionId } from './session-ids.ts';
import { requireSecondFactor } from './second-factor.ts';

/** Protections beyond the password (catalogue/security.ts): each checked here, whatever the form did. */
export function registerSecurityRoutes(routes: Routes, accounts: Accounts): void {
  onUser(routes, accounts, 'security/overview', (_payload, _ctx, user) =>
    okEnvelope({
      anti_phishing: maskAntiPhishing(user.antiPhishing ?? ''),
      allow_list: user.allowList === true ? FLAG_ON : FLAG_OFF,
      allow_list_wait_ms: ALLOW_LIST_WAIT_MS,
      two_factor: user.twoFactor ? FLAG_ON : FLAG_OFF,
      recovery_left: user.twoFactor?.recovery.length ?? 0,
    }),
  );

  onUser(routes, accounts, 'security/anti_phishing', async (payload, ctx, user) => {
    const problem = antiPhishingProblem(payload.phrase);
    if (problem) return errorEnvelope(ctx.t(problem));
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const success = { msg: ctx.t('antiPhishingSet') };
    const result = await accounts.execute(
      { kind: 'setAntiPhishing', at: ctx.now, userId: user.id, phrase: payload.phrase },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  // Turning the allow-list on needs nothing more; turning it off (a weakening) needs the trade password.
  onUser(routes, accounts, 'security/allow_list', async (payload, ctx, user) => {
    const on = payload.on === FLAG_ON;
    if (!on) {
      if (!user.payPassword) return errorEnvelope(ctx.t('walletPayPasswordUnset'));
      if (!(await accounts.verifyPassword(payload.pay_password ?? '', user.payPassword)))
        return errorEnvelope(ctx.t('walletPayPasswordWrong'));
    }
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const success = { msg: ctx.t(on ? 'allowListOn' : 'allowListOff') };
    const result = await accounts.execute(
      { kind: 'setAllowList', at: ctx.now, userId: user.id, on },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'security/sessions', (_payload, ctx, user) => {
    const current = accounts.tokenHashes.hashOf(ctx.token);
    return okEnvelope(
      accounts.sessionsOf(user.id, ctx.now).map((session) => ({
        id: sessionId(session.hash),
        ...describeAgent(session.agent ?? ''),
        address: session.address ?? '',
        started_at: session.startedAt ?? 0,
        last_seen: session.lastSeen,
        current: session.hash === current ? FLAG_ON : FLAG_OFF,
      })),
    );
  });

  // Ends one of the user's own sessions: its sockets get session_ended and no more private frames
  // (simulator.ts hears SessionEnded, as it does for a logout).
  onUser(routes, accounts, 'security/end_session', async (payload, ctx, user) => {
    if (!isSessionId(payload.id)) return errorEnvelope(ctx.t('sessionNotFound'));
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const success = { msg: ctx.t('sessionEnded') };
    const result = await accounts.execute(
      { kind: 'endUserSession', at: ctx.now, userId: user.id, sessionId: payload.id },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });
}
