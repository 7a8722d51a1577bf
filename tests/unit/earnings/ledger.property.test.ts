import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, dailyDividend, daysDue } from '../../../src/domain/earnings/rules.ts';
import { WALLET_ACCOUNTS } from '../../../src/domain/wallet/accounts.ts';
import type { EarningsCommand } from '../../../src/sim/features/earnings/events.ts';
import { EARNINGS_PRODUCTS } from '../../../src/sim/features/earnings/products.ts';
import { initialEarningsState } from '../../../src/sim/features/earnings/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { accountKey, bookKey, SYSTEM_BOOKS } from '../../../src/sim/ledger/postings.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { Coverage } from '../property-coverage.ts';
import { earningsOf, earningsPart } from '../../../src/sim/features/earnings/part.ts';
import {
  exchangeAggregate,
  type ExchangeCommand,
  type ExchangeEvent,
} from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The one ledger with earnings (issue 15): random purchases, redemptions, transfers, clock jumps of
 * any size (whatever the speed, the log only sees the simulated times of its commands) and reloads
 * (a fold of the log from nothing, then carrying on from it). After every step every currency is
 * conserved, nobody is negative, the earnings account locks exactly the principal held, and every
 * holding has been paid exactly one dividend for each day that ended, never two, never none.
 */
