import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import { antiPhishingProblem, maskAntiPhishing } from '../../../domain/security/anti-phishing.ts';
import type { Routes } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { answered, onUser, outcome } from './route-kit.ts';

/** Protections beyond the password (catalogue/security.ts): each checked here, whatever the form did. */
export function registerSecurityRoutes(routes: Routes, accounts: Accounts): void {
  onUser(routes, accounts, 'security/overview', (_payload, _ctx, user) =>
    okEnvelope({ anti_phishing: maskAntiPhishing(user.antiPhishing ?? '') }),
  );

  onUser(routes, accounts, 'security/anti_phishing', async (payload, ctx, user) => {
    const problem = antiPhishingProblem(payload.phrase);
    if (problem) return errorEnvelope(ctx.t(problem));
    const success = { msg: ctx.t('antiPhishingSet') };
    const result = await accounts.execute(
      { kind: 'setAntiPhishing', at: ctx.now, userId: user.id, phrase: payload.phrase },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });
}
