import { ORDER_STATUS_OPEN } from '../contract-codes.ts';
import { LEDGER_DECIMALS, toScaled } from '../money.ts';

/**
 * How far an order has come, as the answers and pushes that carry it say. An order only moves
 * forward: it fills more (transacted_amount grows) while open (status 1), then ends (status 2
 * filled or 3 cancelled) and never changes again. Two copies of the same order (the answer of
 * tx_in/add and its TX_SUBMIT push, or two pushes arriving out of order) are told apart by this.
 */
export interface OrderProgress {
  readonly status: number;
  readonly transacted_amount: string;
}

/**
 * Whether `next` says more than `known` (the copy already folded, if any): an ended order after an
 * open one, or more filled while open. Equal or older copies are not folded again, so each state
 * of an order reaches the list once and a late copy never puts a filled order back on screen.
 */
export function isNewerProgress(known: OrderProgress | undefined, next: OrderProgress): boolean {
  if (known === undefined) return true;
  if (known.status !== ORDER_STATUS_OPEN) return false;
  if (next.status !== ORDER_STATUS_OPEN) return true;
  const before = toScaled(known.transacted_amount, LEDGER_DECIMALS) ?? 0n;
  const after = toScaled(next.transacted_amount, LEDGER_DECIMALS) ?? 0n;
  return after > before;
}
