import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import {
  LEVER_LIST_CURRENT,
  LEVER_LIST_DELEGATION,
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_STATUS_CANCELLED,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
} from '../../../src/domain/contract-codes.ts';
import { exchangeAggregate, type ExchangeEvent } from '../../../src/sim/exchange/exchange.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { earningsPart } from '../../../src/sim/features/earnings/part.ts';
import { initialEarningsState } from '../../../src/sim/features/earnings/state.ts';
import { leverOf, leverPart } from '../../../src/sim/features/lever/part.ts';
import { initialLeverState, type LeverPosition } from '../../../src/sim/features/lever/state.ts';
import { microOf, microPart } from '../../../src/sim/features/micro/part.ts';
import { initialMicroState, type MicroContract } from '../../../src/sim/features/micro/state.ts';
import { p2pPart } from '../../../src/sim/features/p2p/part.ts';
import { initialP2pState } from '../../../src/sim/features/p2p/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { pageAnswer } from '../../../src/sim/features/spot/answers.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import { priceText, lotsText } from '../../../src/sim/market/market-answers.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import type { EventLog } from '../../../src/sim/store/event-log.ts';
import type { NewEvent, RequestAnswer } from '../../../src/sim/store/event-store.ts';
import { deserialize, serialize } from '../../../src/sim/store/serialization.ts';
import { SqliteEventLog } from '../../../src/sim/store/sqlite-event-log.ts';
import { registerUser, spotFixture, type SpotFixture } from '../spot/sim-fixture.ts';

/**
 * Two per-request costs of the exchange's hot path, removed (issue 35), against what they did before:
 *
 * - EventSourced keeps the state a decision worked out while applying its events (spot's builder,
 *   a part's probe) instead of folding the events a second time. The old path's state after every
 *   command was the fold of the log's events from the start: after every step (spot orders placed,
 *   filled, cancelled; lever positions opened, pending, closed, cancelled; micro contracts bought and
 *   settled; commits that fail; restarts from the log or a snapshot) the live state is exactly that
 *   fold, byte for byte, and a failed commit left it as it was.
 * - Lever's and micro's lists read a per-user index instead of walking every position or contract
 *   of every user: lever/my_trade (each status, each page), lever/dealall, lever/deal and
 *   microtrade/lists answer the same rows, in the same order, on the same pages as the walk, also
 *   after a restart from a snapshot older than the index.
 */

/** The exchange's aggregate as open-spot.ts builds it: the fold the old path kept. */
const aggregate = exchangeAggregate(
  spotAggregate((pairId) => pairById(pairId)),
  [walletPart, earningsPart, microPart, leverPart, p2pPart],
  () => ({
    earnings: initialEarningsState(),
    micro: initialMicroState(),
    lever: initialLeverState(),
    p2p: initialP2pState(),
  }),
);

/** The pre-index lever lists: every position of every user, the user's kept, newest first (the oracle). */
function leverByWalk(state: ExchangeState, userId: number, keep: (p: LeverPosition) => boolean) {
  return [...leverOf(state).positions.values()]
    .filter((p) => p.userId === userId && keep(p))
    .sort((a, b) => b.id - a.id);
}

/** The pre-index microtrade/lists: every contract of every user, the user's kept, newest first. */
function microByWalk(state: ExchangeState, userId: number, wanted: string, matchId: number) {
  return [...microOf(state).contracts.values()]
    .filter(
      (c: MicroContract) =>
        c.userId === userId && c.status === wanted && (matchId === 0 || c.pairId === matchId),
    )
    .sort((a, b) => b.id - a.id);
}

/** The state without its indexes (they are checked by the lists; an older snapshot lacks them). */
function withoutIndexes(state: ExchangeState): unknown {
  const { openOrders: _orders, ...rest } = state;
  const lever = { ...leverOf(state) };
  delete lever.byUser;
  const micro = { ...microOf(state) };
  delete micro.byUser;
  return { ...rest, lever, micro };
}

