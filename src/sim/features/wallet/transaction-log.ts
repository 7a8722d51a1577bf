import type { WalletAccount } from '../../../domain/wallet/accounts.ts';
import { baseUnits, type PairGrid } from '../../../domain/spot/settlement.ts';
import type { ExchangeState } from '../../exchange/state.ts';
import type { SpotOrder } from '../spot/state.ts';

/**
 * One movement of a user's money, as the personal centre's transaction log lists it: a line of an
 * account's records (deposits, withdrawals, transfers, conversions, earnings, micro, lever and P2P
 * movements, which every feature writes as it posts), or what a spot order settled. Spot orders move
 * the trade account many times a second for a busy trader, so they write no record lines: each
 * order that filled shows as what it paid and what it received (net of its fee), as of its last
 * change.
 */
export interface TransactionLine {
  /** Where it comes from: an account's records, or a spot order's settlement. */
  source: 'record' | 'order';
  /** The record's id, or the order's (an order gives two lines, one per currency). */
  id: number;
  account: WalletAccount;
  currencyId: number;
  /** Signed, in ledger units (1e-8). */
  value: bigint;
  /** What moved it: the record's kind, or spotBuy / spotSell. */
  kind: string;
  /** The pair a spot order traded on (its id), 0 for a record. */
  pairId: number;
  at: number;
}

/** The lines a spot order settled so far: nothing before its first fill. */
function orderLines(order: SpotOrder, grid: PairGrid): TransactionLine[] {
  if (order.filledLots === 0) return [];
  const base = baseUnits(order.filledLots, grid);
  const buy = order.side === 'buy';
  const line = (currencyId: number, value: bigint): TransactionLine => ({
    source: 'order',
    id: order.id,
    account: 'change',
    currencyId,
    value,
    kind: buy ? 'spotBuy' : 'spotSell',
    pairId: order.pairId,
    at: order.updatedAt,
  });
  // The fee is taken from what the order receives: base for a buy, quote for a sell.
  return buy
    ? [line(order.quoteCurrencyId, -order.filledQuote), line(order.baseCurrencyId, base - order.fee)]
    : [line(order.baseCurrencyId, -base), line(order.quoteCurrencyId, order.filledQuote - order.fee)];
}

/**
 * Every movement of one user, newest first (ties: records before orders, higher ids first, so the
 * order is the same on every read); of one currency when `currencyId` is given.
 */
export function transactionLines(
  state: ExchangeState,
  userId: number,
  gridOf: (pairId: number) => PairGrid | undefined,
  currencyId?: number,
): TransactionLine[] {
  const lines: TransactionLine[] = (state.wallet.logs.get(userId) ?? []).map((line) => ({
    source: 'record',
    id: line.id,
    account: line.account,
    currencyId: line.currencyId,
    value: line.value,
    kind: line.kind,
    pairId: 0,
    at: line.at,
  }));
  for (const orderId of state.userOrders.get(userId) ?? []) {
    const order = state.orders.get(orderId);
    const grid = order ? gridOf(order.pairId) : undefined;
    if (order && grid) lines.push(...orderLines(order, grid));
  }
  return lines
    .filter((line) => currencyId === undefined || line.currencyId === currencyId)
    .sort(
      (a, b) =>
        b.at - a.at ||
        (a.source === b.source ? 0 : a.source === 'record' ? -1 : 1) ||
        b.id - a.id ||
        a.currencyId - b.currencyId,
    );
}
