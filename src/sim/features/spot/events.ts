import type { SpotOrder, StopTrigger } from './state.ts';
import type { EndedOrderStatus } from '../../../domain/contract-codes.ts';

/**
 * Every fact the spot feature records. Each event carries the amounts it moves, worked out when the
 * command was decided, so folding the log is plain arithmetic and needs no pair table.
 */
export type SpotEvent =
  /** A demo grant (the accounts feature's DemoFundsGranted) reached the trade account. */
  | { type: 'FundsCredited'; at: number; grant: number; userId: number; currencyId: number; units: bigint }
  /** The order exists; `order.locked` moved from available to locked. */
  | { type: 'OrderPlaced'; at: number; order: SpotOrder }
  /**
   * A fill of one order. `release` leaves the order's lock; for a buy, `quote` of it pays the seller
   * and the rest returns to available, and `base` minus `fee` arrives; for a sell, `release` (= base)
   * is delivered and `quote` minus `fee` arrives.
   */
  | {
      type: 'OrderFilled';
      at: number;
      orderId: number;
      ticks: number;
      lots: number;
      base: bigint;
      quote: bigint;
      fee: bigint;
      release: bigint;
      maker: boolean;
    }
  /** A stop-limit order's trigger: `trade` reached its stop; its limit order went to the book. */
  | { type: 'OrderTriggered'; at: number; orderId: number; trade: StopTrigger }
  /**
   * An OCO's stop leg triggered: the lock its cancelled limit leg held moved to it, `units` of it (the
   * limit leg's OrderEnded, just before, returned that lock to available).
   */
  | { type: 'OrderLocked'; at: number; orderId: number; units: bigint }
  /** The order is over: what it still locked returns to available. */
  | { type: 'OrderEnded'; at: number; orderId: number; status: EndedOrderStatus; release: bigint };

const SPOT_EVENT_TYPES = new Set<string>([
  'FundsCredited',
  'OrderPlaced',
  'OrderFilled',
  'OrderTriggered',
  'OrderLocked',
  'OrderEnded',
]);

/** Whether an event of the exchange's log is one of spot's. */
export function isSpotEvent<E extends { type: string }>(event: E): event is Extract<E, SpotEvent> {
  return SPOT_EVENT_TYPES.has(event.type);
}
