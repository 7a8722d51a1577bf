import { compareDecimal } from '../format.ts';
import { divideRounded, scaledToText, toScaled } from '../money.ts';

/**
 * Order-book price grouping: levels are merged into buckets of `step` (bids down to the bucket's
 * floor, asks up to its ceiling, so a grouped bid never shows higher and a grouped ask never lower
 * than a real one), and their quantities and amounts add up exactly.
 */

/** The steps offered for a pair: its tick and three coarser powers of ten. */
export function groupingSteps(priceDecimals: number): string[] {
  const steps: string[] = [];
  for (let places = priceDecimals; places > priceDecimals - 4; places--) {
    steps.push(places > 0 ? scaledToText(1n, places) : (10n ** BigInt(-places)).toString());
  }
  return steps;
}

/** How many places a step keeps ("0.01" -> 2, "10" -> 0). */
export function stepDecimals(step: string): number {
  const point = step.indexOf('.');
  return point < 0 ? 0 : step.length - point - 1;
}

export interface BookLevel {
  readonly price: string;
  /** The level's base quantity; `amount` is the same quantity, as the family's rows spell it. */
  readonly number: string;
  readonly amount: string;
  /** The level's quote value, when the server sends it. */
  readonly total?: string | undefined;
}

/** Fine enough for every pair's prices, quantities and amounts. */
const PLACES = 12;

/**
 * Merges `levels` (best first) into buckets of `step`; returns them best first. A step at or below
 * the pair's tick changes nothing but the spelling of the price.
 */
export function groupLevels(levels: readonly BookLevel[], step: string, side: 'bid' | 'ask'): BookLevel[] {
  const stepUnits = toScaled(step, PLACES);
  if (stepUnits === null || stepUnits <= 0n) return [...levels];
  const decimals = stepDecimals(step);
  const buckets = new Map<bigint, { number: bigint; amount: bigint; total: bigint | null }>();
  const order: bigint[] = [];
  for (const level of levels) {
    const price = toScaled(level.price, PLACES);
    if (price === null) continue;
    const bucket = divideRounded(price, stepUnits, side === 'bid' ? 'floor' : 'ceil') * stepUnits;
    let sum = buckets.get(bucket);
    if (sum === undefined) {
      sum = { number: 0n, amount: 0n, total: 0n };
      buckets.set(bucket, sum);
      order.push(bucket);
    }
    sum.number += toScaled(level.number, PLACES) ?? 0n;
    sum.amount += toScaled(level.amount, PLACES) ?? 0n;
    // A bucket has a total only when every level in it came with one.
    const total = level.total === undefined ? null : toScaled(level.total, PLACES);
    sum.total = sum.total === null || total === null ? null : sum.total + total;
  }
  const grouped = order.map((bucket) => {
    const sum = buckets.get(bucket)!;
    return {
      price: trimTo(scaledToText(bucket, PLACES), decimals),
      number: trimZeros(scaledToText(sum.number, PLACES)),
      amount: trimZeros(scaledToText(sum.amount, PLACES)),
      ...(sum.total === null ? {} : { total: trimZeros(scaledToText(sum.total, PLACES)) }),
    };
  });
  // Best first: bids high to low, asks low to high.
  return grouped.sort((a, b) =>
    side === 'bid' ? compareDecimal(b.price, a.price) : compareDecimal(a.price, b.price),
  );
}

/** The price a level of the given side falls into at `step`, spelled as grouped levels are. */
export function bucketOf(price: string, step: string, side: 'bid' | 'ask'): string | null {
  const stepUnits = toScaled(step, PLACES);
  const units = toScaled(price, PLACES);
  if (stepUnits === null || stepUnits <= 0n || units === null) return null;
  const bucket = divideRounded(units, stepUnits, side === 'bid' ? 'floor' : 'ceil') * stepUnits;
  return trimTo(scaledToText(bucket, PLACES), stepDecimals(step));
}

function trimTo(text: string, decimals: number): string {
  const point = text.indexOf('.');
  if (point < 0) return text;
  return decimals === 0 ? text.slice(0, point) : text.slice(0, point + 1 + decimals);
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
