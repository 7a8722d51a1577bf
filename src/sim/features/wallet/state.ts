import type { WalletAccount } from '../../../domain/wallet/accounts.ts';

/** An incoming transfer to one of a user's deposit addresses (simulated: "simulate a deposit"). */
export interface Deposit {
  id: number;
  userId: number;
  currencyId: number;
  /** The chain it came by (TRC20, ERC20, BTC...). */
  chain: string;
  units: bigint;
  txHash: string;
  seenAt: number;
  /** Simulated ms between two confirmations on its chain. */
  confirmEveryMs: number;
  confirmations: number;
  /** Below the currency's minimum: recorded, never credited (spec §9). */
  belowMinimum: boolean;
}

export type WithdrawalStatus = 'review' | 'broadcast' | 'confirmed' | 'cancelled';

export interface Withdrawal {
  id: number;
  userId: number;
  currencyId: number;
  chain: string;
  address: string;
  memo: string;
  /** What leaves the account (locked while in flight), the fee kept, and what arrives. */
  units: bigint;
  fee: bigint;
  receive: bigint;
  status: WithdrawalStatus;
  txHash: string;
  createdAt: number;
  updatedAt: number;
}

/** One line of an account's records (account_log): a movement of one user account. */
export interface LogLine {
  id: number;
  account: WalletAccount;
  currencyId: number;
  before: bigint;
  value: bigint;
  after: bigint;
  /** What moved it: deposit, withdraw, withdrawRefund, transferIn, transferOut, convertOut, convertIn, grant. */
  kind: string;
  /** The other side, where there is one (the partner account, the address). */
  detail: string;
  at: number;
}

export interface WalletState {
  nextDepositId: number;
  deposits: Map<number, Deposit>;
  nextWithdrawalId: number;
  withdrawals: Map<number, Withdrawal>;
  nextLogId: number;
  /** User id -> their records, oldest first. */
  logs: Map<number, LogLine[]>;
}

export function initialWalletState(): WalletState {
  return {
    nextDepositId: 1,
    deposits: new Map(),
    nextWithdrawalId: 1,
    withdrawals: new Map(),
    nextLogId: 1,
    logs: new Map(),
  };
}
