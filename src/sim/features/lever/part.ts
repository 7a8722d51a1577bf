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
  isOn,
  type LeverCloseReason,
} from '../../../domain/contract-codes.ts';
import {
  isLiquidating,
  leverLimitPriceAllowed,
  leverLimitTouched,
  leverOvernightFee,
  leverPnl,
  leverSettlement,
  leverStopFired,
  leverStopProblem,
  liquidationOrder,
  tickUnits,
} from '../../../domain/lever/rules.ts';
import type { Decision } from '../../store/aggregate.ts';
import { leverFixedPriceBand } from '../../../domain/lever/fixed-price-band.ts';
import { leverOrderCost } from '../../../domain/lever/order-risk.ts';
import { leverCloseLotsAllowed, leverSplit } from '../../../domain/lever/partial-close.ts';
import { reducedSide, reduceOnlySplit } from '../../../domain/lever/reduce-only.ts';
import {
  leverCloseOrderLots,
  leverCloseOrderProblem,
  leverCloseOrderTouched,
} from '../../../domain/lever/close-order.ts';
import { priceBandVerdict } from '../../../domain/order-filters/price-band.ts';
import { applyPostings, userBalance, type Posting } from '../../ledger/postings.ts';
import type { TapeTradeRef } from '../micro/state.ts';
import type { LogLine } from '../wallet/state.ts';
import { LEVER_COMMANDS, LEVER_EVENTS, type LeverCommand, type LeverEvent } from './events.ts';
import {
  initialLeverState,
  userPositionIndex,
  withUserPosition,
  type LeverPosition,
  type LeverState,
} from './state.ts';
import {
  DAY_MS,
  LEVER_MAX_SHARE,
  LEVER_MIN_SHARE,
  LEVER_MULTIPLES,
  LEVER_OVERNIGHT_RATE,
  leverPair,
  priceUnits,
} from '../../market/lever-terms.ts';
import type { ExchangePart } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Refusals, by their server message keys (locales "server" section). */
export const LEVER_REFUSALS = [
  'leverPairClosed',
  'leverNoPrice',
  'leverLotsRange',
  'leverMultiple',
  'leverLimitSide',
  'leverPriceBand',
  'leverInsufficient',
  'leverNotFound',
  'leverNotPending',
  'leverNotOpen',
  'leverTakeProfitSide',
  'leverStopLossSide',
  'leverNothingToClose',
  'leverNothingToReduce',
  'leverCloseLots',
  'leverCloseOrderSide',
] as const;
export type LeverRefusal = (typeof LEVER_REFUSALS)[number];

const EMPTY = initialLeverState();

/** The lever slice of the exchange's state (empty in a log that never had a position). */
export function leverOf(state: ExchangeState): LeverState {
  return state.lever ?? EMPTY;
}

const refuse = (error: LeverRefusal): Decision<LeverEvent> => ({ ok: false, error });

/** The mark of a position's pair: the given marks', else the one it opened on. */
function markOf(position: LeverPosition, marks: ReadonlyMap<number, TapeTradeRef>): TapeTradeRef | null {
  return marks.get(position.pairId) ?? position.openTrade;
}

/** A position's unrealised PnL at its pair's mark (0 without one). */
export function pnlAtMark(position: LeverPosition, marks: ReadonlyMap<number, TapeTradeRef>): bigint {
  const mark = markOf(position, marks);
  const pair = leverPair(position.pairId);
  if (!mark || !pair || position.status !== LEVER_STATUS_OPEN) return 0n;
  return leverPnl(position.side, position.entry, priceUnits(pair, mark.price), position.quantity);
}

/** A user's open positions in one quote currency. */
export function openPositionsOf(lever: LeverState, userId: number, currencyId: number): LeverPosition[] {
  const rows: LeverPosition[] = [];
  for (const id of lever.active) {
    const p = lever.positions.get(id);
    if (p && p.userId === userId && p.currencyId === currencyId && p.status === LEVER_STATUS_OPEN)
      rows.push(p);
  }
  return rows;
}

