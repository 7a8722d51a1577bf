import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextOrderState, isOpenOrder } from '../../../src/domain/p2p/order-state.ts';
import { isMarginBps } from '../../../src/domain/p2p/floating-price.ts';
import type { P2pCommand } from '../../../src/sim/features/p2p/events.ts';
import { p2pOf, p2pPart } from '../../../src/sim/features/p2p/part.ts';
import { buildSeed } from '../../../src/sim/features/p2p/seed.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import {
  exchangeAggregate,
  type ExchangeCommand,
  type ExchangeEvent,
} from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The P2P part in the exchange's one log, driven by random actions of two real users (both
 * sellers), the simulated merchants, the clock and the arbiter: every currency's total over all
 * accounts and books stays zero, nobody goes negative, each seller's locked legal balance is exactly
 * the escrow of their open orders, each ad's coins are accounted for, and every order change is one
 * the rules allow.
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, p2pPart]);
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const USERS = [10_001, 10_002];
const IDS = { USDT: 1, BTC: 2, ETH: 3 };
/** A fast-check seed whose 60 ledger stories reach every ending (checked below). */
const COVERAGE_SEED = 2026;

function apply(state: ExchangeState, command: P2pCommand): ExchangeState {
  const decision = aggregate.decide(state, command as unknown as ExchangeCommand);
  if (!decision.ok) return state;
  let next = state;
  for (const event of decision.events) {
    if ((event as { type: string }).type === 'P2pOrderMoved') {
      const moved = event as unknown as { orderId: number; from: string; to: string; cause: string };
      const order = p2pOf(next).orders.get(moved.orderId)!;
      // Every change is one the rules allow, from the state the order was in.
      expect(order.state).toBe(moved.from);
      expect(nextOrderState(order.state, moved.cause as never)).toBe(moved.to);
    }
    next = aggregate.evolve(next, event as ExchangeEvent);
  }
  return next;
}

function check(state: ExchangeState, books: ReadonlyMap<string, bigint> = state.books): void {
  // After the seed no P2P movement touches the exchange's books: coins only move between users.
  expect(new Map(state.books)).toEqual(new Map(books));
  const totals = new Map<number, bigint>();
  const lockedLegal = new Map<string, bigint>();
  for (const [key, balance] of state.balances) {
    expect(balance.available >= 0n && balance.locked >= 0n, key).toBe(true);
    const [user, currency, account] = key.split(':');
    totals.set(Number(currency), (totals.get(Number(currency)) ?? 0n) + balance.available + balance.locked);
    if (account === 'legal') lockedLegal.set(`${user}:${currency}`, balance.locked);
  }
  for (const [key, amount] of state.books) {
    const currency = Number(key.split(':')[1]);
    totals.set(currency, (totals.get(currency) ?? 0n) + amount);
  }
  for (const total of totals.values()) expect(total).toBe(0n);
  const p2p = p2pOf(state);
  const escrow = new Map<string, bigint>();
  const taken = new Map<number, bigint>();
  for (const order of p2p.orders.values()) {
    if (isOpenOrder(order.state)) {
      const key = `${order.sellerId}:${order.currencyId}`;
      escrow.set(key, (escrow.get(key) ?? 0n) + order.units);
    }
    if (order.state !== 'cancelled' && order.state !== 'abnormal')
      taken.set(order.adId, (taken.get(order.adId) ?? 0n) + order.units);
    // A completed order was paid first, always with a voucher.
    if (order.state === 'completed') expect(order.paidAt !== null && order.voucher !== '').toBe(true);
  }
  for (const key of new Set([...escrow.keys(), ...lockedLegal.keys()]))
    expect(lockedLegal.get(key) ?? 0n, key).toBe(escrow.get(key) ?? 0n);
  for (const ad of p2p.ads.values()) expect(ad.leftUnits + (taken.get(ad.id) ?? 0n)).toBe(ad.totalUnits);
}

