import { describe, expect, it } from 'vitest';
import { dailyDividend, DAY_MS, dayEndsAt } from '../../../src/domain/earnings/rules.ts';
import { applyPostings, bookBalance, userBalance } from '../../../src/sim/ledger/postings.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import type { EarningsCommand } from '../../../src/sim/features/earnings/events.ts';
import { earningsProductById } from '../../../src/sim/features/earnings/products.ts';
import { initialEarningsState } from '../../../src/sim/features/earnings/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import {
  earningsDue,
  earningsOf,
  earningsPart,
  heldByUser,
  quotaLeft,
} from '../../../src/sim/features/earnings/part.ts';
import { exchangeAggregate } from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The earnings part's rules one by one, at their boundaries: each refusal by its key, what a buy
 * locks, the dividend of each whole day (at the day's end) from the earnings book, the return of the
 * principal at maturity or on redemption, the quota and the records. Each state is worked out inside
 * its test.
 */
const UNIT = 100_000_000n;
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, earningsPart], () => ({
  earnings: initialEarningsState(),
}));
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
const FLEXIBLE = earningsProductById(1)!;
const WEEK = earningsProductById(2)!;

/** Users 1 and 2 with `units` each in their financial accounts (user 1 with `first` when given). */
function funded(units = 100_000n * UNIT, first = units): ExchangeState {
  return applyPostings(aggregate.initial(), [
    { kind: 'user', userId: 1, account: 'financial', currencyId: 1, available: first, locked: 0n },
    { kind: 'user', userId: 2, account: 'financial', currencyId: 1, available: units, locked: 0n },
    { kind: 'book', book: 'grants', currencyId: 1, amount: -(first + units) },
  ]);
}

function run(state: ExchangeState, command: EarningsCommand): ExchangeState {
  const decision = aggregate.decide(state, command);
  if (!decision.ok) throw new Error(decision.error);
  return decision.events.reduce((next, event) => aggregate.evolve(next, event), state);
}

function refusal(state: ExchangeState, command: EarningsCommand): string | null {
  const decision = aggregate.decide(state, command);
  return decision.ok ? null : decision.error;
}

const buy = (productId: number, units: bigint, at = T0, userId = 1): EarningsCommand => ({
  kind: 'earningsBuy',
  at,
  userId,
  productId,
  units,
});

describe('earnings buys', () => {
  it('refuse by their own keys at each bound', () => {
    const state = funded();
    expect(refusal(state, buy(999, 100n * UNIT))).toBe('earningsProductUnknown');
    expect(refusal(state, buy(1, 0n))).toBe('earningsAmountInvalid');
    expect(refusal(state, buy(1, FLEXIBLE.minimum - 1n))).toBe('earningsBelowMinimum');
    expect(refusal(state, buy(1, FLEXIBLE.minimum))).toBeNull();
    expect(refusal(state, buy(1, FLEXIBLE.maxPerUser + 1n))).toBe('earningsAboveUserMax');
    expect(refusal(funded(100_000n * UNIT, 20n * UNIT), buy(1, 21n * UNIT))).toBe('earningsInsufficient');
    expect(refusal(funded(100_000n * UNIT, 20n * UNIT), buy(1, 20n * UNIT))).toBeNull();
    // What the user holds already counts against the per-user maximum.
    const held = run(state, buy(1, FLEXIBLE.maxPerUser - 10n * UNIT));
    expect(heldByUser(held, 1, 1)).toBe(FLEXIBLE.maxPerUser - 10n * UNIT);
    expect(refusal(held, buy(1, 10n * UNIT + 1n))).toBe('earningsAboveUserMax');
    expect(refusal(held, buy(1, 10n * UNIT))).toBeNull();
  });

  it('lock the principal in the financial account, take quota and record the movement', () => {
    const state = run(funded(), buy(2, 700n * UNIT));
    const holding = earningsOf(state).holdings.get(1)!;
    expect(holding).toEqual({
      id: 1,
      userId: 1,
      productId: 2,
      currencyId: WEEK.currencyId,
      principal: 700n * UNIT,
      rateBp: WEEK.rateBp,
      termDays: 7,
      openedAt: T0,
      paidDays: 0,
      income: 0n,
      status: 'active',
      closedAt: null,
    });
    expect(earningsOf(state).nextHoldingId).toBe(2);
    expect(userBalance(state, 1, 'financial', 1)).toEqual({ available: 99_300n * UNIT, locked: 700n * UNIT });
    expect(quotaLeft(state, 2)).toBe(WEEK.quota - 700n * UNIT);
    expect(quotaLeft(state, 999)).toBe(0n);
    expect(state.wallet.logs.get(1)).toEqual([
      {
        id: 1,
        account: 'financial',
        currencyId: 1,
        before: 100_000n * UNIT,
        value: -700n * UNIT,
        after: 99_300n * UNIT,
        kind: 'earningsBuy',
        detail: '2',
        at: T0,
      },
    ]);
  });
});

