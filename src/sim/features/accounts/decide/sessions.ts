import type { AccountEvent } from '../events.ts';
import { codeKey } from '../state.ts';
import { accept, refuse, type Decider } from './decision.ts';
import { codeMatches } from './lookups.ts';
import { wrongCode } from './attempts.ts';
import { tokenHash } from '../secret-hash.ts';
import { ownSessionHash } from '../session-ids.ts';
import { CODE_PURPOSE_LOGIN } from '../../../../domain/contract-codes.ts';

/** A session for a user whose password the route checked; with the login code when one is required. */
export const startSession: Decider<'startSession'> = (policy, state, command) => {
  if (!state.users.has(command.userId)) return refuse('userMissing');
  const events: AccountEvent[] = [];
  if (command.loginCode) {
    const { channel, address, code } = command.loginCode;
    const key = codeKey(channel, address, CODE_PURPOSE_LOGIN);
    if (!codeMatches(state, key, code, command.at)) return wrongCode(state, [key], command.at);
    events.push({ type: 'CodeUsed', at: command.at, key });
  }
  events.push({
    type: 'SessionStarted',
    at: command.at,
    tokenHash: tokenHash(command.token),
    userId: command.userId,
    expiresAt: command.at + policy.sessionTtlMs,
    ...(command.client ? { agent: command.client.agent, address: command.client.address } : {}),
  });
  return accept(events);
};

/** Signing out: ending an unknown session changes nothing. */
export const endSession: Decider<'endSession'> = (_policy, state, command) =>
  accept(
    state.sessions.has(tokenHash(command.token))
      ? [{ type: 'SessionEnded', at: command.at, tokenHash: tokenHash(command.token) }]
      : [],
  );

/**
 * The user ends one of their own sessions by its id. Only their own, and only a live one: any other
 * id (someone else's session, an ended or made-up one) is the same refusal, so nobody learns which
 * ids exist.
 */
export const endUserSession: Decider<'endUserSession'> = (_policy, state, command) => {
  const hash = ownSessionHash(state, command.userId, command.sessionId, command.at);
  if (hash === null) return refuse('sessionNotFound');
  return accept([{ type: 'SessionEnded', at: command.at, tokenHash: hash }]);
};

/** A wrong password (the route checked it): the account's back-off counts it (domain/attempts.ts). */
export const loginFailed: Decider<'loginFailed'> = (_policy, _state, command) =>
  accept([{ type: 'LoginFailed', at: command.at, key: command.key }]);

/** Once, for a log whose snapshot predates hashing: nothing to do when the state is hashed already. */
export const hashSecrets: Decider<'hashSecrets'> = (_policy, state, command) =>
  accept(state.secrets === 2 ? [] : [{ type: 'SecretsHashed', at: command.at }]);
