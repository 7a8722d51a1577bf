import { tickUnits } from '../../domain/lever/rules.ts';
import { pairById, type PairSpec } from './pairs.ts';

/**
 * Tessera's lever terms besides the pair's (spec §9 lever_point_rate, lever_share_num,
 * lever_fee_rate): lots per order, the multiples offered, the overnight rate. The same for every
 * lever pair; served in market/currency_matches and lever/deal.
 */
export const LEVER_MIN_SHARE = 1n;
export const LEVER_MAX_SHARE = 500n;
export const LEVER_MULTIPLES: readonly number[] = [2, 5, 10, 20, 50, 100];
/** Of price x quantity, once per simulated day held over 00:00 UTC. */
export const LEVER_OVERNIGHT_RATE = '0.0005';

export const DAY_MS = 86_400_000;

/** A pair's price in ticks as 1e-8 units. */
export function priceUnits(pair: PairSpec, ticks: number): bigint {
  return BigInt(ticks) * tickUnits(pair.priceDecimals);
}

export function leverPair(pairId: number): PairSpec | undefined {
  return pairById(pairId);
}

/** The lever terms market/currency_matches adds to an open-lever pair (api/entities.ts currencyMatch). */
export function leverTermsAnswer() {
  return {
    lever_min_share: String(LEVER_MIN_SHARE),
    lever_max_share: String(LEVER_MAX_SHARE),
    lever_multiples: [...LEVER_MULTIPLES],
    lever_overnight_rate: LEVER_OVERNIGHT_RATE,
  };
}