/** A user's lever account of one quote currency: free balance, bonds and PnL at the marks. */
export function accountFigures(
  state: ExchangeState,
  userId: number,
  currencyId: number,
  marks: ReadonlyMap<number, TapeTradeRef> = leverOf(state).marks,
): { free: bigint; locked: bigint; bonds: bigint; originBonds: bigint; pnl: bigint; open: LeverPosition[] } {
  const balance = userBalance(state, userId, 'lever', currencyId);
  const open = openPositionsOf(leverOf(state), userId, currencyId);
  let bonds = 0n;
  let originBonds = 0n;
  let pnl = 0n;
  for (const p of open) {
    bonds += p.bond;
    originBonds += p.originBond;
    pnl += pnlAtMark(p, marks);
  }
  return { free: balance.available, locked: balance.locked, bonds, originBonds, pnl, open };
}

/**
 * Whether a trade of the public tape fires anything of lever's on its pair: a fixed-price order it
 * reaches, a take-profit or stop-loss it crosses, or an account it puts at or below the liquidation
 * threshold. The same checks as the clock's pass (decideAdvance) makes for that trade, without the
 * events, so the service can run the pass on the trade that crosses instead of waiting for its timer.
 */
export function leverTriggeredBy(state: ExchangeState, pairId: number, trade: TapeTradeRef): boolean {
  const lever = leverOf(state);
  const pair = leverPair(pairId);
  if (!pair || trade.id <= (lever.marks.get(pairId)?.id ?? 0)) return false;
  const price = priceUnits(pair, trade.price);
  const accounts = new Set<string>();
  for (const id of lever.active) {
    const p = lever.positions.get(id);
    if (!p || p.pairId !== pairId) continue;
    if (
      p.status === LEVER_STATUS_PENDING &&
      trade.id > p.origin.id &&
      leverLimitTouched(p.side, p.limit, price)
    )
      return true;
    if (p.status !== LEVER_STATUS_OPEN) continue;
    if (trade.id > (p.openTrade?.id ?? 0) && leverStopFired(p.side, p.takeProfit, p.stopLoss, price))
      return true;
    if (closeOrderFires(p, trade, price)) return true;
    accounts.add(`${p.userId}:${p.currencyId}`);
  }
  const marks = new Map(lever.marks);
  marks.set(pairId, trade);
  for (const key of accounts) {
    const [userId, currencyId] = key.split(':').map(Number) as [number, number];
    const figures = accountFigures(state, userId, currencyId, marks);
    if (figures.bonds <= 0n || isLiquidating(figures.free, figures.bonds, figures.pnl)) return true;
  }
  return false;
}

/** The close of an open position on `trade` for `reason`: PnL, and who pays a loss beyond the bond. */
function closeEvent(
  state: ExchangeState,
  position: LeverPosition,
  reason: LeverCloseReason,
  trade: TapeTradeRef,
  at: number,
): LeverEvent {
  const pair = leverPair(position.pairId);
  const price = pair ? priceUnits(pair, trade.price) : position.entry;
  const pnl = leverPnl(position.side, position.entry, price, position.quantity);
  const free = userBalance(state, position.userId, 'lever', position.currencyId).available;
  const settlement = leverSettlement(position.bond, pnl, free);
  return { type: 'LeverClosed', at, positionId: position.id, reason, trade, price, pnl, ...settlement };
}

/** Folds events into a probe state as a decision is built (later checks see earlier closes). */
class Builder {
  readonly events: LeverEvent[] = [];
  constructor(public state: ExchangeState) {}
  push(event: LeverEvent): void {
    this.events.push(event);
    this.state = evolveLever(this.state, event);
  }
}

/**
 * Liquidates a user's account of one currency while its hazard rate is at or below the threshold:
 * the position with the largest loss first (then the lowest id), each at its pair's mark.
 */
function liquidate(
  builder: Builder,
  userId: number,
  currencyId: number,
  marks: ReadonlyMap<number, TapeTradeRef>,
  at: number,
): void {
  for (;;) {
    const figures = accountFigures(builder.state, userId, currencyId, marks);
    if (figures.open.length === 0) return;
    // Open positions whose bonds overnight fees have eaten to 0 have no margin left to hold them:
    // they are liquidated, largest loss first, whatever the equity (a winner's profit is paid out
    // on the close). isLiquidating alone answers false with no bond, as it also serves accounts
    // with nothing open.
    const exhausted = figures.bonds <= 0n;
    if (!exhausted && !isLiquidating(figures.free, figures.bonds, figures.pnl)) return;
    const ranked = liquidationOrder(figures.open.map((p) => ({ id: p.id, pnl: pnlAtMark(p, marks), p })));
    const first = ranked[0];
    const trade = first ? markOf(first.p, marks) : null;
    if (!first || !trade) return;
    builder.push(closeEvent(builder.state, first.p, LEVER_CLOSE_LIQUIDATION, trade, at));
  }
}

