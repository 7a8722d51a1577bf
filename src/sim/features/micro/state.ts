import type { MicroDirection, MicroOutcome } from '../../../domain/micro/rules.ts';
import { PersistentMap } from '../../store/persistent-map.ts';
import { rowsOfUser, type UserIndex, userIndexOf, withUserRow } from '../../store/user-index.ts';

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
  /**
   * User id -> the ids of their contracts (running and closed), in the order they opened: what a
   * user's lists read, so they cost what the user has, not every contract of every user. Kept by
   * evolveMicro as a contract opens; absent in a state read from a snapshot older than it:
   * `userContractIndex` derives it from `contracts` then, and the next write stores it.
   */
  byUser?: UserContractIndex;
}

/** User id -> their contract ids, oldest first (a persistent list: adding one does not copy them). */
export type UserContractIndex = UserIndex;

export function initialMicroState(): MicroState {
  return { nextContractId: 1, contracts: new Map(), running: new Set(), byUser: PersistentMap.empty() };
}

/** The state's per-user index: the stored one, or (an older snapshot's state) one derived from `contracts`. */
export function userContractIndex(micro: Pick<MicroState, 'contracts' | 'byUser'>): UserContractIndex {
  return userIndexOf(micro.contracts, micro.byUser);
}

/** `index` with contract `c` added to its user's list. */
export const withUserContract: (index: UserContractIndex, c: MicroContract) => UserContractIndex =
  withUserRow;

/** A user's contracts, running and closed, newest first (highest id first): O(their contracts). */
export function contractsOfUser(micro: MicroState, userId: number): MicroContract[] {
  return rowsOfUser(micro.contracts, userContractIndex(micro), userId);
}
