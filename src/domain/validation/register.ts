import { accountProblem, type AccountKind } from './account.ts';
import { codeProblem } from './code.ts';
import { inviteCodeProblem } from './invite-code.ts';
import { confirmProblem, isStrongPassword } from './password.ts';
import { firstProblem, type Problem } from './problem.ts';

export interface RegisterInput {
  kind: AccountKind;
  account: string;
  /** The area (country) id of the phone tab; ignored on the e-mail tab. */
  areaId: number | null;
  code: string;
  password: string;
  password2: string;
  inviteCode: string;
  agreed: boolean;
}

export type RegisterField =
  'account' | 'areaId' | 'agreed' | 'code' | 'password' | 'password2' | 'inviteCode';

/**
 * Spec §5 Register, in this order: the account's format; the terms ticked; the code, a password and
 * the invitation code present; the password's strength (register.length); the confirmation present
 * (enterPassword2) and equal (register.unlike). A phone account also needs its country.
 */
export function validateRegister(input: RegisterInput): Problem<RegisterField> | null {
  return firstProblem<RegisterField>([
    ['account', accountProblem(input.kind, input.account)],
    ['areaId', input.kind === 'mobile' && input.areaId === null ? 'emptyArea' : null],
    ['agreed', input.agreed ? null : 'agree'],
    ['code', codeProblem(input.code)],
    ['password', input.password === '' ? 'emptyPassword' : null],
    ['inviteCode', inviteCodeProblem(input.inviteCode)],
    ['password', isStrongPassword(input.password) ? null : 'length'],
    ['password2', confirmProblem(input.password, input.password2)],
  ]);
}
