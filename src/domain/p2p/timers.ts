import type { P2pOrderState } from './order-state.ts';

/**
 * The time limits of a P2P order, on the simulated clock (the spec names the rules, not
 * the values). Answers carry the server's remaining time for each, so clients never trust their
 * own clock.
 */
export const MINUTE_MS = 60_000;

/** The payment limits an ad may choose, minutes. */
export const PAY_LIMIT_MINUTES = [15, 30] as const;
export type PayLimitMinutes = (typeof PAY_LIMIT_MINUTES)[number];

export function isPayLimit(minutes: number): minutes is PayLimitMinutes {
  return (PAY_LIMIT_MINUTES as readonly number[]).includes(minutes);
}

/** The seller has this long after "I have paid" to release. */
export const CONFIRM_LIMIT_MS = 15 * MINUTE_MS;
/** A delay (asked once, before the confirm limit ends) adds this much. */
export const DELAY_MS = 15 * MINUTE_MS;
/** Either side may open a dispute this long after payment, not sooner. */
export const DISPUTE_WAIT_MS = 5 * MINUTE_MS;
/** The demo arbiter decides a dispute this long after it was opened. */
export const ARBITRATION_MS = 20 * MINUTE_MS;

export interface OrderClock {
  readonly state: P2pOrderState;
  readonly createdAt: number;
  readonly payLimitMinutes: number;
  /** When the buyer said "I have paid" (null before). */
  readonly paidAt: number | null;
  /** Whether the seller asked for more time (once). */
  readonly delayed: boolean;
  /** When the dispute was opened (null when none). */
  readonly disputedAt: number | null;
}

export function payDeadline(order: Pick<OrderClock, 'createdAt' | 'payLimitMinutes'>): number {
  return order.createdAt + order.payLimitMinutes * MINUTE_MS;
}

/** When the seller's confirmation is due; null before payment. */
export function confirmDeadline(order: Pick<OrderClock, 'paidAt' | 'delayed'>): number | null {
  if (order.paidAt === null) return null;
  return order.paidAt + CONFIRM_LIMIT_MS + (order.delayed ? DELAY_MS : 0);
}

/** When a dispute may be opened; null before payment. */
export function disputeOpensAt(order: Pick<OrderClock, 'paidAt'>): number | null {
  return order.paidAt === null ? null : order.paidAt + DISPUTE_WAIT_MS;
}

export function arbitrationDue(order: Pick<OrderClock, 'disputedAt'>): number | null {
  return order.disputedAt === null ? null : order.disputedAt + ARBITRATION_MS;
}

function left(deadline: number | null, now: number): number {
  return deadline === null ? 0 : Math.max(0, deadline - now);
}

/**
 * The countdowns an answer carries (ms of simulated time): the payment limit while unpaid, the
 * seller's confirmation limit while paid or delayed, 0 otherwise.
 */
export function countdowns(order: OrderClock, now: number): { pay: number; confirm: number } {
  return {
    pay: order.state === 'unpaid' ? left(payDeadline(order), now) : 0,
    confirm: order.state === 'paid' || order.state === 'delayed' ? left(confirmDeadline(order), now) : 0,
  };
}

/** What the clock does to an order by `now`: the cause it brings, or null. */
export function clockCause(order: OrderClock, now: number): 'payTimeout' | 'confirmTimeout' | null {
  if (order.state === 'unpaid' && now >= payDeadline(order)) return 'payTimeout';
  const confirm = confirmDeadline(order);
  if ((order.state === 'paid' || order.state === 'delayed') && confirm !== null && now >= confirm)
    return 'confirmTimeout';
  return null;
}

/**
 * Seconds a countdown shows on the client: the server's remaining simulated ms when the answer
 * arrived, less the wall time since then times the simulation speed. Never below 0.
 */
export function countdownSeconds(remainingMs: number, elapsedWallMs: number, speed: number): number {
  if (!(remainingMs > 0)) return 0;
  const rate = speed > 0 ? speed : 1;
  const leftMs = remainingMs - Math.max(0, elapsedWallMs) * rate;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** mm:ss (or h:mm:ss) of a whole number of seconds. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
