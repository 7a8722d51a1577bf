import type { AlertCondition, AlertDirection } from '../../../domain/alerts/price-alert.ts';

/** The public trade that fired an alert: its tape id, time and price (ledger units). */
export interface AlertTrade {
  readonly id: number;
  readonly time: number;
  readonly price: bigint;
}

/** A move alert's rule: a move of `bp` basis points within `windowMs`, measured from `from` on. */
export interface MoveRule {
  readonly bp: bigint;
  readonly windowMs: number;
  /** The pair's last trade when it was set: the earliest trade a move is measured from. */
  readonly from: AlertTrade;
}

/** One price alert of one user on one pair. */
export interface PriceAlertRecord {
  readonly id: number;
  readonly userId: number;
  readonly pairId: number;
  readonly direction: AlertCondition;
  /** The price it waits for, ledger units (a move alert: the last price when it was set). */
  readonly target: bigint;
  /** A move alert's rule; null for one waiting for a price. */
  readonly move: MoveRule | null;
  readonly createdAt: number;
  /** The pair's last tape trade when it was set: only later trades fire it. */
  readonly afterTradeId: number;
  /** The trade that fired it; null while it waits. */
  readonly fired: AlertTrade | null;
}

export interface PriceAlertState {
  readonly nextId: number;
  readonly alerts: ReadonlyMap<number, PriceAlertRecord>;
}

export function initialPriceAlertState(): PriceAlertState {
  return { nextId: 1, alerts: new Map() };
}

export type PriceAlertCommand =
  | {
      kind: 'addAlert';
      at: number;
      userId: number;
      pairId: number;
      direction: AlertDirection;
      target: bigint;
      /** The pair's last trade now (id and price): the target is checked against its price. */
      last: AlertTrade | null;
    }
  | {
      kind: 'addMoveAlert';
      at: number;
      userId: number;
      pairId: number;
      bp: bigint;
      windowMs: number;
      /** The pair's last trade now: a move is measured from it on. */
      last: AlertTrade | null;
    }
  | { kind: 'removeAlert'; at: number; userId: number; id: number }
  /**
   * The tape's trades of some pairs since their waiting alerts were set, oldest first (for a move
   * alert, at least its window's worth before the newest, where the exchange still holds them).
   */
  | { kind: 'fireAlerts'; at: number; trades: ReadonlyMap<number, readonly AlertTrade[]> };

export type PriceAlertEvent =
  | {
      type: 'PriceAlertAdded';
      at: number;
      id: number;
      userId: number;
      pairId: number;
      direction: AlertCondition;
      target: bigint;
      afterTradeId: number;
      /** A move alert's rule (absent on a price alert, and on every event written before moves). */
      move?: MoveRule;
    }
  | { type: 'PriceAlertRemoved'; at: number; id: number }
  | { type: 'PriceAlertFired'; at: number; id: number; trade: AlertTrade };
