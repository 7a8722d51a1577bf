import { createForm } from './form.machine.ts';

/** totpCode: the code from the app, with two-factor sign-in on ('' otherwise: not sent). */
export type EndSessionValues = { id: string; totpCode: string };

export const NO_SESSION: EndSessionValues = { id: '', totpCode: '' };

/**
 * Ending one of the user's sessions from the sessions list (issue 34): the row's button sets the
 * session's id and submits. Ids come from the server's own list, so there is nothing to validate
 * here; the server refuses any id that is not a live session of this user.
 */
export const endSessionForm = createForm<EndSessionValues, 'id', 'security/end_session'>({
  id: 'endSession',
  call: 'security/end_session',
  validate: () => null,
  payload: (values) => ({
    id: values.id,
    ...(values.totpCode === '' ? {} : { totp_code: values.totpCode }),
  }),
  resetOnSuccess: true,
});
