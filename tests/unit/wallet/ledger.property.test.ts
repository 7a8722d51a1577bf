import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteUnits, type PairGrid } from '../../../src/domain/spot/settlement.ts';
import { WALLET_ACCOUNTS, type WalletAccount } from '../../../src/domain/wallet/accounts.ts';
import { accountKey, SYSTEM_BOOKS, bookKey } from '../../../src/sim/ledger/postings.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { OPEN } from '../../../src/sim/features/spot/state.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { Coverage } from '../property-coverage.ts';
import {
  exchangeAggregate,
  type ExchangeCommand,
  type ExchangeEvent,
} from '../../../src/sim/exchange/exchange.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/** One pair, BTC/USDT-like: currency 2 priced in currency 1. */
const GRID: PairGrid = { priceDecimals: 2, lotDecimals: 5 };
const aggregate = exchangeAggregate(spotAggregate((id) => (id === 1 ? GRID : undefined)));
const USERS = [1, 2, 3];
const CURRENCIES = [1, 2];
const REVIEW_MS = 60_000;
const BROADCAST_MS = 30_000;

const intent = fc.record({
  kind: fc.constantFrom(
    'credit',
    'deposit',
    'deposit',
    'advance',
    'advance',
    'advance',
    'withdraw',
    'cancelWithdrawal',
    'transfer',
    'transfer',
    'convert',
    'convert',
    'order',
    'order',
    'cancelOrder',
    'cancelOrder',
  ),
  user: fc.constantFrom(...USERS),
  currency: fc.constantFrom(...CURRENCIES),
  account: fc.constantFrom(...WALLET_ACCOUNTS),
  toTrade: fc.boolean(),
  // Mostly amounts users hold, sometimes more than they hold, now and then zero or negative.
  units: fc.oneof(
    { weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 9n }) },
    { weight: 2, arbitrary: fc.bigInt({ min: 10n ** 9n, max: 10n ** 14n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: -10n, max: 0n }) },
  ),
  fee: fc.bigInt({ min: 0n, max: 10n ** 8n }),
  minimum: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  price: fc.integer({ min: 1, max: 200_000 }),
  lots: fc.integer({ min: 1, max: 100_000 }),
  wait: fc.integer({ min: 0, max: 120_000 }),
  pick: fc.nat(),
});
type Intent = typeof intent extends fc.Arbitrary<infer T> ? T : never;

function commandFor(state: ExchangeState, i: Intent, at: number): ExchangeCommand {
  switch (i.kind) {
    case 'credit':
      return {
        kind: 'credit',
        at,
        grant: state.grantsCredited,
        userId: i.user,
        lines: [
          { currencyId: 1, units: 10n ** 13n },
          { currencyId: 2, units: 10n ** 9n },
        ],
      };
    case 'deposit':
      return {
        kind: 'deposit',
        at,
        userId: i.user,
        currencyId: i.currency,
        chain: 'TRC20',
        units: i.units,
        minimum: i.minimum,
        confirmEveryMs: 10_000,
        txHash: `t${at}`,
      };
    case 'advance':
      return { kind: 'advance', at, reviewMs: REVIEW_MS, broadcastMs: BROADCAST_MS };
    case 'withdraw':
      // The fee stays below the amount when the amount allows; a fee at or above it must be refused.
      return {
        kind: 'withdraw',
        at,
        userId: i.user,
        currencyId: i.currency,
        chain: 'TRC20',
        address: 'Taddress',
        memo: '',
        units: i.units,
        fee: i.fee,
      };
    case 'cancelWithdrawal': {
      const ids = [...state.wallet.withdrawals.keys()];
      return {
        kind: 'cancelWithdrawal',
        at,
        userId: i.user,
        withdrawalId: ids[i.pick % Math.max(1, ids.length)] ?? 1,
      };
    }
    case 'transfer': {
      const other: WalletAccount = i.account;
      const [from, to] = i.toTrade ? [other, 'change' as const] : ['change' as const, other];
      return { kind: 'transfer', at, userId: i.user, currencyId: i.currency, from, to, units: i.units };
    }
    case 'convert':
      return {
        kind: 'convert',
        at,
        userId: i.user,
        currencyId: 2,
        units: i.units,
        toCurrencyId: 1,
        proceeds: (i.units * BigInt(i.price)) / 100n,
        priceTicks: i.price,
        priceDecimals: 2,
      };
    case 'order': {
      const side = i.toTrade ? ('buy' as const) : ('sell' as const);
      const lock = side === 'buy' ? quoteUnits(i.price, i.lots, GRID, 'ceil') : BigInt(i.lots) * 10n ** 3n;
      return {
        kind: 'place',
        at,
        order: {
          id: state.nextOrderId,
          userId: i.user,
          pairId: 1,
          side,
          type: 0,
          priceTicks: i.price,
          lots: i.lots,
          lock,
          baseCurrencyId: 2,
          quoteCurrencyId: 1,
        },
        fills: [],
      };
    }
    case 'cancelOrder': {
      // Mostly the user's own open orders; now and then anyone's, which must be refused.
      const own = [...state.orders.values()]
        .filter((o) => o.userId === i.user && o.status === OPEN)
        .map((o) => o.id);
      const ids = own.length > 0 && i.pick % 4 !== 0 ? own : [...state.orders.keys()];
      return { kind: 'cancel', at, userId: i.user, orderId: ids[i.pick % Math.max(1, ids.length)] ?? 1 };
    }
  }
}

