import { readNumberEntry, type NumberEntryProblem } from '../number-entry.ts';
import { unitsOf } from '../wallet/amounts.ts';
import { centsOf, centsText, FIAT_DECIMALS, figuresOf, type OrderFigures } from './amounts.ts';
import { orderSizeProblem, type OrderSizeProblem } from './limits.ts';
import { LEDGER_DECIMALS, rescale, scaledToText } from '../money.ts';

/** The terms of an ad the order dialog needs (from otc/ads). */
export interface OrderDialogTerms {
  readonly priceCents: bigint;
  readonly minCents: bigint;
  readonly maxCents: bigint;
  readonly leftUnits: bigint;
  readonly coinDecimals: number;
}

export type OrderEntryProblem =
  { readonly kind: 'empty' } | NumberEntryProblem | { readonly kind: OrderSizeProblem };

export type OrderEntry =
  | { readonly ok: true; readonly value: string; readonly figures: OrderFigures }
  | { readonly ok: false; readonly problem: OrderEntryProblem };

/**
 * Reads the order dialog's field: a fiat amount (2 decimals) or a coin quantity (the coin's
 * decimals), in the user's decimal separator. The other field follows from the figures; what the
 * user typed is sent exactly as typed (the canonical text), never rewritten.
 */
export function readOrderEntry(
  text: string,
  by: 'amount' | 'quantity',
  terms: OrderDialogTerms,
  decimalComma: boolean,
): OrderEntry {
  const maxDecimals = by === 'amount' ? FIAT_DECIMALS : terms.coinDecimals;
  const entry = readNumberEntry(text, { maxDecimals, decimalComma });
  if (entry.kind === 'empty') return { ok: false, problem: { kind: 'empty' } };
  if (entry.kind !== 'number') return { ok: false, problem: entry };
  const value = by === 'amount' ? centsOf(entry.value) : unitsOf(entry.value);
  if (value === null) return { ok: false, problem: { kind: 'notNumber' } };
  const figures = figuresOf(by, value, terms.priceCents, terms.coinDecimals);
  const problem = orderSizeProblem({ ...figures, ...terms });
  if (problem) return { ok: false, problem: { kind: problem } };
  return { ok: true, value: entry.value, figures };
}

/** The other field's text for what was typed ('' when nothing reads yet). */
export function companionText(
  text: string,
  by: 'amount' | 'quantity',
  terms: OrderDialogTerms,
  decimalComma: boolean,
): string {
  const maxDecimals = by === 'amount' ? FIAT_DECIMALS : terms.coinDecimals;
  const entry = readNumberEntry(text, { maxDecimals, decimalComma });
  if (entry.kind !== 'number') return '';
  const value = by === 'amount' ? centsOf(entry.value) : unitsOf(entry.value);
  if (value === null) return '';
  const figures = figuresOf(by, value, terms.priceCents, terms.coinDecimals);
  return by === 'amount' ? unitsDisplay(figures.units, terms.coinDecimals) : centsText(figures.amountCents);
}

/** Ledger units shown with a coin's decimals (truncated: quantities are on the step already). */
export function unitsDisplay(units: bigint, decimals: number): string {
  return scaledToText(rescale(units, LEDGER_DECIMALS, decimals, 'floor'), decimals);
}
