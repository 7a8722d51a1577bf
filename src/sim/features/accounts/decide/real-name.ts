import type { AccountEvent } from '../events.ts';
import { accept, refuse, type Decider } from './decision.ts';
import { REVIEW_STATUS_APPROVED, REVIEW_STATUS_PENDING } from '../../../../domain/contract-codes.ts';
import { isPersonName } from '../../../../domain/validation/real-name.ts';

/** A real-name review request with two pictures the user uploaded; one review per user. */
export const submitRealName: Decider<'submitRealName'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  // The command refuses a name that is not a name by itself, whoever sends it.
  if (!isPersonName(command.name)) return refuse('badName');
  if (user.realName?.status === REVIEW_STATUS_PENDING) return refuse('reviewPending');
  if (user.realName?.status === REVIEW_STATUS_APPROVED) return refuse('reviewDone');
  for (const pic of [command.frontPic, command.backPic]) {
    if (state.uploads.get(pic)?.owner !== user.id) return refuse('uploadMissing');
  }
  return accept([
    {
      type: 'RealNameSubmitted',
      at: command.at,
      userId: user.id,
      name: command.name,
      cardId: command.cardId,
      frontPic: command.frontPic,
      backPic: command.backPic,
    },
  ]);
};

/** Every pending review whose delay has passed is approved, dated when it fell due. */
export const approveDueReviews: Decider<'approveDueReviews'> = (policy, state, command) => {
  const events: AccountEvent[] = [];
  for (const user of state.users.values()) {
    const review = user.realName;
    if (review?.status !== REVIEW_STATUS_PENDING) continue;
    const due = review.submittedAt + policy.reviewDelayMs;
    // Recorded at the moment it fell due, not when someone happened to look.
    if (due <= command.at) events.push({ type: 'RealNameApproved', at: due, userId: user.id });
  }
  return accept(events);
};
