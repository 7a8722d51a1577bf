import { parseDecimal } from '../format.ts';

/**
 * Exact conversions between decimal strings and scaled integers (BigInt), for the spot rules. A
 * price, a quantity or a balance is a string at the contract; every calculation on it here runs on
 * integers, so "floored to 6 decimals" is exactly that, never a float's idea of it.
 */

/** Ledger balances are kept in minimal units of 1e-8 (DESIGN.md). */
export const LEDGER_DECIMALS = 8;

/**
 * `text` as an integer count of 10^-decimals, cut towards zero when it has more places; null when it
 * is not a plain decimal. "12.3456789" at 6 -> 12345678n.
 */
export function toScaled(text: string | number | null | undefined, decimals: number): bigint | null {
  const parts = parseDecimal(text);
  if (parts === null) return null;
  const frac = parts.frac.slice(0, decimals).padEnd(decimals, '0');
  const magnitude = BigInt(parts.int + frac);
  return parts.negative ? -magnitude : magnitude;
}

/** Whether `text` has no more than `decimals` places (trailing zeros do not count). */
export function fitsDecimals(text: string, decimals: number): boolean {
  const parts = parseDecimal(text);
  return parts !== null && parts.frac.length <= decimals;
}

/** `units` scaled by 10^-decimals as a plain decimal string with exactly `decimals` places. */
export function scaledToText(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  if (decimals <= 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/** Like scaledToText, without trailing zeros after the point (and without a bare point). */
export function scaledToPlainText(units: bigint, decimals: number): string {
  const text = scaledToText(units, decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Rescales an integer from `from` to `to` decimals, flooring (towards minus infinity) or ceiling. */
export function rescale(units: bigint, from: number, to: number, rounding: 'floor' | 'ceil'): bigint {
  if (to >= from) return units * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  return divideRounded(units, divisor, rounding);
}

/** numerator / divisor (divisor > 0), rounded down or up; BigInt division alone truncates. */
export function divideRounded(numerator: bigint, divisor: bigint, rounding: 'floor' | 'ceil'): bigint {
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  if (remainder === 0n) return quotient;
  if (rounding === 'floor') return numerator < 0n ? quotient - 1n : quotient;
  return numerator > 0n ? quotient + 1n : quotient;
}
