import { scaledToText } from '../../domain/money.ts';

/** A ratio as a percentage with two decimals, e.g. 0.012345 -> "1.23", -0.5 -> "-50.00". */
export function percentText(ratio: number): string {
  const hundredths = Math.round(ratio * 10_000);
  return scaledToText(hundredths === 0 ? 0 : hundredths, 2);
}