function owned(state: ExchangeState, userId: number, positionId: number): LeverPosition | undefined {
  const p = leverOf(state).positions.get(positionId);
  return p && p.userId === userId ? p : undefined;
}

function decidePlace(
  state: ExchangeState,
  command: Extract<LeverCommand, { kind: 'leverPlace' }>,
): Decision<LeverEvent> {
  const pair = leverPair(command.pairId);
  if (!pair || !isOn(pair.openLever)) return refuse('leverPairClosed');
  if (command.last.price <= 0) return refuse('leverNoPrice');
  if (command.lots < LEVER_MIN_SHARE || command.lots > LEVER_MAX_SHARE) return refuse('leverLotsRange');
  if (!LEVER_MULTIPLES.includes(command.multiple)) return refuse('leverMultiple');
  const last = priceUnits(pair, command.last.price);
  const fixed = command.limit > 0n;
  if (
    fixed &&
    (!leverLimitPriceAllowed(command.side, command.limit, last) ||
      command.limit % tickUnits(pair.priceDecimals) !== 0n)
  )
    return refuse('leverLimitSide');
  // A fixed price far from the last trade is a slip (3 USDT on BTC), refused like a spot one.
  const band = leverFixedPriceBand(command.side, pair.leverPriceBandPercent);
  if (fixed && priceBandVerdict(command.limit, last, band) !== 'inside') return refuse('leverPriceBand');
  // The same cost the order form shows before the order (domain/lever/order-risk.ts).
  const { entry, quantity, bond, fee } = leverOrderCost(
    {
      shareNum: pair.leverShareNum,
      feeRate: pair.leverFeeRate,
      pointRate: pair.leverPointRate,
      priceDecimals: pair.priceDecimals,
    },
    {
      side: command.side,
      lots: command.lots,
      multiple: command.multiple,
      limit: fixed ? command.limit : 0n,
      last,
    },
  );
  // Take-profit and stop-loss given with the order: the sides lever/setstop keeps to, at this entry.
  const takeProfit = command.takeProfit ?? 0n;
  const stopLoss = command.stopLoss ?? 0n;
  const stops = leverStopProblem(command.side, entry, last, takeProfit, stopLoss);
  if (stops === 'stopLossSide') return refuse('leverStopLossSide');
  if (stops) return refuse('leverTakeProfitSide');
  const currencyId = pair.quote.id;
  if (userBalance(state, command.userId, 'lever', currencyId).available < bond + fee)
    return refuse('leverInsufficient');
  const id = leverOf(state).nextId;
  const position: LeverPosition = {
    id,
    userId: command.userId,
    pairId: pair.id,
    currencyId,
    side: command.side,
    lots: command.lots,
    quantity,
    multiple: command.multiple,
    limit: fixed ? command.limit : 0n,
    entry,
    origin: command.last,
    takeProfit,
    stopLoss,
    originBond: bond,
    bond,
    fee,
    overnight: 0n,
    status: fixed ? LEVER_STATUS_PENDING : LEVER_STATUS_OPEN,
    closeReason: LEVER_CLOSE_NONE,
    openTrade: fixed ? null : command.last,
    closeTrade: null,
    closePrice: 0n,
    pnl: 0n,
    insurance: 0n,
    placedAt: command.at,
    openedAt: fixed ? 0 : command.at,
    closedAt: 0,
  };
  return { ok: true, events: [{ type: 'LeverPlaced', at: command.at, position }], reply: id };
}

/**
 * `lots` of an open position closed at market: the part's PnL at the trade on its quantity, settled
 * against its share of the bond like a whole close (leverSettlement). Answers the part's id.
 */
function decidePartClose(
  state: ExchangeState,
  p: LeverPosition,
  lots: bigint,
  command: Extract<LeverCommand, { kind: 'leverClose' }>,
): Decision<LeverEvent> {
  const event = partCloseEvent(state, p, lots, command.last, command.at);
  return { ok: true, events: [event], reply: event.partId };
}

