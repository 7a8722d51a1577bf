import type { MicroDirection, MicroOutcome } from '../../../domain/micro/rules.ts';

/** A trade of the public tape a contract cites: its id, time and price (ticks of its pair). */
export interface TapeTradeRef {
  readonly id: number;
  readonly time: number;
  readonly price: number;
}

/** One fixed-time contract (spec §3 micro order). Amounts are ledger units (1e-8). */
export interface MicroContract {
  readonly id: number;
  readonly userId: number;
  readonly pairId: number;
  readonly currencyId: number;
  readonly direction: MicroDirection;
  readonly seconds: number;
  readonly ratioBps: bigint;
  readonly stake: bigint;
  readonly fee: bigint;
  readonly openedAt: number;
  readonly expiresAt: number;
  /** The last trade of the public tape when the contract was accepted. */
  readonly open: TapeTradeRef;
  readonly status: 'running' | 'closed';
  /** The last trade at or before expiry; set at settlement. */
  readonly close: TapeTradeRef | null;
  readonly outcome: MicroOutcome | null;
  /** What went back to the user at settlement. */
  readonly payout: bigint;
  readonly closedAt: number | null;
}

export interface MicroState {
  nextContractId: number;
  contracts: Map<number, MicroContract>;
  /** Ids of running contracts, for the clock's settlement pass. */
  running: Set<number>;
}

export function initialMicroState(): MicroState {
  return { nextContractId: 1, contracts: new Map(), running: new Set() };
}
