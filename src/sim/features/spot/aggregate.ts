import { baseUnits, feeOf, quoteUnits, type PairGrid } from '../../../domain/spot/settlement.ts';
import { MARKET } from '../../../domain/spot/order-kind.ts';
import { cancelsUnfilled } from '../../../domain/spot/time-in-force.ts';
import { stopFires } from '../../../domain/spot/stop-limit.ts';
import { ocoLegActed, ocoLock } from '../../../domain/spot/oco.ts';
import { FIRST_USER_OWNER } from '../../market/agents/agent.ts';
import type { Aggregate, Decision } from '../../store/aggregate.ts';
import type { FillFact, SpotCommand } from './commands.ts';
import type { SpotEvent } from './events.ts';
import { addFee, adjustBalance, putOrder } from './ledger.ts';
import { withEntry } from '../../store/persistent-map.ts';
import { appended } from '../../store/persistent-list.ts';
import {
  balanceOf,
  initialSpotState,
  isWaitingStop,
  lockCurrencyOf,
  ocoLegOf,
  type SpotOrder,
  type SpotState,
} from './state.ts';
import {
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_FILLED,
  ORDER_STATUS_OPEN,
  TIME_IN_FORCE_FOK,
  TIME_IN_FORCE_GTC,
} from '../../../domain/contract-codes.ts';

/** Refusals, by their server message keys (locales "server" section). */
export const SPOT_REFUSALS = [
  'spotInsufficient',
  'spotOrderNotFound',
  'spotOrderNotOpen',
  'spotStale',
  'spotPostOnlyWouldTake',
  'spotFillOrKill',
] as const;
export type SpotRefusal = (typeof SPOT_REFUSALS)[number];

const refuse = (error: SpotRefusal): Decision<SpotEvent> => ({ ok: false, error });

/**
 * The spot ledger as an event-sourced aggregate. `gridOf` gives a pair's price and lot places (a
 * constant table), which turn engine integers into money.
 *
 * Rounding, where a price x quantity has more places than the ledger's 1e-8: buyers pay and sellers
 * receive the product rounded down; a limit buy locks its whole cost rounded up and, after each fill,
 * keeps locked exactly what its remaining lots need at its limit price. That is always at least what
 * the fill costs, so no lock and no balance can go negative.
 */
