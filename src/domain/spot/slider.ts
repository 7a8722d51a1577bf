import { QUANTITY_DECIMALS } from './decimal-input.ts';
import type { SpotSide } from './order-kind.ts';
import { divideRounded, scaledToPlainText, toScaled } from '../money.ts';

/** Spec §5, §9: the percent slider runs from 0 to 100 in steps of 25. */
export const SLIDER_STEP = 25;
export const SLIDER_MAX = 100;
export const SLIDER_MARKS: readonly number[] = [0, 25, 50, 75, 100];

/** Any number to the slider's nearest allowed position (0, 25, 50, 75, 100). */
export function snapPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const clamped = Math.min(SLIDER_MAX, Math.max(0, value));
  return Math.round(clamped / SLIDER_STEP) * SLIDER_STEP;
}

export type SliderOutcome =
  /** The quantity field gets this text ('' at 0 %: the field is cleared). */
  | { kind: 'quantity'; quantity: string }
  /** A buy needs a price to turn money into a quantity, and there is none (spec §5). */
  | { kind: 'noPrice' };

export interface SliderInput {
  side: SpotSide;
  /** 0..100; snapped to the slider's steps. */
  percent: number;
  /** Available balance: the quote currency for a buy, the base currency for a sell. */
  balance: string;
  /** The limit price, or in market mode the best opposite price; '' when there is none. */
  price: string;
  /** Places of the quantity (spec §9: 6). */
  decimals?: number;
}

/**
 * The quantity a slider position stands for (spec §5):
 *   buy:  balance x percent / price, floored to 6 decimals;
 *   sell: base balance x percent, floored to 6 decimals.
 * Exact: the strings are scaled to integers and divided once, so 100 % never buys a hair more than
 * the balance pays for. A missing or unreadable balance counts as zero. A sell needs no price.
 */
export function sliderQuantity(input: SliderInput): SliderOutcome {
  const decimals = input.decimals ?? QUANTITY_DECIMALS;
  const percent = BigInt(snapPercent(input.percent));
  if (input.side === 'buy') {
    // Price places are bounded by the input (<= 12 integer digits, few decimals): 12 is plenty.
    const priceUnits = toScaled(input.price, 12);
    if (priceUnits === null || priceUnits <= 0n) return { kind: 'noPrice' };
    if (percent === 0n) return { kind: 'quantity', quantity: '' };
    const balance = nonNegative(toScaled(input.balance, 12));
    // balance/1e12 * percent/100 / (price/1e12), in units of 10^-decimals:
    const numerator = balance * percent * 10n ** BigInt(decimals);
    const quantity = divideRounded(numerator, 100n * priceUnits, 'floor');
    return { kind: 'quantity', quantity: scaledToPlainText(quantity, decimals) };
  }
  if (percent === 0n) return { kind: 'quantity', quantity: '' };
  // Floor the product, not the balance: 12 places keep the ledger's 8 exactly.
  const balance = nonNegative(toScaled(input.balance, 12));
  const quantity = divideRounded(balance * percent * 10n ** BigInt(decimals), 100n * 10n ** 12n, 'floor');
  return { kind: 'quantity', quantity: scaledToPlainText(quantity, decimals) };
}

function nonNegative(value: bigint | null): bigint {
  return value === null || value < 0n ? 0n : value;
}
