import type { WalletAccount } from '../../../domain/wallet/accounts.ts';

/** What the wallet service asks of the log; everything time- or market-dependent comes in here. */
export type WalletCommand =
  | {
      kind: 'deposit';
      at: number;
      userId: number;
      currencyId: number;
      chain: string;
      units: bigint;
      minimum: bigint;
      confirmEveryMs: number;
      txHash: string;
    }
  /** Records what the simulated clock brought: confirmations, and withdrawals moving on. */
  | { kind: 'advance'; at: number; reviewMs: number; broadcastMs: number }
  | {
      kind: 'withdraw';
      at: number;
      userId: number;
      currencyId: number;
      chain: string;
      address: string;
      memo: string;
      units: bigint;
      fee: bigint;
    }
  | { kind: 'cancelWithdrawal'; at: number; userId: number; withdrawalId: number }
  | {
      kind: 'transfer';
      at: number;
      userId: number;
      currencyId: number;
      from: WalletAccount;
      to: WalletAccount;
      units: bigint;
    }
  | {
      kind: 'convert';
      at: number;
      userId: number;
      currencyId: number;
      units: bigint;
      toCurrencyId: number;
      proceeds: bigint;
      priceTicks: number;
      priceDecimals: number;
    };
