import { errorEnvelope, expiredEnvelope, okEnvelope, type Envelope } from '../../../api/envelope.ts';
import type { CallContext } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { sendWait } from './decide/lookups.ts';
import { addressKey, type Channel, type CodePurpose } from './state.ts';
import { outcome } from './route-kit.ts';
import {
  CODE_PURPOSE_FORGOT_PASSWORD,
  CODE_PURPOSE_LOGIN,
  CODE_PURPOSE_PAY_PASSWORD,
  CODE_PURPOSE_REGISTER,
} from '../../../domain/contract-codes.ts';

export interface CodeRequest {
  channel: Channel;
  /** The normalised address (e-mail or national digits). */
  address: string;
  /** How the outbox shows the address ("+81 9012345678"). */
  shownAs: string;
  purpose: CodePurpose;
  outboxKey: string | undefined;
}

/**
 * Sends a verification code: checks that the purpose fits the address, rate-limits, records the code
 * and drops it in the sender's demo outbox. For "forgot password" and "login" an unknown address gets
 * the same answer as a known one (nobody learns who is registered); its outbox shows a notice instead
 * of a code, as a real service's e-mail would.
 */
export async function deliverCode(
  accounts: Accounts,
  ctx: CallContext,
  request: CodeRequest,
): Promise<Envelope> {
  const { channel, address, purpose } = request;
  const owner = accounts.state().addresses.get(addressKey(channel, address));
  if (purpose === CODE_PURPOSE_REGISTER && owner !== undefined) return errorEnvelope(ctx.t('accountExists'));
  if (purpose === CODE_PURPOSE_PAY_PASSWORD) {
    // Trade-password codes go only to the signed-in user's own phone or e-mail.
    const userId = accounts.userIdOf(ctx.token, ctx.now);
    if (userId === null) return expiredEnvelope();
    if (owner !== userId) return errorEnvelope(ctx.t('notYourAddress'));
  }
  const { waitMs, capped } = sendWait(accounts.state(), accounts.policy, channel, address, ctx.now);
  if (capped) return errorEnvelope(ctx.t('codeTooMany'));
  if (waitMs > 0) return errorEnvelope(ctx.t('codeTooSoon', { seconds: Math.ceil(waitMs / 1000) }));

  const notice =
    (purpose === CODE_PURPOSE_FORGOT_PASSWORD || purpose === CODE_PURPOSE_LOGIN) && owner === undefined;
  const code = notice ? '' : accounts.newCode();
  const result = await accounts.execute({
    kind: 'issueCode',
    at: ctx.now,
    channel,
    address,
    purpose,
    code,
    salt: accounts.newSalt(),
  });
  if (!result.ok) return outcome(result, ctx);
  accounts.courier.deliver(request.outboxKey, {
    channel,
    to: request.shownAs,
    purpose,
    kind: notice ? 'no_account' : 'code',
    code,
    at: ctx.now,
    anti_phishing: accounts.antiPhishingOf(owner),
  });
  return okEnvelope(null, ctx.t(channel === 'sms' ? 'codeSentSms' : 'codeSentEmail'));
}
