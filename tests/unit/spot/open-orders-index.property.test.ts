import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { ORDER_STATUS_FILLED } from '../../../src/domain/contract-codes.ts';
import { LIMIT } from '../../../src/domain/spot/order-kind.ts';
import {
  initialSpotState,
  OPEN,
  openOrderIndex,
  openOrdersOf,
  withOpenOrder,
  type SpotOrder,
  type SpotState,
} from '../../../src/sim/features/spot/state.ts';
import { PersistentMap } from '../../../src/sim/store/persistent-map.ts';
import { priceText, lotsText } from '../../../src/sim/market/market-answers.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { SqliteEventLog } from '../../../src/sim/store/sqlite-event-log.ts';
import { Coverage } from '../property-coverage.ts';
import { registerUser, spotFixture, type SpotFixture } from './sim-fixture.ts';

/**
 * The open-order lists (tx_in/list, tx_out/list without include_finished, Spot.openOrdersOf) read
 * an index of each user's open orders (state.ts `openOrders`) instead of walking every order the
 * user ever placed. Invariant: whatever a user did (orders resting, crossing, filled by the market
 * or by another user, partly filled, refused, cancelled, stop-limit orders waiting and triggered,
 * OCO legs ending each other), and however the exchange restarted (folding the log from the start,
 * from a snapshot holding the index, or from an older snapshot without it), the index answers
 * exactly what the walk of the whole history answered before it existed: the same orders, in the
 * same order, on the same pages. Every operation goes through the simulator's own calls.
 */

/** The pre-index Spot.ordersOf: a walk of the user's whole history, newest first (the oracle). */
function ordersByWalk(state: SpotState, userId: number): SpotOrder[] {
  const ids = state.userOrders.get(userId) ?? [];
  const out: SpotOrder[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const order = state.orders.get(ids.at(i)!);
    if (order) out.push(order);
  }
  return out;
}

/** The pre-index tx_in/list / tx_out/list page: the walk, filtered by pair and side, by id newest first. */
function listByWalk(
  state: SpotState,
  userId: number,
  side: 'buy' | 'sell',
  pairId: number | undefined,
  page: number,
  limit: number,
) {
  const orders = ordersByWalk(state, userId)
    .filter(
      (order) =>
        (pairId === undefined || order.pairId === pairId) && order.status === OPEN && order.side === side,
    )
    .sort((a, b) => b.id - a.id);
  return {
    current_page: page,
    ids: orders.slice((page - 1) * limit, page * limit).map((order) => order.id),
    last_page: Math.max(1, Math.ceil(orders.length / limit)),
    per_page: limit,
    total: orders.length,
  };
}

const PAIRS = [1, 2] as const;
const SECOND_EMAIL = 'index-two@example.com';
const SECOND_PASSWORD = 'Secret123';

const user = fc.constantFrom(0, 1);
const side = fc.constantFrom('buy' as const, 'sell' as const);
const pair = fc.constantFrom(...PAIRS);
/** A quantity in lots: 0.0005-0.004 BTC, 0.005-0.04 ETH (tens to hundreds of USDT). */
const lots = fc.integer({ min: 50, max: 400 });
const bps = (min: number, max: number) => fc.integer({ min, max });

