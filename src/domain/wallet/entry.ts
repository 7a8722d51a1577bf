import { readNumberEntry } from '../number-entry.ts';
import { unitsOf } from './amounts.ts';
import { LEDGER_DECIMALS } from '../money.ts';

/**
 * Every amount field of the wallet (withdraw, convert, transfer, simulated deposit) reads what the
 * user typed the same way (domain/number-entry.ts: exactly what is shown, the language's decimal
 * comma, at most 8 decimals) and then checks it against the field's bounds, in this order:
 * empty -> not a number / too many decimals / too large -> zero -> below the minimum -> above the
 * maximum -> above the balance. The first problem wins; an amount without a problem is sent as is.
 */
export type AmountProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'notNumber' }
  | { readonly kind: 'tooManyDecimals'; readonly max: number }
  | { readonly kind: 'tooLarge' }
  | { readonly kind: 'zero' }
  | { readonly kind: 'belowMin'; readonly min: string }
  | { readonly kind: 'aboveMax'; readonly max: string }
  | { readonly kind: 'aboveBalance'; readonly balance: string };

export interface AmountRules {
  readonly decimalComma: boolean;
  /** The smallest amount accepted (inclusive), as a decimal text; none when absent. */
  readonly min?: string;
  /** The largest amount accepted (inclusive), as a decimal text; none when absent. */
  readonly max?: string;
  /** What the account holds (available); an amount above it is refused. */
  readonly balance?: string;
}

export type AmountEntry =
  | { readonly ok: true; readonly value: string; readonly units: bigint }
  | { readonly ok: false; readonly problem: AmountProblem };

function bound(text: string | undefined): bigint | null {
  return text === undefined ? null : unitsOf(text.trim());
}

/** Reads an amount field by the wallet's rules (see above). Pure. */
export function readAmount(text: string, rules: AmountRules): AmountEntry {
  const entry = readNumberEntry(text, { maxDecimals: LEDGER_DECIMALS, decimalComma: rules.decimalComma });
  if (entry.kind !== 'number') return { ok: false, problem: entry };
  const units = unitsOf(entry.value);
  if (units === null) return { ok: false, problem: { kind: 'notNumber' } };
  if (units === 0n) return { ok: false, problem: { kind: 'zero' } };
  const min = bound(rules.min);
  if (min !== null && units < min) return { ok: false, problem: { kind: 'belowMin', min: rules.min ?? '' } };
  const max = bound(rules.max);
  if (max !== null && max > 0n && units > max)
    return { ok: false, problem: { kind: 'aboveMax', max: rules.max ?? '' } };
  const balance = bound(rules.balance);
  if (balance !== null && units > balance)
    return { ok: false, problem: { kind: 'aboveBalance', balance: rules.balance ?? '' } };
  return { ok: true, value: entry.value, units };
}

/** Spec §9: the records pager shows only when there are more than 15 rows in all. */
export const RECORDS_PAGE_SIZE = 15;
export function showsPager(total: number): boolean {
  return total > RECORDS_PAGE_SIZE;
}

/** Hide-small-balances: a row stays when its USD value reaches this, or when anything is locked. */
export const SMALL_BALANCE_USD = '1';

export interface BalanceRow {
  readonly currency_code: string;
  readonly balance: string;
  readonly lock_balance: string;
  readonly convert_usd: string;
}

/** The rows an account page shows: matching the search (code, any case), small ones hidden on request. */
export function visibleRows<R extends BalanceRow>(
  rows: readonly R[],
  options: { search: string; hideSmall: boolean },
): R[] {
  const search = options.search.trim().toUpperCase();
  const small = unitsOf(SMALL_BALANCE_USD) ?? 0n;
  return rows.filter((row) => {
    if (search !== '' && !row.currency_code.toUpperCase().includes(search)) return false;
    if (!options.hideSmall) return true;
    const locked = unitsOf(row.lock_balance.trim()) ?? 0n;
    const usd = unitsOf(row.convert_usd.trim()) ?? 0n;
    return locked > 0n || usd >= small;
  });
}

/**
 * An account's total in BTC: its USD total over BTC's USD price, rounded down to 1e-8; "0" when
 * there is no BTC price. Exact: both are read as 1e-8 units.
 */
export function totalInBtc(usdTotal: string, btcUsdPrice: string): string {
  const usd = unitsOf(usdTotal.trim());
  const price = unitsOf(btcUsdPrice.trim());
  if (usd === null || price === null || price === 0n) return '0.00000000';
  const units = (usd * 10n ** BigInt(LEDGER_DECIMALS)) / price;
  const digits = units.toString().padStart(LEDGER_DECIMALS + 1, '0');
  return `${digits.slice(0, -LEDGER_DECIMALS)}.${digits.slice(-LEDGER_DECIMALS)}`;
}

/**
 * Whole seconds a quote has left, from the server's own times: expires_at and the server's now
 * (both on the server's clock, which a demo runs `speed` times faster than real time). Never below 0.
 */
export function quoteSecondsLeft(expiresAt: number, serverNow: number, speed: number): number {
  const left = expiresAt - serverNow;
  if (!(left > 0) || !(speed > 0)) return 0;
  return Math.ceil(left / speed / 1000);
}
