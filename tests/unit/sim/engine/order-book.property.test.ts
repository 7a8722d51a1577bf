import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook, type Side } from '../../../../src/sim/engine/order-book';
import { ReferenceBook, type Fill } from './reference-book';

/**
 * Commands refer to orders by arrival number (`nth`) rather than by id, so shrinking keeps them
 * meaningful; the runner maps arrival numbers to ids `idBase + nth`, which puts ids above 2^32 too.
 */
type Command =
  | { kind: 'limit'; owner: number; side: Side; price: number; lots: number }
  | { kind: 'market'; owner: number; side: Side; lots: number }
  | { kind: 'cancel'; nth: number }
  /** A limit order that reuses an earlier id: must throw while that order rests, else behaves normally. */
  | { kind: 'reuse'; nth: number; owner: number; side: Side; price: number; lots: number };

const side = fc.constantFrom<Side>(0, 1);
const owner = fc.integer({ min: 1, max: 3 });
// A narrow price band so orders cross often and queues form at shared prices.
const price = fc.integer({ min: 95, max: 105 });
const lots = fc.integer({ min: 1, max: 30 });

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('limit' as const), owner, side, price, lots }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      owner,
      side,
      lots: fc.integer({ min: 1, max: 120 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), nth: fc.nat({ max: 400 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reuse' as const),
      nth: fc.nat({ max: 400 }),
      owner,
      side,
      price,
      lots,
    }),
  },
);

/** Command lists up to `maxLength` long; `size: 'max'` stops fast-check from keeping them short. */
const commandList = (maxLength: number) => fc.array(command, { maxLength, size: 'max' });

interface Scenario {
  idBase: number;
  commands: Command[];
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  idBase: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2 ** 52 })),
  commands: commandList(250),
});

/** What one command produced: return value (or the error), and the fills it reported. */
interface Outcome {
  result: number | 'RangeError';
  fills: Fill[];
}

interface Book {
  limit(id: number, owner: number, side: Side, price: number, lots: number): number;
  market(id: number, owner: number, side: Side, lots: number): number;
  cancel(id: number): number;
}

/** Runs one command against any book; `fills` collects what the book reports during the call. */
function apply(book: Book, command: Command, arrival: number, idBase: number): number {
  const id = (nth: number) => idBase + nth;
  switch (command.kind) {
    case 'limit':
      return book.limit(id(arrival), command.owner, command.side, command.price, command.lots);
    case 'market':
      return book.market(id(arrival), command.owner, command.side, command.lots);
    case 'cancel':
      return book.cancel(id(command.nth));
    case 'reuse':
      return book.limit(id(command.nth), command.owner, command.side, command.price, command.lots);
  }
}

function capture(run: () => number, fills: Fill[]): Outcome {
  const before = fills.length;
  try {
    const result = run();
    return { result, fills: fills.splice(before) };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { result: 'RangeError', fills: fills.splice(before) };
  }
}

function newBook(fills: Fill[]): OrderBook {
  // A tiny capacity so pools, ladders and the index all grow during the run.
  return new OrderBook({ capacity: 16, onFill: (...fill) => void fills.push(fill) });
}

function modelAsBook(model: ReferenceBook, fills: Fill[]): Book {
  return {
    limit: (id, who, s, p, n) => {
      if (model.has(id)) throw new RangeError('duplicate');
      return model.limit(id, who, s, p, n, fills);
    },
    market: (id, who, s, n) => {
      if (model.has(id)) throw new RangeError('duplicate');
      return model.market(id, who, s, n, fills);
    },
    cancel: (id) => model.cancel(id),
  };
}