export function spotAggregate(
  gridOf: (pairId: number) => PairGrid | undefined,
): Aggregate<SpotState, SpotCommand, SpotEvent> {
  function decide(state: SpotState, command: SpotCommand): Decision<SpotEvent, SpotState> {
    switch (command.kind) {
      case 'credit': {
        // Grants arrive in order and each exactly once, whatever replays the subscription.
        if (command.grant !== state.grantsCredited) return { ok: true, events: [] };
        return {
          ok: true,
          events: command.lines.map((line) => ({
            type: 'FundsCredited' as const,
            at: command.at,
            grant: command.grant,
            userId: command.userId,
            currencyId: line.currencyId,
            units: line.units,
          })),
        };
      }
      case 'place': {
        const { order } = command;
        if (order.id !== state.nextOrderId) return refuse('spotStale');
        const available = balanceOf(state, order.userId, lockCurrencyOf(order)).available;
        if (order.lock < 0n || available < order.lock) return refuse('spotInsufficient');
        // The service checked the book before matching; the record keeps the rules on its own.
        if (order.postOnly && command.fills.some((fill) => fill.takerId === order.id))
          return refuse('spotPostOnlyWouldTake');
        const log = new EventLog(state);
        log.push({
          type: 'OrderPlaced',
          at: command.at,
          order: {
            ...order,
            locked: order.lock,
            filledLots: 0,
            filledQuote: 0n,
            fee: 0n,
            status: ORDER_STATUS_OPEN,
            createdAt: command.at,
            updatedAt: command.at,
          },
        });
        for (const fill of command.fills) settleFill(log, fill, command.at);
        const placed = log.state.orders.get(order.id);
        // Fill or kill: filled entirely on arrival, or never placed at all.
        if (order.timeInForce === TIME_IN_FORCE_FOK && placed?.status === ORDER_STATUS_OPEN)
          return refuse('spotFillOrKill');
        // A market order and an immediate-or-cancel one never rest: what they could not fill is dropped.
        if (
          placed &&
          placed.status === ORDER_STATUS_OPEN &&
          cancelsUnfilled(placed.type, placed.timeInForce ?? TIME_IN_FORCE_GTC)
        ) {
          log.push({
            type: 'OrderEnded',
            at: command.at,
            orderId: placed.id,
            status: placed.filledLots >= placed.lots ? ORDER_STATUS_FILLED : ORDER_STATUS_CANCELLED,
            release: placed.locked,
          });
        }
        return { ok: true, events: log.events, reply: order.id, state: log.state };
      }
      case 'placeOco': {
        const { limit, stop } = command;
        if (limit.id !== state.nextOrderId || stop.id !== limit.id + 1) return refuse('spotStale');
        const grid = gridOf(limit.pairId);
        // The legs the service built must be one OCO: same user, pair, side and quantity; the limit
        // leg holds what the costlier leg needs, the stop leg nothing.
        const sameGroup =
          stop.userId === limit.userId &&
          stop.pairId === limit.pairId &&
          stop.side === limit.side &&
          stop.lots === limit.lots &&
          stop.stopDirection !== undefined &&
          stop.lock === 0n;
        if (!grid || !sameGroup) return { ok: false, error: 'spotOcoLegs' };
        if (limit.lock < ocoLock(limit.side, limit.priceTicks, stop.priceTicks, limit.lots, grid))
          return { ok: false, error: 'spotOcoLegs' };
        const available = balanceOf(state, limit.userId, lockCurrencyOf(limit)).available;
        if (available < limit.lock) return refuse('spotInsufficient');
        const opened: Pick<
          SpotOrder,
          'filledLots' | 'filledQuote' | 'fee' | 'status' | 'createdAt' | 'updatedAt'
        > = {
          filledLots: 0,
          filledQuote: 0n,
          fee: 0n,
          status: ORDER_STATUS_OPEN,
          createdAt: command.at,
          updatedAt: command.at,
        };
        return {
          ok: true,
          events: [
            {
              type: 'OrderPlaced',
              at: command.at,
              order: { ...limit, postOnly: true, ocoWith: stop.id, locked: limit.lock, ...opened },
            },
            {
              type: 'OrderPlaced',
              at: command.at,
              order: { ...stop, ocoWith: limit.id, locked: 0n, ...opened },
            },
          ],
          reply: limit.id,
        };
      }
      case 'trigger': {
        const log = new EventLog(state);
        for (const { orderId, trade } of command.triggers) {
          const order = log.state.orders.get(orderId);
          // Exactly once, and only by a trade after its placement at or through its stop.
          if (!order || order.status !== ORDER_STATUS_OPEN || !isWaitingStop(order)) continue;
          if (trade.id <= (order.stopAfterTrade ?? 0)) continue;
          if (!stopFires(order.stopDirection!, order.stopTicks ?? 0, trade.price)) continue;
          log.push({ type: 'OrderTriggered', at: command.at, orderId, trade });
          // An OCO's stop leg: its limit leg is cancelled, and the shared lock moves over to it.
          if (endPartner(log, orderId, command.at)) {
            const triggered = log.state.orders.get(orderId)!;
            const grid = gridOf(triggered.pairId);
            if (grid)
              log.push({ type: 'OrderLocked', at: command.at, orderId, units: lockOf(triggered, grid) });
          }
        }
        for (const fill of command.fills) settleFill(log, fill, command.at);
        return { ok: true, events: log.events, state: log.state };
      }
      case 'settle': {
        const log = new EventLog(state);
        for (const fill of command.fills) settleFill(log, fill, command.at);
        return { ok: true, events: log.events, state: log.state };
      }
      case 'cancel': {
        const order = state.orders.get(command.orderId);
        // Someone else's order reads as unknown: ids must not tell whose orders exist.
        if (!order || order.userId !== command.userId) return refuse('spotOrderNotFound');
        if (order.status !== ORDER_STATUS_OPEN) return refuse('spotOrderNotOpen');
        const log = new EventLog(state);
        log.push({
          type: 'OrderEnded',
          at: command.at,
          orderId: order.id,
          status: ORDER_STATUS_CANCELLED,
          release: order.locked,
        });
        // Cancelling one leg of an OCO cancels both.
        endPartner(log, order.id, command.at);
        return { ok: true, events: log.events, reply: order.id, state: log.state };
      }
    }
  }

  /** Records one fill for each user order in it (maker, taker, or both when two users met). */
  function settleFill(log: EventLog, fill: FillFact, at: number): void {
    const grid = gridOf(fill.pairId);
    if (!grid) return;
    const roles = [
      { id: fill.makerId, owner: fill.makerOwner, maker: true },
      { id: fill.takerId, owner: fill.takerOwner, maker: false },
    ];
    for (const role of roles) {
      if (role.owner < FIRST_USER_OWNER) continue;
      const order = log.state.orders.get(role.id);
      // Unknown or finished: the fill belongs to an order whose placement was never stored.
      if (!order || order.status !== ORDER_STATUS_OPEN || order.userId !== role.owner - FIRST_USER_OWNER)
        continue;
      // A stop-limit order is not in the book before its trigger: nothing can fill it.
      if (isWaitingStop(order)) continue;
      const lots = Math.min(fill.lots, order.lots - order.filledLots);
      if (lots <= 0) continue;
      log.push(fillEvent(order, fill.price, lots, role.maker, grid, at));
      // An OCO leg that fills, even in part, cancels the other.
      endPartner(log, order.id, at);
      const after = log.state.orders.get(order.id)!;
      if (after.filledLots >= after.lots) {
        log.push({
          type: 'OrderEnded',
          at,
          orderId: after.id,
          status: ORDER_STATUS_FILLED,
          release: after.locked,
        });
      }
    }
  }

  return { initial: initialSpotState, decide, evolve: evolveSpot };
}

