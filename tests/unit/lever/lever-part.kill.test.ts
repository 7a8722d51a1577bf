import { beforeEach, describe, expect, it } from 'vitest';
import {
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_NONE,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_CLOSE_USER,
  LEVER_STATUS_CANCELLED,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
} from '../../../src/domain/contract-codes.ts';
import {
  isLiquidating,
  leverBond,
  leverEntryPrice,
  leverFee,
  leverOvernightFee,
  leverPnl,
  leverQuantity,
  leverSettlement,
  tickUnits,
  UNIT,
} from '../../../src/domain/lever/rules.ts';
import type { LeverCommand, LeverEvent } from '../../../src/sim/features/lever/events.ts';
import {
  accountFigures,
  leverOf,
  leverPart,
  leverPostings,
  leverTriggeredBy,
  openPositionsOf,
  pnlAtMark,
} from '../../../src/sim/features/lever/part.ts';
import type { LeverPosition } from '../../../src/sim/features/lever/state.ts';
import type { TapeTradeRef } from '../../../src/sim/features/micro/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import type { LogLine } from '../../../src/sim/features/wallet/state.ts';
import { bookKey, userBalance } from '../../../src/sim/ledger/postings.ts';
import {
  DAY_MS,
  LEVER_MAX_SHARE,
  LEVER_OVERNIGHT_RATE,
  priceUnits,
} from '../../../src/sim/market/lever-terms.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The lever part's own decisions, postings and records, example by example: every refusal with its
 * key at its boundary, every posting's account, sign and amount, every record line, and the clock's
 * pass (fills, stops, liquidation order, overnight fees, marks), each expected value derived from
 * the published rules (src/domain/lever/rules.ts) and the pairs' terms.
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart]);
const USDT = 1;
const BTC_PAIR = 1;
const ETH_PAIR = 2;
const BTC = pairById(BTC_PAIR)!;
const ETH = pairById(ETH_PAIR)!;
const TICK = tickUnits(BTC.priceDecimals);
const DAY = 20_394;
const START = DAY * DAY_MS + 9 * 3_600_000;
const LAST: TapeTradeRef = { id: 100, time: START, price: 6_500_000 }; // BTC 65 000.00
const ETH_LAST: TapeTradeRef = { id: 101, time: START, price: 350_000 }; // ETH 3 500.00
const FUND = 10_000n * UNIT;

const tape = (id: number, price: number, time = START + id): TapeTradeRef => ({ id, time, price });

function step(state: ExchangeState, command: ExchangeCommand): ExchangeState {
  const decision = aggregate.decide(state, command);
  if (!decision.ok) throw new Error(decision.error);
  return decision.events.reduce((s, event) => aggregate.evolve(s, event), state);
}

/** Users 1 and 2 with `lever` units of USDT each in their lever accounts (and a large change account). */
function funded(lever: bigint = FUND): ExchangeState {
  let state = aggregate.initial();
  for (const [grant, userId] of [1, 2].entries()) {
    state = step(state, {
      kind: 'credit',
      at: START,
      grant,
      userId,
      lines: [{ currencyId: USDT, units: 10n ** 15n }],
    });
    if (lever > 0n)
      state = step(state, {
        kind: 'transfer',
        at: START,
        userId,
        currencyId: USDT,
        from: 'change',
        to: 'lever',
        units: lever,
      });
  }
  return state;
}

function decideLever(state: ExchangeState, command: LeverCommand) {
  return aggregate.decide(state, command as unknown as ExchangeCommand);
}

/** The events of an accepted lever command and the state after them. */
function play(state: ExchangeState, command: LeverCommand): { state: ExchangeState; events: LeverEvent[] } {
  const decision = decideLever(state, command);
  if (!decision.ok) throw new Error(`refused: ${decision.error}`);
  const events = decision.events as unknown as LeverEvent[];
  return { state: events.reduce((s, e) => evolvePart(s, e), state), events };
}

/** The lever part's own decision and fold, without the exchange's balance check around them. */
const decidePart = (state: ExchangeState, command: LeverCommand) => leverPart.decide(state, command);
const evolvePart = (state: ExchangeState, event: LeverEvent) => leverPart.evolve(state, event);

function refusal(state: ExchangeState, command: LeverCommand): string | null {
  const decision = decideLever(state, command);
  return decision.ok ? null : decision.error;
}

type Place = Extract<LeverCommand, { kind: 'leverPlace' }>;
function place(extra: Partial<Place> = {}): Place {
  return {
    kind: 'leverPlace',
    at: START + 1,
    userId: 1,
    pairId: BTC_PAIR,
    side: 'long',
    lots: 10n,
    multiple: 10,
    limit: 0n,
    last: LAST,
    ...extra,
  };
}

/** A pass of the clock; day 0 (before any recorded day) charges no overnight fee. */
function advance(trades: TapeTradeRef[], at: number, pairId = BTC_PAIR, day = 0): LeverCommand {
  return { kind: 'leverAdvance', at, day, trades: [{ pairId, trades }] };
}

/** What a market order of the pair costs by the rules: entry, quantity, bond, fee. */
function marketTerms(side: 'long' | 'short', lots: bigint, multiple: number, last = LAST, pair = BTC) {
  const entry = leverEntryPrice(side, priceUnits(pair, last.price), pair.leverPointRate, pair.priceDecimals);
  const quantity = leverQuantity(lots, pair.leverShareNum);
  return {
    entry,
    quantity,
    bond: leverBond(entry, quantity, multiple),
    fee: leverFee(entry, quantity, pair.leverFeeRate),
  };
}

const position = (state: ExchangeState, id: number): LeverPosition => leverOf(state).positions.get(id)!;
const logsOf = (state: ExchangeState, userId: number): LogLine[] => state.wallet.logs.get(userId) ?? [];
const book = (state: ExchangeState, name: 'fees' | 'lever' | 'insurance'): bigint =>
  state.books.get(bookKey(name, USDT)) ?? 0n;
const lever = (state: ExchangeState, userId = 1) => userBalance(state, userId, 'lever', USDT);

