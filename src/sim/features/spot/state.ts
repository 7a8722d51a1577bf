import type { EntryMode, SpotSide } from '../../../domain/spot/order-kind.ts';
import { ORDER_STATUS_OPEN, type OrderStatus, type TimeInForce } from '../../../domain/contract-codes.ts';
import type { StopDirection } from '../../../domain/spot/stop-limit.ts';
import type { OcoLeg } from '../../../domain/spot/oco.ts';
import type { ReadonlyList } from '../../store/persistent-list.ts';
import { PersistentMap, withEntry, withoutEntry } from '../../store/persistent-map.ts';

/** The status of an order: open, filled or cancelled (contract-codes.ts). */
export type { OrderStatus };
/** The spot status names the ledger's property test uses; the codes are defined in contract-codes.ts. */
export { ORDER_STATUS_OPEN as OPEN } from '../../../domain/contract-codes.ts';

/**
 * One spot order. Engine integers (ticks, lots) for what the book sees, ledger units (1e-8, BigInt)
 * for money. `locked` is what the order still holds of the lock currency: quote for a buy, base for
 * a sell; it returns to the available balance when the order ends.
 */
export interface SpotOrder {
  id: number;
  userId: number;
  pairId: number;
  side: SpotSide;
  type: EntryMode;
  /** Limit price in ticks; 0 for a market order. */
  priceTicks: number;
  /** Quantity asked for, in lots. */
  lots: number;
  /** Absent in orders stored before time in force existed: good till cancelled. */
  timeInForce?: TimeInForce;
  /** Absent in orders stored before post-only existed: false. */
  postOnly?: boolean;
  /** A stop-limit order's stop price in ticks and the way it waits (domain/spot/stop-limit.ts). */
  stopTicks?: number;
  stopDirection?: StopDirection;
  /** The tape's last trade when the stop-limit order was placed: only later trades trigger it. */
  stopAfterTrade?: number;
  /** The trade that triggered the stop-limit order; from then on it is a limit order in the book. */
  triggeredBy?: StopTrigger;
  /** An OCO leg: the id of the other leg (domain/spot/oco.ts). The limit leg holds the pair's one lock. */
  ocoWith?: number;
  filledLots: number;
  /** Quote currency that changed hands in the fills, ledger units. */
  filledQuote: bigint;
  /** Fee charged so far, in the currency the order receives (base for a buy, quote for a sell). */
  fee: bigint;
  locked: bigint;
  status: OrderStatus;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  createdAt: number;
  updatedAt: number;
}

/** A trade of the public tape that triggered a stop: its tape id, price (ticks) and time. */
export interface StopTrigger {
  id: number;
  price: number;
  time: number;
}

/** Whether an order is a stop-limit order still waiting for its trigger (not in the book). */
export function isWaitingStop(order: Pick<SpotOrder, 'stopDirection' | 'triggeredBy'>): boolean {
  return order.stopDirection !== undefined && order.triggeredBy === undefined;
}

/** An order as the OCO rule sees a leg (domain/spot/oco.ts). */
export function ocoLegOf(order: Pick<SpotOrder, 'status' | 'filledLots' | 'triggeredBy'>): OcoLeg {
  return { status: order.status, filledLots: order.filledLots, triggered: order.triggeredBy !== undefined };
}

/** One currency of one user's trade (change) account. */
export interface Balance {
  available: bigint;
  locked: bigint;
}

/**
 * The spot feature's state: the trade accounts and every order. Maps survive snapshots (the
 * store's serializer is Map- and BigInt-safe). They are read-only: `evolve` writes through
 * ledger.ts, which returns persistent maps (a write shares all but one path of the old map, so an
 * event costs the same however many orders the exchange has seen).
 */
