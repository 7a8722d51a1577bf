import type { LeverCloseReason } from '../../../domain/contract-codes.ts';
import type { LeverSide } from '../../../domain/lever/rules.ts';
import type { TapeTradeRef } from '../micro/state.ts';
import type { LeverPosition } from './state.ts';

/** Which of a user's open positions on a pair lever/batch_close closes. */
export type LeverBatch = 'all' | 'long' | 'short';

/** What the lever service asks of the exchange's log. */
export type LeverCommand =
  | {
      kind: 'leverPlace';
      at: number;
      userId: number;
      pairId: number;
      side: LeverSide;
      lots: bigint;
      multiple: number;
      /** The fixed price (1e-8); 0 for a market order. */
      limit: bigint;
      /**
       * Take-profit and stop-loss set with the order (1e-8; 0 or absent: none), checked against the
       * entry and the last price like lever/setstop's (issue 32). Absent in commands logged before.
       */
      takeProfit?: bigint;
      stopLoss?: bigint;
      /** The pair's last tape trade at `at`. */
      last: TapeTradeRef;
    }
  | { kind: 'leverCancel'; at: number; userId: number; positionId: number }
  | {
      kind: 'leverClose';
      at: number;
      userId: number;
      positionId: number;
      last: TapeTradeRef;
      /** Lots to close (issue 32): fewer than the position holds closes a part; absent: all of it. */
      lots?: bigint;
    }
  | {
      /** Places (price > 0) or cancels (price 0) a position's close order at a price. */
      kind: 'leverCloseAt';
      at: number;
      userId: number;
      positionId: number;
      lots: bigint;
      price: bigint;
      last: TapeTradeRef;
    }
  | {
      /** A reduce-only order: `lots` taken at market from the positions on the other side. */
      kind: 'leverReduce';
      at: number;
      userId: number;
      pairId: number;
      side: LeverSide;
      lots: bigint;
      last: TapeTradeRef;
    }
  | {
      kind: 'leverBatchClose';
      at: number;
      userId: number;
      pairId: number;
      batch: LeverBatch;
      last: TapeTradeRef;
    }
  | {
      kind: 'leverSetStops';
      at: number;
      userId: number;
      positionId: number;
      takeProfit: bigint;
      stopLoss: bigint;
      last: TapeTradeRef;
    }
  /**
   * The clock's pass: each listed pair's tape trades after its recorded mark, oldest first; `day`
   * is the simulated UTC day of `at` (overnight fees when it passed the recorded one).
   */
  | {
      kind: 'leverAdvance';
      at: number;
      day: number;
      trades: readonly { pairId: number; trades: readonly TapeTradeRef[] }[];
    };

/**
 * Every fact lever records. A close carries its trade, reason, PnL and who paid what, derived by the
 * pure rules from recorded prices, so anyone can re-derive it from the log and the public tape.
 */
export type LeverEvent =
  | { type: 'LeverPlaced'; at: number; position: LeverPosition }
  | { type: 'LeverFilled'; at: number; positionId: number; trade: TapeTradeRef }
  | { type: 'LeverCancelled'; at: number; positionId: number }
  | {
      type: 'LeverClosed';
      at: number;
      positionId: number;
      reason: LeverCloseReason;
      trade: TapeTradeRef;
      price: bigint;
      pnl: bigint;
      returned: bigint;
      fromBalance: bigint;
      fromInsurance: bigint;
    }
  /**
   * Part of an open position closed by its owner at `trade` (issue 32): the part becomes position
   * `partId` (closed, `partOf` the position), with its share of the bond (domain leverSplit), its
   * PnL and who paid what, as LeverClosed; the position keeps the rest.
   */
  | {
      type: 'LeverPartClosed';
      at: number;
      positionId: number;
      partId: number;
      lots: bigint;
      trade: TapeTradeRef;
      price: bigint;
      pnl: bigint;
      returned: bigint;
      fromBalance: bigint;
      fromInsurance: bigint;
    }
  | { type: 'LeverStopsSet'; at: number; positionId: number; takeProfit: bigint; stopLoss: bigint }
  /** A position's close order placed (lots > 0) or gone (lots 0: cancelled, or it fired). */
  | {
      type: 'LeverCloseOrderSet';
      at: number;
      positionId: number;
      lots: bigint;
      price: bigint;
      after: number;
    }
  | { type: 'LeverMarked'; at: number; marks: readonly { pairId: number; trade: TapeTradeRef }[] }
  | {
      type: 'LeverOvernight';
      at: number;
      day: number;
      charges: readonly { positionId: number; amount: bigint }[];
    };

export const LEVER_COMMANDS = new Set<string>([
  'leverPlace',
  'leverCancel',
  'leverClose',
  'leverBatchClose',
  'leverReduce',
  'leverCloseAt',
  'leverSetStops',
  'leverAdvance',
]);
export const LEVER_EVENTS = new Set<string>([
  'LeverPlaced',
  'LeverFilled',
  'LeverCancelled',
  'LeverClosed',
  'LeverPartClosed',
  'LeverStopsSet',
  'LeverCloseOrderSet',
  'LeverMarked',
  'LeverOvernight',
]);
