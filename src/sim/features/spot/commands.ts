import type { EntryMode, SpotSide } from '../../../domain/spot/order-kind.ts';
import type { TimeInForce } from '../../../domain/contract-codes.ts';
import type { StopDirection } from '../../../domain/spot/stop-limit.ts';
import type { StopTrigger } from './state.ts';

/**
 * A fill that involves at least one user's order, as the pair's market reported it (engine
 * integers). The owners tell whose orders they are: users' owners are FIRST_USER_OWNER + user id.
 */
export interface FillFact {
  pairId: number;
  time: number;
  makerId: number;
  takerId: number;
  makerOwner: number;
  takerOwner: number;
  price: number;
  lots: number;
  /** 0: the taker bought; 1: the taker sold. */
  takerSide: 0 | 1;
}

/** A new order as the service matched it: the book has already seen it. */
export interface NewOrder {
  id: number;
  userId: number;
  pairId: number;
  side: SpotSide;
  type: EntryMode;
  priceTicks: number;
  lots: number;
  /** What it does with what it cannot fill at once (domain/spot/time-in-force.ts); absent: GTC. */
  timeInForce?: TimeInForce;
  /** It may only make: refused if it would take. Absent: false. */
  postOnly?: boolean;
  /** A stop-limit order's stop (it is not matched on arrival: it waits for its trigger). */
  stopTicks?: number;
  stopDirection?: StopDirection;
  stopAfterTrade?: number;
  /** An OCO leg: the other leg's id. */
  ocoWith?: number;
  /** What it locks, in ledger units of its lock currency. */
  lock: bigint;
  baseCurrencyId: number;
  quoteCurrencyId: number;
}

/**
 * What the spot service asks the aggregate to record. Matching happens in the pair's order book
 * before a command exists (the book is the market's, not the ledger's), so a command carries the
 * fills it caused and deciding stays pure.
 */
export type SpotCommand =
  | {
      kind: 'credit';
      at: number;
      grant: number;
      userId: number;
      lines: ReadonlyArray<{ currencyId: number; units: bigint }>;
    }
  /** `fills`: the fills the order made while it was matched on arrival. */
  | { kind: 'place'; at: number; order: NewOrder; fills: readonly FillFact[] }
  /**
   * An OCO's two legs: `limit` (post-only, in the book, holding the one lock) and `stop` (waiting,
   * locking nothing until it triggers). The limit leg made no fills: a post-only order never takes.
   */
  | { kind: 'placeOco'; at: number; limit: NewOrder; stop: NewOrder }
  /** Fills of resting users' orders that the market's own participants caused. */
  | { kind: 'settle'; at: number; fills: readonly FillFact[] }
  | { kind: 'cancel'; at: number; userId: number; orderId: number }
  /**
   * Stop-limit orders a tape trade triggered, each with that trade, and the fills their limit orders
   * made on entering the book (the service matched them, in one action of their pair).
   */
  | {
      kind: 'trigger';
      at: number;
      triggers: ReadonlyArray<{ orderId: number; trade: StopTrigger }>;
      fills: readonly FillFact[];
    };