describe('placing a lever order: refusals at their boundaries', () => {
  let state: ExchangeState;
  beforeEach(() => {
    state = funded();
  });

  it('refuses a pair closed to lever or unknown', () => {
    expect(refusal(state, place({ pairId: 10 }))).toBe('leverPairClosed');
    expect(refusal(state, place({ pairId: 999 }))).toBe('leverPairClosed');
  });

  it('refuses without a last price, accepts the smallest one', () => {
    expect(refusal(state, place({ last: { ...LAST, price: 0 } }))).toBe('leverNoPrice');
    expect(refusal(state, place({ last: { ...LAST, price: -1 } }))).toBe('leverNoPrice');
    expect(refusal(state, place({ last: { ...LAST, price: 1 } }))).toBeNull();
  });

  it('takes 1 to LEVER_MAX_SHARE lots', () => {
    expect(refusal(state, place({ lots: 0n }))).toBe('leverLotsRange');
    expect(refusal(state, place({ lots: 1n }))).toBeNull();
    expect(refusal(state, place({ lots: LEVER_MAX_SHARE, multiple: 100 }))).toBeNull();
    expect(refusal(state, place({ lots: LEVER_MAX_SHARE + 1n, multiple: 100 }))).toBe('leverLotsRange');
  });

  it('takes only the offered multiples', () => {
    expect(refusal(state, place({ multiple: 3 }))).toBe('leverMultiple');
    expect(refusal(state, place({ multiple: 2 }))).toBeNull();
  });

  it('takes a fixed price only below the last (long) or above it (short), on a whole tick', () => {
    const last = priceUnits(BTC, LAST.price);
    expect(refusal(state, place({ limit: last }))).toBe('leverLimitSide');
    expect(refusal(state, place({ limit: last - TICK }))).toBeNull();
    expect(refusal(state, place({ limit: last - TICK - 1n }))).toBe('leverLimitSide');
    expect(refusal(state, place({ side: 'short', limit: last }))).toBe('leverLimitSide');
    expect(refusal(state, place({ side: 'short', limit: last + TICK }))).toBeNull();
    expect(refusal(state, place({ side: 'short', limit: last + TICK + 1n }))).toBe('leverLimitSide');
  });

  it('needs bond + fee free: exactly enough is enough, one unit less is refused by the part itself', () => {
    const { bond, fee } = marketTerms('long', 10n, 10);
    const exact = funded(bond + fee);
    expect(refusal(exact, place())).toBeNull();
    const short = funded(bond + fee - 1n);
    expect(decidePart(short, place())).toEqual({ ok: false, error: 'leverInsufficient' });
    expect(leverPart.overdrawn).toBe('leverInsufficient');
  });

  it('a fixed-price order needs its bond + fee at its own price', () => {
    const limit = priceUnits(BTC, LAST.price) - 1_000n * UNIT;
    const quantity = leverQuantity(10n, BTC.leverShareNum);
    const cost = leverBond(limit, quantity, 10) + leverFee(limit, quantity, BTC.leverFeeRate);
    expect(decidePart(funded(cost), place({ limit })).ok).toBe(true);
    expect(decidePart(funded(cost - 1n), place({ limit }))).toEqual({
      ok: false,
      error: 'leverInsufficient',
    });
  });
});

describe('placing a lever order: the position, its postings and its record', () => {
  it('a market long opens at the spread entry, locks the bond and pays the fee to the fees book', () => {
    const state = funded();
    const { entry, quantity, bond, fee } = marketTerms('long', 10n, 10);
    const decision = decidePart(state, place());
    expect(decision.ok && decision.reply).toBe(1);
    const { state: after, events } = play(state, place());
    expect(events).toEqual([
      {
        type: 'LeverPlaced',
        at: START + 1,
        position: {
          id: 1,
          userId: 1,
          pairId: BTC_PAIR,
          currencyId: USDT,
          side: 'long',
          lots: 10n,
          quantity,
          multiple: 10,
          limit: 0n,
          entry,
          origin: LAST,
          takeProfit: 0n,
          stopLoss: 0n,
          originBond: bond,
          bond,
          fee,
          overnight: 0n,
          status: LEVER_STATUS_OPEN,
          closeReason: LEVER_CLOSE_NONE,
          openTrade: LAST,
          closeTrade: null,
          closePrice: 0n,
          pnl: 0n,
          insurance: 0n,
          placedAt: START + 1,
          openedAt: START + 1,
          closedAt: 0,
        },
      },
    ]);
    expect(leverPostings(state, events[0]!)).toEqual([
      { kind: 'user', userId: 1, account: 'lever', currencyId: USDT, available: -(bond + fee), locked: bond },
      { kind: 'book', book: 'fees', currencyId: USDT, amount: fee },
    ]);
    expect(lever(after)).toEqual({ available: FUND - bond - fee, locked: bond });
    expect(book(after, 'fees') - book(state, 'fees')).toBe(fee);
    expect(leverOf(after).nextId).toBe(2);
    expect([...leverOf(after).active]).toEqual([1]);
    expect(leverOf(after).marks.get(BTC_PAIR)).toEqual(LAST);
    const lines = logsOf(after, 1);
    expect(lines.length).toBe(logsOf(state, 1).length + 1);
    expect(lines.at(-1)).toEqual({
      id: state.wallet.nextLogId,
      account: 'lever',
      currencyId: USDT,
      before: FUND,
      value: -(bond + fee),
      after: FUND - bond - fee,
      kind: 'leverOpen',
      detail: '1',
      at: START + 1,
    });
    expect(after.wallet.nextLogId).toBe(state.wallet.nextLogId + 1);
  });

  it('a market short enters below the last price', () => {
    const { entry } = marketTerms('short', 10n, 10);
    const { events } = play(funded(), place({ side: 'short' }));
    const placed = events[0]!;
    expect(placed.type === 'LeverPlaced' && placed.position.entry).toBe(entry);
    expect(entry < priceUnits(BTC, LAST.price)).toBe(true);
  });

  it('a fixed-price order waits at its price with bond and fee locked, and no fee paid yet', () => {
    const state = funded();
    const limit = priceUnits(BTC, LAST.price) - 500n * UNIT;
    const quantity = leverQuantity(10n, BTC.leverShareNum);
    const bond = leverBond(limit, quantity, 10);
    const fee = leverFee(limit, quantity, BTC.leverFeeRate);
    const { state: after, events } = play(state, place({ limit }));
    const placed = events[0]!;
    expect(placed.type === 'LeverPlaced' && placed.position).toMatchObject({
      limit,
      entry: limit,
      status: LEVER_STATUS_PENDING,
      openTrade: null,
      openedAt: 0,
      bond,
      fee,
    });
    expect(leverPostings(state, placed)).toEqual([
      {
        kind: 'user',
        userId: 1,
        account: 'lever',
        currencyId: USDT,
        available: -(bond + fee),
        locked: bond + fee,
      },
    ]);
    expect(lever(after)).toEqual({ available: FUND - bond - fee, locked: bond + fee });
    expect(book(after, 'fees')).toBe(book(state, 'fees'));
    expect(logsOf(after, 1).at(-1)).toMatchObject({ kind: 'leverOrder', value: -(bond + fee) });
    expect([...leverOf(after).active]).toEqual([1]);
  });

  it('numbers positions in order, and keeps the later mark when an order cites an older trade', () => {
    let { state } = play(funded(), place());
    state = play(state, advance([tape(200, 6_510_000)], START + 300)).state;
    const mark = leverOf(state).marks.get(BTC_PAIR);
    expect(mark).toEqual(tape(200, 6_510_000));
    // Same id as the mark but another price: the recorded mark stays.
    const placed = play(state, place({ last: { id: 200, time: START, price: 6_400_000 } }));
    const second = placed.events[0]!;
    expect(second.type === 'LeverPlaced' && second.position.id).toBe(2);
    expect(leverOf(placed.state).marks.get(BTC_PAIR)).toEqual(mark);
    expect(leverOf(placed.state).nextId).toBe(3);
  });
});

