import type { Holding } from './state.ts';

/** What the earnings feature asks of the exchange's log. */
export type EarningsCommand =
  | { kind: 'earningsBuy'; at: number; userId: number; productId: number; units: bigint }
  /** Records what the simulated clock brought: dividends of ended days, terms that ended. */
  | { kind: 'earningsAdvance'; at: number }
  | { kind: 'earningsRedeem'; at: number; userId: number; holdingId: number };

/** Every fact the earnings feature records; each carries the amounts it moves. */
export type EarningsEvent =
  /** The principal moved from the financial account's available into the holding (locked). */
  | { type: 'EarningsBought'; at: number; holding: Holding }
  /** Day `day` of a holding ended: its dividend, from the exchange's earnings book to available. */
  | {
      type: 'EarningsDividendPaid';
      at: number;
      holdingId: number;
      day: number;
      amount: bigint;
      dueAt: number;
    }
  /** A fixed term ended: the principal is available again. */
  | { type: 'EarningsMatured'; at: number; holdingId: number }
  /** A flexible holding was redeemed: the principal is available again. */
  | { type: 'EarningsRedeemed'; at: number; holdingId: number };

export const EARNINGS_COMMAND_KINDS = new Set<string>(['earningsBuy', 'earningsAdvance', 'earningsRedeem']);
export const EARNINGS_EVENT_TYPES = new Set<string>([
  'EarningsBought',
  'EarningsDividendPaid',
  'EarningsMatured',
  'EarningsRedeemed',
]);