/** `lots` of `p` (fewer than it holds) closed at `trade`'s price: the part settled on its share. */
function partCloseEvent(
  state: ExchangeState,
  p: LeverPosition,
  lots: bigint,
  trade: TapeTradeRef,
  at: number,
): Extract<LeverEvent, { type: 'LeverPartClosed' }> {
  const pair = leverPair(p.pairId);
  const price = pair ? priceUnits(pair, trade.price) : p.entry;
  const { closed } = leverSplit(p, lots);
  const pnl = leverPnl(p.side, p.entry, price, closed.quantity);
  const free = userBalance(state, p.userId, 'lever', p.currencyId).available;
  return {
    type: 'LeverPartClosed',
    at,
    positionId: p.id,
    partId: leverOf(state).nextId,
    lots,
    trade,
    price,
    pnl,
    ...leverSettlement(closed.bond, pnl, free),
  };
}

/**
 * A reduce-only order (domain/lever/reduce-only.ts): the user's open positions on the pair on the
 * other side, oldest first, closed whole and the last one reached in part, in one commit, each at
 * the last trade like a close from the table. Answers the ids of the rows it closed (a part's own id).
 */
function decideReduce(
  state: ExchangeState,
  command: Extract<LeverCommand, { kind: 'leverReduce' }>,
): Decision<LeverEvent> {
  const pair = leverPair(command.pairId);
  if (!pair || !isOn(pair.openLever)) return refuse('leverPairClosed');
  if (command.last.price <= 0) return refuse('leverNoPrice');
  if (command.lots < LEVER_MIN_SHARE || command.lots > LEVER_MAX_SHARE) return refuse('leverLotsRange');
  const lever = leverOf(state);
  const side = reducedSide(command.side);
  const open = [...lever.active]
    .map((id) => lever.positions.get(id))
    .filter(
      (p): p is LeverPosition =>
        p !== undefined &&
        p.userId === command.userId &&
        p.pairId === command.pairId &&
        p.status === LEVER_STATUS_OPEN &&
        p.side === side,
    );
  const parts = reduceOnlySplit(open, command.lots);
  if (parts.length === 0) return refuse('leverNothingToReduce');
  const builder = new Builder(state);
  const ids: number[] = [];
  for (const part of parts) {
    const p = leverOf(builder.state).positions.get(part.id)!;
    if (command.last.id < (p.openTrade?.id ?? 0)) return refuse('leverNoPrice');
    if (part.lots < p.lots) {
      const event = partCloseEvent(builder.state, p, part.lots, command.last, command.at);
      builder.push(event);
      ids.push(event.partId);
    } else {
      builder.push(closeEvent(builder.state, p, LEVER_CLOSE_USER, command.last, command.at));
      ids.push(p.id);
    }
  }
  return { ok: true, events: builder.events, reply: ids };
}

/** Whether `trade` (at `price`, 1e-8) fires the close order of open position `p`. */
function closeOrderFires(p: LeverPosition, trade: TapeTradeRef, price: bigint): boolean {
  const order = p.closeOrder;
  return (
    order !== undefined &&
    order.lots > 0n &&
    trade.id > order.after &&
    leverCloseOrderTouched(p.side, order.price, price)
  );
}

/**
 * Places (price > 0) or cancels (price 0) an open position's close order at a price, refused by
 * the same rule the close dialog checks as the user types (leverCloseOrderProblem).
 */
function decideCloseAt(
  state: ExchangeState,
  command: Extract<LeverCommand, { kind: 'leverCloseAt' }>,
): Decision<LeverEvent> {
  const p = owned(state, command.userId, command.positionId);
  if (!p) return refuse('leverNotFound');
  if (p.status !== LEVER_STATUS_OPEN) return refuse('leverNotOpen');
  const pair = leverPair(p.pairId);
  if (!pair || command.last.price <= 0) return refuse('leverNoPrice');
  const cancel = command.price === 0n;
  if (!cancel) {
    const problem = leverCloseOrderProblem(
      p.side,
      p.lots,
      command.lots,
      command.price,
      priceUnits(pair, command.last.price),
      pair.priceDecimals,
    );
    if (problem === 'closeLots') return refuse('leverCloseLots');
    if (problem) return refuse('leverCloseOrderSide');
  }
  const event: LeverEvent = {
    type: 'LeverCloseOrderSet',
    at: command.at,
    positionId: p.id,
    lots: cancel ? 0n : command.lots,
    price: cancel ? 0n : command.price,
    after: command.last.id,
  };
  return { ok: true, events: [event], reply: p.id };
}

