import type { ApiClient } from '../api/client.ts';
import { accountProblem, normalizeAccount, type AccountKind } from '../domain/validation/account.ts';
import type { Problem, ProblemCode } from '../domain/validation/problem.ts';
import { OUTBOX_KEY } from './outbox-key.ts';
import type {
  CODE_PURPOSE_BIND_ADDRESS,
  CODE_PURPOSE_BIND_EMAIL,
  CodePurpose,
} from '../domain/contract-codes.ts';

/**
 * Spec §7 code types (contract-codes.ts): register, forgot, trade password, login. E-mail binding goes
 * by sms_mail, address binding by address/send_code.
 */
export type CodeType = Exclude<
  CodePurpose,
  typeof CODE_PURPOSE_BIND_EMAIL | typeof CODE_PURPOSE_BIND_ADDRESS
>;

/** What one "send code" click asks for. */
export type CodeRequest =
  | { channel: 'email'; to: string; type: CodeType }
  | { channel: 'sms'; to: string; type: CodeType; areaId: number }
  /** The legacy e-mail binding (sms_mail). */
  | { channel: 'bindEmail'; to: string }
  /** A withdrawal-address binding code to the user's own bound e-mail or phone (address/send_code). */
  | { channel: 'bindAddress'; via: 'email' | 'mobile' };

/**
 * The request for a code to the account typed on a tab, or the problem that stops it: a code can
 * only go to an address that could be real (and a phone needs its country).
 */
export function codeRequestFor(
  kind: AccountKind,
  account: string,
  areaId: number | null,
  type: CodeType,
): CodeRequest | ProblemCode {
  const problem = accountProblem(kind, account);
  if (problem) return problem;
  const to = normalizeAccount(kind, account);
  if (kind === 'email') return { channel: 'email', to, type };
  return areaId === null ? 'emptyArea' : { channel: 'sms', to, type, areaId };
}

/** A code request, or its problem pinned on the form's account field (or its country). */
export function codeOrProblem<F extends string>(
  result: CodeRequest | ProblemCode,
  fields: { account: F; area: F },
): CodeRequest | Problem<F> {
  if (typeof result !== 'string') return result;
  return { field: result === 'emptyArea' ? fields.area : fields.account, code: result };
}

/** Sends a code through the contract; the demo outbox key rides along (the simulator shows it there). */
export async function deliverCode(api: ApiClient, request: CodeRequest): Promise<void> {
  switch (request.channel) {
    case 'email':
      await api.call('notify/send_email', { to: request.to, type: request.type, outbox_key: OUTBOX_KEY });
      return;
    case 'sms':
      await api.call('notify/send_sms', {
        to: request.to,
        type: request.type,
        area_id: request.areaId,
        outbox_key: OUTBOX_KEY,
      });
      return;
    case 'bindEmail':
      await api.call('sms_mail', { email: request.to, outbox_key: OUTBOX_KEY });
      return;
    case 'bindAddress':
      await api.call('address/send_code', { via: request.via, outbox_key: OUTBOX_KEY });
      return;
  }
}