/** The simulator's log: an SQLite log in memory that keeps every exchange event committed, and can fail a commit. */
class Log implements EventLog {
  readonly inner = new SqliteEventLog({ file: ':memory:' });
  readonly committed: NewEvent[] = [];
  failNext = false;
  failed = 0;
  async commit(stream: string, events: readonly NewEvent[], snapshot?: string, request?: RequestAnswer) {
    if (stream === 'spot' && this.failNext) {
      this.failNext = false;
      this.failed++;
      throw new Error('injected commit failure');
    }
    const seq = await this.inner.commit(stream, events, snapshot, request);
    if (stream === 'spot') this.committed.push(...events);
    return seq;
  }
  answerOf(id: string) {
    return this.inner.answerOf(id);
  }
  recordAnswer(request: RequestAnswer) {
    return this.inner.recordAnswer(request);
  }
  appendRaw(stream: string, events: readonly NewEvent[]) {
    return this.inner.appendRaw(stream, events);
  }
  readEvents(fromSeq: number, options?: { stream?: string; limit?: number }) {
    return this.inner.readEvents(fromSeq, options);
  }
  readHistory(stream: string) {
    return this.inner.readHistory(stream);
  }
  writeSnapshot(name: string, seq: number, state: string) {
    return this.inner.writeSnapshot(name, seq, state);
  }
  getSetting(key: string) {
    return this.inner.getSetting(key);
  }
  setSetting(key: Parameters<EventLog['setSetting']>[0], value: Parameters<EventLog['setSetting']>[1]) {
    return this.inner.setSetting(key, value);
  }
  close() {
    this.inner.close();
  }
}

const SECOND_EMAIL = 'hot-path-two@example.com';

type Op =
  | { kind: 'spot'; user: number; side: 'buy' | 'sell'; away: number; lots: number }
  | { kind: 'spotCancel'; user: number; pick: number }
  | { kind: 'lever'; user: number; pair: 1 | 2; long: boolean; fixed: boolean; multiple: number }
  | { kind: 'leverEnd'; user: number; pick: number }
  | { kind: 'micro'; user: number; pair: 1 | 2; up: boolean; seconds: 30 | 60 }
  | { kind: 'run'; ms: number }
  | { kind: 'fail' }
  | { kind: 'reload'; from: 'log' | 'snapshot' | 'older snapshot' };

