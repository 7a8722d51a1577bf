import { antiPhishingProblem } from '../../../../domain/security/anti-phishing.ts';
import { accept, refuse, type Decider } from './decision.ts';

/** The anti-phishing code: the command refuses a phrase the rule refuses, whoever sends it. */
export const setAntiPhishing: Decider<'setAntiPhishing'> = (_policy, state, command) => {
  if (!state.users.has(command.userId)) return refuse('userMissing');
  if (antiPhishingProblem(command.phrase) !== null) return refuse('badPhrase');
  return accept([
    { type: 'AntiPhishingSet', at: command.at, userId: command.userId, phrase: command.phrase },
  ]);
};

/** The withdrawal allow-list on or off; setting it as it is records nothing. */
export const setAllowList: Decider<'setAllowList'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  if ((user.allowList === true) === command.on) return accept([]);
  return accept([{ type: 'AllowListSet', at: command.at, userId: command.userId, on: command.on }]);
};
