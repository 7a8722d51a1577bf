import { isPayLimit } from './timers.ts';
import { amountForQuantity, onStep } from './amounts.ts';
import { isMarginBps } from './floating-price.ts';

/** Accepted pay methods (collection settings' codes, spec §3). */
export const P2P_PAY_METHODS = ['alipay', 'wxpay', 'bank'] as const;
export type P2pPayMethod = (typeof P2P_PAY_METHODS)[number];

export function isP2pPayMethod(code: string): code is P2pPayMethod {
  return (P2P_PAY_METHODS as readonly string[]).includes(code);
}

export const REMARKS_MAX = 200;

/** What is wrong with an ad's terms (server message keys). */
export type AdProblem =
  | 'p2pPriceInvalid'
  /** A floating price's margin outside -20 % .. +20 % (floating-price.ts). */
  | 'p2pMarginInvalid'
  | 'p2pTotalInvalid'
  | 'p2pLimitInvalid'
  /** Spec §5: the merchant's maximum is not below the minimum. */
  | 'p2pMaxBelowMin'
  /** Spec §8 "total release quantity insufficient": the whole ad cannot fill one minimum order. */
  | 'p2pTotalBelowMin'
  | 'p2pPayMethodMissing'
  | 'p2pPayLimitInvalid'
  | 'p2pRemarksLong';

export interface AdTerms {
  /** For a floating ad, its price now (reference x (1 + margin)). */
  readonly priceCents: bigint;
  /** Null (or absent) for a fixed price; the margin over the market for a floating one. */
  readonly marginBps?: number | null;
  readonly totalUnits: bigint;
  readonly minCents: bigint;
  readonly maxCents: bigint;
  readonly payMethods: readonly string[];
  readonly payLimitMinutes: number;
  readonly remarks: string;
  readonly coinDecimals: number;
}

/** The first problem of an ad's terms, in the order the form shows its fields; null when none. */
export function adProblem(terms: AdTerms): AdProblem | null {
  if (terms.priceCents <= 0n) return 'p2pPriceInvalid';
  if (terms.marginBps !== undefined && terms.marginBps !== null && !isMarginBps(terms.marginBps))
    return 'p2pMarginInvalid';
  if (terms.totalUnits <= 0n || !onStep(terms.totalUnits, terms.coinDecimals)) return 'p2pTotalInvalid';
  if (terms.minCents <= 0n || terms.maxCents <= 0n) return 'p2pLimitInvalid';
  if (terms.maxCents < terms.minCents) return 'p2pMaxBelowMin';
  if (amountForQuantity(terms.totalUnits, terms.priceCents) < terms.minCents) return 'p2pTotalBelowMin';
  if (
    terms.payMethods.length === 0 ||
    !terms.payMethods.every(isP2pPayMethod) ||
    new Set(terms.payMethods).size !== terms.payMethods.length
  )
    return 'p2pPayMethodMissing';
  if (!isPayLimit(terms.payLimitMinutes)) return 'p2pPayLimitInvalid';
  if ([...terms.remarks].length > REMARKS_MAX) return 'p2pRemarksLong';
  return null;
}

/** What is wrong with an order's size against the ad (server message keys). */
export type OrderSizeProblem = 'p2pAmountInvalid' | 'p2pBelowMin' | 'p2pAboveMax' | 'p2pAboveLeft';

export interface OrderSize {
  readonly units: bigint;
  readonly amountCents: bigint;
  readonly minCents: bigint;
  readonly maxCents: bigint;
  /** The ad's coins not yet taken by orders. */
  readonly leftUnits: bigint;
}

export function orderSizeProblem(size: OrderSize): OrderSizeProblem | null {
  if (size.units <= 0n || size.amountCents <= 0n) return 'p2pAmountInvalid';
  if (size.amountCents < size.minCents) return 'p2pBelowMin';
  if (size.amountCents > size.maxCents) return 'p2pAboveMax';
  if (size.units > size.leftUnits) return 'p2pAboveLeft';
  return null;
}

/** The most one order may be now: the ad's maximum, or what is left of it if that is less. */
export function effectiveMaxCents(maxCents: bigint, leftUnits: bigint, priceCents: bigint): bigint {
  const byLeft = (leftUnits * priceCents) / 100_000_000n;
  return byLeft < maxCents ? byLeft : maxCents;
}
