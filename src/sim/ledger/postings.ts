import type { WalletAccount } from '../../domain/wallet/accounts.ts';
import { PersistentMap } from '../store/persistent-map.ts';

/**
 * The exchange's one ledger (DESIGN.md "One ledger"): every balance of every user account type,
 * BigInt 1e-8 units, available and locked, plus the exchange's own books (deposits, withdrawals,
 * fees, conversions, insurance). A movement is a set of postings that sums to zero per currency,
 * so the total of every currency over all accounts and books is zero at all times: what users hold
 * is exactly what came in through the deposit and grant books, less what went out.
 */

/** The exchange's own accounts. Their balances are signed: `deposits` goes negative as money comes in. */
export const SYSTEM_BOOKS = [
  'deposits',
  'withdrawals',
  'fees',
  'conversion',
  'insurance',
  'grants',
  // The dividends the exchange pays on earnings products (goes negative as it pays).
  'earnings',
  // The house side of micro contracts: lost stakes come in, winners' profits go out.
  'micro',
  // The house side of lever positions: users' realised losses come in, their profits go out.
  'lever',
] as const;
export type SystemBook = (typeof SYSTEM_BOOKS)[number];

export type Posting =
  | {
      readonly kind: 'user';
      readonly userId: number;
      readonly account: WalletAccount;
      readonly currencyId: number;
      readonly available: bigint;
      readonly locked: bigint;
    }
  | {
      readonly kind: 'book';
      readonly book: SystemBook;
      readonly currencyId: number;
      readonly amount: bigint;
    };

export interface Balance {
  available: bigint;
  locked: bigint;
}

/** What the ledger folds into: user balances by account key, system books by book key. */
export interface LedgerState {
  readonly balances: ReadonlyMap<string, Balance>;
  readonly books: ReadonlyMap<string, bigint>;
}

const ZERO: Readonly<Balance> = Object.freeze({ available: 0n, locked: 0n });

/**
 * A user account's key. The trade account keeps the key the spot ledger always used
 * ("<user>:<currency>"), so logs written before the wallet read the same.
 */
export function accountKey(userId: number, account: WalletAccount, currencyId: number): string {
  return account === 'change' ? `${userId}:${currencyId}` : `${userId}:${currencyId}:${account}`;
}

export function bookKey(book: SystemBook, currencyId: number): string {
  return `${book}:${currencyId}`;
}

export function userBalance(
  state: LedgerState,
  userId: number,
  account: WalletAccount,
  currencyId: number,
): Balance {
  return state.balances.get(accountKey(userId, account, currencyId)) ?? ZERO;
}

export function bookBalance(state: LedgerState, book: SystemBook, currencyId: number): bigint {
  return state.books.get(bookKey(book, currencyId)) ?? 0n;
}

/** Whether the postings sum to zero in every currency (available and locked both count). */
export function isBalanced(postings: readonly Posting[]): boolean {
  const sums = new Map<number, bigint>();
  for (const posting of postings) {
    const amount = posting.kind === 'user' ? posting.available + posting.locked : posting.amount;
    sums.set(posting.currencyId, (sums.get(posting.currencyId) ?? 0n) + amount);
  }
  return [...sums.values()].every((sum) => sum === 0n);
}

/** Whether applying the postings would leave any user's available or locked below zero. */
export function overdraws(state: LedgerState, postings: readonly Posting[]): boolean {
  const after = new Map<string, Balance>();
  for (const posting of postings) {
    if (posting.kind !== 'user') continue;
    const key = accountKey(posting.userId, posting.account, posting.currencyId);
    const current = after.get(key) ?? state.balances.get(key) ?? ZERO;
    const next = {
      available: current.available + posting.available,
      locked: current.locked + posting.locked,
    };
    if (next.available < 0n || next.locked < 0n) return true;
    after.set(key, next);
  }
  return false;
}

/**
 * The state after the postings; copy-on-write (the store keeps the old state if a write fails),
 * on persistent maps (store/persistent-map.ts), so a posting costs the same however many accounts
 * there are. A plain Map (a state read from an older snapshot) is converted on its first write.
 */
export function applyPostings<S extends LedgerState>(state: S, postings: readonly Posting[]): S {
  if (postings.length === 0) return state;
  let balances = persistent(state.balances);
  let books = persistent(state.books);
  for (const posting of postings) {
    if (posting.kind === 'user') {
      const key = accountKey(posting.userId, posting.account, posting.currencyId);
      const current = balances.get(key) ?? ZERO;
      balances = balances.with(key, {
        available: current.available + posting.available,
        locked: current.locked + posting.locked,
      });
    } else {
      const key = bookKey(posting.book, posting.currencyId);
      books = books.with(key, (books.get(key) ?? 0n) + posting.amount);
    }
  }
  return { ...state, balances, books };
}

function persistent<V>(map: ReadonlyMap<string, V>): PersistentMap<string, V> {
  return map instanceof PersistentMap ? map : PersistentMap.from(map);
}
