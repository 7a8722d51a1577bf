import {
  ACCOUNT_TYPE_FINANCIAL,
  ACCOUNT_TYPE_LEGAL,
  ACCOUNT_TYPE_LEVER,
  ACCOUNT_TYPE_MICRO,
  ACCOUNT_TYPE_TRADE,
  type AccountTypeId,
} from '../contract-codes.ts';

/**
 * The five accounts of a user's wallet (spec §1, §3): trade (change), legal (fiat / P2P), lever,
 * micro and financial (earnings). `code` is the contract's name in account_log/<code> and
 * account/transfer; the group's account_code is `<code>_account`.
 */
export const WALLET_ACCOUNTS = ['change', 'legal', 'lever', 'micro', 'financial'] as const;
export type WalletAccount = (typeof WALLET_ACCOUNTS)[number];

const TYPE_IDS: Record<WalletAccount, AccountTypeId> = {
  change: ACCOUNT_TYPE_TRADE,
  legal: ACCOUNT_TYPE_LEGAL,
  lever: ACCOUNT_TYPE_LEVER,
  micro: ACCOUNT_TYPE_MICRO,
  financial: ACCOUNT_TYPE_FINANCIAL,
};

export function typeIdOf(account: WalletAccount): AccountTypeId {
  return TYPE_IDS[account];
}

export function accountOfTypeId(typeId: number): WalletAccount | undefined {
  return WALLET_ACCOUNTS.find((account) => TYPE_IDS[account] === typeId);
}

export function isWalletAccount(value: unknown): value is WalletAccount {
  return typeof value === 'string' && (WALLET_ACCOUNTS as readonly string[]).includes(value);
}

/**
 * Spec §5 "the partner account is always the other account type of the pair": every transfer has
 * the trade account on one side and one of the four others on the other. Nothing moves from an
 * account to itself, and the four others never trade with each other directly.
 */
export function isTransferAllowed(from: WalletAccount, to: WalletAccount): boolean {
  return from !== to && (from === 'change' || to === 'change');
}

/** The partner of an account page's transfer: the trade account for the four others, and vice versa. */
export function transferPartnerOf(account: WalletAccount, other: WalletAccount): WalletAccount {
  return account === 'change' ? other : 'change';
}

/** Spec §5: only BTC and ETH convert (to USDT, in the trade account). */
export const CONVERTIBLE_CODES: readonly string[] = ['BTC', 'ETH'];
