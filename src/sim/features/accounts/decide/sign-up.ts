import { DEMO_ACCOUNT } from '../policy.ts';
import { codeKey } from '../state.ts';
import { accept, refuse, type Decider } from './decision.ts';
import { codeMatches, grantFor, newUser, userByAddress } from './lookups.ts';
import { wrongCode } from './attempts.ts';
import { CODE_PURPOSE_REGISTER, FLAG_OFF } from '../../../../domain/contract-codes.ts';

/** A new account, with the code sent for registering and an optional referrer. */
export const register: Decider<'register'> = (_policy, state, command) => {
  if (userByAddress(state, command.channel, command.address)) return refuse('accountExists');
  const key = codeKey(command.channel, command.address, CODE_PURPOSE_REGISTER);
  if (!codeMatches(state, key, command.code, command.at)) return wrongCode(state, [key], command.at);
  let invitedBy: number | null = null;
  if (command.invitedWith !== '') {
    invitedBy = state.inviteCodes.get(command.invitedWith) ?? null;
    if (invitedBy === null) return refuse('inviteUnknown');
  }
  if (state.inviteCodes.has(command.newInviteCode)) return refuse('inviteTaken');
  const user = newUser(state, {
    email: command.channel === 'email' ? command.address : '',
    mobile: command.channel === 'sms' ? command.address : '',
    areaId: command.channel === 'sms' ? command.areaId : null,
    password: command.password,
    inviteCode: command.newInviteCode,
    invitedBy,
    authorizationCode: command.authorizationCode,
    isSeller: FLAG_OFF,
    createdAt: command.at,
  });
  return accept(
    [
      { type: 'UserRegistered', at: command.at, user },
      { type: 'CodeUsed', at: command.at, key },
      grantFor(user.id, command.at),
    ],
    user.id,
  );
};

/** The demo account, once: seeding again answers the existing one. */
export const seedDemo: Decider<'seedDemo'> = (_policy, state, command) => {
  const existing = userByAddress(state, 'email', command.email);
  if (existing) return accept([], existing.id);
  if (state.inviteCodes.has(command.inviteCode)) return refuse('inviteTaken');
  const user = newUser(state, {
    email: command.email,
    mobile: '',
    areaId: null,
    password: command.password,
    inviteCode: command.inviteCode,
    invitedBy: null,
    authorizationCode: command.authorizationCode,
    isSeller: DEMO_ACCOUNT.isSeller,
    createdAt: command.at,
  });
  return accept([{ type: 'UserRegistered', at: command.at, user }, grantFor(user.id, command.at)], user.id);
};