type Op =
  | {
      kind: 'rest';
      user: number;
      side: 'buy' | 'sell';
      pair: number;
      lots: number;
      away: number;
      postOnly: boolean;
    }
  | { kind: 'meet'; user: number; side: 'buy' | 'sell'; pair: number; lots: number; takerLots: number }
  | { kind: 'cross'; user: number; side: 'buy' | 'sell'; pair: number; lots: number; tif: 0 | 1 | 2 }
  | { kind: 'market'; user: number; side: 'buy' | 'sell'; pair: number; lots: number }
  | {
      kind: 'stop';
      user: number;
      side: 'buy' | 'sell';
      pair: number;
      lots: number;
      /** Ticks from the last trade price (a few: the next trades reach it) or, when 0, `bps` of it. */
      ticks: number;
      bps: number;
      rise: boolean;
      /** The limit price, bps from the stop: past it on the order's side (it trades when triggered) or short of it (it rests). */
      limit: number;
      /** Then the market runs this long (ms; 0: not at once), so trades reach the stop. */
      runAfter: number;
    }
  | { kind: 'oco'; user: number; side: 'buy' | 'sell'; pair: number; lots: number; up: number; down: number }
  | { kind: 'cancel'; user: number; own: boolean; pick: number; wrongSide: boolean }
  | { kind: 'run'; ms: number }
  | { kind: 'reload'; from: 'log' | 'snapshot' | 'older snapshot' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('rest' as const),
      user,
      side,
      pair,
      lots,
      away: bps(2, 60),
      postOnly: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('meet' as const), user, side, pair, lots, takerLots: lots }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cross' as const),
      user,
      side,
      pair,
      lots: fc.integer({ min: 50, max: 3000 }),
      tif: fc.constantFrom(0 as const, 1 as const, 2 as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('market' as const), user, side, pair, lots }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      user,
      side,
      pair,
      lots,
      ticks: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(0)),
      bps: bps(1, 20),
      rise: fc.boolean(),
      limit: bps(-10, 5),
      runAfter: fc.oneof(fc.constant(0), fc.integer({ min: 1000, max: 6000 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('oco' as const),
      user,
      side,
      pair,
      lots,
      up: bps(1, 8),
      down: bps(1, 8),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      user,
      // Mostly one of the user's own open orders; else any order (someone else's, or one that ended).
      own: fc.constantFrom(true, true, true, false),
      pick: fc.nat(),
      wrongSide: fc.constantFrom(false, false, false, false, true),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('run' as const), ms: fc.integer({ min: 1000, max: 20_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reload' as const),
      from: fc.constantFrom('log' as const, 'snapshot' as const, 'older snapshot' as const),
    }),
  },
);

/** The exchange of one run: a simulator over an SQLite log in memory, two signed-in users. */
class Run {
  f!: SpotFixture;
  tokens: string[] = [];
  userIds: number[] = [];
  readonly store = new SqliteEventLog({ file: ':memory:' });

  async start(): Promise<void> {
    this.f = await spotFixture({ store: this.store });
    this.tokens = [await this.f.login(), await registerUser(this.f, SECOND_EMAIL)];
    this.userIds = this.tokens.map((token) => this.f.simulator.accounts.userIdOf(token, this.f.clock.now())!);
  }

  /** A restart on the same log: the state folded from it (after the snapshot `from` asks for). */
  async reload(from: 'log' | 'snapshot' | 'older snapshot'): Promise<void> {
    await this.settled();
    if (from !== 'log') {
      // The live state is the fold of the log up to its last event; stored as the snapshot there.
      const history = await this.store.readHistory('spot');
      const seq = history.events.at(-1)?.seq ?? history.snapshot?.seq ?? 0;
      const state = this.f.simulator.spot.state();
      let stored: object = state;
      if (from === 'older snapshot') {
        // A snapshot written before the index existed: the state without it.
        const older = { ...state };
        delete older.openOrders;
        stored = older;
      }
      await this.store.writeSnapshot('spot', seq, serialize(stored));
    }
    this.f = await spotFixture({ store: this.store, start: this.f.clock.now() + 1000 });
    this.ordersAtStart = this.f.simulator.spot.state().orders;
    const login = async (account: string, password: string) => {
      const answer = await this.f.call('user/login', { account, password, login_type: 'email' });
      expect(answer.code).toBe(1);
      return answer.data as string;
    };
    this.tokens = [
      await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password),
      await login(SECOND_EMAIL, SECOND_PASSWORD),
    ];
  }

  call(path: string, payload: Record<string, unknown>, who: number): Promise<Envelope> {
    return this.f.call(path, payload, this.tokens[who]!);
  }

  place(who: number, side: 'buy' | 'sell', payload: Record<string, unknown>): Promise<Envelope> {
    return this.call(side === 'buy' ? 'tx_in/add' : 'tx_out/add', payload, who);
  }

  market(pairId: number) {
    const market = this.f.simulator.market.market.pair(pairId)!;
    const last = market.tape.last()?.price ?? market.lastPrice();
    return { bid: market.book.bestBid(), ask: market.book.bestAsk(), last };
  }

  /** Every order of both users, oldest first. */
  orders(): SpotOrder[] {
    const state = this.f.simulator.spot.state();
    return this.userIds.flatMap((id) => ordersByWalk(state, id)).sort((a, b) => a.id - b.id);
  }

  /** The orders as the last restart folded them (from a snapshot without the index, perhaps). */
  ordersAtStart: ReadonlyMap<number, SpotOrder> | null = null;

  /** What the run's checks met (the kinds of order state the index was checked against). */
  readonly facts = new Set<string>();

  /**
   * Waits until nothing changes the orders any more. flushFills alone is not enough: a stop's
   * trigger queued by a trade inside the last queued task can still be waiting when it resolves.
   */
  async settled(): Promise<void> {
    const spot = this.f.simulator.spot;
    for (let orders = null as unknown; orders !== spot.state().orders;) {
      orders = spot.state().orders;
      await spot.flushFills();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await spot.flushFills();
    }
  }

  /** The index's answers against the walk's: Spot.openOrdersOf, and every page of both lists. */
  async check(limit: number): Promise<void> {
    await this.settled();
    const state = this.f.simulator.spot.state();
    // A state folded from an older snapshot derives the index for reads; the next order written stores it.
    if (state.orders !== this.ordersAtStart) expect(state.openOrders).toBeDefined();
    for (const order of this.orders()) {
      if (order.status === OPEN && order.filledLots > 0) this.facts.add('open, partly filled');
      if (order.status === OPEN && order.stopDirection !== undefined)
        this.facts.add(order.triggeredBy ? 'open, stop triggered' : 'open, stop waiting');
      if (order.status !== OPEN) this.facts.add(order.filledLots >= order.lots ? 'filled' : 'cancelled');
      if (order.status !== OPEN && order.triggeredBy) this.facts.add('ended, stop triggered');
      if (order.status !== OPEN && order.ocoWith !== undefined) this.facts.add('OCO leg ended');
    }
    // The index itself: every user with an open order, with exactly the ids of their open orders.
    const walked = new Map<number, number[]>();
    for (const order of state.orders.values())
      if (order.status === OPEN) walked.set(order.userId, [...(walked.get(order.userId) ?? []), order.id]);
    const indexed = [...openOrderIndex(state)].map(
      ([userId, ids]) => [userId, [...ids.keys()].sort((a, b) => a - b)] as const,
    );
    expect(new Map(indexed)).toEqual(
      new Map([...walked].map(([userId, ids]) => [userId, ids.sort((a, b) => a - b)])),
    );
    for (const [who, userId] of this.userIds.entries()) {
      const expected = ordersByWalk(state, userId).filter((order) => order.status === OPEN);
      expect(this.f.simulator.spot.openOrdersOf(userId)).toEqual(expected);
      if (expected.length > limit) this.facts.add('more than a page');
      for (const listSide of ['buy', 'sell'] as const) {
        for (const pairId of [undefined, ...PAIRS]) {
          for (let page = 1; ; page++) {
            const answer = await this.call(
              listSide === 'buy' ? 'tx_in/list' : 'tx_out/list',
              { page, limit, ...(pairId === undefined ? {} : { currency_match_id: pairId }) },
              who,
            );
            expect(answer.code).toBe(1);
            // Nothing ran in between: the answer and the walk read the same orders.
            expect(this.f.simulator.spot.state().orders).toBe(state.orders);
            const { data, ...paging } = answer.data as AnswerOf<'tx_in/list'>;
            const { ids, ...expectedPaging } = listByWalk(state, userId, listSide, pairId, page, limit);
            expect({ ids: data.map((row) => row.id), ...paging }).toEqual({ ids, ...expectedPaging });
            if (page >= paging.last_page) break;
          }
        }
      }
    }
  }
}

