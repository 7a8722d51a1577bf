import { codeProblem } from './code.ts';
import { confirmProblem, passwordProblem } from './password.ts';
import { firstProblem, type Problem } from './problem.ts';

export interface TradePasswordInput {
  password: string;
  password2: string;
  code: string;
}

export type TradePasswordField = 'password' | 'password2' | 'code';

/**
 * Spec §5 Trade password: password and confirmation must match, at most 16 characters. The trade
 * password guards withdrawals, so it follows the login password rule (6-16, letters and digits);
 * the code proves the user still holds the bound phone or e-mail.
 */
export function validateTradePassword(input: TradePasswordInput): Problem<TradePasswordField> | null {
  return firstProblem<TradePasswordField>([
    ['password', passwordProblem(input.password)],
    ['password2', confirmProblem(input.password, input.password2)],
    ['code', codeProblem(input.code)],
  ]);
}
