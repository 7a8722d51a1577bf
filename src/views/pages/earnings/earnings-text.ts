import { displayDecimals } from '../../../domain/display-decimals.ts';
import type { NumberText } from '../../../domain/number-locale.ts';

/**
 * Income and dividends: the currency's display decimals plus four, at most the ledger's eight (a
 * day's dividend of a small holding is a fraction of a cent), in the reader's language.
 */
export function incomeText(value: string, code: string, numbers: NumberText): string {
  return numbers.fixed(value, Math.min(8, displayDecimals(code) + 4));
}
