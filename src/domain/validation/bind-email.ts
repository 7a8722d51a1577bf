import { accountProblem } from './account.ts';
import { codeProblem } from './code.ts';
import { firstProblem, type Problem } from './problem.ts';

export interface BindEmailInput {
  email: string;
  code: string;
}

export type BindEmailField = 'email' | 'code';

/** Spec §5 E-mail bind: the address's format, then the code. */
export function validateBindEmail(input: BindEmailInput): Problem<BindEmailField> | null {
  return firstProblem<BindEmailField>([
    ['email', accountProblem('email', input.email)],
    ['code', codeProblem(input.code)],
  ]);
}
