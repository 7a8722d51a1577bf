import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';
import { initialSpotState, type SpotOrder } from '../../../src/sim/features/spot/state.ts';
import { initialWalletState, type LogLine } from '../../../src/sim/features/wallet/state.ts';
import { transactionLines } from '../../../src/sim/features/wallet/transaction-log.ts';

/** What an arbitrary draws. */
type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

const GRID = { priceDecimals: 2, lotDecimals: 4 };
const USERS = [1, 2];

const logLine = fc.record({
  userId: fc.constantFrom(...USERS),
  account: fc.constantFrom('change', 'legal', 'lever', 'micro', 'financial') as fc.Arbitrary<
    LogLine['account']
  >,
  currencyId: fc.constantFrom(1, 2, 3),
  value: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  kind: fc.constantFrom('deposit', 'transferIn', 'transferOut', 'leverOpen'),
  at: fc.integer({ min: 0, max: 1_000 }),
});

const order = fc.record({
  userId: fc.constantFrom(...USERS),
  side: fc.constantFrom('buy', 'sell') as fc.Arbitrary<SpotOrder['side']>,
  filledLots: fc.integer({ min: 0, max: 10_000 }),
  filledQuote: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  fee: fc.bigInt({ min: 0n, max: 1_000n }),
  updatedAt: fc.integer({ min: 0, max: 1_000 }),
});

function stateOf(lines: Array<Drawn<typeof logLine>>, orders: Array<Drawn<typeof order>>): ExchangeState {
  const wallet = initialWalletState();
  lines.forEach(({ userId, ...line }, index) => {
    const entry: LogLine = { id: index + 1, before: 0n, after: line.value, detail: '', ...line };
    wallet.logs.set(userId, [...(wallet.logs.get(userId) ?? []), entry]);
  });
  const spotOrders = new Map<number, SpotOrder>();
  const userOrders = new Map<number, number[]>();
  orders.forEach((each, index) => {
    const full: SpotOrder = {
      id: index + 1,
      pairId: 1,
      type: 1,
      priceTicks: 0,
      lots: each.filledLots,
      locked: 0n,
      status: 2,
      baseCurrencyId: 2,
      quoteCurrencyId: 1,
      createdAt: 0,
      ...each,
    };
    spotOrders.set(full.id, full);
    userOrders.set(each.userId, [...(userOrders.get(each.userId) ?? []), full.id]);
  });
  return { ...initialSpotState(), orders: spotOrders, userOrders, books: new Map(), wallet };
}

describe('transactionLines: every movement of one user, newest first', () => {
  it('holds each of the user’s record lines once and two lines per filled order, and nothing of anyone else', () => {
    fc.assert(
      fc.property(
        fc.array(logLine, { maxLength: 30 }),
        fc.array(order, { maxLength: 20 }),
        (lines, orders) => {
          const state = stateOf(lines, orders);
          const out = transactionLines(state, 1, () => GRID);
          const mine = lines.filter((line) => line.userId === 1);
          const filled = orders.filter((each) => each.userId === 1 && each.filledLots > 0);
          expect(out).toHaveLength(mine.length + 2 * filled.length);
          expect(
            out
              .filter((line) => line.source === 'record')
              .map((line) => line.value)
              .sort(),
          ).toEqual(mine.map((line) => line.value).sort());
          // Newest first.
          for (let index = 1; index < out.length; index++)
            expect(out[index - 1]!.at).toBeGreaterThanOrEqual(out[index]!.at);
          // Each filled order: what it paid, and what it received net of its fee; the base is its lots.
          for (const [index, each] of orders.entries()) {
            if (each.userId !== 1 || each.filledLots === 0) continue;
            const base = BigInt(each.filledLots) * 10_000n;
            const of = out.filter((line) => line.source === 'order' && line.id === index + 1);
            const byCurrency = Object.fromEntries(of.map((line) => [line.currencyId, line.value]));
            expect(byCurrency).toEqual(
              each.side === 'buy'
                ? { 1: -each.filledQuote, 2: base - each.fee }
                : { 1: each.filledQuote - each.fee, 2: -base },
            );
          }
        },
      ),
    );
  });

  it('of one currency is the whole list filtered to it, in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(logLine, { maxLength: 30 }),
        fc.array(order, { maxLength: 20 }),
        fc.constantFrom(1, 2, 3),
        (lines, orders, currencyId) => {
          const state = stateOf(lines, orders);
          expect(transactionLines(state, 1, () => GRID, currencyId)).toEqual(
            transactionLines(state, 1, () => GRID).filter((line) => line.currencyId === currencyId),
          );
        },
      ),
    );
  });

  it('the same state reads the same list every time (ties broken by source, id and currency)', () => {
    fc.assert(
      fc.property(
        fc.array(logLine, { maxLength: 30 }),
        fc.array(order, { maxLength: 20 }),
        (lines, orders) => {
          const state = stateOf(lines, orders);
          const reversed = stateOf([...lines].reverse(), [...orders].reverse());
          const key = (line: { source: string; at: number; value: bigint; currencyId: number }) =>
            `${line.source}:${line.at}:${line.currencyId}:${line.value}`;
          expect(
            transactionLines(state, 1, () => GRID)
              .map(key)
              .sort(),
          ).toEqual(
            transactionLines(reversed, 1, () => GRID)
              .map(key)
              .sort(),
          );
          expect(transactionLines(state, 1, () => GRID)).toEqual(transactionLines(state, 1, () => GRID));
        },
      ),
    );
  });
});
