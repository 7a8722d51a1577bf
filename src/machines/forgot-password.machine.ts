import { normalizeAccount, type AccountKind } from '../domain/validation/account.ts';
import { validateForgotPassword, type ForgotPasswordField } from '../domain/validation/forgot-password.ts';
import { clean } from '../domain/validation/text.ts';
import { codeOrProblem, codeRequestFor } from './code-request.ts';
import { createForm } from './form.machine.ts';
import { CODE_PURPOSE_FORGOT_PASSWORD } from '../domain/contract-codes.ts';

export type ForgotPasswordValues = {
  kind: AccountKind;
  account: string;
  areaId: number | null;
  code: string;
  password: string;
  password2: string;
};

/** Forgot password (spec §5): a code to the account (type 2), then a new password twice. */
export const forgotPasswordForm = createForm<
  ForgotPasswordValues,
  ForgotPasswordField | 'areaId',
  'user/forget_password'
>({
  id: 'forgotPassword',
  call: 'user/forget_password',
  validate: (values) => validateForgotPassword(values),
  codeFor: (values) =>
    codeOrProblem(codeRequestFor(values.kind, values.account, values.areaId, CODE_PURPOSE_FORGOT_PASSWORD), {
      account: 'account',
      area: 'areaId',
    }),
  codeResetBy: ['kind', 'account', 'areaId'],
  payload: (values) => ({
    account: normalizeAccount(values.kind, values.account),
    new_password: values.password,
    secondary_password: values.password2,
    type: values.kind,
    auth_code: clean(values.code),
  }),
});
