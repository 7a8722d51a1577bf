/**
 * Micro contracts (spec §2 Micro, §3, §4, §9): fixed-time up/down contracts on a pair's public tape.
 * Tessera's rules, where the spec is silent, written down here and property-tested:
 *
 * - A contract opens at the last trade of the pair's public tape when it is accepted and closes at
 *   the last trade at or before its expiry instant (open time + seconds, simulated clock).
 * - Up wins when close > open, down wins when close < open (integer price ticks, no rounding).
 * - Tie (close = open): the stake is refunded; the fee is kept (the service was given).
 * - Win: stake x (1 + profit ratio) is credited, the profit rounded DOWN to 1e-8 (the house's
 *   favour by at most one unit). Loss: the stake is gone.
 * - Fee: MICRO_FEE_BPS of the stake, rounded UP to 1e-8, paid at purchase besides the stake.
 * - Profit ratios are whole basis points and never above 1 (10 000 bps).
 * - profit shown truncated to 2 decimals toward zero (spec §9 "micro profit truncates to 2").
 */

/** One whole coin in ledger units (1e-8). */
const UNIT = 100_000_000n;

/** The fee, in basis points of the stake (0.1 %). */
export const MICRO_FEE_BPS = 10n;

/** Ratios are whole basis points; 10 000 is a ratio of 1. */
export const RATIO_SCALE = 10_000n;

export type MicroDirection = 'up' | 'down';

/** 1 win, 0 tie, -1 loss: the contract's profit_result. */
export type MicroOutcome = 1 | 0 | -1;

/** The outcome of a contract from the recorded open and close prices (ticks of the same pair). */
export function microOutcome(direction: MicroDirection, openTicks: number, closeTicks: number): MicroOutcome {
  if (closeTicks === openTicks) return 0;
  const rose = closeTicks > openTicks;
  return rose === (direction === 'up') ? 1 : -1;
}

/** The fee of a stake, rounded up to 1e-8. */
export function microFee(stake: bigint, feeBps: bigint = MICRO_FEE_BPS): bigint {
  if (stake <= 0n || feeBps <= 0n) return 0n;
  return (stake * feeBps + RATIO_SCALE - 1n) / RATIO_SCALE;
}

/** The profit of a winning stake: stake x ratio, rounded down to 1e-8. */
export function microWinProfit(stake: bigint, ratioBps: bigint): bigint {
  if (stake <= 0n || ratioBps <= 0n) return 0n;
  return (stake * ratioBps) / RATIO_SCALE;
}

/** What goes back to the user at settlement (the stake was taken at purchase). */
export function microPayout(stake: bigint, ratioBps: bigint, outcome: MicroOutcome): bigint {
  if (outcome === 1) return stake + microWinProfit(stake, ratioBps);
  if (outcome === 0) return stake;
  return 0n;
}

/** fact_profits: the payout less the stake (the fee is shown on its own). */
export function microFactProfit(stake: bigint, ratioBps: bigint, outcome: MicroOutcome): bigint {
  return microPayout(stake, ratioBps, outcome) - stake;
}

/** The payout a win would bring, for the live "expected" figure on the order form. */
export function expectedWinPayout(stake: bigint, ratioBps: bigint): bigint {
  return microPayout(stake, ratioBps, 1);
}

/** Ledger units as a decimal text truncated toward zero to `decimals` (spec §9: profit to 2). */
export function truncatedUnits(units: bigint, decimals = 2): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const step = 10n ** BigInt(8 - decimals);
  const kept = abs / step;
  const whole = kept / 10n ** BigInt(decimals);
  const fraction = (kept % 10n ** BigInt(decimals)).toString().padStart(decimals, '0');
  const text = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative && kept !== 0n ? `-${text}` : text;
}

/** A ratio in bps as its contract text ("0.80") and as percent for display (spec §9: ratio x 100). */
export function ratioText(ratioBps: bigint): string {
  return truncatedUnits(ratioBps * (UNIT / RATIO_SCALE), 2);
}