/**
 * Cancels the other leg of an OCO once this one has acted (domain/spot/oco.ts), releasing what it
 * locked; true when it did. Not an OCO leg, not acted, or the other leg already over: nothing.
 */
function endPartner(log: EventLog, orderId: number, at: number): boolean {
  const order = log.state.orders.get(orderId);
  if (!order || order.ocoWith === undefined || !ocoLegActed(ocoLegOf(order))) return false;
  const partner = log.state.orders.get(order.ocoWith);
  if (!partner || partner.status !== ORDER_STATUS_OPEN) return false;
  log.push({
    type: 'OrderEnded',
    at,
    orderId: partner.id,
    status: ORDER_STATUS_CANCELLED,
    release: partner.locked,
  });
  return true;
}

/** What a limit order's remaining lots need locked: base for a sell, the cost at its price rounded up for a buy. */
function lockOf(order: SpotOrder, grid: PairGrid): bigint {
  const remaining = order.lots - order.filledLots;
  return order.side === 'sell'
    ? baseUnits(remaining, grid)
    : quoteUnits(order.priceTicks, remaining, grid, 'ceil');
}

function fillEvent(
  order: SpotOrder,
  ticks: number,
  lots: number,
  maker: boolean,
  grid: PairGrid,
  at: number,
): SpotEvent {
  const base = baseUnits(lots, grid);
  let quote = quoteUnits(ticks, lots, grid, 'floor');
  let release: bigint;
  let fee: bigint;
  if (order.side === 'buy') {
    fee = feeOf(base);
    if (order.type === MARKET) {
      // A market buy locked the cost of the book it swept; each fill spends its own share.
      release = quote < order.locked ? quote : order.locked;
    } else {
      const remaining = Math.max(0, order.lots - order.filledLots - lots);
      const stillNeeded = quoteUnits(order.priceTicks, remaining, grid, 'ceil');
      release = order.locked > stillNeeded ? order.locked - stillNeeded : 0n;
    }
    // Never pay more than was released (a guard: the rounding rule above already ensures it).
    if (quote > release) quote = release;
  } else {
    release = base < order.locked ? base : order.locked;
    fee = feeOf(quote);
  }
  return { type: 'OrderFilled', at, orderId: order.id, ticks, lots, base, quote, fee, release, maker };
}

