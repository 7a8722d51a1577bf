import type { AccountEvent } from '../events.ts';
import { codeKey } from '../state.ts';
import { accept, refuse, type Decider } from './decision.ts';
import { codeMatches } from './lookups.ts';
import { CODE_PURPOSE_LOGIN } from '../../../../domain/contract-codes.ts';

/** A session for a user whose password the route checked; with the login code when one is required. */
export const startSession: Decider<'startSession'> = (policy, state, command) => {
  if (!state.users.has(command.userId)) return refuse('userMissing');
  const events: AccountEvent[] = [];
  if (command.loginCode) {
    const { channel, address, code } = command.loginCode;
    const key = codeKey(channel, address, CODE_PURPOSE_LOGIN);
    if (!codeMatches(state, key, code, command.at)) return refuse('codeWrong');
    events.push({ type: 'CodeUsed', at: command.at, key });
  }
  events.push({
    type: 'SessionStarted',
    at: command.at,
    token: command.token,
    userId: command.userId,
    expiresAt: command.at + policy.sessionTtlMs,
  });
  return accept(events);
};

/** Signing out: ending an unknown session changes nothing. */
export const endSession: Decider<'endSession'> = (_policy, state, command) =>
  accept(
    state.sessions.has(command.token) ? [{ type: 'SessionEnded', at: command.at, token: command.token }] : [],
  );