describe('dividends, maturity and redemption', () => {
  it('pay each whole day at its end from the earnings book, then return the principal at the term', () => {
    const bought = run(funded(), buy(2, 1000n * UNIT));
    expect(earningsDue(bought, T0 + DAY_MS - 1)).toBe(false);
    expect(earningsDue(bought, T0 + DAY_MS)).toBe(true);
    const daily = dailyDividend(1000n * UNIT, WEEK.rateBp);
    expect(daily).toBeGreaterThan(0n);
    const twoDays = run(bought, { kind: 'earningsAdvance', at: T0 + 2 * DAY_MS + 5 });
    const holding = earningsOf(twoDays).holdings.get(1)!;
    expect(holding).toMatchObject({ paidDays: 2, income: 2n * daily, status: 'active' });
    expect(userBalance(twoDays, 1, 'financial', 1).available).toBe(99_000n * UNIT + 2n * daily);
    expect(bookBalance(twoDays, 'earnings', 1)).toBe(-2n * daily);
    const records = earningsOf(twoDays).records.get(1)!;
    expect(records.map((r) => [r.day, r.amount, r.dueAt, r.id])).toEqual([
      [1, daily, dayEndsAt(T0, 1), 1],
      [2, daily, dayEndsAt(T0, 2), 2],
    ]);
    expect(earningsOf(twoDays).nextRecordId).toBe(3);
    const lines = twoDays.wallet.logs.get(1)!;
    expect(lines.slice(1).map((l) => [l.kind, l.value, l.at, l.detail])).toEqual([
      ['earningsDividend', daily, dayEndsAt(T0, 1), '2'],
      ['earningsDividend', daily, dayEndsAt(T0, 2), '2'],
    ]);
    // A fixed term cannot be redeemed early; at its end the principal comes back by itself.
    expect(refusal(twoDays, { kind: 'earningsRedeem', at: T0 + 3 * DAY_MS, userId: 1, holdingId: 1 })).toBe(
      'earningsFixedTerm',
    );
    expect(refusal(twoDays, { kind: 'earningsRedeem', at: T0 + 7 * DAY_MS, userId: 1, holdingId: 1 })).toBe(
      'earningsClosed',
    );
    const matured = run(twoDays, { kind: 'earningsAdvance', at: T0 + 7 * DAY_MS });
    expect(earningsOf(matured).holdings.get(1)).toMatchObject({
      status: 'matured',
      paidDays: 7,
      closedAt: T0 + 7 * DAY_MS,
    });
    expect(userBalance(matured, 1, 'financial', 1)).toEqual({
      available: 100_000n * UNIT + 7n * daily,
      locked: 0n,
    });
    expect(quotaLeft(matured, 2)).toBe(WEEK.quota);
    expect(matured.wallet.logs.get(1)!.at(-1)).toMatchObject({ kind: 'earningsReturn', value: 1000n * UNIT });
    expect(earningsDue(matured, T0 + 30 * DAY_MS)).toBe(false);
    expect(refusal(matured, { kind: 'earningsRedeem', at: T0 + 8 * DAY_MS, userId: 1, holdingId: 1 })).toBe(
      'earningsClosed',
    );
  });

  it('redeem a flexible holding with its whole days paid, only by its owner', () => {
    const bought = run(run(funded(), buy(1, 500n * UNIT, T0, 2)), buy(1, 100n * UNIT, T0, 1));
    expect(refusal(bought, { kind: 'earningsRedeem', at: T0, userId: 2, holdingId: 2 })).toBe(
      'earningsHoldingNotFound',
    );
    expect(refusal(bought, { kind: 'earningsRedeem', at: T0, userId: 2, holdingId: 77 })).toBe(
      'earningsHoldingNotFound',
    );
    const daily = dailyDividend(500n * UNIT, FLEXIBLE.rateBp);
    const redeemed = run(bought, { kind: 'earningsRedeem', at: T0 + DAY_MS + 1000, userId: 2, holdingId: 1 });
    const holding = earningsOf(redeemed).holdings.get(1)!;
    expect(holding).toMatchObject({
      status: 'redeemed',
      paidDays: 1,
      income: daily,
      closedAt: T0 + DAY_MS + 1000,
    });
    expect(userBalance(redeemed, 2, 'financial', 1)).toEqual({
      available: 100_000n * UNIT + daily,
      locked: 0n,
    });
    expect(quotaLeft(redeemed, 1)).toBe(FLEXIBLE.quota - 100n * UNIT);
    expect(redeemed.wallet.logs.get(2)!.map((l) => l.kind)).toEqual([
      'earningsBuy',
      'earningsDividend',
      'earningsReturn',
    ]);
    expect(refusal(redeemed, { kind: 'earningsRedeem', at: T0 + 2 * DAY_MS, userId: 2, holdingId: 1 })).toBe(
      'earningsClosed',
    );
  });
});

