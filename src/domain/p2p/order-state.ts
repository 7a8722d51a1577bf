/**
 * A P2P (fiat) order's life (spec §4 labels: pending payment, paid, delay confirmation, rights
 * protection, completed, cancelled, abnormal; the transitions are Tessera's):
 *
 *   unpaid --pay--> paid --release--> completed
 *     |                |--delay (once)--> delayed --release--> completed
 *     |                |--dispute / confirm timeout--> disputed --release / arbiter release--> completed
 *     |                                                         \--arbiter refund--> abnormal
 *     \--cancel (buyer) / pay timeout--> cancelled
 *
 * A paid order the seller never confirms goes to the arbiter (disputed), never to an automatic
 * release or refund: both are unsafe without a review.
 */

export const P2P_ORDER_STATES = [
  'unpaid',
  'paid',
  'delayed',
  'disputed',
  'completed',
  'cancelled',
  'abnormal',
] as const;
export type P2pOrderState = (typeof P2P_ORDER_STATES)[number];

/** The states in which the order still holds the seller's coins in escrow. */
export const OPEN_ORDER_STATES: readonly P2pOrderState[] = ['unpaid', 'paid', 'delayed', 'disputed'];

export function isOpenOrder(state: P2pOrderState): boolean {
  return OPEN_ORDER_STATES.includes(state);
}

export type P2pSide = 'buyer' | 'seller';

/** What a party may ask of an order. */
export const P2P_ACTIONS = ['pay', 'cancel', 'release', 'delay', 'dispute'] as const;
export type P2pAction = (typeof P2P_ACTIONS)[number];

/** What moves an order: a party's action, the clock, or the arbiter. */
export type P2pCause = P2pAction | 'payTimeout' | 'confirmTimeout' | 'arbiterRelease' | 'arbiterRefund';

const TRANSITIONS: Readonly<Record<P2pOrderState, Partial<Record<P2pCause, P2pOrderState>>>> = {
  unpaid: { pay: 'paid', cancel: 'cancelled', payTimeout: 'cancelled' },
  paid: { release: 'completed', delay: 'delayed', dispute: 'disputed', confirmTimeout: 'disputed' },
  delayed: { release: 'completed', dispute: 'disputed', confirmTimeout: 'disputed' },
  // The seller may still give in and release while the arbiter reviews.
  disputed: { release: 'completed', arbiterRelease: 'completed', arbiterRefund: 'abnormal' },
  completed: {},
  cancelled: {},
  abnormal: {},
};

/** The state a cause moves an order to, or null when the rules do not allow it in this state. */
export function nextOrderState(state: P2pOrderState, cause: P2pCause): P2pOrderState | null {
  return TRANSITIONS[state][cause] ?? null;
}

/** What becomes of the escrow when an order enters a state. */
export type EscrowMove = 'lock' | 'toBuyer' | 'toSeller' | 'none';

export function escrowMoveOf(from: P2pOrderState | null, to: P2pOrderState): EscrowMove {
  if (from === null) return 'lock';
  if (from === to) return 'none';
  if (to === 'completed') return 'toBuyer';
  if (to === 'cancelled' || to === 'abnormal') return 'toSeller';
  return 'none';
}