describe('OrderBook properties', () => {
  it('matches the reference model command by command: results, fills and resting orders', () => {
    fc.assert(
      fc.property(scenario, ({ idBase, commands }) => {
        const bookFills: Fill[] = [];
        const modelFills: Fill[] = [];
        const book = newBook(bookFills);
        const model = new ReferenceBook();
        const modelBook = modelAsBook(model, modelFills);
        commands.forEach((cmd, arrival) => {
          const outcome = capture(() => apply(book, cmd, arrival, idBase), bookFills);
          const modelOutcome = capture(() => apply(modelBook, cmd, arrival, idBase), modelFills);
          const bids = model.orders(0);
          const asks = model.orders(1);
          const actual = {
            outcome,
            bids: book.orders(0),
            asks: book.orders(1),
            best: [book.bestBid(), book.bestAsk()],
            count: book.restingCount(),
          };
          const expected = {
            outcome: modelOutcome,
            bids,
            asks,
            best: [bids[0]?.price ?? NaN, asks[0]?.price ?? NaN],
            count: bids.length + asks.length,
          };
          // A string comparison per step keeps runs (and shrinking) fast; toEqual only to show a diff.
          if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('is never crossed after any command', () => {
    fc.assert(
      fc.property(scenario, ({ idBase, commands }) => {
        const book = newBook([]);
        commands.forEach((cmd, arrival) => {
          capture(() => apply(book, cmd, arrival, idBase), []);
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (!Number.isNaN(bid) && !Number.isNaN(ask)) expect(bid).toBeLessThan(ask);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('conserves quantity per order: filled + resting + cancelled + unfilled = submitted', () => {
    fc.assert(
      fc.property(commandList(250), (commands) => {
        const fills: Fill[] = [];
        const book = newBook(fills);
        // Reuse commands would give two orders one id; conservation is tracked per order, so skip them.
        const orders = commands.filter((cmd) => cmd.kind !== 'reuse');
        const submitted = new Map<number, number>();
        const filled = new Map<number, number>();
        const cancelled = new Map<number, number>();
        const unfilled = new Map<number, number>();
        const add = (map: Map<number, number>, id: number, lots: number) =>
          map.set(id, (map.get(id) ?? 0) + lots);
        orders.forEach((cmd, id) => {
          if (cmd.kind === 'cancel') {
            add(cancelled, cmd.nth, book.cancel(cmd.nth));
            return;
          }
          submitted.set(id, cmd.lots);
          const left =
            cmd.kind === 'limit'
              ? book.limit(id, cmd.owner, cmd.side, cmd.price, cmd.lots)
              : book.market(id, cmd.owner, cmd.side, cmd.lots);
          if (cmd.kind === 'market') add(unfilled, id, left);
          for (const [makerId, takerId, , traded] of fills.splice(0)) {
            add(filled, makerId, traded);
            add(filled, takerId, traded);
          }
          // A limit's return value is exactly what rested.
          if (cmd.kind === 'limit') expect(book.remaining(id)).toBe(left);
        });
        for (const [id, lotsSubmitted] of submitted) {
          const accounted =
            (filled.get(id) ?? 0) + book.remaining(id) + (cancelled.get(id) ?? 0) + (unfilled.get(id) ?? 0);
          expect(accounted).toBe(lotsSubmitted);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives identical outputs for the same seed and commands', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const run = () => {
          // The same fast-check seed generates the same commands; the book must do the same with them.
          const { idBase, commands } = fc.sample(scenario, { seed, numRuns: 1 })[0]!;
          const fills: Fill[] = [];
          const book = newBook(fills);
          const results = commands.map((cmd, arrival) =>
            capture(() => apply(book, cmd, arrival, idBase), fills),
          );
          return { results, bids: book.orders(0), asks: book.orders(1) };
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 50 },
    );
  });

  it('treats a cancel of an unknown id as a no-op', () => {
    fc.assert(
      fc.property(
        commandList(120),
        fc.oneof(fc.integer({ min: 1_000, max: 2 ** 53 - 1 }), fc.constantFrom(-1, -0.5, 1.5, NaN, Infinity)),
        (commands, unknownId) => {
          const book = newBook([]);
          commands.forEach((cmd, arrival) => capture(() => apply(book, cmd, arrival, 0), []));
          const before = { bids: book.orders(0), asks: book.orders(1), count: book.restingCount() };
          expect(book.cancel(unknownId)).toBe(0);
          expect(book.has(unknownId)).toBe(false);
          expect(book.remaining(unknownId)).toBe(0);
          expect({ bids: book.orders(0), asks: book.orders(1), count: book.restingCount() }).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports depth as the per-price sums of resting orders, best first', () => {
    fc.assert(
      fc.property(commandList(200), fc.integer({ min: 0, max: 12 }), (commands, maxLevels) => {
        const book = newBook([]);
        commands.forEach((cmd, arrival) => capture(() => apply(book, cmd, arrival, 0), []));
        for (const s of [0, 1] as const) {
          const levels: [number, number][] = [];
          for (const order of book.orders(s)) {
            const last = levels[levels.length - 1];
            if (last && last[0] === order.price) last[1] += order.lots;
            else levels.push([order.price, order.lots]);
          }
          const prices: number[] = [];
          const sizes: number[] = [];
          const count = book.depth(s, maxLevels, prices, sizes);
          const expected = levels.slice(0, maxLevels);
          expect(count).toBe(expected.length);
          expect(prices.map((p, i) => [p, sizes[i]])).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
  });
});
