/**
 * What the price and quantity inputs accept while the user types (spec §5 "Price: 4 decimals
 * maximum, and e, minus and plus are rejected"; spec §9 "Quantity precision 6 decimals").
 *
 * A number input would let a browser accept "1e5", "-3" or "+2"; these fields are text inputs in
 * decimal mode, and every keystroke goes through `acceptDecimalInput`: a change that would make the
 * text anything but digits with at most one point and at most `maxDecimals` places is refused, and
 * the field keeps its previous text.
 */
export const PRICE_DECIMALS = 4;
export const QUANTITY_DECIMALS = 6;

/** Generous bound on integer digits, so a pasted novel never reaches the BigInt maths. */
export const MAX_INTEGER_DIGITS = 12;

/** Whether `text` is an acceptable partial entry: "", "12", "12.", ".5", "0.1234". */
export function isDecimalEntry(text: string, maxDecimals: number): boolean {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return false;
  const [, int = '', frac] = match;
  if (int.length > MAX_INTEGER_DIGITS) return false;
  if (frac === undefined) return true;
  return maxDecimals > 0 && frac.length <= maxDecimals;
}

/**
 * The text the field shows after the user changed it from `previous` to `next`: `next` when it is
 * acceptable, else `previous`. Surrounding spaces are trimmed (spec §5: inputs are trimmed) and a
 * leading point becomes "0." so the field always reads as a number.
 */
export function acceptDecimalInput(previous: string, next: string, maxDecimals: number): string {
  const trimmed = next.trim();
  if (!isDecimalEntry(trimmed, maxDecimals)) return previous;
  return trimmed.startsWith('.') ? `0${trimmed}` : trimmed;
}

/** Decimals a price may have on a pair: the pair's own grid when known, else the spec's 4. */
export function priceDecimalsFor(pairPriceDecimals: number | undefined): number {
  return pairPriceDecimals ?? PRICE_DECIMALS;
}
