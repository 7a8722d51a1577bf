import { exactScaled, LEDGER_DECIMALS, toScaled } from '../money.ts';

/** Ledger units (1e-8) in one whole coin. */
export const UNIT = 10n ** BigInt(LEDGER_DECIMALS);

/** A decimal text as ledger units; null when it is not a plain non-negative decimal or is finer than 1e-8. */
export function unitsOf(text: string): bigint | null {
  // Any non-zero digit past the eighth decimal is finer than the ledger, however far out it is
  // ("1.0000000000000000001" is not 1 coin); trailing zeros are fine.
  return PLAIN_DECIMAL.test(text) ? exactScaled(text, LEDGER_DECIMALS) : null;
}

/** Digits with an optional fraction: no sign, no exponent, no spaces (what a person's amount is). */
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * Spec §5 withdraw: the fee is `rate` percent of the amount, rounded UP to the ledger's 1e-8 (in
 * the exchange's favour), and the user receives the amount less the fee: receive = amount x (1 -
 * rate) rounded down. `ratePercent` is a decimal text such as "0.5"; a missing or odd rate is 0.
 */
export function withdrawFee(amount: bigint, ratePercent: string): { fee: bigint; receive: bigint } {
  const rate = toScaled(ratePercent, LEDGER_DECIMALS) ?? 0n;
  if (amount <= 0n || rate <= 0n) return { fee: 0n, receive: amount > 0n ? amount : 0n };
  const scale = 100n * UNIT;
  const fee = (amount * rate + scale - 1n) / scale;
  return { fee, receive: amount - fee };
}

/**
 * Spec §5 convert, Tessera's rule: `number` coins at `priceTicks` (the pair's last trade price,
 * 10^-priceDecimals each) give number x price of the quote, rounded DOWN to 1e-8 (the exchange's
 * favour; never more than the market price pays).
 */
export function convertProceeds(number: bigint, priceTicks: bigint, priceDecimals: number): bigint {
  if (number <= 0n || priceTicks <= 0n) return 0n;
  return (number * priceTicks) / 10n ** BigInt(priceDecimals);
}

/** Spec §9: a deposit is credited after 1 network confirmation and withdrawable after 6. */
export const CREDIT_CONFIRMATIONS = 1;
export const WITHDRAWABLE_CONFIRMATIONS = 6;

export type DepositStage = 'pending' | 'credited' | 'withdrawable' | 'notCredited';

/**
 * Where a deposit stands after `confirmations`. Below the minimum it is recorded and never credited
 * (spec §9: "not credited and not refundable").
 */
export function depositStage(confirmations: number, belowMinimum: boolean): DepositStage {
  if (belowMinimum) return 'notCredited';
  if (confirmations >= WITHDRAWABLE_CONFIRMATIONS) return 'withdrawable';
  if (confirmations >= CREDIT_CONFIRMATIONS) return 'credited';
  return 'pending';
}
