import { accountProblem, normalizeEmail } from '../domain/validation/account.ts';
import { validateBindEmail, type BindEmailField } from '../domain/validation/bind-email.ts';
import { clean } from '../domain/validation/text.ts';
import { createForm } from './form.machine.ts';

export type BindEmailValues = { email: string; code: string };

/** Bind an e-mail (spec §5, the legacy sms_mail + safe/email calls): format, code. */
export const bindEmailForm = createForm<BindEmailValues, BindEmailField, 'safe/email'>({
  id: 'bindEmail',
  call: 'safe/email',
  validate: (values) => validateBindEmail(values),
  codeFor: (values) => {
    const problem = accountProblem('email', values.email);
    return problem
      ? { field: 'email', code: problem }
      : { channel: 'bindEmail', to: normalizeEmail(values.email) };
  },
  codeResetBy: ['email'],
  payload: (values) => ({ email: normalizeEmail(values.email), code: clean(values.code) }),
});
