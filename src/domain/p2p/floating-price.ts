import { readNumberEntry, type NumberEntryProblem } from '../number-entry.ts';
import { FIAT_DECIMALS } from './amounts.ts';

/**
 * Floating-price ads (Tessera). An ad's price is either fixed, or floating at a margin over
 * the market: price = reference x (1 + margin), where the reference is the coin's market price in the
 * ad's fiat (the simulator: the coin's last USDT trade price, USDT counted as one US dollar, times
 * its fixed fiat-per-dollar table, the same one the seeded ads are priced from).
 *
 * The margin is a percent with at most 2 decimals, from -20 % to +20 % (a bound wide enough for any
 * real premium and narrow enough that a typo cannot price an ad at twice the market). It is kept in
 * basis points (1.25 % = 125).
 *
 * Rounding to the fiat's cents never favours the ad's owner beyond the margin: a sell ad's owner
 * gains from a higher price, so its price rounds DOWN; a buy ad's owner gains from a lower price, so
 * its price rounds UP. The taker therefore never pays (or receives less) more than the margin says.
 * A price never rounds to zero: the least is one cent.
 *
 * The price an order is taken at is the ad's price at the moment the order opens; the order keeps it
 * (its `price`) and never follows the market afterwards.
 */
export const MARGIN_MIN_BPS = -2000;
export const MARGIN_MAX_BPS = 2000;
const BPS = 10_000n;

/** A price reference: fiat per whole coin as an exact fraction (num / den, in fiat units). */
export interface PriceReference {
  readonly num: bigint;
  readonly den: bigint;
}

export function isMarginBps(bps: number): boolean {
  return Number.isInteger(bps) && bps >= MARGIN_MIN_BPS && bps <= MARGIN_MAX_BPS;
}

/**
 * The price in cents of a floating ad: reference x (1 + margin), rounded down for a sell ad and up for
 * a buy ad (never favouring the owner), at least one cent.
 */
export function floatingPriceCents(
  reference: PriceReference,
  marginBps: number,
  side: 'sell' | 'buy',
): bigint {
  const num = reference.num * BigInt(10_000 + marginBps) * 10n ** BigInt(FIAT_DECIMALS);
  const den = reference.den * BPS;
  if (num <= 0n || den <= 0n) return 1n;
  const cents = side === 'sell' ? num / den : (num + den - 1n) / den;
  return cents > 0n ? cents : 1n;
}

/** Basis points as the contract's percent text ("1.25", "-0.50", "0.00"). */
export function marginText(bps: number): string {
  const negative = bps < 0;
  const digits = String(Math.abs(bps)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The contract's percent text as basis points; null when not a signed decimal with at most 2 places. */
export function marginBpsOf(text: string): number | null {
  const match = /^(-)?(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -bps : bps;
}

export type MarginEntry =
  | { readonly kind: 'empty' }
  | NumberEntryProblem
  | { readonly kind: 'p2pMarginInvalid' }
  | { readonly kind: 'margin'; readonly bps: number; readonly value: string };

/**
 * Reads the margin as typed: an optional sign, then a number by the number-entry rules (the user's
 * decimal separator, at most 2 decimals, refused and never rewritten), then the bound.
 */
export function readMarginEntry(text: string, decimalComma: boolean): MarginEntry {
  const trimmed = text.trim();
  const sign = /^[-+−]/.test(trimmed) ? trimmed.charAt(0) : '';
  const entry = readNumberEntry(trimmed.slice(sign.length), { maxDecimals: 2, decimalComma });
  if (entry.kind === 'empty') return sign ? { kind: 'notNumber' } : { kind: 'empty' };
  if (entry.kind !== 'number') return entry;
  const bps = marginBpsOf(entry.value);
  if (bps === null) return { kind: 'p2pMarginInvalid' };
  const signed = sign === '-' || sign === '−' ? -bps : bps;
  if (!isMarginBps(signed)) return { kind: 'p2pMarginInvalid' };
  return { kind: 'margin', bps: signed, value: marginText(signed) };
}
