import { nextOrderState, P2P_ACTIONS, type P2pAction, type P2pSide } from './order-state.ts';
import { confirmDeadline, disputeOpensAt, type OrderClock } from './timers.ts';

/**
 * Which actions a party may take on an order now, and why one is refused. The order page shows the
 * allowed ones and no others; the simulator refuses the rest with the same reasons.
 */
export type ActionProblem =
  /** Not this side's action, or not in this state. */
  | 'p2pActionNotAllowed'
  /** Spec §5: a payment voucher is required before confirming payment. */
  | 'p2pVoucherMissing'
  /** A dispute opens only a while after payment. */
  | 'p2pDisputeTooEarly'
  /** The seller asks for more time once, and only before the confirmation limit ends. */
  | 'p2pDelayUsed';

const ACTORS: Readonly<Record<P2pAction, readonly P2pSide[]>> = {
  pay: ['buyer'],
  cancel: ['buyer'],
  release: ['seller'],
  delay: ['seller'],
  dispute: ['buyer', 'seller'],
};

export function actionProblem(
  order: OrderClock,
  side: P2pSide,
  action: P2pAction,
  now: number,
  hasVoucher: boolean,
): ActionProblem | null {
  if (!ACTORS[action].includes(side)) return 'p2pActionNotAllowed';
  if (nextOrderState(order.state, action) === null) return 'p2pActionNotAllowed';
  if (action === 'pay' && !hasVoucher) return 'p2pVoucherMissing';
  if (action === 'dispute') {
    const opens = disputeOpensAt(order);
    if (opens === null || now < opens) return 'p2pDisputeTooEarly';
  }
  if (action === 'delay') {
    const due = confirmDeadline(order);
    if (order.delayed || due === null || now >= due) return 'p2pDelayUsed';
  }
  return null;
}

/**
 * The actions a party sees on the order page now. Pay needs a voucher, which the page uploads
 * first, so it is offered whenever the state allows it; a dispute shows once it may be opened.
 */
export function allowedActions(order: OrderClock, side: P2pSide, now: number): P2pAction[] {
  return P2P_ACTIONS.filter((action) => {
    const problem = actionProblem(order, side, action, now, true);
    return problem === null;
  });
}

/** Why each side may open a dispute (checked against which side raises it). */
export const DISPUTE_REASONS = {
  buyer: ['notReleased', 'other'],
  seller: ['notReceived', 'wrongAmount', 'other'],
} as const satisfies Record<P2pSide, readonly string[]>;
export type DisputeReason =
  | (typeof DISPUTE_REASONS)['buyer'][number]
  | (typeof DISPUTE_REASONS)['seller'][number]
  /** Raised by the clock: the seller did not confirm in time. */
  | 'timeout';

export function isDisputeReasonOf(side: P2pSide, reason: string): reason is DisputeReason {
  return (DISPUTE_REASONS[side] as readonly string[]).includes(reason);
}

/**
 * The demo arbiter's written rule: a seller who says the money did not arrive (or arrived short)
 * gets the coins back (the order ends abnormal); every other dispute, the clock's included, ends
 * with the coins released to the buyer, whose voucher is on file (paying requires one).
 */
export function arbiterRuling(reason: DisputeReason): 'arbiterRelease' | 'arbiterRefund' {
  return reason === 'notReceived' || reason === 'wrongAmount' ? 'arbiterRefund' : 'arbiterRelease';
}
