import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
} from '../../../src/domain/contract-codes.ts';
import {
  leverPnl,
  leverSettlement,
  leverStopFired,
  leverTransferable,
} from '../../../src/domain/lever/rules.ts';
import {
  accountFigures,
  leverOf,
  leverPart,
  leverTriggeredBy,
} from '../../../src/sim/features/lever/part.ts';
import type { LeverCommand, LeverEvent } from '../../../src/sim/features/lever/events.ts';
import type { TapeTradeRef } from '../../../src/sim/features/micro/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { accountKey, bookKey, SYSTEM_BOOKS, userBalance } from '../../../src/sim/ledger/postings.ts';
import { priceUnits } from '../../../src/sim/market/lever-terms.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import {
  exchangeAggregate,
  type ExchangeCommand,
  type ExchangeEvent,
} from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The lever part in the exchange's one log, driven by random commands and random tapes (BTC/USDT,
 * ETH/USDT, both quoted in USDT = currency 1, so positions share one cross-margin account): the
 * ledger stays balanced, nobody goes negative, locks match the positions, and every close can be
 * re-derived from its recorded trade by the published rules.
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart]);
const USDT = 1;
const USERS = [1, 2];
const PAIRS = [1, 2];
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

const intent = fc.record({
  kind: fc.constantFrom(
    'place',
    'place',
    'place',
    'cancel',
    'close',
    'batch',
    'stops',
    'tape',
    'tape',
    'tape',
    'transferOut',
    'transferIn',
  ),
  user: fc.constantFrom(...USERS),
  pair: fc.constantFrom(...PAIRS),
  side: fc.constantFrom('long' as const, 'short' as const),
  fixed: fc.boolean(),
  lots: fc.integer({ min: 0, max: 600 }),
  multiple: fc.constantFrom(2, 3, 5, 10, 20, 50, 100),
  // Tape moves in basis points: mostly small, sometimes a crash or a spike.
  moves: fc.array(
    fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: -40, max: 40 }) },
      { weight: 1, arbitrary: fc.integer({ min: -2500, max: 2500 }) },
    ),
    { minLength: 1, maxLength: 12 },
  ),
  bps: fc.integer({ min: -500, max: 500 }),
  bps2: fc.integer({ min: -500, max: 500 }),
  units: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  pick: fc.nat(),
  wait: fc.integer({ min: 1, max: 3_600_000 }),
});
type Intent = typeof intent extends fc.Arbitrary<infer T> ? T : never;

interface World {
  state: ExchangeState;
  at: number;
  tapeId: number;
  /** Per pair, price in ticks, and the whole tape. */
  last: Map<number, TapeTradeRef>;
  tape: Map<number, TapeTradeRef>;
  events: ExchangeEvent[];
  /** Each trade of a tape in a pass of its own, the trigger checked before each. */
  tradeByTrade?: boolean;
}

/** What first trades fired over every run, by event (the trigger's coverage). */
const fired = new Map<string, number>();
let quiet = 0;

/**
 * The service runs a pass on a trade exactly when a pass of that trade would fire something (its
 * own events carry the trade's time; the account check after the trades, at the pass's time, is
 * the clock's and not the trade's).
 */
function checkTrigger(world: World, pairId: number, trade: TapeTradeRef): void {
  const lone = aggregate.decide(world.state, {
    kind: 'leverAdvance',
    at: trade.time + 1,
    day: leverOf(world.state).day,
    trades: [{ pairId, trades: [trade] }],
  } as unknown as ExchangeCommand);
  const own = lone.ok
    ? lone.events.filter(
        (event) => (event.type === 'LeverFilled' || event.type === 'LeverClosed') && event.at === trade.time,
      )
    : [];
  expect(leverTriggeredBy(world.state, pairId, trade)).toBe(own.length > 0);
  if (own.length === 0) quiet++;
  for (const event of own) {
    const name = event.type === 'LeverClosed' ? `closed:${(event as { reason: number }).reason}` : event.type;
    fired.set(name, (fired.get(name) ?? 0) + 1);
  }
}

function run(world: World, command: ExchangeCommand): boolean {
  const decision = aggregate.decide(world.state, command);
  if (!decision.ok) return false;
  for (const event of decision.events) {
    world.state = aggregate.evolve(world.state, event);
    world.events.push(event);
  }
  return true;
}