const user = fc.constantFrom(0, 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('spot' as const),
      user,
      side: fc.constantFrom('buy' as const, 'sell' as const),
      away: fc.integer({ min: -20, max: 40 }),
      lots: fc.integer({ min: 50, max: 400 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('spotCancel' as const), user, pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('lever' as const),
      user,
      pair: fc.constantFrom(1 as const, 2 as const),
      long: fc.boolean(),
      fixed: fc.boolean(),
      multiple: fc.constantFrom(5, 10, 20),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('leverEnd' as const), user, pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('micro' as const),
      user,
      pair: fc.constantFrom(1 as const, 2 as const),
      up: fc.boolean(),
      seconds: fc.constantFrom(30 as const, 60 as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('run' as const), ms: fc.integer({ min: 1000, max: 40_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'fail' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reload' as const),
      from: fc.constantFrom('log' as const, 'snapshot' as const, 'older snapshot' as const),
    }),
  },
);

class Run {
  f!: SpotFixture;
  tokens: string[] = [];
  userIds: number[] = [];
  readonly log = new Log();
  readonly facts = new Set<string>();

  async start(): Promise<void> {
    this.f = await spotFixture({ store: this.log });
    this.tokens = [await this.f.login(), await registerUser(this.f, SECOND_EMAIL)];
    this.userIds = this.tokens.map((token) => this.f.simulator.accounts.userIdOf(token, this.f.clock.now())!);
    for (const token of this.tokens) {
      for (const to of ['lever', 'micro']) {
        const moved = await this.f.call(
          'account/transfer',
          { currency_id: 1, balance: '3000', from: 'change', to },
          token,
        );
        expect(moved.code, moved.msg).toBe(1);
      }
    }
  }

  state(): ExchangeState {
    return this.f.simulator.spot.state() as ExchangeState;
  }

  call(path: string, payload: Record<string, unknown>, who: number): Promise<Envelope> {
    return this.f.call(path, payload, this.tokens[who]!);
  }

  async settled(): Promise<void> {
    const spot = this.f.simulator.spot;
    for (let state = null as unknown; state !== spot.state();) {
      state = spot.state();
      await spot.flushFills();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await spot.flushFills();
    }
  }

  async reload(from: 'log' | 'snapshot' | 'older snapshot'): Promise<void> {
    await this.settled();
    if (from !== 'log') {
      const history = await this.log.readHistory('spot');
      const seq = history.events.at(-1)?.seq ?? history.snapshot?.seq ?? 0;
      const state = this.state();
      let stored: object = state;
      // A snapshot written before the lever and micro indexes existed: their slices without them.
      if (from === 'older snapshot') {
        const lever = { ...leverOf(state) };
        delete lever.byUser;
        const micro = { ...microOf(state) };
        delete micro.byUser;
        stored = { ...state, lever, micro };
      }
      await this.log.writeSnapshot('spot', seq, serialize(stored));
    }
    this.f = await spotFixture({ store: this.log, start: this.f.clock.now() + 1000 });
    const login = async (account: string, password: string) => {
      const answer = await this.f.call('user/login', { account, password, login_type: 'email' });
      expect(answer.code).toBe(1);
      return answer.data as string;
    };
    this.tokens = [
      await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password),
      await login(SECOND_EMAIL, 'Secret123'),
    ];
  }

  /** The live state is the old path's: the fold of every event the log committed, from the start. */
  checkFold(): void {
    let folded = aggregate.initial();
    for (const row of this.log.committed)
      folded = aggregate.evolve(folded, deserialize(row.data) as ExchangeEvent);
    expect(serialize(withoutIndexes(this.state()))).toBe(serialize(withoutIndexes(folded)));
  }

  /** Every lever and micro list of both users against the walk of every position and contract. */
  async checkLists(): Promise<void> {
    // The lists bring lever and micro up to the clock first (marks, settlements): done here, so every
    // list below reads this one state.
    await this.f.simulator.lever.advance();
    await this.f.simulator.micro.advance();
    await this.settled();
    const state = this.state();
    const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);
    for (const [who, userId] of this.userIds.entries()) {
      const positions = leverByWalk(state, userId, () => true);
      for (const p of positions) this.facts.add(`lever status ${p.status}`);
      if (positions.length > 10) this.facts.add('lever: more than a page');
      for (const status of [
        LEVER_LIST_CURRENT,
        LEVER_LIST_DELEGATION,
        LEVER_STATUS_PENDING,
        LEVER_STATUS_OPEN,
        LEVER_STATUS_CLOSED,
        LEVER_STATUS_CANCELLED,
      ]) {
        for (const pairId of [0, 1, 2]) {
          const wanted = (p: LeverPosition) =>
            status === LEVER_LIST_CURRENT
              ? p.status === LEVER_STATUS_OPEN
              : status === LEVER_LIST_DELEGATION || p.status === status;
          const rows = leverByWalk(state, userId, (p) => (!pairId || p.pairId === pairId) && wanted(p));
          for (let page = 1; page <= Math.max(1, Math.ceil(rows.length / 10)) + 1; page++) {
            const answer = await this.call(
              'lever/my_trade',
              { status, page, ...(pairId ? { currency_match_id: pairId } : {}) },
              who,
            );
            expect(answer.code, answer.msg).toBe(1);
            expect(this.state()).toBe(state);
            const { data, ...paging } = answer.data as { data: Array<{ id: number }> };
            const { data: expected, ...expectedPaging } = pageAnswer(rows, page, 10);
            expect({ ids: ids(data), ...paging }).toEqual({ ids: ids(expected), ...expectedPaging });
          }
        }
      }
      for (const pairId of [1, 2]) {
        const open = leverByWalk(state, userId, (p) => p.pairId === pairId && p.status === LEVER_STATUS_OPEN);
        const deal = await this.call('lever/deal', { currency_match_id: pairId }, who);
        expect(deal.code, deal.msg).toBe(1);
        expect(ids((deal.data as { my_transaction: Array<{ id: number }> }).my_transaction)).toEqual(
          ids(open),
        );
        const rows = leverByWalk(
          state,
          userId,
          (p) => p.pairId === pairId && (p.status === LEVER_STATUS_OPEN || p.status === LEVER_STATUS_PENDING),
        );
        for (let page = 1; page <= Math.max(1, Math.ceil(rows.length / 10)); page++) {
          const all = await this.call('lever/dealall', { currency_match_id: pairId, page }, who);
          expect(all.code, all.msg).toBe(1);
          const { data, ...paging } = (all.data as { order: { data: Array<{ id: number }> } }).order;
          const { data: expected, ...expectedPaging } = pageAnswer(rows, page, 10);
          expect({ ids: ids(data), ...paging }).toEqual({ ids: ids(expected), ...expectedPaging });
        }
      }
      expect(this.state()).toBe(state);
      for (const status of [MICRO_STATUS_RUNNING, MICRO_STATUS_CLOSED]) {
        for (const matchId of [0, 1, 2]) {
          const rows = microByWalk(
            state,
            userId,
            status === MICRO_STATUS_RUNNING ? 'running' : 'closed',
            matchId,
          );
          if (rows.length > 0) this.facts.add(`micro ${status}`);
          for (const limit of [3, 10]) {
            for (let page = 1; page <= Math.max(1, Math.ceil(rows.length / limit)); page++) {
              const answer = await this.call(
                'microtrade/lists',
                { status, match_id: matchId, page, limit },
                who,
              );
              expect(answer.code, answer.msg).toBe(1);
              const { data, ...paging } = answer.data as { data: Array<{ id: number }> };
              const { data: expected, ...expectedPaging } = pageAnswer(rows, page, limit);
              expect({ ids: ids(data), ...paging }).toEqual({ ids: ids(expected), ...expectedPaging });
            }
          }
        }
      }
    }
  }
}

