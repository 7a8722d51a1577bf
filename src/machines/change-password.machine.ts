import { validateChangePassword, type ChangePasswordField } from '../domain/validation/change-password.ts';
import { createForm } from './form.machine.ts';

export type ChangePasswordValues = { oldPassword: string; password: string; password2: string };

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
  }),
});