describe('earnings bookkeeping at its edges', () => {
  it('counts what a user holds per product, active holdings only', () => {
    let state = run(funded(), buy(1, 100n * UNIT, T0, 1));
    state = run(state, buy(1, 200n * UNIT, T0, 2));
    state = run(state, buy(2, 300n * UNIT, T0, 1));
    state = run(state, buy(1, 50n * UNIT, T0, 1));
    expect(heldByUser(state, 1, 1)).toBe(150n * UNIT);
    expect(heldByUser(state, 2, 1)).toBe(200n * UNIT);
    expect(heldByUser(state, 1, 2)).toBe(300n * UNIT);
    const redeemed = run(state, { kind: 'earningsRedeem', at: T0 + 1, userId: 1, holdingId: 1 });
    expect(heldByUser(redeemed, 1, 1)).toBe(50n * UNIT);
    expect(redeemed.wallet.logs.get(1)!.map((line) => line.id)).toEqual([1, 3, 4, 5]);
    expect(redeemed.wallet.nextLogId).toBe(6);
  });

  it('a quota over-filled reads as none left, never negative', () => {
    const state = funded();
    const earnings = earningsOf(state);
    const over = { ...state, earnings: { ...earnings, heldByProduct: new Map([[2, WEEK.quota + 5n]]) } };
    expect(quotaLeft(over, 2)).toBe(0n);
    const full = { ...state, earnings: { ...earnings, heldByProduct: new Map([[2, WEEK.quota]]) } };
    expect(quotaLeft(full, 2)).toBe(0n);
    expect(refusal(full, buy(2, 100n * UNIT))).toBe('earningsSoldOut');
  });

  it('a closed holding earns nothing more and is due nothing', () => {
    const redeemed = run(run(funded(), buy(1, 500n * UNIT)), {
      kind: 'earningsRedeem',
      at: T0 + 1,
      userId: 1,
      holdingId: 1,
    });
    expect(earningsDue(redeemed, T0 + 30 * DAY_MS)).toBe(false);
    const later = aggregate.decide(redeemed, { kind: 'earningsAdvance', at: T0 + 30 * DAY_MS });
    expect(later.ok && later.events).toEqual([]);
  });

  it('events about unknown holdings change nothing, and a zero dividend moves nothing', () => {
    const state = run(funded(), buy(1, 500n * UNIT));
    for (const event of [
      { type: 'EarningsDividendPaid' as const, at: T0, holdingId: 9, day: 1, amount: 5n, dueAt: T0 },
      { type: 'EarningsMatured' as const, at: T0, holdingId: 9 },
      { type: 'EarningsRedeemed' as const, at: T0, holdingId: 9 },
    ]) {
      expect(earningsPart.postingsOf(state, event)).toEqual([]);
      const next = aggregate.evolve(state, event);
      expect(earningsOf(next).holdings).toEqual(earningsOf(state).holdings);
      expect(next.balances).toEqual(state.balances);
    }
    const zero = {
      type: 'EarningsDividendPaid' as const,
      at: T0,
      holdingId: 1,
      day: 1,
      amount: 0n,
      dueAt: T0,
    };
    expect(earningsPart.postingsOf(state, zero)).toEqual([]);
  });
});