export interface SpotState {
  nextOrderId: number;
  orders: ReadonlyMap<number, SpotOrder>;
  /** User id -> their order ids, oldest first (a persistent list: placing one does not copy them). */
  userOrders: ReadonlyMap<number, ReadonlyList<number>>;
  /**
   * User id -> the ids of their open orders (a user with none has no entry): what the open-order
   * lists read, so they cost what the user has open, not every order the user ever placed. Kept by
   * ledger.ts `putOrder`, the one writer of `orders`, so every change of an order's status (placed,
   * filled, cancelled, OCO leg ended, stop triggered) and every fold of the log keeps it. Absent in a
   * state read from a snapshot older than it: `openOrderIndex` derives it from `orders` then, and
   * the next write of an order stores it.
   */
  openOrders?: OpenOrderIndex;
  /** "<userId>:<currencyId>" -> balance. */
  balances: ReadonlyMap<string, Balance>;
  /** How many of the accounts feature's demo grants have been credited (they are append-only). */
  grantsCredited: number;
  /** Fees collected per currency id (the exchange's income; kept so the books balance). */
  fees: ReadonlyMap<number, bigint>;
}

export function initialSpotState(): SpotState {
  return {
    nextOrderId: 1,
    orders: PersistentMap.empty(),
    userOrders: PersistentMap.empty(),
    openOrders: PersistentMap.empty(),
    balances: PersistentMap.empty(),
    grantsCredited: 0,
    fees: PersistentMap.empty(),
  };
}

/** User id -> the ids of their open orders (a set: each id maps to itself). */
export type OpenOrderIndex = ReadonlyMap<number, ReadonlyMap<number, number>>;

/** The index of a state built before it existed, by its `orders` map (which never changes). */
const derivedIndexes = new WeakMap<ReadonlyMap<number, SpotOrder>, OpenOrderIndex>();

/** The state's open-order index: the stored one, or (an older snapshot's state) one derived from `orders`. */
export function openOrderIndex(state: Pick<SpotState, 'orders' | 'openOrders'>): OpenOrderIndex {
  if (state.openOrders) return state.openOrders;
  let index = derivedIndexes.get(state.orders);
  if (!index) {
    let built: OpenOrderIndex = PersistentMap.empty();
    for (const order of state.orders.values())
      if (order.status === ORDER_STATUS_OPEN) built = withOpenOrder(built, order.userId, order.id, true);
    index = built;
    derivedIndexes.set(state.orders, index);
  }
  return index;
}

/**
 * `index` with `orderId` of `userId` open or not (unchanged when it already says so); a user left
 * with no open order loses their entry.
 */
export function withOpenOrder(
  index: OpenOrderIndex,
  userId: number,
  orderId: number,
  open: boolean,
): OpenOrderIndex {
  const mine = index.get(userId) ?? PersistentMap.empty<number, number>();
  const next = open ? withEntry(mine, orderId, orderId) : withoutEntry(mine, orderId);
  return next.size > 0 ? withEntry(index, userId, next) : withoutEntry(index, userId);
}

/** A user's open orders, newest first (highest id first): O(their open orders), whatever their history. */
export function openOrdersOf(state: SpotState, userId: number): SpotOrder[] {
  const mine = openOrderIndex(state).get(userId);
  if (!mine) return [];
  return [...mine.keys()].sort((a, b) => b - a).map((id) => state.orders.get(id)!);
}

export function balanceKey(userId: number, currencyId: number): string {
  return `${userId}:${currencyId}`;
}

export const ZERO_BALANCE: Readonly<Balance> = Object.freeze({ available: 0n, locked: 0n });

export function balanceOf(state: SpotState, userId: number, currencyId: number): Balance {
  return state.balances.get(balanceKey(userId, currencyId)) ?? ZERO_BALANCE;
}

/** The currency an order locks: quote for a buy, base for a sell. */
export function lockCurrencyOf(
  order: Pick<SpotOrder, 'side' | 'baseCurrencyId' | 'quoteCurrencyId'>,
): number {
  return order.side === 'buy' ? order.quoteCurrencyId : order.baseCurrencyId;
}