describe('cancelling a fixed-price order', () => {
  const limit = priceUnits(BTC, LAST.price) - 500n * UNIT;
  let base: ExchangeState;
  beforeEach(() => {
    base = play(funded(), place({ limit })).state;
  });

  it('refuses unknown ids, other users and open positions', () => {
    expect(refusal(base, { kind: 'leverCancel', at: START + 2, userId: 1, positionId: 9 })).toBe(
      'leverNotFound',
    );
    expect(refusal(base, { kind: 'leverCancel', at: START + 2, userId: 2, positionId: 1 })).toBe(
      'leverNotFound',
    );
    const open = play(base, place()).state;
    expect(refusal(open, { kind: 'leverCancel', at: START + 2, userId: 1, positionId: 2 })).toBe(
      'leverNotPending',
    );
  });

  it('unlocks bond and fee, ends the order and records the refund', () => {
    const p = position(base, 1);
    const decision = decidePart(base, { kind: 'leverCancel', at: START + 2, userId: 1, positionId: 1 });
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'LeverCancelled', at: START + 2, positionId: 1 }],
      reply: 1,
    });
    const { state, events } = play(base, { kind: 'leverCancel', at: START + 2, userId: 1, positionId: 1 });
    expect(leverPostings(base, events[0]!)).toEqual([
      {
        kind: 'user',
        userId: 1,
        account: 'lever',
        currencyId: USDT,
        available: p.bond + p.fee,
        locked: -(p.bond + p.fee),
      },
    ]);
    expect(lever(state)).toEqual({ available: FUND, locked: 0n });
    expect(position(state, 1)).toEqual({ ...p, status: LEVER_STATUS_CANCELLED, closedAt: START + 2 });
    expect(leverOf(state).active.size).toBe(0);
    expect(logsOf(state, 1).at(-1)).toEqual({
      id: base.wallet.nextLogId,
      account: 'lever',
      currencyId: USDT,
      before: FUND - p.bond - p.fee,
      value: p.bond + p.fee,
      after: FUND,
      kind: 'leverCancel',
      detail: '1',
      at: START + 2,
    });
    expect(refusal(state, { kind: 'leverCancel', at: START + 3, userId: 1, positionId: 1 })).toBe(
      'leverNotPending',
    );
  });
});

describe('closing a position', () => {
  let base: ExchangeState;
  beforeEach(() => {
    base = play(funded(), place()).state;
  });
  const close = (extra: Partial<Extract<LeverCommand, { kind: 'leverClose' }>> = {}): LeverCommand => ({
    kind: 'leverClose',
    at: START + 5,
    userId: 1,
    positionId: 1,
    last: tape(150, 6_600_000),
    ...extra,
  });

  it('refuses unknown, foreign, pending and closed positions, and a price older than the open', () => {
    expect(refusal(base, close({ positionId: 9 }))).toBe('leverNotFound');
    expect(refusal(base, close({ userId: 2 }))).toBe('leverNotFound');
    const pending = play(base, place({ limit: priceUnits(BTC, LAST.price) - 500n * UNIT })).state;
    expect(refusal(pending, close({ positionId: 2 }))).toBe('leverNotOpen');
    expect(refusal(base, close({ last: tape(150, 0) }))).toBe('leverNoPrice');
    expect(refusal(base, close({ last: { ...LAST, id: LAST.id - 1 } }))).toBe('leverNoPrice');
    expect(refusal(base, close({ last: LAST }))).toBeNull();
    const closed = play(base, close()).state;
    expect(refusal(closed, close())).toBe('leverNotOpen');
  });

  it('a winner gets bond + PnL back from the lever book, and the record says so', () => {
    const p = position(base, 1);
    const trade = tape(150, 6_600_000);
    const price = priceUnits(BTC, trade.price);
    const pnl = leverPnl('long', p.entry, price, p.quantity);
    expect(pnl > 0n).toBe(true);
    const { state, events } = play(base, close({ last: trade }));
    expect(events).toEqual([
      {
        type: 'LeverClosed',
        at: START + 5,
        positionId: 1,
        reason: LEVER_CLOSE_USER,
        trade,
        price,
        pnl,
        returned: p.bond + pnl,
        fromBalance: 0n,
        fromInsurance: 0n,
      },
    ]);
    expect(leverPostings(base, events[0]!)).toEqual([
      {
        kind: 'user',
        userId: 1,
        account: 'lever',
        currencyId: USDT,
        available: p.bond + pnl,
        locked: -p.bond,
      },
      { kind: 'book', book: 'lever', currencyId: USDT, amount: -pnl },
      { kind: 'book', book: 'insurance', currencyId: USDT, amount: 0n },
    ]);
    const free = lever(base).available;
    expect(lever(state)).toEqual({ available: free + p.bond + pnl, locked: 0n });
    expect(book(state, 'lever')).toBe(book(base, 'lever') - pnl);
    expect(position(state, 1)).toEqual({
      ...p,
      status: LEVER_STATUS_CLOSED,
      closeReason: LEVER_CLOSE_USER,
      closeTrade: trade,
      closePrice: price,
      pnl,
      insurance: 0n,
      closedAt: START + 5,
    });
    expect(leverOf(state).active.size).toBe(0);
    expect(leverOf(state).marks.get(BTC_PAIR)).toEqual(trade);
    expect(logsOf(state, 1).at(-1)).toEqual({
      id: base.wallet.nextLogId,
      account: 'lever',
      currencyId: USDT,
      before: free,
      value: p.bond + pnl,
      after: free + p.bond + pnl,
      kind: 'leverClose',
      detail: '1',
      at: START + 5,
    });
  });

  it('a loss beyond the bond comes from the free balance, then from the insurance book', () => {
    // 100x with a small free balance left: a 5 % fall costs about five bonds.
    const { bond, fee } = marketTerms('long', 100n, 100);
    const state0 = play(funded(bond + fee + 2n * bond), place({ lots: 100n, multiple: 100 })).state;
    const p = position(state0, 1);
    const trade = tape(150, 6_175_000);
    const price = priceUnits(BTC, trade.price);
    const pnl = leverPnl('long', p.entry, price, p.quantity);
    const free = lever(state0).available;
    const settlement = leverSettlement(p.bond, pnl, free);
    expect(settlement.fromBalance).toBe(free);
    expect(settlement.fromInsurance > 0n).toBe(true);
    const { state, events } = play(state0, close({ last: trade }));
    expect(events[0]).toMatchObject({ pnl, price, ...settlement });
    expect(leverPostings(state0, events[0]!)).toEqual([
      { kind: 'user', userId: 1, account: 'lever', currencyId: USDT, available: -free, locked: -p.bond },
      { kind: 'book', book: 'lever', currencyId: USDT, amount: -pnl },
      { kind: 'book', book: 'insurance', currencyId: USDT, amount: -settlement.fromInsurance },
    ]);
    expect(lever(state)).toEqual({ available: 0n, locked: 0n });
    expect(book(state, 'insurance')).toBe(-settlement.fromInsurance);
    expect(position(state, 1).insurance).toBe(settlement.fromInsurance);
    expect(logsOf(state, 1).at(-1)).toMatchObject({
      kind: 'leverClose',
      value: -free,
      before: free,
      after: 0n,
    });
  });

  it('a close that moves nothing free writes no record line', () => {
    const { bond, fee } = marketTerms('long', 100n, 100);
    const state0 = play(funded(bond + fee), place({ lots: 100n, multiple: 100 })).state;
    expect(lever(state0).available).toBe(0n);
    const lines = logsOf(state0, 1).length;
    const { state, events } = play(state0, close({ last: tape(150, 6_175_000) }));
    expect(events[0]).toMatchObject({ returned: 0n, fromBalance: 0n });
    expect(logsOf(state, 1).length).toBe(lines);
    expect(state.wallet.nextLogId).toBe(state0.wallet.nextLogId);
    expect(position(state, 1).status).toBe(LEVER_STATUS_CLOSED);
  });
});

