import { accountProblem, type AccountKind } from './account.ts';
import { codeProblem } from './code.ts';
import { confirmProblem, passwordProblem } from './password.ts';
import { firstProblem, type Problem } from './problem.ts';

export interface ForgotPasswordInput {
  kind: AccountKind;
  account: string;
  code: string;
  password: string;
  password2: string;
}

export type ForgotPasswordField = 'account' | 'code' | 'password' | 'password2';

/** Spec §5 Forgot password: the account, the code, a 6-16 letters-and-digits password, its confirmation. */
export function validateForgotPassword(input: ForgotPasswordInput): Problem<ForgotPasswordField> | null {
  return firstProblem<ForgotPasswordField>([
    ['account', accountProblem(input.kind, input.account)],
    ['code', codeProblem(input.code)],
    ['password', passwordProblem(input.password)],
    ['password2', confirmProblem(input.password, input.password2)],
  ]);
}