function decideAdvance(
  state: ExchangeState,
  command: Extract<LeverCommand, { kind: 'leverAdvance' }>,
): Decision<LeverEvent> {
  const builder = new Builder(state);
  const lever = leverOf(state);
  const marks = new Map(lever.marks);
  const at = command.at;
  // Overnight: once per simulated day boundary passed, for positions opened before it.
  if (command.day > lever.day && lever.active.size > 0) {
    const days = lever.day > 0 ? BigInt(command.day - lever.day) : 0n;
    const charges: { positionId: number; amount: bigint }[] = [];
    for (const id of lever.active) {
      const p = lever.positions.get(id);
      const pair = p ? leverPair(p.pairId) : undefined;
      const mark = p ? markOf(p, marks) : null;
      if (!p || !pair || !mark || p.status !== LEVER_STATUS_OPEN || days === 0n) continue;
      if (p.openedAt >= command.day * DAY_MS) continue;
      const fee = days * leverOvernightFee(priceUnits(pair, mark.price), p.quantity, LEVER_OVERNIGHT_RATE);
      const amount = fee < p.bond ? fee : p.bond;
      if (amount > 0n) charges.push({ positionId: id, amount });
    }
    builder.push({ type: 'LeverOvernight', at, day: command.day, charges });
  }
  // The tape, trade by trade, in time order across pairs.
  const trades = command.trades
    .flatMap(({ pairId, trades: list }) => list.map((trade) => ({ pairId, trade })))
    .filter(({ pairId, trade }) => trade.id > (marks.get(pairId)?.id ?? 0))
    .sort((a, b) => a.trade.time - b.trade.time || a.pairId - b.pairId || a.trade.id - b.trade.id);
  const touchedPairs = new Set<number>();
  // What a trade fires happens at that trade's time: the settlement names its cause and its moment.
  for (const { pairId, trade } of trades) {
    const pair = leverPair(pairId);
    if (!pair) continue;
    const price = priceUnits(pair, trade.price);
    const onPair = () =>
      [...leverOf(builder.state).active]
        .map((id) => leverOf(builder.state).positions.get(id))
        .filter((p): p is LeverPosition => p !== undefined && p.pairId === pairId)
        .sort((a, b) => a.id - b.id);
    // 1. Fixed-price orders the trade reached open at their price.
    for (const p of onPair()) {
      if (
        p.status === LEVER_STATUS_PENDING &&
        trade.id > p.origin.id &&
        leverLimitTouched(p.side, p.limit, price)
      )
        builder.push({ type: 'LeverFilled', at: trade.time, positionId: p.id, trade });
    }
    // 2. Take-profit and stop-loss fire on the trade.
    for (const p of onPair()) {
      if (p.status !== LEVER_STATUS_OPEN || trade.id <= (p.openTrade?.id ?? 0)) continue;
      const fired = leverStopFired(p.side, p.takeProfit, p.stopLoss, price);
      if (fired)
        builder.push(
          closeEvent(
            builder.state,
            p,
            fired === 'takeProfit' ? LEVER_CLOSE_TAKE_PROFIT : LEVER_CLOSE_STOP_LOSS,
            trade,
            trade.time,
          ),
        );
    }
    // 2b. Close orders at a price the trade reached close their lots (a part, or the whole rest).
    for (const p of onPair()) {
      if (p.status !== LEVER_STATUS_OPEN || !closeOrderFires(p, trade, price)) continue;
      const lots = leverCloseOrderLots(p.closeOrder!.lots, p.lots);
      builder.push({
        type: 'LeverCloseOrderSet',
        at: trade.time,
        positionId: p.id,
        lots: 0n,
        price: 0n,
        after: trade.id,
      });
      const current = leverOf(builder.state).positions.get(p.id) ?? p;
      builder.push(
        lots < current.lots
          ? partCloseEvent(builder.state, current, lots, trade, trade.time)
          : closeEvent(builder.state, current, LEVER_CLOSE_USER, trade, trade.time),
      );
    }
    // 3. The trade is the pair's mark; accounts holding the pair are checked for liquidation.
    marks.set(pairId, trade);
    touchedPairs.add(pairId);
    const accounts = new Set<string>();
    for (const p of onPair()) if (p.status === LEVER_STATUS_OPEN) accounts.add(`${p.userId}:${p.currencyId}`);
    for (const key of accounts) {
      const [userId, currencyId] = key.split(':').map(Number) as [number, number];
      liquidate(builder, userId, currencyId, marks, trade.time);
    }
  }
  // Overnight fees shrink bonds: every account is checked once more at the marks.
  const accounts = new Set<string>();
  for (const id of leverOf(builder.state).active) {
    const p = leverOf(builder.state).positions.get(id);
    if (p && p.status === LEVER_STATUS_OPEN) accounts.add(`${p.userId}:${p.currencyId}`);
  }
  for (const key of accounts) {
    const [userId, currencyId] = key.split(':').map(Number) as [number, number];
    liquidate(builder, userId, currencyId, marks, at);
  }
  if (touchedPairs.size > 0)
    builder.push({
      type: 'LeverMarked',
      at,
      marks: [...touchedPairs].sort((a, b) => a - b).map((pairId) => ({ pairId, trade: marks.get(pairId)! })),
    });
  return { ok: true, events: builder.events };
}