describe('closing a batch', () => {
  let base: ExchangeState;
  beforeEach(() => {
    base = funded();
    base = play(base, place({ side: 'long' })).state; // 1
    base = play(base, place({ side: 'short' })).state; // 2
    base = play(base, place({ side: 'long', userId: 2 })).state; // 3
    base = play(base, place({ side: 'long', pairId: ETH_PAIR, last: ETH_LAST })).state; // 4
    base = play(base, place({ side: 'long' })).state; // 5
    base = play(base, place({ side: 'long', limit: priceUnits(BTC, LAST.price) - 500n * UNIT })).state; // 6, pending
  });
  const batch = (which: 'all' | 'long' | 'short', last = tape(150, 6_600_000)): LeverCommand => ({
    kind: 'leverBatchClose',
    at: START + 9,
    userId: 1,
    pairId: BTC_PAIR,
    batch: which,
    last,
  });

  it('closes the user’s open positions of the pair on the chosen side, by id', () => {
    const all = decidePart(base, batch('all'));
    expect(all.ok && all.reply).toEqual([1, 2, 5]);
    const longs = decidePart(base, batch('long'));
    expect(longs.ok && longs.reply).toEqual([1, 5]);
    const shorts = play(base, batch('short'));
    expect(shorts.events.map((e) => e.type === 'LeverClosed' && [e.positionId, e.reason, e.at])).toEqual([
      [2, LEVER_CLOSE_USER, START + 9],
    ]);
    expect(refusal(shorts.state, batch('short'))).toBe('leverNothingToClose');
    // A pending order is not a position: a batch leaves it waiting.
    const closedAll = play(base, batch('all')).state;
    expect(position(closedAll, 6).status).toBe(LEVER_STATUS_PENDING);
  });

  it('refuses without a price and with nothing to close', () => {
    expect(refusal(base, batch('all', tape(150, 0)))).toBe('leverNoPrice');
    expect(refusal(funded(), batch('all'))).toBe('leverNothingToClose');
  });

  it('settles each close on the balance the closes before it left', () => {
    const { events, state } = play(base, batch('long', tape(150, 6_600_000)));
    expect(events.length).toBe(2);
    const [first, second] = events;
    const price = priceUnits(BTC, 6_600_000);
    for (const [event, id] of [
      [first, 1],
      [second, 5],
    ] as const) {
      const p = position(base, id);
      expect(event).toMatchObject({
        positionId: id,
        price,
        pnl: leverPnl('long', p.entry, price, p.quantity),
        trade: tape(150, 6_600_000),
      });
    }
    expect(position(state, 1).status).toBe(LEVER_STATUS_CLOSED);
    expect(position(state, 5).status).toBe(LEVER_STATUS_CLOSED);
    expect(position(state, 3).status).toBe(LEVER_STATUS_OPEN);
  });
});

describe('setting take-profit and stop-loss', () => {
  let base: ExchangeState;
  let entry: bigint;
  beforeEach(() => {
    base = play(funded(), place()).state;
    entry = position(base, 1).entry;
  });
  const stops = (
    takeProfit: bigint,
    stopLoss: bigint,
    extra: Partial<Extract<LeverCommand, { kind: 'leverSetStops' }>> = {},
  ): LeverCommand => ({
    kind: 'leverSetStops',
    at: START + 3,
    userId: 1,
    positionId: 1,
    takeProfit,
    stopLoss,
    last: LAST,
    ...extra,
  });

  it('refuses unknown, foreign and ended positions, a missing price, and stops on the wrong side', () => {
    expect(refusal(base, stops(0n, 0n, { positionId: 9 }))).toBe('leverNotFound');
    expect(refusal(base, stops(0n, 0n, { userId: 2 }))).toBe('leverNotFound');
    expect(refusal(base, stops(0n, 0n, { last: { ...LAST, price: 0 } }))).toBe('leverNoPrice');
    expect(refusal(base, stops(entry, 0n))).toBe('leverTakeProfitSide');
    expect(refusal(base, stops(-1n, 0n))).toBe('leverTakeProfitSide');
    expect(refusal(base, stops(0n, entry))).toBe('leverStopLossSide');
    const closed = play(base, {
      kind: 'leverClose',
      at: START + 2,
      userId: 1,
      positionId: 1,
      last: LAST,
    }).state;
    expect(refusal(closed, stops(0n, 0n))).toBe('leverNotOpen');
  });

  it('sets both on an open position and on a pending order, with no money moved', () => {
    const tp = entry + 1_000n * UNIT;
    const sl = priceUnits(BTC, LAST.price) - 1_000n * UNIT;
    expect(decidePart(base, stops(tp, sl))).toEqual({
      ok: true,
      events: [{ type: 'LeverStopsSet', at: START + 3, positionId: 1, takeProfit: tp, stopLoss: sl }],
      reply: 1,
    });
    const { state, events } = play(base, stops(tp, sl));
    expect(leverPostings(base, events[0]!)).toEqual([]);
    expect(position(state, 1)).toEqual({ ...position(base, 1), takeProfit: tp, stopLoss: sl });
    expect(state.balances).toEqual(base.balances);
    expect(state.wallet).toEqual(base.wallet);
    const limit = priceUnits(BTC, LAST.price) - 500n * UNIT;
    const pending = play(base, place({ limit })).state;
    expect(refusal(pending, stops(0n, limit - 100n * UNIT, { positionId: 2 }))).toBeNull();
  });
});