const step = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('publish' as const),
      user: fc.constantFrom(...USERS),
      side: fc.constantFrom('sell' as const, 'buy' as const),
      total: fc.integer({ min: 1, max: 3000 }),
      min: fc.integer({ min: 1, max: 500 }),
      max: fc.integer({ min: 1, max: 20_000 }),
      // Floating ads (a margin, sometimes out of bounds) as well as fixed ones.
      margin: fc.option(fc.integer({ min: -2500, max: 2500 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      user: fc.constantFrom(...USERS),
      ad: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom(1, 2, 49, 50)),
      byAmount: fc.boolean(),
      value: fc.integer({ min: 1, max: 150_000 }),
      // A floating ad's price at this moment (the market moves between orders).
      price: fc.integer({ min: 0, max: 900 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('act' as const),
      party: fc.constantFrom('buyer' as const, 'seller' as const, 'stranger' as const),
      order: fc.nat(),
      action: fc.constantFrom(
        'pay' as const,
        'pay' as const,
        'pay' as const,
        'release' as const,
        'release' as const,
        'dispute' as const,
        'dispute' as const,
        'dispute' as const,
        'cancel' as const,
        'delay' as const,
      ),
      voucher: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      reason: fc.constantFrom('notReleased', 'notReceived', 'wrongAmount', 'other', 'bogus'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('clock' as const), minutes: fc.integer({ min: 0, max: 8 }) }),
  },
);

describe('P2P escrow in the one ledger (issue 16)', () => {
  it('conserves every coin, locks exactly the open escrow, and moves orders only as the rules allow', () => {
    const reached = new Set<string>();
    let floatingSeen = false;
    const walk = fc.property(fc.array(step, { minLength: 30, maxLength: 90, size: 'max' }), (steps) => {
      let at = START;
      const seed = buildSeed(at, { USDT: 100n, BTC: 6_500_000n, ETH: 350_000n }, IDS, USERS[0]!);
      // The second user holds some legal USDT too (from the grants book, as the seed's are).
      seed.grants.push({ userId: USERS[1]!, currencyId: IDS.USDT, units: 5_000n * 100_000_000n });
      let state = apply(aggregate.initial(), { kind: 'p2pSeed', at, ...seed });
      const prices = new Map<number, bigint>();
      const books = state.books;
      check(state);
      for (const s of steps) {
        if (s.kind === 'clock') {
          at += s.minutes * 60_000;
          state = apply(state, { kind: 'p2pAdvance', at });
        } else if (s.kind === 'publish') {
          state = apply(state, {
            kind: 'p2pPublish',
            at,
            userId: s.user,
            isSeller: true,
            savedMethods: ['bank'],
            side: s.side,
            coin: 'USDT',
            currencyId: IDS.USDT,
            fiat: 'CNY',
            totalUnits: BigInt(s.total) * 100_000_000n,
            terms: {
              priceCents: 700n,
              marginBps: s.margin,
              minCents: BigInt(s.min) * 100n,
              maxCents: BigInt(s.max) * 100n,
              payMethods: ['bank'],
              payLimitMinutes: 15,
              remarks: '',
            },
          });
        } else if (s.kind === 'open') {
          state = apply(state, {
            kind: 'p2pOpen',
            at,
            userId: s.user,
            adId: s.ad,
            by: s.byAmount ? 'amount' : 'quantity',
            value: s.byAmount ? BigInt(s.value) : BigInt(s.value) * 1_000_000n,
            savedMethods: ['bank', 'alipay', 'wxpay'],
            reference: '123456',
            priceCents: BigInt(s.price),
          });
        } else {
          // Mostly the orders still running, where actions mean something; sometimes an ended one.
          const all = [...p2pOf(state).orders.values()];
          const running = all.filter((each) => isOpenOrder(each.state));
          const orders = running.length > 0 && s.order % 5 !== 0 ? running : all;
          const order = orders[s.order % Math.max(1, orders.length)];
          const userId = !order
            ? USERS[0]!
            : s.party === 'buyer'
              ? order.buyerId
              : s.party === 'seller'
                ? order.sellerId
                : 10_099;
          state = apply(state, {
            kind: 'p2pAct',
            at,
            userId,
            orderId: order?.id ?? 1,
            action: s.action,
            voucher: s.voucher ? 'upload-1' : '',
            reason: s.reason,
          });
        }
        check(state, books);
        // An order keeps the price it opened at, whatever the market did since; no ad holds a
        // margin out of bounds (the part refuses one on its own).
        for (const order of p2pOf(state).orders.values()) {
          expect(order.priceCents).toBeGreaterThan(0n);
          expect(prices.get(order.id) ?? order.priceCents).toBe(order.priceCents);
          prices.set(order.id, order.priceCents);
        }
        for (const ad of p2pOf(state).ads.values())
          if (ad.marginBps !== undefined && ad.marginBps !== null) {
            expect(isMarginBps(ad.marginBps)).toBe(true);
            floatingSeen = true;
          }
      }
      // However the story went, the clock and the arbiter end every order within a day.
      state = apply(state, { kind: 'p2pAdvance', at: at + 2 * 60 * 60_000 });
      state = apply(state, { kind: 'p2pAdvance', at: at + 4 * 60 * 60_000 });
      state = apply(state, { kind: 'p2pAdvance', at: at + 6 * 60 * 60_000 });
      check(state, books);
      for (const order of p2pOf(state).orders.values()) {
        expect(isOpenOrder(order.state)).toBe(false);
        reached.add(`${order.state}:${order.log.map((line) => line.kind).join('>')}`);
      }
    });
    // New stories on every run, for the rules above.
    fc.assert(walk, { numRuns: 60 });
    // And 60 known ones, which reach every ending below: a random 60 usually do, but one CI run's
    // missed the rarest (a seller's dispute refunded by the arbiter), and coverage must not be luck.
    fc.assert(walk, { numRuns: 60, seed: COVERAGE_SEED });
    expect(floatingSeen).toBe(true);
    // The walk is not vacuous: it reached every ending, by the parties, the clock and the arbiter.
    const endings = [...reached].join(' ');
    for (const expected of [
      'completed:opened>pay>release',
      'cancelled:opened>cancel',
      'cancelled:opened>payTimeout',
      'arbiterRelease',
      'abnormal:',
    ])
      expect(endings).toContain(expected);
  }, 60_000);

  it('refuses a second seed, so the grants are never paid twice', () => {
    const seed = buildSeed(START, { USDT: 100n, BTC: 6_500_000n, ETH: 350_000n }, IDS, null);
    const state = apply(aggregate.initial(), { kind: 'p2pSeed', at: START, ...seed });
    expect(
      aggregate.decide(state, { kind: 'p2pSeed', at: START, ...seed } as unknown as ExchangeCommand),
    ).toEqual({
      ok: false,
      error: 'p2pAlreadySeeded',
    });
  });
});
