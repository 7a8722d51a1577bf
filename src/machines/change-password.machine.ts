import { validateChangePassword, type ChangePasswordField } from '../domain/validation/change-password.ts';
import { createForm } from './form.machine.ts';

/** totpCode: the code from the app, with two-factor sign-in on ('' otherwise: not sent). */
export type ChangePasswordValues = {
  oldPassword: string;
  password: string;
  password2: string;
  totpCode: string;
};

/** Change login password (spec §5): old, new, confirmation. */
export const changePasswordForm = createForm<
  ChangePasswordValues,
  ChangePasswordField,
  'user/amend_password'
>({
  id: 'changePassword',
  call: 'user/amend_password',
  validate: (values) => validateChangePassword(values),
  payload: (values) => ({
    old_password: values.oldPassword,
    new_password: values.password,
    secondary_password: values.password2,
    ...(values.totpCode === '' ? {} : { totp_code: values.totpCode }),
  }),
});