describe('the clock’s pass: fixed-price orders and stops', () => {
  const limit = priceUnits(BTC, LAST.price) - 500n * UNIT; // 64 500.00
  const limitTicks = Number(limit / TICK);
  let pending: ExchangeState;
  beforeEach(() => {
    pending = play(funded(), place({ limit })).state;
  });

  it('fills a long order on a trade at its price, at the trade’s time, and pays the locked fee', () => {
    const above = play(pending, advance([tape(120, limitTicks + 1)], START + 500));
    expect(above.events.map((e) => e.type)).toEqual(['LeverMarked']);
    const trade = tape(121, limitTicks, START + 400);
    const { state, events } = play(pending, advance([trade], START + 500));
    const p = position(pending, 1);
    expect(events[0]).toEqual({ type: 'LeverFilled', at: START + 400, positionId: 1, trade });
    expect(leverPostings(pending, events[0]!)).toEqual([
      { kind: 'user', userId: 1, account: 'lever', currencyId: USDT, available: 0n, locked: -p.fee },
      { kind: 'book', book: 'fees', currencyId: USDT, amount: p.fee },
    ]);
    expect(position(state, 1)).toEqual({
      ...p,
      status: LEVER_STATUS_OPEN,
      openTrade: trade,
      openedAt: START + 400,
    });
    expect(lever(state)).toEqual({ available: FUND - p.bond - p.fee, locked: p.bond });
    expect(logsOf(state, 1).length).toBe(logsOf(pending, 1).length);
    expect(events.at(-1)).toEqual({
      type: 'LeverMarked',
      at: START + 500,
      marks: [{ pairId: BTC_PAIR, trade }],
    });
    expect(leverOf(state).marks.get(BTC_PAIR)).toEqual(trade);
  });

  it('does not fire a stop on the trade that filled the order, but on the next one', () => {
    const sl = limit - 100n * UNIT;
    const stopped = play(pending, {
      kind: 'leverSetStops',
      at: START + 3,
      userId: 1,
      positionId: 1,
      takeProfit: 0n,
      stopLoss: sl,
      last: LAST,
    }).state;
    const crash = tape(130, Number(sl / TICK) - 1, START + 600);
    const filled = play(stopped, advance([crash], START + 700));
    expect(filled.events.map((e) => e.type)).toEqual(['LeverFilled', 'LeverMarked']);
    const next = tape(131, Number(sl / TICK), START + 800);
    const fired = play(filled.state, advance([next], START + 900));
    expect(fired.events[0]).toMatchObject({
      type: 'LeverClosed',
      reason: LEVER_CLOSE_STOP_LOSS,
      at: START + 800,
      trade: next,
      price: sl,
    });
  });

  it('fires take-profit at or above it (long) and ignores trades already applied', () => {
    const base = play(funded(), place()).state;
    const entry = position(base, 1).entry;
    const tp = entry + 100n * UNIT;
    const set = play(base, {
      kind: 'leverSetStops',
      at: START + 3,
      userId: 1,
      positionId: 1,
      takeProfit: tp,
      stopLoss: 0n,
      last: LAST,
    }).state;
    const below = play(set, advance([tape(140, Number(tp / TICK) - 1)], START + 900));
    expect(below.events.map((e) => e.type)).toEqual(['LeverMarked']);
    const old = play(set, advance([{ ...LAST, price: Number(tp / TICK) }], START + 900));
    expect(old.events).toEqual([]);
    const at = tape(141, Number(tp / TICK), START + 800);
    const { events, state } = play(set, advance([at], START + 900));
    const p = position(set, 1);
    const pnl = leverPnl('long', p.entry, tp, p.quantity);
    expect(events[0]).toEqual({
      type: 'LeverClosed',
      at: START + 800,
      positionId: 1,
      reason: LEVER_CLOSE_TAKE_PROFIT,
      trade: at,
      price: tp,
      pnl,
      returned: p.bond + pnl,
      fromBalance: 0n,
      fromInsurance: 0n,
    });
    expect(position(state, 1).closeReason).toBe(LEVER_CLOSE_TAKE_PROFIT);
  });

  it('plays trades of several pairs in time order, then pair, then id', () => {
    let state = funded();
    state = play(state, place()).state; // 1 BTC long
    state = play(state, place({ pairId: ETH_PAIR, last: ETH_LAST })).state; // 2 ETH long
    const btcTp = position(state, 1).entry + 10n * UNIT;
    const ethTp = position(state, 2).entry + 10n * UNIT;
    for (const [id, takeProfit] of [
      [1, btcTp],
      [2, ethTp],
    ] as const)
      state = play(state, {
        kind: 'leverSetStops',
        at: START + 3,
        userId: 1,
        positionId: id,
        takeProfit,
        stopLoss: 0n,
        last: id === 1 ? LAST : ETH_LAST,
      }).state;
    const btcTrade = tape(300, Number(btcTp / TICK), START + 50);
    const ethTrade = tape(200, Number(ethTp / tickUnits(ETH.priceDecimals)), START + 40);
    const command: LeverCommand = {
      kind: 'leverAdvance',
      at: START + 100,
      day: 0,
      trades: [
        { pairId: BTC_PAIR, trades: [btcTrade] },
        { pairId: ETH_PAIR, trades: [ethTrade] },
      ],
    };
    const { events } = play(state, command);
    expect(events.map((e) => e.type === 'LeverClosed' && e.positionId)).toEqual([2, 1, false]);
    expect(events.at(-1)).toEqual({
      type: 'LeverMarked',
      at: START + 100,
      marks: [
        { pairId: BTC_PAIR, trade: btcTrade },
        { pairId: ETH_PAIR, trade: ethTrade },
      ],
    });
    // Same time: the lower pair id first; same pair and time: the lower trade id first.
    const same = play(state, {
      ...command,
      trades: [
        { pairId: ETH_PAIR, trades: [{ ...ethTrade, time: START + 50 }] },
        {
          pairId: BTC_PAIR,
          trades: [
            { ...btcTrade, id: 301 },
            { ...btcTrade, id: 300, price: 6_400_000 },
          ],
        },
      ],
    } as LeverCommand);
    expect(same.events.map((e) => e.type === 'LeverClosed' && e.positionId)).toEqual([1, 2, false]);
    // Each position closes on a trade of its own pair, never on another pair's price.
    expect(same.events.map((e) => e.type === 'LeverClosed' && e.trade.id)).toEqual([301, ethTrade.id, false]);
    const marked = same.events.at(-1)!;
    expect(marked.type === 'LeverMarked' && marked.marks[0]!.trade.id).toBe(301);
  });

  it('skips unknown pairs and passes with nothing new', () => {
    const base = play(funded(), place()).state;
    expect(play(base, advance([tape(400, 1)], START + 9, 999)).events).toEqual([]);
    expect(play(base, advance([], START + 9)).events).toEqual([]);
  });
});