function decideLever(state: ExchangeState, command: LeverCommand): Decision<LeverEvent> {
  switch (command.kind) {
    case 'leverPlace':
      return decidePlace(state, command);
    case 'leverCancel': {
      const p = owned(state, command.userId, command.positionId);
      if (!p) return refuse('leverNotFound');
      if (p.status !== LEVER_STATUS_PENDING) return refuse('leverNotPending');
      return {
        ok: true,
        events: [{ type: 'LeverCancelled', at: command.at, positionId: p.id }],
        reply: p.id,
      };
    }
    case 'leverClose': {
      const p = owned(state, command.userId, command.positionId);
      if (!p) return refuse('leverNotFound');
      if (p.status !== LEVER_STATUS_OPEN) return refuse('leverNotOpen');
      if (command.last.price <= 0 || command.last.id < (p.openTrade?.id ?? 0)) return refuse('leverNoPrice');
      const lots = command.lots ?? p.lots;
      if (!leverCloseLotsAllowed(p.lots, lots)) return refuse('leverCloseLots');
      if (lots < p.lots) return decidePartClose(state, p, lots, command);
      return {
        ok: true,
        events: [closeEvent(state, p, LEVER_CLOSE_USER, command.last, command.at)],
        reply: p.id,
      };
    }
    case 'leverBatchClose': {
      if (command.last.price <= 0) return refuse('leverNoPrice');
      const builder = new Builder(state);
      const ids: number[] = [];
      const lever = leverOf(state);
      const rows = [...lever.active]
        .map((id) => lever.positions.get(id))
        .filter(
          (p): p is LeverPosition =>
            p !== undefined &&
            p.userId === command.userId &&
            p.pairId === command.pairId &&
            p.status === LEVER_STATUS_OPEN &&
            (command.batch === 'all' || p.side === command.batch),
        )
        .sort((a, b) => a.id - b.id);
      if (rows.length === 0) return refuse('leverNothingToClose');
      for (const p of rows) {
        const current = leverOf(builder.state).positions.get(p.id) ?? p;
        builder.push(closeEvent(builder.state, current, LEVER_CLOSE_USER, command.last, command.at));
        ids.push(p.id);
      }
      return { ok: true, events: builder.events, reply: ids };
    }
    case 'leverReduce':
      return decideReduce(state, command);
    case 'leverCloseAt':
      return decideCloseAt(state, command);
    case 'leverSetStops': {
      const p = owned(state, command.userId, command.positionId);
      if (!p) return refuse('leverNotFound');
      if (p.status !== LEVER_STATUS_OPEN && p.status !== LEVER_STATUS_PENDING) return refuse('leverNotOpen');
      const pair = leverPair(p.pairId);
      if (!pair || command.last.price <= 0) return refuse('leverNoPrice');
      const problem = leverStopProblem(
        p.side,
        p.entry,
        priceUnits(pair, command.last.price),
        command.takeProfit,
        command.stopLoss,
      );
      if (problem === 'stopLossSide') return refuse('leverStopLossSide');
      if (problem) return refuse('leverTakeProfitSide');
      return {
        ok: true,
        events: [
          {
            type: 'LeverStopsSet',
            at: command.at,
            positionId: p.id,
            takeProfit: command.takeProfit,
            stopLoss: command.stopLoss,
          },
        ],
        reply: p.id,
      };
    }
    case 'leverAdvance':
      return decideAdvance(state, command);
  }
}