describe('the exchange hot path answers what it did before (issue 35)', () => {
  const runs: Run[] = [];
  afterEach(() => {
    for (const run of runs.splice(0)) run.log.close();
  });

  it('keeps the decided state (the fold of the log, a failed commit changing nothing) and lists by user index', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 16 }), async (ops) => {
        const run = new Run();
        runs.push(run);
        await run.start();
        for (const step of ops) {
          await apply(run, step);
          await run.settled();
          run.checkFold();
          await run.checkLists();
          // The lists only read: a check leaves the state as it found it.
          run.checkFold();
        }
        await run.reload('log');
        run.checkFold();
        await run.checkLists();
        for (const fact of run.facts) seen.set(fact, (seen.get(fact) ?? 0) + 1);
        if (run.log.failed > 0) seen.set('failed commit', (seen.get('failed commit') ?? 0) + 1);
        run.log.close();
        runs.splice(runs.indexOf(run), 1);
      }),
      // The random runs reach each state below most of the time, not always (stop 46's CI run saw a
      // settled micro contract in 1 of 25). These two walks reach every one of them, so the coverage
      // check below fails only when a state is no longer reachable, never by the draw.
      { numRuns: 25, examples: [[everyStateWalk(0)], [everyStateWalk(1)]] },
    );
    for (const fact of [
      `lever status ${LEVER_STATUS_PENDING}`,
      `lever status ${LEVER_STATUS_OPEN}`,
      `lever status ${LEVER_STATUS_CLOSED}`,
      `lever status ${LEVER_STATUS_CANCELLED}`,
      `micro ${MICRO_STATUS_RUNNING}`,
      `micro ${MICRO_STATUS_CLOSED}`,
      'failed commit',
    ])
      expect(seen.get(fact) ?? 0, fact).toBeGreaterThanOrEqual(2);
  }, 300_000);
});

