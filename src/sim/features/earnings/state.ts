/** One user's principal in one product, and what it has earned. */
export interface Holding {
  id: number;
  userId: number;
  productId: number;
  currencyId: number;
  principal: bigint;
  /** The product's terms when it was bought, so a fold never depends on today's catalogue. */
  rateBp: number;
  termDays: number;
  openedAt: number;
  /** Days whose dividend was paid (day 1 first). */
  paidDays: number;
  /** Cumulative income paid. */
  income: bigint;
  status: 'active' | 'matured' | 'redeemed';
  closedAt: number | null;
}

/** One daily dividend paid, for the records. */
export interface DividendRecord {
  id: number;
  holdingId: number;
  productId: number;
  currencyId: number;
  day: number;
  amount: bigint;
  /** When the day ended (simulated), and when it was recorded. */
  dueAt: number;
  at: number;
}

/** The earnings slice of the exchange's state. */
export interface EarningsState {
  nextHoldingId: number;
  holdings: Map<number, Holding>;
  nextRecordId: number;
  /** User id -> their dividend records, oldest first. */
  records: Map<number, DividendRecord[]>;
  /** Product id -> principal held in it now (the quota's use). */
  heldByProduct: Map<number, bigint>;
}

export function initialEarningsState(): EarningsState {
  return {
    nextHoldingId: 1,
    holdings: new Map(),
    nextRecordId: 1,
    records: new Map(),
    heldByProduct: new Map(),
  };
}