/**
 * The ledger postings of a lever event, on the user's lever account of the quote currency. Placing
 * locks the bond (and, for a pending order, the fee) and pays a market order's fee to the fees book;
 * a fill pays the locked fee; a cancel unlocks both; a close releases the bond and settles PnL
 * against the exchange's lever book, a shortfall beyond the user's free balance against the
 * insurance book; an overnight fee moves from the bond to the fees book.
 */
export function leverPostings(state: ExchangeState, event: LeverEvent): Posting[] {
  const user = (p: LeverPosition, available: bigint, locked: bigint): Posting => ({
    kind: 'user',
    userId: p.userId,
    account: 'lever',
    currencyId: p.currencyId,
    available,
    locked,
  });
  const book = (name: 'fees' | 'lever' | 'insurance', currencyId: number, amount: bigint): Posting => ({
    kind: 'book',
    book: name,
    currencyId,
    amount,
  });
  const lever = leverOf(state);
  switch (event.type) {
    case 'LeverPlaced': {
      const p = event.position;
      if (p.status === LEVER_STATUS_PENDING) return [user(p, -(p.bond + p.fee), p.bond + p.fee)];
      return [user(p, -(p.bond + p.fee), p.bond), book('fees', p.currencyId, p.fee)];
    }
    case 'LeverFilled': {
      const p = lever.positions.get(event.positionId);
      return p ? [user(p, 0n, -p.fee), book('fees', p.currencyId, p.fee)] : [];
    }
    case 'LeverCancelled': {
      const p = lever.positions.get(event.positionId);
      return p ? [user(p, p.bond + p.fee, -(p.bond + p.fee))] : [];
    }
    case 'LeverClosed': {
      const p = lever.positions.get(event.positionId);
      if (!p) return [];
      return [
        user(p, event.returned - event.fromBalance, -p.bond),
        book('lever', p.currencyId, -event.pnl),
        book('insurance', p.currencyId, -event.fromInsurance),
      ];
    }
    case 'LeverPartClosed': {
      const p = lever.positions.get(event.positionId);
      if (!p) return [];
      const { closed } = leverSplit(p, event.lots);
      return [
        user(p, event.returned - event.fromBalance, -closed.bond),
        book('lever', p.currencyId, -event.pnl),
        book('insurance', p.currencyId, -event.fromInsurance),
      ];
    }
    case 'LeverOvernight':
      return event.charges.flatMap(({ positionId, amount }) => {
        const p = lever.positions.get(positionId);
        return p ? [user(p, 0n, -amount), book('fees', p.currencyId, amount)] : [];
      });
    case 'LeverStopsSet':
    case 'LeverCloseOrderSet':
    case 'LeverMarked':
      return [];
  }
}

function laterMark(
  marks: Map<number, TapeTradeRef>,
  pairId: number,
  trade: TapeTradeRef,
): Map<number, TapeTradeRef> {
  const current = marks.get(pairId);
  return current && current.id >= trade.id ? marks : new Map(marks).set(pairId, trade);
}

