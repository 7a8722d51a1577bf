import { codeKey } from '../state.ts';
import { PAY_METHOD_TYPES } from '../pay-method-types.ts';
import { accept, isRefusal, refuse, type Decider } from './decision.ts';
import { codeMatches, userByAddress } from './lookups.ts';
import { CODE_PURPOSE_BIND_EMAIL } from '../../../../domain/contract-codes.ts';
import { validateFeedback } from '../../../../domain/validation/feedback.ts';

/** An uploaded image, owned by the user who sent it. */
export const recordUpload: Decider<'recordUpload'> = (_policy, state, command) => {
  if (!state.users.has(command.upload.owner)) return refuse('userMissing');
  return accept([{ type: 'ImageUploaded', at: command.at, upload: command.upload }]);
};

/** A collection method of a known type; its QR code must be the user's own upload. */
export const savePayMethod: Decider<'savePayMethod'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  if (!PAY_METHOD_TYPES.some((type) => type.id === command.methodType)) return refuse('payMethodUnknown');
  const qrcode = command.raw.qrcode;
  if (qrcode !== undefined && state.uploads.get(qrcode)?.owner !== user.id) return refuse('uploadMissing');
  return accept([
    {
      type: 'PayMethodSaved',
      at: command.at,
      userId: user.id,
      methodType: command.methodType,
      raw: command.raw,
    },
  ]);
};

/** A new e-mail address, with the code sent to it; no one else may use it. */
export const bindEmail: Decider<'bindEmail'> = (_policy, state, command) => {
  const user = state.users.get(command.userId);
  if (!user) return refuse('userMissing');
  if (user.email === command.email) return refuse('emailSame');
  const owner = userByAddress(state, 'email', command.email);
  if (owner && owner.id !== user.id) return refuse('emailTaken');
  const key = codeKey('email', command.email, CODE_PURPOSE_BIND_EMAIL);
  if (!codeMatches(state, key, command.code, command.at)) return refuse('codeWrong');
  return accept([
    { type: 'EmailBound', at: command.at, userId: user.id, email: command.email },
    { type: 'CodeUsed', at: command.at, key },
  ]);
};

/** Feedback from a user; answers its id. */
export const submitFeedback: Decider<'submitFeedback'> = (_policy, state, command) => {
  if (!state.users.has(command.userId)) return refuse('userMissing');
  // The same rule as the form's, on the command itself: white space does not count as content.
  const problem = validateFeedback({ type: command.type, title: command.title, content: command.content });
  if (problem) return refuse(isRefusal(problem.code) ? problem.code : 'shortContent');
  return accept(
    [
      {
        type: 'FeedbackSubmitted',
        at: command.at,
        id: state.nextFeedbackId,
        userId: command.userId,
        kind: command.type,
        title: command.title,
        content: command.content,
      },
    ],
    state.nextFeedbackId,
  );
};
