import {
  LEVER_STATUS_CANCELLED,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_CLOSING,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
} from './contract-codes.ts';

/**
 * How far a lever position has come, as the answers and pushes that carry it say (DESIGN.md "A trading screen"). A position only moves forward: pending (0) -> open (1) -> closing
 * (2) -> closed (3), or pending -> cancelled (4); while it stays in one status, a new take-profit,
 * stop-loss or a bond less an overnight fee is a new state too. The live PnL is not a state: it is
 * painted from the market, so the LEVER_TRADE push every second folds nothing new.
 */
export interface LeverProgress {
  readonly status: number;
  readonly target_profit_price: string;
  readonly stop_loss_price: string;
  readonly caution_money: string;
}

const RANK: Record<number, number> = {
  [LEVER_STATUS_PENDING]: 0,
  [LEVER_STATUS_OPEN]: 1,
  [LEVER_STATUS_CLOSING]: 2,
  [LEVER_STATUS_CLOSED]: 3,
  [LEVER_STATUS_CANCELLED]: 3,
};

function rank(status: number): number {
  return RANK[status] ?? -1;
}

/** Whether a position has ended (closed or cancelled): nothing after that is news. */
export function hasEnded(status: number): boolean {
  return status === LEVER_STATUS_CLOSED || status === LEVER_STATUS_CANCELLED;
}

/**
 * Whether `next` says more than `known` (the copy already folded, if any): a later status, or the
 * same live status with other stops or bond. Equal or older copies are not folded again, so a late
 * push never puts a closed position back among the open ones.
 */
export function isNewerLeverProgress(known: LeverProgress | undefined, next: LeverProgress): boolean {
  if (known === undefined) return true;
  if (hasEnded(known.status)) return false;
  if (rank(next.status) !== rank(known.status)) return rank(next.status) > rank(known.status);
  return (
    next.target_profit_price !== known.target_profit_price ||
    next.stop_loss_price !== known.stop_loss_price ||
    next.caution_money !== known.caution_money
  );
}

export function leverProgressOf(position: LeverProgress): LeverProgress {
  return {
    status: position.status,
    target_profit_price: position.target_profit_price,
    stop_loss_price: position.stop_loss_price,
    caution_money: position.caution_money,
  };
}
