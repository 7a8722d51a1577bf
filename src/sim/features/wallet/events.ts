import type { WalletAccount } from '../../../domain/wallet/accounts.ts';
import type { Deposit, Withdrawal } from './state.ts';

/**
 * Every fact the wallet records. Each carries the amounts it moves, decided when its command was,
 * so folding the log is plain arithmetic.
 */
export type WalletEvent =
  /** A transfer to a deposit address was seen on its chain (0 confirmations). */
  | { type: 'DepositSeen'; at: number; deposit: Deposit }
  /** More confirmations; at the first one a deposit above the minimum is credited. */
  | { type: 'DepositConfirmed'; at: number; depositId: number; confirmations: number; credit: bigint }
  /** The amount moved from available to locked while the withdrawal is processed. */
  | { type: 'WithdrawalRequested'; at: number; withdrawal: Withdrawal }
  | { type: 'WithdrawalBroadcast'; at: number; withdrawalId: number; txHash: string }
  /** Sent: the lock leaves the user; the fee goes to the fees book and the rest out of the exchange. */
  | { type: 'WithdrawalConfirmed'; at: number; withdrawalId: number }
  /** Cancelled in review: the lock returns to available. */
  | { type: 'WithdrawalCancelled'; at: number; withdrawalId: number }
  | {
      type: 'Transferred';
      at: number;
      userId: number;
      currencyId: number;
      from: WalletAccount;
      to: WalletAccount;
      units: bigint;
    }
  /** `units` of one coin left the trade account for `proceeds` of the quote at `priceTicks`. */
  | {
      type: 'Converted';
      at: number;
      userId: number;
      currencyId: number;
      units: bigint;
      toCurrencyId: number;
      proceeds: bigint;
      priceTicks: number;
      priceDecimals: number;
    };
