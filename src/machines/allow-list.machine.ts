import { FLAG_OFF, FLAG_ON } from '../domain/contract-codes.ts';
import { passwordProblem } from '../domain/validation/password.ts';
import { createForm } from './form.machine.ts';

/** totpCode: the code from the app, with two-factor sign-in on ('' otherwise: not sent). */
export type AllowListValues = { on: boolean; payPassword: string; totpCode: string };

export const ALLOW_LIST_START: AllowListValues = { on: true, payPassword: '', totpCode: '' };

/**
 * The withdrawal allow-list switch (issue 34): turning it on needs nothing more; turning it off
 * needs the trade password, checked here for its form and by the server for its value.
 */
export const allowListForm = createForm<AllowListValues, 'payPassword', 'security/allow_list'>({
  id: 'allowList',
  call: 'security/allow_list',
  validate: (values) => {
    if (values.on) return null;
    const code = passwordProblem(values.payPassword);
    return code === null ? null : { field: 'payPassword', code };
  },
  payload: (values) => ({
    ...(values.on ? { on: FLAG_ON } : { on: FLAG_OFF, pay_password: values.payPassword }),
    ...(values.totpCode === '' ? {} : { totp_code: values.totpCode }),
  }),
  resetOnSuccess: true,
});