function lever(world: World, command: LeverCommand): boolean {
  return run(world, command as unknown as ExchangeCommand);
}

function moved(ticks: number, bps: number): number {
  return Math.max(1, Math.round((ticks * (10_000 + bps)) / 10_000));
}

/** A take-profit and a stop-loss 0.01 % to 0.6 % from the price, each on its side of it. */
function nearStops(
  pair: NonNullable<ReturnType<typeof pairById>>,
  ticks: number,
  side: 'long' | 'short',
  bps: number,
  bps2: number,
): { takeProfit: bigint; stopLoss: bigint } {
  const up = side === 'long' ? 1 : -1;
  return {
    takeProfit: priceUnits(pair, moved(ticks, up * ((Math.abs(bps) % 60) + 1))),
    stopLoss: priceUnits(pair, moved(ticks, -up * ((Math.abs(bps2) % 60) + 1))),
  };
}

function step(world: World, i: Intent): void {
  world.at += i.wait;
  const last = world.last.get(i.pair)!;
  const positions = [...leverOf(world.state).positions.values()];
  const pick = positions.length > 0 ? positions[i.pick % positions.length] : undefined;
  switch (i.kind) {
    case 'place': {
      const pair = pairById(i.pair)!;
      const limit = i.fixed ? priceUnits(pair, moved(last.price, i.bps)) : 0n;
      lever(world, {
        kind: 'leverPlace',
        at: world.at,
        userId: i.user,
        pairId: i.pair,
        side: i.side,
        lots: BigInt(i.lots),
        multiple: i.multiple,
        limit,
        last,
      });
      return;
    }
    case 'cancel':
      if (pick) lever(world, { kind: 'leverCancel', at: world.at, userId: i.user, positionId: pick.id });
      return;
    case 'close':
      if (pick)
        lever(world, {
          kind: 'leverClose',
          at: world.at,
          userId: i.user,
          positionId: pick.id,
          last: world.last.get(pick.pairId)!,
        });
      return;
    case 'batch':
      lever(world, {
        kind: 'leverBatchClose',
        at: world.at,
        userId: i.user,
        pairId: i.pair,
        batch: i.fixed ? 'all' : i.side,
        last,
      });
      return;
    case 'stops': {
      if (!pick) return;
      const pair = pairById(pick.pairId)!;
      const ticks = world.last.get(pick.pairId)!.price;
      lever(world, {
        kind: 'leverSetStops',
        at: world.at,
        userId: i.user,
        positionId: pick.id,
        ...(world.tradeByTrade
          ? // Near and on the right sides, so that the tape crosses them often.
            nearStops(pair, ticks, pick.side, i.bps, i.bps2)
          : {
              takeProfit: i.bps > 400 ? 0n : priceUnits(pair, moved(ticks, i.bps)),
              stopLoss: i.bps2 > 400 ? 0n : priceUnits(pair, moved(ticks, i.bps2)),
            }),
        last: world.last.get(pick.pairId)!,
      });
      return;
    }
    case 'tape': {
      const trades: TapeTradeRef[] = [];
      let ticks = last.price;
      i.moves.forEach((bps, index) => {
        ticks = moved(ticks, bps);
        world.tapeId += 1;
        const trade = { id: world.tapeId, time: world.at - i.moves.length + index + 1, price: ticks };
        trades.push(trade);
        world.tape.set(trade.id, trade);
      });
      if (world.tradeByTrade) {
        for (const trade of trades) {
          checkTrigger(world, i.pair, trade);
          lever(world, {
            kind: 'leverAdvance',
            at: world.at,
            day: Math.floor(world.at / 86_400_000),
            trades: [{ pairId: i.pair, trades: [trade] }],
          });
        }
        world.last.set(i.pair, trades[trades.length - 1]!);
        return;
      }
      world.last.set(i.pair, trades[trades.length - 1]!);
      lever(world, {
        kind: 'leverAdvance',
        at: world.at,
        day: Math.floor(world.at / 86_400_000),
        trades: [{ pairId: i.pair, trades }],
      });
      return;
    }
    case 'transferOut': {
      const figures = accountFigures(world.state, i.user, USDT);
      const room = leverTransferable(figures.free, figures.pnl);
      const ok = run(world, {
        kind: 'transfer',
        at: world.at,
        userId: i.user,
        currencyId: USDT,
        from: 'lever',
        to: 'change',
        units: i.units,
      });
      // Refused beyond what the open positions' margin allows, accepted within it.
      expect(ok).toBe(i.units <= room);
      return;
    }
    case 'transferIn':
      run(world, {
        kind: 'transfer',
        at: world.at,
        userId: i.user,
        currencyId: USDT,
        from: 'change',
        to: 'lever',
        units: i.units,
      });
      return;
  }
}

