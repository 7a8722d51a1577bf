import { REVIEW_STATUS_APPROVED } from '../../../domain/contract-codes.ts';
import type { UserRecord } from './state.ts';

/**
 * What user/info says of a user's standing, as the family's personal page shows it: `level` 0 for
 * an account whose identity is not verified, 1 once it is; `credit_score` starts at 100, and
 * Tessera takes nothing off it (it has no penalties), so every account has 100.
 */
export const CREDIT_SCORE_START = 100;

export function userLevel(user: UserRecord): number {
  return user.realName?.status === REVIEW_STATUS_APPROVED ? 1 : 0;
}
