import { confirmProblem, passwordProblem } from './password.ts';
import { firstProblem, type Problem } from './problem.ts';

export interface ChangePasswordInput {
  oldPassword: string;
  password: string;
  password2: string;
}

export type ChangePasswordField = 'oldPassword' | 'password' | 'password2';

/**
 * Spec §5 Change login password: old required, new required and at least 6 characters (Tessera
 * applies the full password rule, the one register states), confirmation equal. A new password equal
 * to the old one changes nothing and is refused.
 */
export function validateChangePassword(input: ChangePasswordInput): Problem<ChangePasswordField> | null {
  return firstProblem<ChangePasswordField>([
    ['oldPassword', input.oldPassword === '' ? 'emptyOldPassword' : null],
    ['password', passwordProblem(input.password)],
    ['password', input.password === input.oldPassword ? 'samePassword' : null],
    ['password2', confirmProblem(input.password, input.password2)],
  ]);
}
