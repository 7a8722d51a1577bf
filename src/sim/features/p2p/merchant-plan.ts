import { DISPUTE_WAIT_MS, MINUTE_MS } from '../../../domain/p2p/timers.ts';
import type { P2pCause } from '../../../domain/p2p/order-state.ts';
import type { DisputeReason } from '../../../domain/p2p/actions.ts';
import type { P2pOrder } from './state.ts';

/**
 * What a simulated merchant does with an order, drawn once per order from a hash of its id and
 * opening time (deterministic: the same log always plays the same way, no RNG state to keep):
 *
 * As seller (the user bought): 80 % release 1-4 min after payment; 12 % ask for more time at
 * 2 min, then release at 20 min; 5 % never answer (the clock sends the order to the arbiter, who
 * releases); 3 % dispute "payment not received" once allowed (the arbiter refunds).
 * As buyer (the user sold): 90 % pay 1-3 min after opening (with a simulated voucher); 10 % never
 * pay (the order cancels itself at the payment limit).
 */
export interface MerchantStep {
  at: number;
  cause: P2pCause;
  reason: DisputeReason | null;
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (b >>> 0) ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** The merchant's next step on an order, or null when it has none (now or ever). */
export function merchantStep(order: P2pOrder, merchantIsSeller: boolean): MerchantStep | null {
  const draw = mix(order.id, order.createdAt % 0x7fffffff);
  const roll = draw % 100;
  const minutes = (n: number) => n * MINUTE_MS;
  if (!merchantIsSeller) {
    if (order.state !== 'unpaid' || roll >= 90) return null;
    return { at: order.createdAt + minutes(1 + ((draw >>> 8) % 3)), cause: 'pay', reason: null };
  }
  if (order.paidAt === null) return null;
  if (order.state === 'paid') {
    if (roll < 80)
      return { at: order.paidAt + minutes(1 + ((draw >>> 8) % 4)), cause: 'release', reason: null };
    if (roll < 92) return { at: order.paidAt + minutes(2), cause: 'delay', reason: null };
    if (roll < 97) return null;
    return { at: order.paidAt + DISPUTE_WAIT_MS, cause: 'dispute', reason: 'notReceived' };
  }
  if (order.state === 'delayed' && roll >= 80 && roll < 92)
    return { at: order.paidAt + minutes(20), cause: 'release', reason: null };
  return null;
}