function checkInvariants(world: World): void {
  const { state } = world;
  // Every currency sums to zero over users' balances and the books.
  const totals = new Map<number, bigint>();
  for (const [key, b] of state.balances) {
    expect(b.available >= 0n && b.locked >= 0n, key).toBe(true);
    const currency = Number(key.split(':')[1]);
    totals.set(currency, (totals.get(currency) ?? 0n) + b.available + b.locked);
  }
  for (const currency of totals.keys()) {
    let total = totals.get(currency)!;
    for (const book of SYSTEM_BOOKS) total += state.books.get(bookKey(book, currency)) ?? 0n;
    expect(total, `currency ${currency}`).toBe(0n);
  }
  // The lever account's lock is exactly the open bonds and the pending orders' bond and fee.
  for (const user of USERS) {
    let locked = 0n;
    for (const p of leverOf(state).positions.values()) {
      if (p.userId !== user) continue;
      if (p.status === LEVER_STATUS_OPEN) locked += p.bond;
      if (p.status === LEVER_STATUS_PENDING) locked += p.bond + p.fee;
    }
    expect(userBalance(state, user, 'lever', USDT).locked).toBe(locked);
  }
}

/** Re-derives every close from its recorded trade and the rules. */
function checkCloses(world: World): number {
  let fired = 0;
  for (const event of world.events as unknown as LeverEvent[]) {
    if (event.type !== 'LeverClosed') continue;
    const position = leverOf(world.state).positions.get(event.positionId)!;
    const pair = pairById(position.pairId)!;
    expect(world.tape.get(event.trade.id) ?? event.trade).toEqual(event.trade);
    expect(event.price).toBe(priceUnits(pair, event.trade.price));
    expect(event.pnl).toBe(leverPnl(position.side, position.entry, event.price, position.quantity));
    // Bond + PnL back; a deeper loss from the balance, then from the insurance book.
    expect(event.returned - event.fromBalance).toBe(position.bond + event.pnl + event.fromInsurance);
    const back = position.bond + event.pnl;
    expect(event.returned).toBe(back > 0n ? back : 0n);
    if (event.fromInsurance > 0n)
      expect(leverSettlement(position.bond, event.pnl, event.fromBalance)).toEqual(
        event.fromInsurance > 0n
          ? { returned: 0n, fromBalance: event.fromBalance, fromInsurance: event.fromInsurance }
          : {},
      );
    if (event.reason === LEVER_CLOSE_TAKE_PROFIT || event.reason === LEVER_CLOSE_STOP_LOSS) {
      fired += 1;
      expect(leverStopFired(position.side, position.takeProfit, position.stopLoss, event.price)).toBe(
        event.reason === LEVER_CLOSE_TAKE_PROFIT ? 'takeProfit' : 'stopLoss',
      );
    }
    if (event.reason === LEVER_CLOSE_LIQUIDATION) fired += 1;
  }
  return fired;
}

function newWorld(): World {
  const world: World = {
    state: aggregate.initial(),
    at: START,
    tapeId: 100,
    last: new Map(),
    tape: new Map(),
    events: [],
  };
  world.last.set(1, { id: 99, time: START, price: 6_500_000 }); // 65 000.00
  world.last.set(2, { id: 100, time: START, price: 350_000 }); // 3 500.00
  for (const [index, user] of USERS.entries()) {
    run(world, {
      kind: 'credit',
      at: START,
      grant: index,
      userId: user,
      lines: [{ currencyId: USDT, units: 10n ** 13n }],
    });
    run(world, {
      kind: 'transfer',
      at: START,
      userId: user,
      currencyId: USDT,
      from: 'change',
      to: 'lever',
      units: 5n * 10n ** 11n,
    });
  }
  return world;
}