/** Folds one event; pure and copy-on-write (see ledger.ts). */
export function evolveSpot(state: SpotState, event: SpotEvent): SpotState {
  switch (event.type) {
    case 'FundsCredited': {
      const next = adjustBalance(state, event.userId, event.currencyId, { available: event.units });
      return { ...next, grantsCredited: Math.max(next.grantsCredited, event.grant + 1) };
    }
    case 'OrderPlaced': {
      const { order } = event;
      let next = putOrder(state, order);
      const userOrders = withEntry(
        next.userOrders,
        order.userId,
        appended(next.userOrders.get(order.userId) ?? [], order.id),
      );
      next = { ...next, userOrders, nextOrderId: Math.max(next.nextOrderId, order.id + 1) };
      return adjustBalance(next, order.userId, lockCurrencyOf(order), {
        available: -order.locked,
        locked: order.locked,
      });
    }
    case 'OrderFilled': {
      const order = state.orders.get(event.orderId);
      if (!order) return state;
      let next = putOrder(state, {
        ...order,
        filledLots: order.filledLots + event.lots,
        filledQuote: order.filledQuote + event.quote,
        fee: order.fee + event.fee,
        locked: order.locked - event.release,
        updatedAt: event.at,
      });
      const { userId, baseCurrencyId: baseId, quoteCurrencyId: quoteId } = order;
      if (order.side === 'buy') {
        next = adjustBalance(next, userId, quoteId, {
          locked: -event.release,
          available: event.release - event.quote,
        });
        next = adjustBalance(next, userId, baseId, { available: event.base - event.fee });
        return addFee(next, baseId, event.fee);
      }
      next = adjustBalance(next, userId, baseId, { locked: -event.release });
      next = adjustBalance(next, userId, quoteId, { available: event.quote - event.fee });
      return addFee(next, quoteId, event.fee);
    }
    case 'OrderTriggered': {
      const order = state.orders.get(event.orderId);
      if (!order) return state;
      return putOrder(state, { ...order, triggeredBy: event.trade, updatedAt: event.at });
    }
    case 'OrderLocked': {
      const order = state.orders.get(event.orderId);
      if (!order) return state;
      const next = putOrder(state, { ...order, locked: order.locked + event.units, updatedAt: event.at });
      return adjustBalance(next, order.userId, lockCurrencyOf(order), {
        available: -event.units,
        locked: event.units,
      });
    }
    case 'OrderEnded': {
      const order = state.orders.get(event.orderId);
      if (!order) return state;
      const next = putOrder(state, {
        ...order,
        status: event.status,
        locked: order.locked - event.release,
        updatedAt: event.at,
      });
      return adjustBalance(next, order.userId, lockCurrencyOf(order), {
        locked: -event.release,
        available: event.release,
      });
    }
  }
}

/** Events being decided, with the state they lead to (so later fills see earlier ones). */
class EventLog {
  readonly events: SpotEvent[] = [];
  constructor(public state: SpotState) {}
  push(event: SpotEvent): void {
    this.events.push(event);
    this.state = evolveSpot(this.state, event);
  }
}