const aggregate = exchangeAggregate(
  spotAggregate(() => undefined),
  [walletPart, earningsPart],
  () => ({ earnings: initialEarningsState() }),
);
const USERS = [1, 2, 3];
const CURRENCIES = [1, 2, 3];
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      user: fc.constantFrom(...USERS),
      product: fc.integer({ min: 1, max: EARNINGS_PRODUCTS.length + 1 }),
      // Mostly sensible amounts, sometimes below a minimum, above a limit, zero or negative.
      units: fc.oneof(
        { weight: 6, arbitrary: fc.bigInt({ min: 10n ** 6n, max: 10n ** 11n }) },
        { weight: 2, arbitrary: fc.bigInt({ min: 10n ** 11n, max: 10n ** 15n }) },
        { weight: 1, arbitrary: fc.bigInt({ min: -10n, max: 10n ** 4n }) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      user: fc.constantFrom(...USERS),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      user: fc.constantFrom(...USERS),
      currency: fc.constantFrom(...CURRENCIES),
      out: fc.boolean(),
      units: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      // A second, an hour, a few days or a month at once: every speed, every gap between reads.
      ms: fc.oneof(fc.nat(1000), fc.nat(3_600_000), fc.nat(5 * DAY_MS), fc.nat(40 * DAY_MS)),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'advance' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function commandFor(state: ExchangeState, s: Step, at: number): ExchangeCommand | null {
  const cast = (command: EarningsCommand) => command as unknown as ExchangeCommand;
  switch (s.kind) {
    case 'buy':
      return cast({ kind: 'earningsBuy', at, userId: s.user, productId: s.product, units: s.units });
    case 'redeem': {
      // Mostly the user's own holdings; now and then anyone's, which must be refused.
      const own = [...earningsOf(state).holdings.values()]
        .filter((h) => h.userId === s.user)
        .map((h) => h.id);
      const ids = own.length > 0 && s.pick % 4 !== 0 ? own : [...earningsOf(state).holdings.keys()];
      return cast({
        kind: 'earningsRedeem',
        at,
        userId: s.user,
        holdingId: ids[s.pick % Math.max(1, ids.length)] ?? 1,
      });
    }
    case 'transfer':
      return {
        kind: 'transfer',
        at,
        userId: s.user,
        currencyId: s.currency,
        from: s.out ? 'financial' : 'change',
        to: s.out ? 'change' : 'financial',
        units: s.units,
      };
    case 'advance':
      return cast({ kind: 'earningsAdvance', at });
    default:
      return null;
  }
}

function broken(state: ExchangeState, advancedAt: number): string[] {
  const out: string[] = [];
  const earnings = earningsOf(state);
  for (const currencyId of CURRENCIES) {
    let total = 0n;
    for (const book of SYSTEM_BOOKS) total += state.books.get(bookKey(book, currencyId)) ?? 0n;
    for (const userId of USERS) {
      let held = 0n;
      for (const h of earnings.holdings.values())
        if (h.userId === userId && h.currencyId === currencyId && h.status === 'active') held += h.principal;
      for (const account of WALLET_ACCOUNTS) {
        const b = state.balances.get(accountKey(userId, account, currencyId)) ?? {
          available: 0n,
          locked: 0n,
        };
        if (b.available < 0n || b.locked < 0n) out.push(`negative ${userId} ${account} ${currencyId}`);
        total += b.available + b.locked;
        if (account === 'financial' && b.locked !== held) out.push(`locked ${b.locked} != held ${held}`);
      }
    }
    if (total !== 0n) out.push(`currency ${currencyId} sums to ${total}`);
  }
  for (const h of earnings.holdings.values()) {
    const records = [...earnings.records.values()].flat().filter((r) => r.holdingId === h.id);
    const days = records.map((r) => r.day);
    if (new Set(days).size !== days.length) out.push(`holding ${h.id} paid a day twice`);
    if (days.length !== h.paidDays || days.some((d, i) => d !== i + 1))
      out.push(`holding ${h.id} skipped a day`);
    const income = records.reduce((sum, r) => sum + r.amount, 0n);
    if (income !== h.income) out.push(`holding ${h.id} income ${h.income} != ${income}`);
    if (records.some((r) => r.amount !== dailyDividend(h.principal, h.rateBp)))
      out.push(`holding ${h.id} paid a wrong amount`);
    // Active holdings were paid every day that ended by the last time the clock was recorded.
    if (
      h.status === 'active' &&
      h.paidDays !== daysDue(h.openedAt, Math.max(advancedAt, h.openedAt), h.termDays)
    )
      out.push(`holding ${h.id} paid ${h.paidDays} by ${advancedAt}`);
    if (h.status === 'matured' && h.paidDays !== h.termDays) out.push(`holding ${h.id} matured early`);
  }
  return out;
}

describe('earnings in the one ledger (issue 15)', () => {
  /** Which events the random runs produced: the property means little if a kind never happens. */
  const coverage = new Coverage();

  it('conserves every currency and pays exactly one dividend per holding per ended day, across jumps and reloads', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 50 }), (steps) => {
        coverage.run();
        let state = aggregate.initial();
        let log: ExchangeEvent[] = [];
        let at = START;
        let advancedAt = START;
        const apply = (command: ExchangeCommand) => {
          const before = serialize(state);
          const decision = aggregate.decide(state, command);
          // A refusal changes nothing.
          expect(serialize(state)).toBe(before);
          if (!decision.ok) return false;
          for (const event of decision.events) {
            state = aggregate.evolve(state, event);
            log.push(event);
            coverage.saw(event.type);
          }
          return true;
        };
        for (const userId of USERS)
          apply({
            kind: 'credit',
            at,
            grant: state.grantsCredited,
            userId,
            lines: CURRENCIES.map((currencyId) => ({ currencyId, units: 10n ** 13n })),
          });
        for (const userId of USERS)
          for (const currencyId of CURRENCIES)
            apply({
              kind: 'transfer',
              at,
              userId,
              currencyId,
              from: 'change',
              to: 'financial',
              units: 10n ** 12n,
            });
        for (const s of steps) {
          if (s.kind === 'wait') {
            at += s.ms;
            continue;
          }
          if (s.kind === 'reload') {
            const refolded = log.reduce((acc, event) => aggregate.evolve(acc, event), aggregate.initial());
            expect(serialize(refolded)).toBe(serialize(state));
            state = refolded;
            log = [...log];
            continue;
          }
          // Every command of the service runs after the clock's advance, as Earnings does.
          apply(commandFor(state, { kind: 'advance' }, at)!);
          advancedAt = at;
          const command = commandFor(state, s, at);
          if (command) apply(command);
          expect(broken(state, advancedAt)).toEqual([]);
        }
        apply(commandFor(state, { kind: 'advance' }, at)!);
        expect(broken(state, at)).toEqual([]);
      }),
      { numRuns: 300 },
    );
    // More than 10 in the default 300 runs, in proportion to the runs made (test:props --runs N).
    coverage.expectEach(['EarningsBought', 'EarningsDividendPaid', 'EarningsMatured', 'EarningsRedeemed'], {
      atLeast: 11,
      per: 300,
    });
  });
});