describe('the open-order index answers what a walk of the whole history answered', () => {
  const runs: Run[] = [];
  afterEach(() => {
    for (const run of runs.splice(0)) run.store.close();
  });

  it('after any place/cancel/fill/trigger sequence, and after a restart from the log or a snapshot', async () => {
    const coverage = new Coverage();
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 4, maxLength: 22 }),
        fc.integer({ min: 1, max: 4 }),
        async (ops, limit) => {
          coverage.run();
          const run = new Run();
          runs.push(run);
          await run.start();
          for (const step of ops) {
            await apply(run, step, coverage);
            await run.check(limit);
          }
          // A final restart: the fold of the log (after its latest snapshot) gives the same answers.
          await run.reload('log');
          await run.check(limit);
          for (const fact of run.facts) coverage.saw(fact);
          run.store.close();
          runs.splice(runs.indexOf(run), 1);
        },
      ),
      { numRuns: 40 },
    );
    // Runs that met each kind of order state; operations that did each kind of change.
    coverage.expectEach(
      [
        'more than a page',
        'open, partly filled',
        'open, stop waiting',
        'open, stop triggered',
        'ended, stop triggered',
        'filled',
        'cancelled',
        'OCO leg ended',
      ],
      { atLeast: 2, per: 40 },
    );
    coverage.expectEach(
      ['users met', 'cancel', 'cancel refused', 'reload log', 'reload snapshot', 'reload older snapshot'],
      { atLeast: 2, per: 40 },
    );
  }, 120_000);
});

