/**
 * Attempt limits: wrong passwords per account back off, and a verification code dies after
 * a few wrong tries. Pure rules on plain numbers, so the simulator's aggregate folds them from its
 * log (simulated clock) and the property tests drive them with any sequence of tries.
 */

/** Wrong passwords in a row for one account, and when the last one happened (ms). */
export interface FailureRecord {
  readonly failures: number;
  readonly lastAt: number;
}

export interface BackoffRule {
  /** Wrong tries allowed before the first lock. */
  readonly free: number;
  /** The first lock; each further wrong try doubles it. */
  readonly baseLockMs: number;
  /** No lock is longer than this. */
  readonly maxLockMs: number;
  /** A quiet spell this long (no wrong try) forgets the count. */
  readonly forgetAfterMs: number;
}

export const PASSWORD_BACKOFF: BackoffRule = {
  free: 5,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** Wrong tries of one verification code before it stops working. */
export const CODE_MAX_TRIES = 5;

/** The record as it stands at `at`: a long quiet spell forgets it. */
export function currentRecord(
  record: FailureRecord | undefined,
  at: number,
  rule: BackoffRule,
): FailureRecord | undefined {
  if (!record) return undefined;
  return at - record.lastAt >= rule.forgetAfterMs ? undefined : record;
}

/** How long the lock lasts after `failures` wrong tries in a row (0 while under the free tries). */
export function lockMs(failures: number, rule: BackoffRule): number {
  if (failures < rule.free) return 0;
  const doublings = Math.min(failures - rule.free, 30);
  return Math.min(rule.maxLockMs, rule.baseLockMs * 2 ** doublings);
}

/** Milliseconds until the account may be tried again at `at` (0 = now). */
export function waitMs(record: FailureRecord | undefined, at: number, rule: BackoffRule): number {
  const current = currentRecord(record, at, rule);
  if (!current) return 0;
  return Math.max(0, current.lastAt + lockMs(current.failures, rule) - at);
}

/** The record after one more wrong try at `at`. */
export function recordFailure(
  record: FailureRecord | undefined,
  at: number,
  rule: BackoffRule,
): FailureRecord {
  const current = currentRecord(record, at, rule);
  return { failures: (current?.failures ?? 0) + 1, lastAt: at };
}

/** Wrong tries left before the account locks (0: locked now, or at the next wrong try's answer). */
export function triesLeft(record: FailureRecord | undefined, at: number, rule: BackoffRule): number {
  const failures = currentRecord(record, at, rule)?.failures ?? 0;
  return Math.max(0, rule.free - failures);
}

/** Whole minutes to show for a wait ("try again in N minutes"), never 0 while there is a wait. */
export function waitMinutes(ms: number): number {
  return ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}

/** Tries a code has left after `wrong` wrong ones. */
export function codeTriesLeft(wrong: number, max = CODE_MAX_TRIES): number {
  return Math.max(0, max - wrong);
}