/**
 * A walk that leaves one position of every lever status, a settled and a running micro contract, and
 * a failed commit: a pending order cancelled and one kept, a market position closed and one kept.
 */
function everyStateWalk(who: number): Op[] {
  const lever = (fixed: boolean): Op => ({
    kind: 'lever',
    user: who,
    pair: 1,
    long: true,
    fixed,
    multiple: 10,
  });
  const micro: Op = { kind: 'micro', user: who, pair: 2, up: true, seconds: 30 };
  return [
    lever(true),
    { kind: 'leverEnd', user: who, pick: 0 },
    lever(false),
    { kind: 'leverEnd', user: who, pick: 0 },
    lever(true),
    lever(false),
    micro,
    { kind: 'run', ms: 40_000 },
    micro,
    { kind: 'fail' },
  ];
}

async function apply(run: Run, step: Op): Promise<void> {
  switch (step.kind) {
    case 'run':
      await run.f.run(step.ms);
      return;
    case 'reload':
      await run.reload(step.from);
      return;
    case 'fail': {
      // The next exchange command's commit fails: it must leave the state as it was (checkFold).
      run.log.failNext = true;
      const before = run.state();
      const answer = await run.call(
        'lever/submit',
        {
          currency_match_id: 2,
          share: 1,
          multiple: 10,
          type: LEVER_TYPE_LONG,
          status: LEVER_PRICE_MARKET,
        },
        0,
      );
      if (run.log.failNext) run.log.failNext = false;
      else {
        expect(answer.code).not.toBe(1);
        expect(run.state()).toBe(before);
      }
      return;
    }
    case 'spot': {
      const spec = pairById(2)!;
      const market = run.f.simulator.market.market.pair(2)!;
      const last = market.tape.last()?.price ?? market.lastPrice();
      const ticks = Math.max(
        1,
        Math.round(last * (1 - ((step.side === 'buy' ? 1 : -1) * step.away) / 10_000)),
      );
      await run.call(
        step.side === 'buy' ? 'tx_in/add' : 'tx_out/add',
        { currency_match_id: 2, number: lotsText(spec, step.lots), price: priceText(spec, ticks), type: 0 },
        step.user,
      );
      return;
    }
    case 'spotCancel': {
      const open = run.f.simulator.spot.openOrdersOf(run.userIds[step.user]!);
      if (open.length === 0) return;
      const order = open[step.pick % open.length]!;
      await run.call(order.side === 'buy' ? 'tx_in/cancel' : 'tx_out/cancel', { id: order.id }, step.user);
      return;
    }
    case 'lever': {
      const market = run.f.simulator.market.market.pair(step.pair)!;
      const last =
        (market.tape.last()?.price ?? market.lastPrice()) / 10 ** pairById(step.pair)!.priceDecimals;
      // A fixed price well away from the market: it stays pending until cancelled.
      const target = (last * (step.long ? 0.9 : 1.1)).toFixed(2);
      await run.call(
        'lever/submit',
        {
          currency_match_id: step.pair,
          share: 1,
          multiple: step.multiple,
          type: step.long ? LEVER_TYPE_LONG : LEVER_TYPE_SHORT,
          status: step.fixed ? LEVER_PRICE_FIXED : LEVER_PRICE_MARKET,
          ...(step.fixed ? { target_price: target } : {}),
        },
        step.user,
      );
      return;
    }
    case 'leverEnd': {
      const mine = leverByWalk(
        run.state(),
        run.userIds[step.user]!,
        (p) => p.status === LEVER_STATUS_OPEN || p.status === LEVER_STATUS_PENDING,
      );
      if (mine.length === 0) return;
      const p = mine[step.pick % mine.length]!;
      await run.call(
        p.status === LEVER_STATUS_PENDING ? 'lever/cancel' : 'lever/close',
        { id: p.id },
        step.user,
      );
      return;
    }
    case 'micro':
      await run.call(
        'microtrade/submit',
        { match_id: step.pair, currency_id: 1, type: step.up ? 1 : 2, seconds: step.seconds, number: '100' },
        step.user,
      );
      return;
  }
}