describe('the clock’s pass: liquidation', () => {
  it('liquidates the largest loss first at the crash trade, and stops once the account is safe', () => {
    // Two BTC longs of one account: 40 lots at 100x and 10 lots at 100x, a free balance of one big
    // bond. A 1 % fall puts the account under the threshold; closing the big one makes it safe.
    const big = marketTerms('long', 40n, 100);
    const small = marketTerms('long', 10n, 100);
    let state = funded(big.bond + big.fee + small.bond + small.fee + big.bond / 4n);
    state = play(state, place({ lots: 10n, multiple: 100 })).state; // 1
    state = play(state, place({ lots: 40n, multiple: 100 })).state; // 2
    const crash = tape(500, 6_435_000, START + 700);
    const marks = new Map([[BTC_PAIR, crash]]);
    const before = accountFigures(state, 1, USDT, marks);
    expect(isLiquidating(before.free, before.bonds, before.pnl)).toBe(true);
    expect(leverTriggeredBy(state, BTC_PAIR, crash)).toBe(true);
    const { events, state: after } = play(state, advance([crash], START + 800));
    expect(events.map((e) => e.type === 'LeverClosed' && [e.positionId, e.reason, e.at])).toEqual([
      [2, LEVER_CLOSE_LIQUIDATION, START + 700],
      false,
    ]);
    const left = accountFigures(after, 1, USDT);
    expect(left.open.map((p) => p.id)).toEqual([1]);
    expect(isLiquidating(left.free, left.bonds, left.pnl)).toBe(false);
  });

  it('ranks equal losses by the lower id', () => {
    const { bond, fee } = marketTerms('long', 10n, 100);
    let state = funded(2n * (bond + fee));
    state = play(state, place({ lots: 10n, multiple: 100 })).state;
    state = play(state, place({ lots: 10n, multiple: 100 })).state;
    const { events } = play(state, advance([tape(500, 6_300_000, START + 700)], START + 800));
    expect(events.map((e) => e.type === 'LeverClosed' && e.positionId)).toEqual([1, 2, false]);
  });

  it('keeps an account above the threshold open', () => {
    const state = play(funded(), place({ lots: 1n, multiple: 2 })).state;
    const dip = tape(500, 6_400_000);
    expect(leverTriggeredBy(state, BTC_PAIR, dip)).toBe(false);
    expect(play(state, advance([dip], START + 800)).events.map((e) => e.type)).toEqual(['LeverMarked']);
  });
});

describe('the clock’s pass: overnight fees', () => {
  let opened: ExchangeState;
  beforeEach(() => {
    opened = play(funded(), place()).state;
  });

  it('starts counting at the first day it sees, charging nothing for it', () => {
    const { events, state } = play(opened, advance([], START + DAY_MS, BTC_PAIR, DAY + 1));
    expect(events).toEqual([{ type: 'LeverOvernight', at: START + DAY_MS, day: DAY + 1, charges: [] }]);
    expect(leverOf(state).day).toBe(DAY + 1);
    expect(play(state, advance([], START + DAY_MS + 1, BTC_PAIR, DAY + 1)).events).toEqual([]);
  });

  it('charges each day passed on the mark, from the bond to the fees book, for positions opened before', () => {
    let state = play(opened, advance([], START + DAY_MS, BTC_PAIR, DAY + 1)).state;
    // Opened after the boundary of day + 3: not charged for it.
    const late = (DAY + 3) * DAY_MS;
    state = play(state, place({ at: late, last: tape(600, 6_500_000, late) })).state; // 2
    const limit = priceUnits(BTC, LAST.price) - 500n * UNIT;
    state = play(state, place({ limit, last: tape(601, 6_500_000, late) })).state; // 3, pending
    const p = position(state, 1);
    const mark = priceUnits(BTC, 6_500_000);
    const fee = 2n * leverOvernightFee(mark, p.quantity, LEVER_OVERNIGHT_RATE);
    const { events, state: after } = play(state, advance([], late + 10, BTC_PAIR, DAY + 3));
    expect(events).toEqual([
      { type: 'LeverOvernight', at: late + 10, day: DAY + 3, charges: [{ positionId: 1, amount: fee }] },
    ]);
    expect(leverPostings(state, events[0]!)).toEqual([
      { kind: 'user', userId: 1, account: 'lever', currencyId: USDT, available: 0n, locked: -fee },
      { kind: 'book', book: 'fees', currencyId: USDT, amount: fee },
    ]);
    expect(position(after, 1)).toEqual({ ...p, bond: p.bond - fee, overnight: fee });
    expect(position(after, 2)).toEqual(position(state, 2));
    expect(lever(after).locked).toBe(lever(state).locked - fee);
    expect(book(after, 'fees') - book(state, 'fees')).toBe(fee);
    expect(logsOf(after, 1).length).toBe(logsOf(state, 1).length);
    expect(leverOf(after).day).toBe(DAY + 3);
  });

  it('takes at most the bond, and liquidates a position left with none', () => {
    let state = play(opened, advance([], START + DAY_MS, BTC_PAIR, DAY + 1)).state;
    const p = position(state, 1);
    const daily = leverOvernightFee(priceUnits(BTC, LAST.price), p.quantity, LEVER_OVERNIGHT_RATE);
    const days = Number(p.bond / daily) + 2;
    const at = (DAY + 1 + days) * DAY_MS + 5;
    const { events, state: after } = play(state, advance([], at, BTC_PAIR, DAY + 1 + days));
    expect(events[0]).toEqual({
      type: 'LeverOvernight',
      at,
      day: DAY + 1 + days,
      charges: [{ positionId: 1, amount: p.bond }],
    });
    expect(events[1]).toMatchObject({
      type: 'LeverClosed',
      positionId: 1,
      reason: LEVER_CLOSE_LIQUIDATION,
      at,
    });
    expect(events.length).toBe(2);
    expect(position(after, 1)).toMatchObject({ status: LEVER_STATUS_CLOSED, bond: 0n, overnight: p.bond });
    state = after;
    expect(lever(state).locked).toBe(0n);
  });

  it('passes no overnight event without active positions', () => {
    expect(play(funded(), advance([], START + DAY_MS, BTC_PAIR, DAY + 1)).events).toEqual([]);
  });
});