async function apply(run: Run, step: Op, coverage: Coverage): Promise<void> {
  if (step.kind === 'run') {
    await run.f.run(step.ms);
    return;
  }
  if (step.kind === 'reload') {
    await run.reload(step.from);
    coverage.saw(`reload ${step.from}`);
    return;
  }
  if (step.kind === 'cancel') {
    const all = run.orders();
    const mine = all.filter((order) => order.userId === run.userIds[step.user] && order.status === OPEN);
    const orders = step.own && mine.length > 0 ? mine : all;
    if (orders.length === 0) return;
    const order = orders[step.pick % orders.length]!;
    const cancelSide = step.wrongSide ? (order.side === 'buy' ? 'sell' : 'buy') : order.side;
    const answer = await run.call(
      cancelSide === 'buy' ? 'tx_in/cancel' : 'tx_out/cancel',
      { id: order.id },
      step.user,
    );
    coverage.saw(answer.code === 1 ? 'cancel' : 'cancel refused');
    return;
  }
  const spec = pairById(step.pair)!;
  const { bid, ask, last } = run.market(step.pair);
  if (!(bid > 0 && ask > 0 && last > 0)) return;
  const number = lotsText(spec, step.lots);
  const price = (ticks: number) => priceText(spec, Math.max(1, Math.round(ticks)));
  const off = (ticks: number, points: number) => Math.max(1, Math.round((ticks * points) / 10_000));
  const base = { currency_match_id: step.pair, number };
  switch (step.kind) {
    case 'rest': {
      const at = step.side === 'buy' ? bid - off(bid, step.away) : ask + off(ask, step.away);
      await run.place(step.user, step.side, {
        ...base,
        price: price(at),
        type: 0,
        post_only: step.postOnly ? 1 : 0,
      });
      return;
    }
    case 'meet': {
      // A price inside the spread (or at the best), then the other user takes it: a fill of two users.
      const at = step.side === 'buy' ? Math.min(bid + 1, ask - 1) : Math.max(ask - 1, bid + 1);
      const maker = await run.place(step.user, step.side, { ...base, price: price(at), type: 0 });
      if (maker.code !== 1) return;
      const other = 1 - step.user;
      const taker = await run.place(other, step.side === 'buy' ? 'sell' : 'buy', {
        ...base,
        number: lotsText(spec, step.takerLots),
        price: price(at),
        type: 0,
      });
      const id = (maker.data as { id: number }).id;
      await run.settled();
      if (taker.code === 1 && run.f.simulator.spot.state().orders.get(id)!.filledLots > 0)
        coverage.saw('users met');
      return;
    }
    case 'cross': {
      const at = step.side === 'buy' ? ask + off(ask, 20) : bid - off(bid, 20);
      await run.place(step.user, step.side, { ...base, price: price(at), type: 0, time_in_force: step.tif });
      return;
    }
    case 'market':
      await run.place(step.user, step.side, { ...base, type: 1 });
      return;
    case 'stop': {
      // A stop a little above or below the last trade; its limit past the stop on the order's side (it
      // trades when triggered) or short of it (it rests in the book once triggered).
      const away = step.ticks > 0 ? step.ticks : off(last, step.bps);
      const stop = step.rise ? last + away : last - away;
      const beyond = Math.sign(step.limit) * off(stop, Math.abs(step.limit));
      const limit = step.side === 'buy' ? stop + beyond : stop - beyond;
      await run.place(step.user, step.side, {
        ...base,
        type: 2,
        price: price(limit),
        stop_price: price(stop),
      });
      if (step.runAfter > 0) await run.f.run(step.runAfter);
      return;
    }
    case 'oco': {
      // Binance's price rule: a sell's limit above the last trade and its stop below; a buy the other way.
      const limit = step.side === 'sell' ? last + off(last, step.up) : last - off(last, step.up);
      const stop = step.side === 'sell' ? last - off(last, step.down) : last + off(last, step.down);
      const stopLimit = step.side === 'sell' ? stop - off(stop, 10) : stop + off(stop, 10);
      await run.place(step.user, step.side, {
        ...base,
        type: 3,
        price: price(limit),
        stop_price: price(stop),
        stop_limit_price: price(stopLimit),
      });
      return;
    }
  }
}

