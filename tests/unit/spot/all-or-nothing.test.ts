import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { BUY, SELL } from '../../../src/sim/engine/index.ts';
import { FIRST_USER_OWNER } from '../../../src/sim/market/agents/agent.ts';
import type { PairMarket } from '../../../src/sim/market/pair-market.ts';
import type { SpotState } from '../../../src/sim/features/spot/state.ts';
import { ORDER_STATUS_OPEN } from '../../../src/domain/contract-codes.ts';
import { EventStore, type NewEvent } from '../../../src/sim/store/event-store.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { spotFixture, type SpotFixture } from './sim-fixture.ts';
import { baseUnits } from '../../../src/domain/spot/settlement.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';

/**
 * Issue 10 item 1: every spot command is all or nothing. A store that fails its Nth commit of the
 * spot stream is injected at every commit (= every await point that stores something) of a
 * scenario that places (resting, crossing, market), cancels, and lets the market fill resting
 * orders (settlement, also the settlement a place or a cancel must store before it matches).
 */
class FaultyStore extends EventStore {
  spotCommits = 0;
  failAt = 0;
  /** What each commit of the spot stream stored: its first event's type. */
  kinds: string[] = [];
  failures = 0;
  override async commit(stream: string, events: readonly NewEvent[], snapshot?: string): Promise<number> {
    if (stream === 'spot') {
      this.spotCommits++;
      this.kinds.push(events.map((event) => event.type).join('+'));
      if (this.spotCommits === this.failAt) {
        this.failures++;
        throw new Error('injected storage failure');
      }
    }
    return super.commit(stream, events, snapshot);
  }
}

type Picture = ReturnType<typeof picture>;

function picture(f: SpotFixture, pair: PairMarket, frames: readonly string[]) {
  return {
    bids: pair.book.orders(BUY),
    asks: pair.book.orders(SELL),
    tape: pair.tape.latest(),
    last: pair.lastPrice(),
    day: pair.dayWindow(),
    ledger: serialize(f.simulator.spot.state()),
    frames: frames.length,
  };
}

function totals(state: SpotState): Map<number, bigint> {
  const sums = new Map<number, bigint>();
  const add = (currency: number, units: bigint) => sums.set(currency, (sums.get(currency) ?? 0n) + units);
  for (const [key, balance] of state.balances) {
    expect(balance.available >= 0n && balance.locked >= 0n, key).toBe(true);
    add(Number(key.split(':')[1]), balance.available + balance.locked);
  }
  for (const [currency, fee] of state.fees) add(currency, fee);
  return sums;
}

/**
 * Conservation: every currency's total in the ledger (available + locked + fees) is what it held
 * before the scenario plus what users' fills brought in minus what they paid out, and every lock is
 * backed by an open order.
 */
function conserved(state: SpotState, before: Map<number, bigint>): void {
  const expected = new Map(before);
  const add = (currency: number, units: bigint) =>
    expected.set(currency, (expected.get(currency) ?? 0n) + units);
  const lockedByOrders = new Map<string, bigint>();
  for (const order of state.orders.values()) {
    const base = baseUnits(order.filledLots, pairById(order.pairId)!);
    const sign = order.side === 'buy' ? 1n : -1n;
    add(order.baseCurrencyId, sign * base);
    add(order.quoteCurrencyId, -sign * order.filledQuote);
    expect(order.locked >= 0n).toBe(true);
    if (order.status !== ORDER_STATUS_OPEN) expect(order.locked).toBe(0n);
    const key = `${order.userId}:${order.side === 'buy' ? order.quoteCurrencyId : order.baseCurrencyId}`;
    lockedByOrders.set(key, (lockedByOrders.get(key) ?? 0n) + order.locked);
  }
  expect(totals(state)).toEqual(expected);
  for (const [key, balance] of state.balances)
    expect(balance.locked, key).toBe(lockedByOrders.get(key) ?? 0n);
}

/** The ledger and the books agree: every open limit order rests with exactly its unfilled lots. */
function booksAgree(f: SpotFixture): void {
  const state = f.simulator.spot.state();
  for (const pair of f.simulator.market.market.pairs) {
    for (const side of [BUY, SELL] as const) {
      for (const resting of pair.book.orders(side)) {
        if (resting.owner < FIRST_USER_OWNER) continue;
        const order = state.orders.get(resting.id);
        expect(order?.status, `order ${resting.id} rests but is not open`).toBe(ORDER_STATUS_OPEN);
        expect(resting.lots).toBe(order!.lots - order!.filledLots);
      }
    }
  }
  for (const order of state.orders.values()) {
    if (order.status !== ORDER_STATUS_OPEN) continue;
    const pair = f.simulator.market.market.pair(order.pairId)!;
    expect(pair.book.remaining(order.id), `open order ${order.id}`).toBe(order.lots - order.filledLots);
  }
}

interface Run {
  failures: number;
  undone: number;
  refused: number;
  commits: number;
  kinds: string[];
}

const opened: EventStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/**
 * Runs the scenario with the spot stream's Nth commit (counted from after sign-in) failing; checks
 * at every undo that the pair is exactly as when its action began, and at every refused call that
 * nothing changed since the call began.
 */
