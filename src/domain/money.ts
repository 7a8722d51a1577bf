import { parseDecimal } from './format.ts';

/**
 * Money and quantities as text and as integers: the one home of every conversion between a decimal
 * string and a scaled integer (DESIGN.md: decimals only at the boundary; every feature, the client's
 * and the simulator's, reads and prints amounts here). A price, a quantity or a balance is a string at
 * the contract; every calculation on it runs on integers, so "floored to 6 decimals" is exactly that,
 * never a float's idea of it. Each function has one rounding rule, written in its comment:
 * - parsing: `toScaled` cuts towards zero past the scale; `exactScaled` refuses a text finer than it;
 * - printing: `scaledToText` every place, exactly; `scaledToPlainText` without trailing zeros;
 *   `roundedScaledText` half away from zero to fewer places;
 * - scaling: `rescale` and `divideRounded` floor (towards minus infinity) or ceil, as asked.
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

/**
 * `text` as an integer count of 10^-decimals, exactly; null when it is not a plain decimal or has a
 * non-zero digit past `decimals` places (trailing zeros are fine): never cut, never rounded.
 */
export function exactScaled(text: string | number | null | undefined, decimals: number): bigint | null {
  const parts = parseDecimal(text);
  if (parts === null || parts.frac.length > decimals) return null;
  return toScaled(text, decimals);
}

/**
 * `units` scaled by 10^-decimals as a plain decimal string with exactly `decimals` places, every
 * digit kept: (12345n, 2) -> "123.45". A plain number must be a safe integer (a float is refused).
 */
export function scaledToText(value: bigint | number, decimals: number): string {
  const units = typeof value === 'bigint' ? value : BigInt(safeInteger(value));
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

/**
 * `units` scaled by 10^-fromDecimals, rounded half away from zero to `toDecimals` places. Used for
 * amounts (price x quantity) whose exact product has more places than the quote needs.
 */
export function roundedScaledText(units: bigint, fromDecimals: number, toDecimals: number): string {
  if (toDecimals >= fromDecimals)
    return scaledToText(units * 10n ** BigInt(toDecimals - fromDecimals), toDecimals);
  const divisor = 10n ** BigInt(fromDecimals - toDecimals);
  const half = divisor / 2n;
  const rounded = units >= 0n ? (units + half) / divisor : -((-units + half) / divisor);
  return scaledToText(rounded, toDecimals);
}

/** Ledger units as the contract sends them: every one of the 8 places ("12.50000000"). */
export function unitsText(units: bigint): string {
  return scaledToText(units, LEDGER_DECIMALS);
}

/** Ledger units as a person reads them: without trailing zeros ("12.5"). */
export function unitsPlainText(units: bigint): string {
  return scaledToPlainText(units, LEDGER_DECIMALS);
}

function safeInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`expected a safe integer, got ${value}`);
  return value;
}
