import { codeKey } from '../state.ts';
import { accept, refuse, type Decider } from './decision.ts';
import { addressesOf, codeMatches, userByAddress } from './lookups.ts';
import { wrongCode } from './attempts.ts';
import { tokenHash } from '../secret-hash.ts';
import {
  CODE_PURPOSE_FORGOT_PASSWORD,
  CODE_PURPOSE_PAY_PASSWORD,
} from '../../../../domain/contract-codes.ts';

/** A new login password (the route checked the old one). */
export const changePassword: Decider<'changePassword'> = (_policy, state, command) => {
  if (!state.users.has(command.userId)) return refuse('userMissing');
  return accept([
    { type: 'PasswordChanged', at: command.at, userId: command.userId, password: command.password },
    // Anyone who learnt the old password loses their session; this one stays.
    { type: 'SessionsRevoked', at: command.at, userId: command.userId, keep: tokenHash(command.keepToken) },
  ]);
};

/** A forgotten password replaced with the code sent for resetting it; every session ends. */
export const resetPassword: Decider<'resetPassword'> = (_policy, state, command) => {
  const key = codeKey(command.channel, command.address, CODE_PURPOSE_FORGOT_PASSWORD);
  const user = userByAddress(state, command.channel, command.address);
  // No account and a wrong code read the same: the form must not reveal who is registered.
  if (!user || !codeMatches(state, key, command.code, command.at)) return wrongCode(state, [key], command.at);
  return accept([
    { type: 'PasswordChanged', at: command.at, userId: user.id, password: command.password },
    { type: 'CodeUsed', at: command.at, key },
    { type: 'SessionsRevoked', at: command.at, userId: user.id, keep: null },
  ]);
};

/** The trade password, with a code sent to any of the user's addresses. */
export const setPayPassword: Decider<'setPayPassword'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  const candidates = addressesOf(user).map(({ channel, address }) =>
    codeKey(channel, address, CODE_PURPOSE_PAY_PASSWORD),
  );
  const key = candidates.find((candidate) => codeMatches(state, candidate, command.code, command.at));
  if (key === undefined) return wrongCode(state, candidates, command.at);
  return accept([
    { type: 'PayPasswordSet', at: command.at, userId: user.id, password: command.password },
    { type: 'CodeUsed', at: command.at, key },
  ]);
};
