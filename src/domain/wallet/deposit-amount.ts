import type { AmountRules } from './entry.ts';
import { LEDGER_DECIMALS } from '../money.ts';

/**
 * The bounds of one simulated deposit (sim/deposit, the operator's and the demo's way to credit
 * funds), checked by the server on its own and by the deposit form before it sends.
 *
 * The cap is 10,000,000 of the coin. Below it every amount of at most 8 decimals has at most 15
 * significant digits, so it survives a trip through a JSON number unchanged (a double keeps 15), and
 * it is at most 10^15 ledger units, inside the range where a plain number still counts units
 * exactly (2^53, about 9.007 x 10^15). So whatever is accepted is credited exactly as it was sent.
 */
export const DEPOSIT_MAX = '10000000';

const DEPOSIT_MAX_UNITS = 10n ** 7n * 10n ** BigInt(LEDGER_DECIMALS);

/** What is wrong with a deposit's amount: not a positive plain decimal, finer than the ledger, above the cap. */
export type DepositAmountProblem = 'notAmount' | 'tooManyDecimals' | 'aboveMax';

export type DepositAmount =
  | { readonly ok: true; readonly units: bigint }
  | { readonly ok: false; readonly problem: DepositAmountProblem };

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads a deposit's amount as it reaches the server: a plain decimal text (a JSON number has already
 * been written out as one). Read digit by digit into ledger units, never through a JS number. More
 * than 8 decimals is refused even when they are zeros, as the form refuses them: what is typed is
 * what is credited, or a message says why not.
 */
export function readDepositAmount(text: string): DepositAmount {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'notAmount' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > LEDGER_DECIMALS) return { ok: false, problem: 'tooManyDecimals' };
  const units = BigInt(whole + fraction.padEnd(LEDGER_DECIMALS, '0'));
  if (units === 0n) return { ok: false, problem: 'notAmount' };
  if (units > DEPOSIT_MAX_UNITS) return { ok: false, problem: 'aboveMax' };
  return { ok: true, units };
}

/**
 * The deposit form's amount rules (domain/wallet/entry.ts readAmount): the language's separator, the
 * currency's minimum, and the same cap as the server's.
 */
export function depositAmountRules(decimalComma: boolean, depositMin: string): AmountRules {
  return { decimalComma, min: depositMin, max: DEPOSIT_MAX };
}
