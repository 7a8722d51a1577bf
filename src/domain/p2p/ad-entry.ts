import { readNumberEntry, type NumberEntryProblem } from '../number-entry.ts';
import { unitsOf } from '../wallet/amounts.ts';
import { centsOf, FIAT_DECIMALS } from './amounts.ts';
import { adProblem, type AdProblem } from './limits.ts';

/** What the ad editor holds (texts as typed). */
export interface AdForm {
  readonly price: string;
  readonly total: string;
  readonly min: string;
  readonly max: string;
  readonly payMethods: readonly string[];
  readonly payLimitMinutes: number;
  readonly remarks: string;
}

export type AdField = 'price' | 'total' | 'min' | 'max' | 'payMethods' | 'payLimit' | 'remarks';

export type AdFormProblem = { readonly kind: 'empty' } | NumberEntryProblem | { readonly kind: AdProblem };

export type AdFormReading =
  | {
      readonly ok: true;
      /** The canonical texts the editor sends. */
      readonly values: { price: string; total: string; min: string; max: string };
    }
  | { readonly ok: false; readonly field: AdField; readonly problem: AdFormProblem };

const FIELD_OF: Record<AdProblem, AdField> = {
  p2pPriceInvalid: 'price',
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
  const values = { price: '', total: '', min: '', max: '' };
  for (const [field, maxDecimals] of fields) {
    if (field === 'total' && !totalRequired) continue;
    const entry = readNumberEntry(form[field], { maxDecimals, decimalComma });
    if (entry.kind === 'empty') return { ok: false, field, problem: { kind: 'empty' } };
    if (entry.kind !== 'number') return { ok: false, field, problem: entry };
    values[field] = entry.value;
  }
  const problem = adProblem({
    priceCents: centsOf(values.price) ?? 0n,
    totalUnits: totalRequired ? (unitsOf(values.total) ?? 0n) : 1n,
    minCents: centsOf(values.min) ?? 0n,
    maxCents: centsOf(values.max) ?? 0n,
    payMethods: form.payMethods,
    payLimitMinutes: form.payLimitMinutes,
    remarks: form.remarks,
    // Editing: the total is not checked again (it is the published one).
    coinDecimals: totalRequired ? coinDecimals : 8,
  });
  if (problem && !(problem === 'p2pTotalBelowMin' && !totalRequired))
    return { ok: false, field: FIELD_OF[problem], problem: { kind: problem } };
  return { ok: true, values };
}
