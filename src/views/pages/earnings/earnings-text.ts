import { displayDecimals } from '../../../domain/display-decimals.ts';
import { truncateDecimal } from '../../../domain/format.ts';

/** Income and dividends: the currency's display decimals plus four, at most the ledger's eight. */
export function incomeText(value: string, code: string): string {
  return truncateDecimal(value, Math.min(8, displayDecimals(code) + 4));
}