export function evolveLever(state: ExchangeState, event: LeverEvent): ExchangeState {
  const postings = leverPostings(state, event);
  const next = applyPostings(state, postings);
  const old = leverOf(next);
  const lever: LeverState = { ...old };
  const put = (p: LeverPosition) => {
    // The per-user index: stored with every write (derived first for an older snapshot's state).
    const byUser = userPositionIndex(lever);
    lever.byUser = lever.positions.has(p.id) ? byUser : withUserPosition(byUser, p);
    lever.positions = new Map(lever.positions).set(p.id, p);
    if (p.status === LEVER_STATUS_OPEN || p.status === LEVER_STATUS_PENDING) {
      if (!lever.active.has(p.id)) lever.active = new Set(lever.active).add(p.id);
    } else if (lever.active.has(p.id)) {
      const active = new Set(lever.active);
      active.delete(p.id);
      lever.active = active;
    }
  };
  let line: { p: LeverPosition; value: bigint; kind: string } | null = null;
  switch (event.type) {
    case 'LeverPlaced': {
      const p = event.position;
      put(p);
      lever.nextId = Math.max(lever.nextId, p.id + 1);
      lever.marks = laterMark(lever.marks, p.pairId, p.origin);
      line = {
        p,
        value: -(p.bond + p.fee),
        kind: p.status === LEVER_STATUS_PENDING ? 'leverOrder' : 'leverOpen',
      };
      break;
    }
    case 'LeverFilled': {
      const p = old.positions.get(event.positionId);
      if (!p) break;
      put({ ...p, status: LEVER_STATUS_OPEN, openTrade: event.trade, openedAt: event.at });
      lever.marks = laterMark(lever.marks, p.pairId, event.trade);
      break;
    }
    case 'LeverCancelled': {
      const p = old.positions.get(event.positionId);
      if (!p) break;
      put({ ...p, status: LEVER_STATUS_CANCELLED, closedAt: event.at });
      line = { p, value: p.bond + p.fee, kind: 'leverCancel' };
      break;
    }
    case 'LeverClosed': {
      const p = old.positions.get(event.positionId);
      if (!p) break;
      put({
        ...p,
        status: LEVER_STATUS_CLOSED,
        closeReason: event.reason,
        closeTrade: event.trade,
        closePrice: event.price,
        pnl: event.pnl,
        insurance: event.fromInsurance,
        closedAt: event.at,
      });
      lever.marks = laterMark(lever.marks, p.pairId, event.trade);
      line = { p, value: event.returned - event.fromBalance, kind: 'leverClose' };
      break;
    }
    case 'LeverPartClosed': {
      const p = old.positions.get(event.positionId);
      if (!p) break;
      const { closed, rest } = leverSplit(p, event.lots);
      put({ ...p, ...rest });
      // The part: a closed position of its own, in the history beside the rest.
      put({
        ...p,
        ...closed,
        id: event.partId,
        status: LEVER_STATUS_CLOSED,
        closeReason: LEVER_CLOSE_USER,
        closeTrade: event.trade,
        closePrice: event.price,
        pnl: event.pnl,
        insurance: event.fromInsurance,
        closedAt: event.at,
        partOf: p.id,
      });
      lever.nextId = Math.max(lever.nextId, event.partId + 1);
      lever.marks = laterMark(lever.marks, p.pairId, event.trade);
      line = { p, value: event.returned - event.fromBalance, kind: 'leverClose' };
      break;
    }
    case 'LeverStopsSet': {
      const p = old.positions.get(event.positionId);
      if (p) put({ ...p, takeProfit: event.takeProfit, stopLoss: event.stopLoss });
      break;
    }
    case 'LeverCloseOrderSet': {
      const p = old.positions.get(event.positionId);
      if (!p) break;
      if (event.lots > 0n)
        put({ ...p, closeOrder: { lots: event.lots, price: event.price, after: event.after } });
      else {
        const { closeOrder: _gone, ...rest } = p;
        put(rest);
      }
      break;
    }
    case 'LeverMarked':
      for (const { pairId, trade } of event.marks) lever.marks = laterMark(lever.marks, pairId, trade);
      break;
    case 'LeverOvernight':
      lever.day = Math.max(lever.day, event.day);
      for (const { positionId, amount } of event.charges) {
        const p = lever.positions.get(positionId);
        if (p) put({ ...p, bond: p.bond - amount, overnight: p.overnight + amount });
      }
      break;
  }
  if (!line || line.value === 0n) return { ...next, lever };
  // The records (account_log/lever): one line per movement of the lever account's available.
  const { p, value, kind } = line;
  const wallet = { ...next.wallet };
  const before = userBalance(state, p.userId, 'lever', p.currencyId).available;
  const logLine: LogLine = {
    id: wallet.nextLogId,
    account: 'lever',
    currencyId: p.currencyId,
    before,
    value,
    after: before + value,
    kind,
    detail: String(p.id),
    at: event.at,
  };
  wallet.nextLogId += 1;
  wallet.logs = new Map(wallet.logs).set(p.userId, [...(wallet.logs.get(p.userId) ?? []), logLine]);
  return { ...next, lever, wallet };
}

/** Lever as a part of the exchange's one log. */
export const leverPart: ExchangePart = {
  name: 'lever',
  overdrawn: 'leverInsufficient',
  ownsCommand: (command) => LEVER_COMMANDS.has(command.kind),
  ownsEvent: (event) => LEVER_EVENTS.has(event.type),
  decide: (state, command) => decideLever(state, command as LeverCommand),
  postingsOf: (state, event) => leverPostings(state, event as LeverEvent),
  evolve: (state, event) => evolveLever(state, event as LeverEvent),
};