describe('lever in the one ledger (issue 13)', () => {
  it('keeps the ledger balanced, non-negative and locked as the positions say, and every close re-derivable', () => {
    let closes = 0;
    fc.assert(
      fc.property(fc.array(intent, { minLength: 5, maxLength: 60 }), (intents) => {
        const world = newWorld();
        for (const i of intents) {
          step(world, i);
          checkInvariants(world);
        }
        closes += checkCloses(world);
      }),
      { numRuns: 150 },
    );
    // The runs did exercise take-profit, stop-loss or liquidation.
    expect(closes).toBeGreaterThan(0);
  });

  it('runs a pass on a trade exactly when that trade fills an order, crosses a stop or liquidates', () => {
    fc.assert(
      fc.property(fc.array(intent, { minLength: 20, maxLength: 80 }), (intents) => {
        const world = { ...newWorld(), tradeByTrade: true };
        for (const i of intents) {
          step(world, i);
          checkInvariants(world);
        }
      }),
      { numRuns: 200 },
    );
    // Each cause was met, and trades that fired nothing too.
    expect(quiet).toBeGreaterThan(0);
    expect(fired.get('LeverFilled') ?? 0).toBeGreaterThan(0);
    expect(
      (fired.get(`closed:${LEVER_CLOSE_TAKE_PROFIT}`) ?? 0) +
        (fired.get(`closed:${LEVER_CLOSE_STOP_LOSS}`) ?? 0),
    ).toBeGreaterThan(0);
    expect(fired.get(`closed:${LEVER_CLOSE_LIQUIDATION}`) ?? 0).toBeGreaterThan(0);
  });

  it('liquidates on a crash, pays the shortfall from the insurance book and never leaves a negative balance', () => {
    const world = newWorld();
    const last = world.last.get(1)!;
    // 100x long with everything: bond + fee take nearly the whole balance.
    expect(
      lever(world, {
        kind: 'leverPlace',
        at: START + 1,
        userId: 1,
        pairId: 1,
        side: 'long',
        lots: 500n,
        multiple: 100,
        limit: 0n,
        last,
      }),
    ).toBe(true);
    const crash = { id: 1000, time: START + 2, price: 3_000_000 };
    world.tape.set(crash.id, crash);
    expect(
      lever(world, { kind: 'leverAdvance', at: START + 2, day: 0, trades: [{ pairId: 1, trades: [crash] }] }),
    ).toBe(true);
    const closed = (world.events as unknown as LeverEvent[]).find((e) => e.type === 'LeverClosed');
    expect(closed && closed.type === 'LeverClosed' && closed.reason).toBe(LEVER_CLOSE_LIQUIDATION);
    expect(closed && closed.type === 'LeverClosed' && closed.fromInsurance > 0n).toBe(true);
    expect(userBalance(world.state, 1, 'lever', USDT)).toEqual({ available: 0n, locked: 0n });
    expect((world.state.books.get(bookKey('insurance', USDT)) ?? 0n) < 0n).toBe(true);
    checkInvariants(world);
    expect(accountKey(1, 'lever', USDT)).toBe('1:1:lever');
  });

  it('refuses a transfer out of the lever account beyond the margin the open positions need', () => {
    const world = newWorld();
    const last = world.last.get(1)!;
    expect(
      lever(world, {
        kind: 'leverPlace',
        at: START + 1,
        userId: 1,
        pairId: 1,
        side: 'long',
        lots: 10n,
        multiple: 10,
        limit: 0n,
        last,
      }),
    ).toBe(true);
    const dip = { id: 1000, time: START + 2, price: 6_400_000 };
    expect(
      lever(world, { kind: 'leverAdvance', at: START + 2, day: 0, trades: [{ pairId: 1, trades: [dip] }] }),
    ).toBe(true);
    const figures = accountFigures(world.state, 1, USDT);
    expect(figures.pnl < 0n).toBe(true);
    const room = leverTransferable(figures.free, figures.pnl);
    expect(room).toBe(figures.free + figures.pnl);
    const out = (units: bigint) =>
      aggregate.decide(world.state, {
        kind: 'transfer',
        at: START + 3,
        userId: 1,
        currencyId: USDT,
        from: 'lever',
        to: 'change',
        units,
      });
    expect(out(room + 1n)).toEqual({ ok: false, error: 'walletLeverMargin' });
    expect(out(room).ok).toBe(true);
  });
});