describe('marks, figures and the trigger', () => {
  it('values open positions at their pair’s mark, else their opening trade', () => {
    let state = funded();
    state = play(state, place()).state;
    state = play(state, place({ side: 'short', lots: 5n })).state;
    state = play(state, place({ limit: priceUnits(BTC, LAST.price) - 500n * UNIT })).state; // pending
    state = play(state, place({ userId: 2 })).state;
    const a = position(state, 1);
    const b = position(state, 2);
    expect(openPositionsOf(leverOf(state), 1, USDT).map((p) => p.id)).toEqual([1, 2]);
    expect(openPositionsOf(leverOf(state), 1, 99)).toEqual([]);
    expect(pnlAtMark(a, new Map())).toBe(leverPnl('long', a.entry, priceUnits(BTC, LAST.price), a.quantity));
    const mark = tape(700, 6_600_000);
    const marks = new Map([[BTC_PAIR, mark]]);
    const price = priceUnits(BTC, mark.price);
    expect(pnlAtMark(a, marks)).toBe(leverPnl('long', a.entry, price, a.quantity));
    expect(pnlAtMark(position(state, 3), marks)).toBe(0n);
    const figures = accountFigures(state, 1, USDT, marks);
    expect(figures).toEqual({
      free: lever(state).available,
      locked: lever(state).locked,
      bonds: a.bond + b.bond,
      originBonds: a.originBond + b.originBond,
      pnl: leverPnl('long', a.entry, price, a.quantity) + leverPnl('short', b.entry, price, b.quantity),
      open: [a, b],
    });
  });

  it('tells whether a trade fills, stops or liquidates, and never for trades already applied', () => {
    const limit = priceUnits(BTC, LAST.price) - 500n * UNIT;
    const state = play(funded(), place({ limit })).state;
    const at = Number(limit / TICK);
    expect(leverTriggeredBy(state, BTC_PAIR, tape(150, at))).toBe(true);
    expect(leverTriggeredBy(state, BTC_PAIR, tape(150, at + 1))).toBe(false);
    expect(leverTriggeredBy(state, BTC_PAIR, { ...LAST, price: at })).toBe(false);
    expect(leverTriggeredBy(state, 999, tape(150, at))).toBe(false);
    expect(leverTriggeredBy(state, ETH_PAIR, tape(150, 1))).toBe(false);
    const open = play(state, place()).state;
    const tp = position(open, 2).entry + 100n * UNIT;
    const set = play(open, {
      kind: 'leverSetStops',
      at: START + 3,
      userId: 1,
      positionId: 2,
      takeProfit: tp,
      stopLoss: 0n,
      last: LAST,
    }).state;
    expect(leverTriggeredBy(set, BTC_PAIR, tape(150, Number(tp / TICK)))).toBe(true);
    expect(leverTriggeredBy(set, BTC_PAIR, tape(150, Number(tp / TICK) - 1))).toBe(false);
  });

  it('a position whose bond is exhausted is a trigger on any new trade', () => {
    let state = play(funded(), place()).state;
    state = play(state, advance([], START + DAY_MS, BTC_PAIR, DAY + 1)).state;
    const p = position(state, 1);
    // The bond eaten to zero by an overnight event alone (as the pass records it before the check).
    state = evolvePart(state, {
      type: 'LeverOvernight',
      at: START + DAY_MS + 1,
      day: DAY + 2,
      charges: [{ positionId: 1, amount: p.bond }],
    });
    expect(position(state, 1).bond).toBe(0n);
    expect(leverTriggeredBy(state, BTC_PAIR, tape(150, LAST.price))).toBe(true);
  });
});

describe('what the clock’s pass leaves alone', () => {
  it('a pending order’s stops wait for its fill: a trade past its take-profit that does not reach its price', () => {
    const limit = priceUnits(BTC, LAST.price) - 500n * UNIT;
    let state = play(funded(), place({ limit })).state;
    const tp = priceUnits(BTC, LAST.price) + 500n * UNIT;
    state = play(state, {
      kind: 'leverSetStops',
      at: START + 3,
      userId: 1,
      positionId: 1,
      takeProfit: tp,
      stopLoss: 0n,
      last: LAST,
    }).state;
    const spike = tape(150, Number(tp / TICK) + 1);
    expect(leverTriggeredBy(state, BTC_PAIR, spike)).toBe(false);
    const { events, state: after } = play(state, advance([spike], START + 900));
    expect(events.map((e) => e.type)).toEqual(['LeverMarked']);
    expect(position(after, 1).status).toBe(LEVER_STATUS_PENDING);
  });

  it('another pair’s trade neither fills nor stops a position', () => {
    let state = funded();
    const ethLast = priceUnits(ETH, ETH_LAST.price);
    const ethTick = tickUnits(ETH.priceDecimals);
    // An ETH short order above the last ETH price, and an ETH long with a take-profit: a BTC trade
    // at 65 000 is above both, in ETH's terms.
    state = play(
      state,
      place({ pairId: ETH_PAIR, side: 'short', limit: ethLast + 10n * ethTick, last: ETH_LAST }),
    ).state;
    state = play(state, place({ pairId: ETH_PAIR, last: ETH_LAST })).state;
    state = play(state, {
      kind: 'leverSetStops',
      at: START + 3,
      userId: 1,
      positionId: 2,
      takeProfit: position(state, 2).entry + 100n * UNIT,
      stopLoss: 0n,
      last: ETH_LAST,
    }).state;
    const btc = tape(150, LAST.price);
    expect(leverTriggeredBy(state, BTC_PAIR, btc)).toBe(false);
    const { events } = play(state, advance([btc], START + 900));
    expect(events.map((e) => e.type)).toEqual(['LeverMarked']);
  });

  it('an open short is no trigger on a quiet trade, nor a trade the book already applied', () => {
    const state = play(funded(), place({ side: 'short', lots: 1n, multiple: 2 })).state;
    expect(leverTriggeredBy(state, BTC_PAIR, tape(150, LAST.price))).toBe(false);
    // 100x long with everything: a 5 % fall liquidates, but only on a trade after the mark.
    const { bond, fee } = marketTerms('long', 100n, 100);
    let crashable = play(funded(bond + fee), place({ lots: 100n, multiple: 100 })).state;
    crashable = play(crashable, advance([tape(200, LAST.price)], START + 300)).state;
    const crash = 6_175_000;
    expect(leverTriggeredBy(crashable, BTC_PAIR, tape(199, crash))).toBe(false);
    expect(leverTriggeredBy(crashable, BTC_PAIR, tape(200, crash))).toBe(false);
    expect(leverTriggeredBy(crashable, BTC_PAIR, tape(201, crash))).toBe(true);
  });

  it('charges no overnight fee to a position with no bond left', () => {
    let state = play(funded(), place()).state;
    state = play(state, advance([], START + DAY_MS, BTC_PAIR, DAY + 1)).state;
    state = evolvePart(state, {
      type: 'LeverOvernight',
      at: START + DAY_MS + 1,
      day: DAY + 2,
      charges: [{ positionId: 1, amount: position(state, 1).bond }],
    });
    const { events } = play(state, advance([], (DAY + 3) * DAY_MS, BTC_PAIR, DAY + 3));
    expect(events[0]).toEqual({ type: 'LeverOvernight', at: (DAY + 3) * DAY_MS, day: DAY + 3, charges: [] });
    expect(events[1]).toMatchObject({ type: 'LeverClosed', positionId: 1, reason: LEVER_CLOSE_LIQUIDATION });
  });

  it('values a position without a known pair or any trade at 0', () => {
    const state = play(funded(), place()).state;
    const p = position(state, 1);
    const marks = new Map([[BTC_PAIR, tape(150, 6_600_000)]]);
    expect(pnlAtMark({ ...p, pairId: 999 }, marks)).toBe(0n);
    expect(pnlAtMark({ ...p, openTrade: null }, new Map())).toBe(0n);
  });

  it('starts a user’s records with the first lever line', () => {
    const state = funded();
    const blank = { ...state, wallet: { ...state.wallet, logs: new Map<number, LogLine[]>() } };
    const { state: after } = play(blank, place());
    expect(logsOf(after, 1).map((line) => line.kind)).toEqual(['leverOpen']);
  });
});