/** Every invariant of the one ledger, checked after each command: the broken ones, by name. */
function brokenInvariants(state: ExchangeState): string[] {
  const broken: string[] = [];
  for (const currencyId of CURRENCIES) {
    let total = state.fees.get(currencyId) ?? 0n;
    for (const book of SYSTEM_BOOKS) total += state.books.get(bookKey(book, currencyId)) ?? 0n;
    for (const userId of USERS) {
      let lockedByOrders = 0n;
      for (const order of state.orders.values())
        if (order.userId === userId && order.status === OPEN) {
          const lockCurrency = order.side === 'buy' ? order.quoteCurrencyId : order.baseCurrencyId;
          if (lockCurrency === currencyId) lockedByOrders += order.locked;
        }
      let lockedByWithdrawals = 0n;
      for (const w of state.wallet.withdrawals.values())
        if (
          w.userId === userId &&
          w.currencyId === currencyId &&
          (w.status === 'review' || w.status === 'broadcast')
        )
          lockedByWithdrawals += w.units;
      for (const account of WALLET_ACCOUNTS) {
        const balance = state.balances.get(accountKey(userId, account, currencyId)) ?? {
          available: 0n,
          locked: 0n,
        };
        const where = `user ${userId} ${account} currency ${currencyId}`;
        if (balance.available < 0n || balance.locked < 0n) broken.push(`negative: ${where}`);
        total += balance.available + balance.locked;
        // Locked is exactly what open orders and withdrawals in flight hold; other accounts lock nothing.
        const expected = account === 'change' ? lockedByOrders + lockedByWithdrawals : 0n;
        if (balance.locked !== expected) broken.push(`locked ${balance.locked} != ${expected}: ${where}`);
      }
    }
    // Conserved: what users hold is what came in through the books, less what went out.
    if (total !== 0n) broken.push(`currency ${currencyId} sums to ${total}`);
  }
  return broken;
}

describe('the one ledger (issue 12): thousands of random movements across users and accounts', () => {
  /** Which events the random runs produced: the properties mean little if a kind never happens. */
  const coverage = new Coverage();

  it('conserves every currency, never goes negative, locks what orders and withdrawals hold, and refolds identically', () => {
    fc.assert(
      fc.property(fc.array(intent, { minLength: 20, maxLength: 60 }), (intents) => {
        coverage.run();
        let state = aggregate.initial();
        const log: ExchangeEvent[] = [];
        let at = 1_700_000_000_000;
        // Every user starts with a demo grant, so most movements have money to move.
        const grants = USERS.map((user) => ({ ...intents[0]!, kind: 'credit' as const, user, wait: 0 }));
        for (const i of [...grants, ...intents]) {
          at += i.wait;
          const decision = aggregate.decide(state, commandFor(state, i, at));
          if (!decision.ok) {
            continue; // a refusal changes nothing: there is nothing to apply
          }
          for (const event of decision.events) {
            state = aggregate.evolve(state, event);
            log.push(event);
            coverage.saw(event.type);
          }
          expect(brokenInvariants(state)).toEqual([]);
        }
        // A reload folds the log from nothing and must land on the same state, byte for byte.
        const refolded = log.reduce((s, event) => aggregate.evolve(s, event), aggregate.initial());
        expect(serialize(refolded)).toBe(serialize(state));
      }),
      { numRuns: 1000 },
    );
    // More than 10 in the default 1000 runs, in proportion to the runs made (test:props --runs N).
    coverage.expectEach(
      [
        'FundsCredited',
        'OrderPlaced',
        'OrderEnded',
        'DepositSeen',
        'DepositConfirmed',
        'WithdrawalRequested',
        'WithdrawalBroadcast',
        'WithdrawalConfirmed',
        'WithdrawalCancelled',
        'Transferred',
        'Converted',
      ],
      { atLeast: 11, per: 1000 },
    );
  });

  it('a refusal leaves the state exactly as it was', () => {
    fc.assert(
      fc.property(fc.array(intent, { minLength: 1, maxLength: 30 }), (intents) => {
        let state = aggregate.initial();
        let at = 1_700_000_000_000;
        for (const i of intents) {
          at += i.wait;
          const before = serialize(state);
          const decision = aggregate.decide(state, commandFor(state, i, at));
          expect(serialize(state)).toBe(before);
          if (decision.ok) for (const event of decision.events) state = aggregate.evolve(state, event);
        }
      }),
      { numRuns: 200 },
    );
  });
});
