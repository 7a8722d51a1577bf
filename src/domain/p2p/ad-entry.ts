import { readNumberEntry, type NumberEntryProblem } from '../number-entry.ts';
import { UNIT, unitsOf } from '../wallet/amounts.ts';
import { centsOf, FIAT_DECIMALS } from './amounts.ts';
import { adProblem, type AdProblem } from './limits.ts';
import { readMarginEntry } from './floating-price.ts';

/** What the ad editor holds (texts as typed). */
export interface AdForm {
  readonly price: string;
  readonly total: string;
  readonly min: string;
  readonly max: string;
  readonly payMethods: readonly string[];
  readonly payLimitMinutes: number;
  readonly remarks: string;
  /** A floating price (margin over the market) instead of a fixed one; absent: fixed. */
  readonly floating?: boolean;
  /** The margin in percent, as typed (read only when floating). */
  readonly margin?: string;
}

export type AdField = 'price' | 'margin' | 'total' | 'min' | 'max' | 'payMethods' | 'payLimit' | 'remarks';

export type AdFormProblem = { readonly kind: 'empty' } | NumberEntryProblem | { readonly kind: AdProblem };

export type AdFormReading =
  | {
      readonly ok: true;
      /** The canonical texts the editor sends. */
      readonly values: { price: string; floatMargin: string; total: string; min: string; max: string };
    }
  | { readonly ok: false; readonly field: AdField; readonly problem: AdFormProblem };

const FIELD_OF: Record<AdProblem, AdField> = {
  p2pPriceInvalid: 'price',
  p2pMarginInvalid: 'margin',
  p2pTotalInvalid: 'total',
  p2pLimitInvalid: 'min',
  p2pMaxBelowMin: 'max',
  p2pTotalBelowMin: 'total',
  p2pPayMethodMissing: 'payMethods',
  p2pPayLimitInvalid: 'payLimit',
  p2pRemarksLong: 'remarks',
};

/**
 * Reads the ad editor: every number in the user's decimal separator, then the ad rules (max not
 * below min, the total covering one minimum order...) exactly as the simulator applies them.
 * `totalRequired` is false when editing (the total is fixed once published).
 */
export function readAdForm(
  form: AdForm,
  coinDecimals: number,
  decimalComma: boolean,
  totalRequired = true,
): AdFormReading {
  const fields: Array<[AdField & ('price' | 'total' | 'min' | 'max'), number]> = [
    ['price', FIAT_DECIMALS],
    ['total', coinDecimals],
    ['min', FIAT_DECIMALS],
    ['max', FIAT_DECIMALS],
  ];
  const values = { price: '', floatMargin: '', total: '', min: '', max: '' };
  const floating = form.floating === true;
  if (floating) {
    const margin = readMarginEntry(form.margin ?? '', decimalComma);
    if (margin.kind === 'empty') return { ok: false, field: 'margin', problem: { kind: 'empty' } };
    if (margin.kind !== 'margin') return { ok: false, field: 'margin', problem: margin };
    values.floatMargin = margin.value;
  }
  for (const [field, maxDecimals] of fields) {
    if (field === 'total' && !totalRequired) continue;
    // A floating ad has no price of its own: the margin and the market make it.
    if (field === 'price' && floating) continue;
    const entry = readNumberEntry(form[field], { maxDecimals, decimalComma });
    if (entry.kind === 'empty') return { ok: false, field, problem: { kind: 'empty' } };
    if (entry.kind !== 'number') return { ok: false, field, problem: entry };
    values[field] = entry.value;
  }
  const minCents = centsOf(values.min) ?? 0n;
  // What the editor cannot know is the server's to judge: a floating ad's price (the market now) and,
  // when editing, the published total. Their placeholders are positive and make the total cover one
  // minimum order, so that one check cannot fire here while every rule after it still applies (a
  // floating ad or an edit with no pay method is refused here, as the simulator refuses it).
  const covering = (minCents > 0n ? minCents : 1n) * UNIT;
  const problem = adProblem({
    priceCents: floating ? covering : (centsOf(values.price) ?? 0n),
    totalUnits: totalRequired ? (unitsOf(values.total) ?? 0n) : covering,
    minCents,
    maxCents: centsOf(values.max) ?? 0n,
    payMethods: form.payMethods,
    payLimitMinutes: form.payLimitMinutes,
    remarks: form.remarks,
    // Editing: the placeholder total is whole ledger units, on the step of any coin.
    coinDecimals: totalRequired ? coinDecimals : 8,
  });
  if (problem) return { ok: false, field: FIELD_OF[problem], problem: { kind: problem } };
  return { ok: true, values };
}
