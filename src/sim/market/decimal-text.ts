/**
 * Integer amounts to the contract's decimal strings (DESIGN.md: decimals only at the boundary).
 * All conversions are exact: they work on the integer's digits, never on a float's.
 */

/** `units` scaled by 10^-decimals as a plain decimal string: (12345, 2) -> "123.45". */
export function scaledText(units: number | bigint, decimals: number): string {
  const whole = typeof units === 'bigint' ? units : BigInt(checkInteger(units));
  const negative = whole < 0n;
  const digits = (negative ? -whole : whole).toString();
  if (decimals === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(decimals + 1, '0');
  const text = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/**
 * `units` scaled by 10^-fromDecimals, rounded half away from zero to `toDecimals` places.
 * Used for amounts (price x quantity) whose exact product has more places than the quote needs.
 */
export function roundedScaledText(units: bigint, fromDecimals: number, toDecimals: number): string {
  if (toDecimals >= fromDecimals)
    return scaledText(units * 10n ** BigInt(toDecimals - fromDecimals), toDecimals);
  const divisor = 10n ** BigInt(fromDecimals - toDecimals);
  const half = divisor / 2n;
  const rounded = units >= 0n ? (units + half) / divisor : -((-units + half) / divisor);
  return scaledText(rounded, toDecimals);
}

/** A ratio as a percentage with two decimals, e.g. 0.012345 -> "1.23", -0.5 -> "-50.00". */
export function percentText(ratio: number): string {
  const hundredths = Math.round(ratio * 10_000);
  return scaledText(hundredths === 0 ? 0 : hundredths, 2);
}

function checkInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`expected a safe integer, got ${value}`);
  return value;
}