async function scenario(failAt: number): Promise<Run> {
  const store = new FaultyStore({
    name: `aon-${failAt}-${Math.random().toString(36).slice(2)}`,
    indexedDB,
    IDBKeyRange,
  });
  opened.push(store);
  const f = await spotFixture({ store });
  const token = await f.login();
  await f.simulator.spot.flushFills();
  store.spotCommits = 0;
  store.kinds = [];
  store.failAt = failAt;
  const before = totals(f.simulator.spot.state());
  const frames: string[] = [];
  const session = f.simulator.hub.open((text) => frames.push(text));
  session.receive(JSON.stringify({ type: 'login', params: token }));
  session.receive(JSON.stringify({ type: 'sub', params: 'TX_SUBMIT' }));
  session.receive(JSON.stringify({ type: 'sub', params: 'TX_MATCHED' }));

  const pair = f.simulator.market.market.pair(1)!;
  const run: Run = { failures: 0, undone: 0, refused: 0, commits: 0, kinds: [] };
  let began: Picture | null = null;
  const begin = pair.begin.bind(pair);
  const undo = pair.undo.bind(pair);
  // Pictures only while a user order is about: the market's own actions need none.
  pair.begin = () => {
    began = picture(f, pair, frames);
    begin();
  };
  pair.undo = () => {
    undo();
    run.undone++;
    expect(picture(f, pair, frames)).toEqual(began);
  };

  // `still`: the clock did not move since the last call, so a refused call must leave everything
  // as it was; after the clock moved the market legitimately trades on, and the undo check applies.
  let still = true;
  const call = async (path: string, payload: Record<string, unknown>) => {
    const before = picture(f, pair, frames);
    const answer = await f.call(path, payload, token);
    if (answer.code !== 1) {
      run.refused++;
      if (still) expect(picture(f, pair, frames)).toEqual(before);
    }
    still = true;
    return answer;
  };
  const ticks = (n: number) => (n / 100).toFixed(2);

  // 1. A limit buy far below the market rests.
  const resting = await call('tx_in/add', {
    currency_match_id: 1,
    number: '0.01',
    price: ticks(pair.book.bestBid() - 2000),
    type: 0,
  });
  // 2. A limit sell through the bid takes liquidity (fills on arrival).
  await call('tx_out/add', {
    currency_match_id: 1,
    number: '0.002',
    price: ticks(pair.book.bestBid() - 500),
    type: 0,
  });
  // 3. A market buy.
  await call('tx_in/add', { currency_match_id: 1, number: '0.002', type: 1 });
  // 4. Cancel the resting buy.
  if (resting.code === 1) await call('tx_in/cancel', { id: (resting.data as { id: number }).id });
  const touch = () => ({
    currency_match_id: 1,
    number: '0.001',
    price: ticks(pair.book.bestAsk() - 1),
    type: 0,
  });
  const far = () => ({
    currency_match_id: 1,
    number: '0.001',
    price: ticks(pair.book.bestBid() - 50_000),
    type: 0,
  });
  // 5. A sell just under the best ask, that the market's buyers fill (settlement), and a far buy.
  await call('tx_out/add', touch());
  const farBuy = await call('tx_in/add', far());
  // 6. The market moves, then a place must first store what the market did to the resting sell.
  f.clock.advance(30_000);
  still = false;
  await call('tx_in/add', far());
  // 7. Same for a cancel.
  await call('tx_out/add', touch());
  f.clock.advance(30_000);
  still = false;
  if (farBuy.code === 1) await call('tx_in/cancel', { id: (farBuy.data as { id: number }).id });
  // 8. Another resting sell at the touch, filled by the market's own flow.
  await call('tx_out/add', touch());
  await f.run(120_000);
  await f.simulator.spot.flushFills();

  booksAgree(f);
  conserved(f.simulator.spot.state(), before);
  run.failures = store.failures;
  run.commits = store.spotCommits;
  run.kinds = store.kinds;
  session.close();
  return run;
}

describe('spot commands are all or nothing (fault injection at every commit)', () => {
  it('a store failure at any commit of place, cancel or settlement changes nothing, and the rest goes on', async () => {
    const clean = await scenario(0);
    expect(clean.failures).toBe(0);
    expect(clean.undone).toBe(0);
    // The scenario stores at least: 5 places, 2 cancels and a settlement.
    expect(clean.commits).toBeGreaterThanOrEqual(8);
    // Settlement is stored at each await point: inside a place, inside a cancel, and on its own.
    const kinds = clean.kinds.join(', ');
    expect(kinds).toContain('OrderFilled+OrderEnded, OrderPlaced');
    expect(kinds).toContain('OrderFilled+OrderEnded, OrderEnded');
    expect(clean.kinds.at(-1)).toBe('OrderFilled+OrderEnded');
    let tested = 0;
    for (let failAt = 1; failAt <= clean.commits; failAt++) {
      const run = await scenario(failAt);
      expect(run.failures, `commit ${failAt}`).toBe(1);
      // The failed command was taken back: its action undone, or its call refused unchanged.
      expect(run.undone + run.refused, `commit ${failAt}`).toBeGreaterThanOrEqual(1);
      tested++;
    }
    console.log(`all-or-nothing: fault injected at ${tested} commit points of ${clean.commits}`);
  }, 300_000);
});
