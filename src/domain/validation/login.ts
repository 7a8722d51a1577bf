import { accountProblem, type AccountKind } from './account.ts';
import { codeProblem } from './code.ts';
import { firstProblem, type Problem } from './problem.ts';

export interface LoginInput {
  kind: AccountKind;
  account: string;
  password: string;
  smsCode: string;
  /** The setting login_use_sms is 1: a code is required as well. */
  smsRequired: boolean;
}

export type LoginField = 'account' | 'password' | 'smsCode';

/**
 * Spec §5 Login, in order: the account's format, a password (any non-empty one: accounts made under
 * an older rule must still get in), then the code when the setting asks for one.
 */
export function validateLogin(input: LoginInput): Problem<LoginField> | null {
  return firstProblem<LoginField>([
    ['account', accountProblem(input.kind, input.account)],
    ['password', input.password === '' ? 'emptyPassword' : null],
    ['smsCode', input.smsRequired ? codeProblem(input.smsCode) : null],
  ]);
}
