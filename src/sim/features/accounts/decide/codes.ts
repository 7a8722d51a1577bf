import { accept, refuse, type Decider } from './decision.ts';
import { sendWait } from './lookups.ts';
import { codeHash } from '../secret-hash.ts';

/** A verification code sent to an address, within the resend interval and the hourly cap. */
export const issueCode: Decider<'issueCode'> = (policy, state, command) => {
  const { waitMs, capped } = sendWait(state, policy, command.channel, command.address, command.at);
  if (capped) return refuse('codeTooMany');
  if (waitMs > 0) return refuse('codeTooSoon');
  return accept([
    {
      type: 'CodeIssued',
      at: command.at,
      channel: command.channel,
      address: command.address,
      purpose: command.purpose,
      codeHash: command.code === '' ? '' : codeHash(command.code, command.salt ?? ''),
      salt: command.salt ?? '',
      expiresAt: command.at + policy.codeTtlMs,
    },
  ]);
};
