import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WALLET_ACCOUNTS } from '../../../src/domain/wallet/accounts.ts';
import {
  accountKey,
  applyPostings,
  bookBalance,
  bookKey,
  isBalanced,
  overdraws,
  SYSTEM_BOOKS,
  userBalance,
  type Balance,
  type LedgerState,
  type Posting,
} from '../../../src/sim/ledger/postings.ts';

/**
 * The one ledger's arithmetic against a plain model: a posting moves exactly its amounts on exactly
 * its account or book, a set of postings balances when every currency sums to zero (available and
 * locked both count), and an overdraw is any account whose available or locked would go below zero
 * at any point of the set, taken in order.
 */
const amount = fc.bigInt({ min: -1000n, max: 1000n });
const userPosting = fc.record({
  kind: fc.constant('user' as const),
  userId: fc.integer({ min: 1, max: 3 }),
  account: fc.constantFrom(...WALLET_ACCOUNTS),
  currencyId: fc.integer({ min: 1, max: 3 }),
  available: amount,
  locked: amount,
});
const bookPosting = fc.record({
  kind: fc.constant('book' as const),
  book: fc.constantFrom(...SYSTEM_BOOKS),
  currencyId: fc.integer({ min: 1, max: 3 }),
  amount,
});
const posting: fc.Arbitrary<Posting> = fc.oneof(userPosting, bookPosting);

/** A ledger with some users' balances (never negative) and some books. */
const ledger: fc.Arbitrary<LedgerState> = fc
  .tuple(
    fc.array(fc.tuple(userPosting, fc.bigInt({ min: 0n, max: 1500n }), fc.bigInt({ min: 0n, max: 1500n })), {
      maxLength: 12,
    }),
    fc.array(bookPosting, { maxLength: 6 }),
  )
  .map(([users, books]) => ({
    balances: new Map(
      users.map(([p, available, locked]) => [
        accountKey(p.userId, p.account, p.currencyId),
        { available, locked },
      ]),
    ),
    books: new Map(books.map((p) => [bookKey(p.book, p.currencyId), p.amount])),
  }));

const ZERO: Balance = { available: 0n, locked: 0n };

describe('ledger postings', () => {
  it('the trade account keeps the key spot always used; others and books name themselves', () => {
    expect(accountKey(7, 'change', 2)).toBe('7:2');
    expect(accountKey(7, 'lever', 2)).toBe('7:2:lever');
    expect(bookKey('fees', 3)).toBe('fees:3');
    const state: LedgerState = {
      balances: new Map([['7:2:lever', { available: 5n, locked: 1n }]]),
      books: new Map([['fees:3', -4n]]),
    };
    expect(userBalance(state, 7, 'lever', 2)).toEqual({ available: 5n, locked: 1n });
    expect(userBalance(state, 7, 'change', 2)).toEqual(ZERO);
    expect(bookBalance(state, 'fees', 3)).toBe(-4n);
    expect(bookBalance(state, 'fees', 2)).toBe(0n);
  });

  it('applyPostings moves exactly each posting, and nothing else', () => {
    fc.assert(
      fc.property(ledger, fc.array(posting, { maxLength: 10 }), (state, postings) => {
        const next = applyPostings(state, postings);
        const expectedUsers = new Map(state.balances);
        const expectedBooks = new Map(state.books);
        for (const p of postings) {
          if (p.kind === 'user') {
            const key = accountKey(p.userId, p.account, p.currencyId);
            const before = expectedUsers.get(key) ?? ZERO;
            expectedUsers.set(key, {
              available: before.available + p.available,
              locked: before.locked + p.locked,
            });
          } else {
            const key = bookKey(p.book, p.currencyId);
            expectedBooks.set(key, (expectedBooks.get(key) ?? 0n) + p.amount);
          }
        }
        // Entries in order: the persistent maps list them as a Map would.
        expect([...next.balances]).toEqual([...expectedUsers]);
        expect([...next.books]).toEqual([...expectedBooks]);
        // Copy on write: the state it started from is untouched.
        if (postings.length > 0) expect(next.balances).not.toBe(state.balances);
        else expect(next).toBe(state);
      }),
    );
  });

  it('a set balances when every currency sums to zero, available and locked both counted', () => {
    fc.assert(
      fc.property(fc.array(posting, { maxLength: 8 }), (postings) => {
        const sums = new Map<number, bigint>();
        for (const p of postings) {
          const value = p.kind === 'user' ? p.available + p.locked : p.amount;
          sums.set(p.currencyId, (sums.get(p.currencyId) ?? 0n) + value);
        }
        expect(isBalanced(postings)).toBe([...sums.values()].every((sum) => sum === 0n));
        // The set and its mirror (every amount negated) together always balance.
        const mirror = postings.map((p): Posting =>
          p.kind === 'user'
            ? { ...p, available: -p.available, locked: -p.locked }
            : { ...p, amount: -p.amount },
        );
        expect(isBalanced([...postings, ...mirror])).toBe(true);
      }),
    );
    // One sided amounts of one currency never balance; a move between two accounts does.
    const move = (units: bigint): Posting[] => [
      { kind: 'user', userId: 1, account: 'change', currencyId: 1, available: -units, locked: 0n },
      { kind: 'user', userId: 1, account: 'lever', currencyId: 1, available: 0n, locked: units },
    ];
    expect(isBalanced(move(5n))).toBe(true);
    expect(isBalanced(move(5n).slice(0, 1))).toBe(false);
    expect(isBalanced([...move(5n), { kind: 'book', book: 'fees', currencyId: 2, amount: 1n }])).toBe(false);
  });

  it('an overdraw is an account below zero at any point of the set, in order', () => {
    fc.assert(
      fc.property(ledger, fc.array(posting, { maxLength: 10 }), (state, postings) => {
        let overdrawn = false;
        const running = new Map(state.balances);
        for (const p of postings) {
          if (p.kind !== 'user') continue;
          const key = accountKey(p.userId, p.account, p.currencyId);
          const before = running.get(key) ?? ZERO;
          const after = { available: before.available + p.available, locked: before.locked + p.locked };
          if (after.available < 0n || after.locked < 0n) overdrawn = true;
          running.set(key, after);
        }
        expect(overdraws(state, postings)).toBe(overdrawn);
      }),
    );
    const state: LedgerState = {
      balances: new Map([['1:1', { available: 10n, locked: 3n }]]),
      books: new Map(),
    };
    const user = (available: bigint, locked: bigint): Posting => ({
      kind: 'user',
      userId: 1,
      account: 'change',
      currencyId: 1,
      available,
      locked,
    });
    expect(overdraws(state, [user(-10n, -3n)])).toBe(false);
    expect(overdraws(state, [user(-11n, 0n)])).toBe(true);
    expect(overdraws(state, [user(0n, -4n)])).toBe(true);
    // In order: spending first and crediting after is an overdraw; the other way round is not.
    expect(overdraws(state, [user(-15n, 0n), user(10n, 0n)])).toBe(true);
    expect(overdraws(state, [user(10n, 0n), user(-15n, 0n)])).toBe(false);
    // Books may go negative (they are the exchange's own signed accounts).
    expect(overdraws(state, [{ kind: 'book', book: 'deposits', currencyId: 1, amount: -100n }])).toBe(false);
  });
});
