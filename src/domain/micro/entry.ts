import { readNumberEntry, type NumberEntryProblem } from '../number-entry.ts';
import { unitsOf } from '../wallet/amounts.ts';
import { microStakeProblem } from './rules.ts';

/** What the order form needs to know of the chosen currency (microtrade/payable_currencies). */
export interface MicroStakeTerms {
  readonly decimals: number;
  readonly min: bigint;
  readonly max: bigint;
  /** The micro account's available balance, ledger units. */
  readonly available: bigint;
  /** The fee paid besides the stake, bps (the house's MICRO_FEE_BPS when not given). */
  readonly feeBps?: bigint;
}

export type MicroEntryProblem =
  /** Spec §5: the amount must not be empty ("please enter a number"). */
  | { readonly kind: 'empty' }
  | NumberEntryProblem
  | { readonly kind: 'zero' }
  | { readonly kind: 'microAmountTooSmall' | 'microAmountTooLarge' | 'microInsufficient' };

export type MicroEntry =
  | { readonly ok: true; readonly value: string; readonly stake: bigint }
  | { readonly ok: false; readonly problem: MicroEntryProblem };

/** Reads the amount field of the micro order form: the stake it sends, or why it will not. */
export function readMicroStake(text: string, terms: MicroStakeTerms, decimalComma: boolean): MicroEntry {
  const entry = readNumberEntry(text, { maxDecimals: terms.decimals, decimalComma });
  if (entry.kind === 'empty') return { ok: false, problem: { kind: 'empty' } };
  if (entry.kind !== 'number') return { ok: false, problem: entry };
  const stake = unitsOf(entry.value);
  if (stake === null) return { ok: false, problem: { kind: 'notNumber' } };
  if (stake === 0n) return { ok: false, problem: { kind: 'zero' } };
  const problem = microStakeProblem(stake, terms, terms.available, terms.feeBps);
  if (problem) return { ok: false, problem: { kind: problem } };
  return { ok: true, value: entry.value, stake };
}