describe('the open-order index of a state (state.ts)', () => {
  const order = (id: number, userId: number, status: SpotOrder['status']): SpotOrder => ({
    id,
    userId,
    pairId: 1,
    side: 'buy',
    type: LIMIT,
    priceTicks: 100,
    lots: 1,
    filledLots: 0,
    filledQuote: 0n,
    fee: 0n,
    locked: 0n,
    status,
    baseCurrencyId: 2,
    quoteCurrencyId: 1,
    createdAt: 0,
    updatedAt: 0,
  });

  it('is what the lists read, not the orders map', () => {
    const orders = PersistentMap.from([
      [1, order(1, 7, OPEN)],
      [2, order(2, 7, OPEN)],
    ]);
    // A stored index naming order 2 only (a probe: a real one always agrees with the orders).
    const openOrders = withOpenOrder(PersistentMap.empty(), 7, 2, true);
    const state: SpotState = { ...initialSpotState(), orders, openOrders };
    expect(openOrdersOf(state, 7).map((each) => each.id)).toEqual([2]);
    expect(openOrdersOf(state, 8)).toEqual([]);
  });

  it('of a state without one (an older snapshot) is derived from its orders, once per orders map', () => {
    let walks = 0;
    class CountedWalks extends Map<number, SpotOrder> {
      override values(): MapIterator<SpotOrder> {
        walks++;
        return super.values();
      }
    }
    const orders = new CountedWalks([
      [1, order(1, 7, OPEN)],
      [2, order(2, 7, ORDER_STATUS_FILLED)],
      [3, order(3, 8, OPEN)],
      [4, order(4, 7, OPEN)],
    ]);
    const older: SpotState = { ...initialSpotState(), orders };
    delete older.openOrders;
    expect(openOrdersOf(older, 7).map((each) => each.id)).toEqual([4, 1]);
    expect(openOrdersOf(older, 8).map((each) => each.id)).toEqual([3]);
    expect(openOrdersOf(older, 9)).toEqual([]);
    expect(walks).toBe(1);
  });
});
