/**
 * Earnings products (spec §1, §2 Deposit, §3 savings: cycle days, daily dividend, quantity,
 * cumulative income). The spec shows only labels; these are Tessera's rules, written down once:
 *
 * - A product's `rate` is an annual rate in percent (simple interest, 365-day year). Its daily
 *   dividend is principal x rate / 100 / 365, rounded DOWN to the ledger's 1e-8 (the exchange never
 *   pays more than the rate says).
 * - Day n of a holding (n = 1, 2, ...) ends n x 24 simulated hours after it was bought; at its end the
 *   holding earns one daily dividend, once. A fixed-term holding of `days` earns exactly `days`
 *   dividends and its principal returns at the end of its last day. A flexible holding (days 0)
 *   earns for every whole day it was held.
 * - A flexible holding may be redeemed at any time: the whole days not paid yet are paid with it,
 *   the last partial day earns nothing (no pro-rata interest). A fixed-term holding cannot be
 *   redeemed before its term ends: it returns by itself.
 * - A product's total quota caps the principal held in it at once: principal that matured or was
 *   redeemed frees its room again. The per-user maximum caps one user's principal held in it.
 * Amounts are ledger units (BigInt, 1e-8); times are simulated milliseconds.
 */

/** One simulated day. */
export const DAY_MS = 86_400_000;
export const DAYS_PER_YEAR = 365n;
/** A rate in basis points: 1 % is 100. */
export const BP_PER_PERCENT = 100n;
const BP_PER_ONE = 10_000n;

/** The dividend of one day: principal x rateBp / 10000 / 365, rounded down. */
export function dailyDividend(principal: bigint, rateBp: number): bigint {
  if (principal <= 0n || rateBp <= 0) return 0n;
  return (principal * BigInt(rateBp)) / (BP_PER_ONE * DAYS_PER_YEAR);
}

/** Whole days a holding has run by `now`: capped at the term for a fixed-term one (term 0: flexible). */
export function daysDue(openedAt: number, now: number, termDays: number): number {
  if (now <= openedAt) return 0;
  const elapsed = Math.floor((now - openedAt) / DAY_MS);
  return termDays > 0 ? Math.min(elapsed, termDays) : elapsed;
}

/** When day `day` of a holding ends (its dividend is due then). */
export function dayEndsAt(openedAt: number, day: number): number {
  return openedAt + day * DAY_MS;
}

/** When a fixed-term holding returns its principal; null for a flexible one. */
export function maturesAt(openedAt: number, termDays: number): number | null {
  return termDays > 0 ? dayEndsAt(openedAt, termDays) : null;
}

/** Whether a fixed-term holding's term is over by `now` (never for a flexible one). */
export function isMature(openedAt: number, now: number, termDays: number): boolean {
  return termDays > 0 && now >= dayEndsAt(openedAt, termDays);
}

/** When the next dividend is due after `paidDays` were paid; null when a fixed term has none left. */
export function nextPayoutAt(openedAt: number, paidDays: number, termDays: number): number | null {
  if (termDays > 0 && paidDays >= termDays) return null;
  return dayEndsAt(openedAt, paidDays + 1);
}

/** Whole or partial days left of a fixed term at `now`, rounded up (0 once it ended; flexible: 0). */
export function daysLeft(openedAt: number, now: number, termDays: number): number {
  if (termDays <= 0) return 0;
  const end = dayEndsAt(openedAt, termDays);
  return now >= end ? 0 : Math.ceil((end - Math.max(now, openedAt)) / DAY_MS);
}

/**
 * What the running day has earned so far, for display only ("accruing"): the day's dividend x the
 * part of the day gone, rounded down. It is paid when the day ends, never before.
 */
export function accruedToday(
  principal: bigint,
  rateBp: number,
  openedAt: number,
  paidDays: number,
  now: number,
  termDays: number,
): bigint {
  const next = nextPayoutAt(openedAt, paidDays, termDays);
  if (next === null || now <= openedAt) return 0n;
  const dayStart = next - DAY_MS;
  const gone = Math.min(Math.max(now - dayStart, 0), DAY_MS);
  return (dailyDividend(principal, rateBp) * BigInt(gone)) / BigInt(DAY_MS);
}

/** Why a purchase is refused, in the order the server checks. */
export type PurchaseProblem =
  'amountInvalid' | 'soldOut' | 'belowMinimum' | 'aboveUserMax' | 'aboveQuota' | 'insufficient';

export interface PurchaseCheck {
  /** The amount asked for. */
  units: bigint;
  minimum: bigint;
  maxPerUser: bigint;
  /** The user's principal held in this product now. */
  heldByUser: bigint;
  /** The product's quota left now. */
  left: bigint;
  /** The user's available balance in the financial account. */
  available: bigint;
}

/** The first rule a purchase breaks, or null when it may go. */
export function purchaseProblem(check: PurchaseCheck): PurchaseProblem | null {
  if (check.units <= 0n) return 'amountInvalid';
  if (check.left <= 0n) return 'soldOut';
  if (check.units < check.minimum) return 'belowMinimum';
  if (check.heldByUser + check.units > check.maxPerUser) return 'aboveUserMax';
  if (check.units > check.left) return 'aboveQuota';
  if (check.units > check.available) return 'insufficient';
  return null;
}

/** Why a redemption is refused: a fixed term still running, or a holding already closed. */
export type RedeemProblem = 'fixedTerm' | 'closed';

export function redeemProblem(termDays: number, active: boolean): RedeemProblem | null {
  if (!active) return 'closed';
  if (termDays > 0) return 'fixedTerm';
  return null;
}

/** The daily rate in percent for display (annual / 365), as text with `decimals` decimals, rounded down. */
export function dailyRateText(rateBp: number, decimals = 4): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (BigInt(rateBp) * scale) / (BP_PER_PERCENT * DAYS_PER_YEAR);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(decimals, '0');
  return decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
}

/** An annual rate in basis points as percent text with two decimals ("12.50"). */
export function annualRateText(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  return `${whole}.${String(rateBp % 100).padStart(2, '0')}`;
}

/**
 * The running total of income at each payout, oldest first: for the cumulative-income chart.
 * Payouts at the same instant are summed into one point.
 */
export function cumulativeSeries(
  payouts: ReadonlyArray<{ at: number; amount: bigint }>,
): Array<{ at: number; total: bigint }> {
  const sorted = [...payouts].sort((a, b) => a.at - b.at);
  const out: Array<{ at: number; total: bigint }> = [];
  let total = 0n;
  for (const payout of sorted) {
    total += payout.amount;
    const last = out.at(-1);
    if (last && last.at === payout.at) last.total = total;
    else out.push({ at: payout.at, total });
  }
  return out;
}

/** A countdown as text: "2d 03:04:05" over a day, else "03:04:05"; never negative. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** How much of a product's quota is taken, in percent 0..100 (for its bar), rounded down. */
export function quotaUsedPercent(quota: bigint, left: bigint): number {
  if (quota <= 0n) return 100;
  const used = quota - (left < 0n ? 0n : left > quota ? quota : left);
  return Number((used * 100n) / quota);
}