export function ratioPercent(ratioBps: bigint): string {
  const whole = ratioBps / 100n;
  const rest = ratioBps % 100n;
  return rest === 0n ? `${whole}` : `${whole}.${rest.toString().padStart(2, '0').replace(/0$/, '')}`;
}

/** A ratio text ("0.8", "0.80") as bps; null when it is not a ratio in (0, 1] with at most 4 decimals. */
export function ratioBpsOf(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return null;
  const bps = BigInt(match[1]!) * RATIO_SCALE + BigInt((match[2] ?? '').padEnd(4, '0') || '0');
  return bps > 0n && bps <= RATIO_SCALE ? bps : null;
}

/**
 * A fee rate as the contract writes it (fee_rate: a percent, "0.1" or "0.10" is 0.1 %) as bps; null
 * when it is not a percent from 0 to 100 with at most 2 decimals (a bps has no finer step).
 */
export function feeBpsOfPercent(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const bps = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  return bps <= RATIO_SCALE ? bps : null;
}

/** A fee in bps as its fee_rate text, a percent ("0.1"): the inverse of feeBpsOfPercent. */
export function feePercentText(feeBps: bigint): string {
  return ratioPercent(feeBps);
}

/** A duration a contract may run for, with its profit ratio (microtrade/seconds). */
export interface MicroSecondsOption {
  readonly seconds: number;
  readonly ratioBps: bigint;
}

/** Tessera's durations (the example terms): shorter is riskier and pays more. */
export const MICRO_SECONDS: readonly MicroSecondsOption[] = [
  { seconds: 30, ratioBps: 8000n },
  { seconds: 60, ratioBps: 7000n },
  { seconds: 180, ratioBps: 6000n },
  { seconds: 300, ratioBps: 5000n },
  { seconds: 600, ratioBps: 4000n },
];

export function secondsOption(seconds: number): MicroSecondsOption | undefined {
  return MICRO_SECONDS.find((option) => option.seconds === seconds);
}

/** A currency a contract may be paid in: its quantity presets, decimals and stake limits. */
export interface MicroCurrencyTerms {
  readonly code: string;
  readonly decimals: number;
  readonly presets: readonly string[];
  /** Smallest and largest stake, ledger units. */
  readonly min: bigint;
  readonly max: bigint;
}

export const MICRO_CURRENCIES: readonly MicroCurrencyTerms[] = [
  { code: 'USDT', decimals: 2, presets: ['10', '50', '100', '500'], min: 1n * UNIT, max: 100_000n * UNIT },
  { code: 'BTC', decimals: 6, presets: ['0.001', '0.005', '0.01', '0.05'], min: 10_000n, max: 5n * UNIT },
  { code: 'ETH', decimals: 5, presets: ['0.01', '0.05', '0.1', '0.5'], min: 100_000n, max: 50n * UNIT },
];

export function microCurrencyTerms(code: string): MicroCurrencyTerms | undefined {
  return MICRO_CURRENCIES.find((terms) => terms.code === code);
}

export type MicroStakeProblem = 'microAmountTooSmall' | 'microAmountTooLarge' | 'microInsufficient';

/**
 * Whether a stake may be bought: within the currency's limits and, with its fee, within what the
 * micro account holds. Null when it may.
 */
export function microStakeProblem(
  stake: bigint,
  terms: Pick<MicroCurrencyTerms, 'min' | 'max'>,
  available: bigint,
  feeBps: bigint = MICRO_FEE_BPS,
): MicroStakeProblem | null {
  if (stake < terms.min) return 'microAmountTooSmall';
  if (stake > terms.max) return 'microAmountTooLarge';
  if (stake + microFee(stake, feeBps) > available) return 'microInsufficient';
  return null;
}

/** Whole seconds left on a countdown of `remainMs` (what a running row shows). */
export function countdownSeconds(remainMs: number): number {
  return remainMs <= 0 ? 0 : Math.ceil(remainMs / 1000);
}