describe('evolving events of unknown positions', () => {
  it('changes nothing and posts nothing', () => {
    const state = play(funded(), place()).state;
    const events: LeverEvent[] = [
      { type: 'LeverFilled', at: 1, positionId: 9, trade: LAST },
      { type: 'LeverCancelled', at: 1, positionId: 9 },
      {
        type: 'LeverClosed',
        at: 1,
        positionId: 9,
        reason: LEVER_CLOSE_USER,
        trade: LAST,
        price: 1n,
        pnl: 1n,
        returned: 1n,
        fromBalance: 0n,
        fromInsurance: 0n,
      },
      { type: 'LeverStopsSet', at: 1, positionId: 9, takeProfit: 1n, stopLoss: 1n },
      { type: 'LeverOvernight', at: 1, day: 0, charges: [{ positionId: 9, amount: 1n }] },
    ];
    for (const event of events) {
      expect(leverPostings(state, event)).toEqual([]);
      const after = evolvePart(state, event);
      expect(after.balances).toEqual(state.balances);
      expect(leverOf(after).positions).toEqual(leverOf(state).positions);
      expect(after.wallet).toEqual(state.wallet);
    }
  });

  it('keeps the later of two marks', () => {
    const state = play(funded(), place()).state;
    const newer = tape(800, 6_000_000);
    const marked = evolvePart(state, {
      type: 'LeverMarked',
      at: 1,
      marks: [{ pairId: BTC_PAIR, trade: newer }],
    });
    expect(leverOf(marked).marks.get(BTC_PAIR)).toEqual(newer);
    const again = evolvePart(marked, {
      type: 'LeverMarked',
      at: 2,
      marks: [{ pairId: BTC_PAIR, trade: tape(700, 1) }],
    });
    expect(leverOf(again).marks.get(BTC_PAIR)).toEqual(newer);
    expect(leverOf(aggregate.initial()).positions.size).toBe(0);
  });
});

describe('a reduce-only order: refusals, and which positions it reduces', () => {
  type Reduce = Extract<LeverCommand, { kind: 'leverReduce' }>;
  /** A reduce-only sell: it reduces the user's longs. */
  const reduce = (extra: Partial<Reduce> = {}): Reduce => ({
    kind: 'leverReduce',
    at: START + 5,
    userId: 1,
    pairId: BTC_PAIR,
    side: 'short',
    lots: 1n,
    last: LAST,
    ...extra,
  });
  const reply = (state: ExchangeState, command: Reduce) => {
    const decision = decideLever(state, command);
    return decision.ok ? decision.reply : decision.error;
  };
  /** User 1: a long of 10 lots on BTC (position 1). */
  const withLong = () => play(funded(), place()).state;

  it('refuses a pair closed to lever, no last price, and lots outside 1 to LEVER_MAX_SHARE', () => {
    const state = withLong();
    expect(refusal(state, reduce({ pairId: 10 }))).toBe('leverPairClosed');
    expect(refusal(state, reduce({ pairId: 999 }))).toBe('leverPairClosed');
    expect(refusal(state, reduce({ last: { ...LAST, price: 0 } }))).toBe('leverNoPrice');
    expect(refusal(state, reduce({ last: { ...LAST, price: -1 } }))).toBe('leverNoPrice');
    expect(refusal(state, reduce({ lots: 0n }))).toBe('leverLotsRange');
    expect(refusal(state, reduce({ lots: LEVER_MAX_SHARE + 1n }))).toBe('leverLotsRange');
    // As many as may be asked: it closes what is held.
    expect(reply(state, reduce({ lots: LEVER_MAX_SHARE }))).toEqual([1]);
  });

  it('refuses a last trade older than the one a position opened on', () => {
    const state = withLong();
    expect(refusal(state, reduce({ last: { ...LAST, id: LAST.id - 1 } }))).toBe('leverNoPrice');
  });

  it("reduces only the user's own open positions of the pair on the other side", () => {
    let state = funded();
    state = play(state, place({ userId: 2 })).state; // 1: another user's long
    state = play(state, place({ side: 'short' })).state; // 2: the user's short
    state = play(state, place({ pairId: ETH_PAIR, last: ETH_LAST })).state; // 3: a long of another pair
    const waiting = priceUnits(BTC, LAST.price) - 100n * TICK;
    state = play(state, place({ limit: waiting })).state; // 4: a long not open yet
    expect(refusal(state, reduce({ lots: 5n }))).toBe('leverNothingToReduce');
    state = play(state, place()).state; // 5: the user's open long on BTC
    expect(reply(state, reduce({ lots: LEVER_MAX_SHARE }))).toEqual([5]);
  });

  it('answers the ids of the rows it closed: a whole position its own, a part its new one', () => {
    let state = withLong();
    state = play(state, place({ lots: 4n })).state; // 2
    const decision = decideLever(state, reduce({ lots: 12n }));
    if (!decision.ok) throw new Error(decision.error);
    const [whole, part] = decision.reply as number[];
    expect(whole).toBe(1);
    expect(part).not.toBe(2);
    const after = (decision.events as unknown as LeverEvent[]).reduce((s, e) => evolvePart(s, e), state);
    expect(position(after, part!).lots).toBe(2n);
    expect(position(after, 2).lots).toBe(2n);
  });
});

describe('a close order at a price: refusals before its own rule', () => {
  const closeAt = (positionId: number, last: TapeTradeRef = LAST): LeverCommand => ({
    kind: 'leverCloseAt',
    at: START + 5,
    userId: 1,
    positionId,
    lots: 1n,
    price: priceUnits(BTC, LAST.price) + 100n * TICK,
    last,
  });

  it('refuses an order not open yet, and a close order without a last price', () => {
    let state = play(funded(), place()).state; // 1: open
    const waiting = priceUnits(BTC, LAST.price) - 100n * TICK;
    state = play(state, place({ limit: waiting })).state; // 2: waiting for its price
    expect(refusal(state, closeAt(2))).toBe('leverNotOpen');
    expect(refusal(state, closeAt(1, { ...LAST, price: 0 }))).toBe('leverNoPrice');
    expect(refusal(state, closeAt(1, { ...LAST, price: -1 }))).toBe('leverNoPrice');
    expect(refusal(state, closeAt(1))).toBeNull();
  });
});
