import type { LeverCloseReason, LeverStatus } from '../../../domain/contract-codes.ts';
import type { LeverSide } from '../../../domain/lever/rules.ts';
import type { TapeTradeRef } from '../micro/state.ts';
import { PersistentMap } from '../../store/persistent-map.ts';
import { rowsOfUser, type UserIndex, userIndexOf, withUserRow } from '../../store/user-index.ts';

/**
 * One lever position or pending fixed-price order (spec §3 Lever trade/position). Prices, quantities
 * and money are BigInt 1e-8 units (src/domain/lever/rules.ts); tape trades cite their pair's ticks.
 */
export interface LeverPosition {
  readonly id: number;
  readonly userId: number;
  readonly pairId: number;
  /** The quote currency: bond, fee and PnL are in it, on the user's lever account. */
  readonly currencyId: number;
  readonly side: LeverSide;
  readonly lots: bigint;
  readonly quantity: bigint;
  readonly multiple: number;
  /** The fixed price of a fixed-price order; 0 for a market order. */
  readonly limit: bigint;
  /** The entry price (for a pending order: its fixed price). */
  readonly entry: bigint;
  /** The last trade when it was placed (before the spread). */
  readonly origin: TapeTradeRef;
  readonly takeProfit: bigint;
  readonly stopLoss: bigint;
  readonly originBond: bigint;
  /** The bond now: the original less overnight fees. */
  readonly bond: bigint;
  readonly fee: bigint;
  readonly overnight: bigint;
  readonly status: LeverStatus;
  readonly closeReason: LeverCloseReason;
  readonly openTrade: TapeTradeRef | null;
  readonly closeTrade: TapeTradeRef | null;
  /** The close price (1e-8) and realised PnL, once closed. */
  readonly closePrice: bigint;
  readonly pnl: bigint;
  /** What the insurance book covered at the close (a liquidation's shortfall). */
  readonly insurance: bigint;
  readonly placedAt: number;
  readonly openedAt: number;
  readonly closedAt: number;
  /** A closed part of position `partOf` (issue 32); absent or 0 for a position of its own. */
  readonly partOf?: number;
  /**
   * Its resting close order (issue 32 item 4, domain/lever/close-order.ts): `lots` to close when a
   * trade after `after` (a tape trade id) reaches `price`. Absent (or 0 lots) when there is none.
   */
  readonly closeOrder?: LeverCloseOrder;
}

export interface LeverCloseOrder {
  readonly lots: bigint;
  readonly price: bigint;
  readonly after: number;
}

export interface LeverState {
  nextId: number;
  positions: Map<number, LeverPosition>;
  /** Ids of pending orders and open positions, for the clock's pass. */
  active: Set<number>;
  /** Per pair, the last tape trade the lever book has applied: the mark of its positions. */
  marks: Map<number, TapeTradeRef>;
  /** The last simulated day (UTC, days since the epoch) the overnight pass reached; 0 before any. */
  day: number;
  /**
   * User id -> the ids of their positions (every status, parts included), in the order they came:
   * what a user's lists read, so they cost what the user has, not every position of every user.
   * Kept by evolveLever as it adds a position; absent in a state read from a snapshot older than it:
   * `userPositionIndex` derives it from `positions` then, and the next new position stores it.
   */
  byUser?: UserPositionIndex;
}

/** User id -> their position ids, oldest first (a persistent list: adding one does not copy them). */
export type UserPositionIndex = UserIndex;

export function initialLeverState(): LeverState {
  return {
    nextId: 1,
    positions: new Map(),
    active: new Set(),
    marks: new Map(),
    day: 0,
    byUser: PersistentMap.empty(),
  };
}

/** The state's per-user index: the stored one, or (an older snapshot's state) one derived from `positions`. */
export function userPositionIndex(lever: Pick<LeverState, 'positions' | 'byUser'>): UserPositionIndex {
  return userIndexOf(lever.positions, lever.byUser);
}

/** `index` with position `p` added to its user's list. */
export const withUserPosition: (index: UserPositionIndex, p: LeverPosition) => UserPositionIndex =
  withUserRow;

/** A user's positions of every status, newest first (highest id first): O(their positions). */
export function positionsOfUser(lever: LeverState, userId: number): LeverPosition[] {
  return rowsOfUser(lever.positions, userPositionIndex(lever), userId);
}
