import { BUY, SELL } from '../../engine/index.ts';
import { LIMIT, MARKET, OCO, STOP_LIMIT } from '../../../domain/spot/order-kind.ts';
import { ocoLock, ocoPriceRefusal } from '../../../domain/spot/oco.ts';
import { wouldTake } from '../../../domain/spot/time-in-force.ts';
import { stopDirection, stopFires } from '../../../domain/spot/stop-limit.ts';
import type { TapeRecorder } from '../micro/tape-recorder.ts';
import { affordableLots, baseUnits, quoteUnits } from '../../../domain/spot/settlement.ts';
import type { Clock } from '../../clock.ts';
import type { Market } from '../../market/market.ts';
import type { PairMarket } from '../../market/pair-market.ts';
import { pairById } from '../../market/pairs.ts';
import type { ExecuteResult } from '../../store/event-sourced.ts';
import { SerialQueue } from '../../store/serial-queue.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import { orderAnswer, type Translate } from './answers.ts';
import type { FillFact, NewOrder, SpotCommand } from './commands.ts';
import type { SpotEvent } from './events.ts';
import type { OrderRequest } from './order-request.ts';
import { spotFilterRefusal } from './order-filters.ts';
import { executionRefusal, restsUnfilled } from '../../../domain/spot/time-in-force.ts';
import {
  balanceOf,
  isWaitingStop,
  openOrdersOf,
  type Balance,
  type SpotOrder,
  type SpotState,
  type StopTrigger,
} from './state.ts';
import { SPOT_REFUSALS } from './aggregate.ts';
import { ORDER_STATUS_OPEN } from '../../../domain/contract-codes.ts';

/** The part of the socket hub the spot feature pushes through (private frames only). */
export interface PrivateHub {
  publishTo(userId: number, channel: string, frame: object): void;
  /**
   * Whether a frame to the user's channel would reach anyone (SocketHub.reaches): false lets a
   * feature skip building it. Omitted: every frame is built and handed to publishTo.
   */
  reaches?(userId: number, channel: string): boolean;
}

/**
 * The request a place or cancel runs for (exactly once): its scoped id and the answer it gets for
 * the order as the command leaves it; stored with the command's events in one commit.
 */
export interface SpotRequest {
  id: string;
  answer: (order: SpotOrder) => unknown;
  /** Told the answer once its commit succeeded (CommandRequest.stored). */
  stored?: (answer: unknown) => void;
}

export type SpotOutcome =
  { ok: true; order: SpotOrder } | { ok: false; key: string; vars?: Record<string, string | number> };

/** Depth read for a market buy's cost: far more levels than a market order sweeps in practice. */
const SWEEP_LEVELS = 512;
const sweepPrices = new Float64Array(SWEEP_LEVELS);
const sweepLots = new Float64Array(SWEEP_LEVELS);

/**
 * The spot exchange's service: the event-sourced trade accounts and orders, joined to the market's
 * order books.
 *
 * Users' orders match in the same engine as the simulated market makers.
 *
 * All or nothing (DESIGN.md). The rule: every change a command makes to a book happens inside an
 * action of that pair (PairMarket.begin): the book notes it in an undo journal, and the trades it
 * makes are held back from the tape, the candles and the pushes. The command that records the
 * change is then stored; only if it committed is the action kept (trades published, pushes sent,
 * answer given). If the commit fails the action is undone and the book, the ledger (the log's state
 * moves only on commit), the tape and the pushes are exactly as before. While an action is open its
 * pair does not advance, so nothing else can build on a change that might be undone.
 *
 * - place: the checks that can refuse an order (pair, price, balance) run first; then it matches in
 *   an action, and the order with the fills it made is stored as one `place` command.
 * - cancel: the order leaves the book in an action; the `cancel` command is stored.
 * - settlement: an agent's action that fills resting users' orders is held by its pair
 *   (`onUserFills`) and stored as a `settle` command, then kept or undone the same way.
 *
 * Commands are serialised (one queue): a pair's held settlement is always stored before the next
 * command on that pair, so the log keeps the order in which things happened in the books.
 *
 * After a reload the market is a new one, so every open order is put back into its book (`open`).
 *
 * Stop-limit orders wait outside the book. The public tape's trades (TapeRecorder.onTrade) are
 * checked against the waiting stops of their pair as they are recorded; the first trade at or
 * through a stop marks it, and a `trigger` command then puts its limit order in the book in an
 * action, as a place does, and stores the trigger with the trade that caused it and the fills: the
 * commit after the crossing trade, as lever's stops. The aggregate triggers an order at most once.
 */
export class Spot {
  private readonly queue = new SerialQueue();
  /** The language of each user's latest call, so pushes read like the answers. */
  private readonly translators = new Map<number, Translate>();
  private readonly listeners = new Set<(events: readonly SpotEvent[]) => void>();
  /** Pair id -> the stop-limit orders waiting on it (a hint: the state says whether one still waits). */
  private readonly waitingStops = new Map<number, Set<number>>();
  /** Stop-limit orders a trade has reached, with the first such trade, until their trigger is stored. */
  private readonly reached = new Map<number, { pairId: number; trade: StopTrigger }>();
  private triggerQueued = false;

  constructor(
    private readonly log: CommandLog<SpotState, SpotCommand, SpotEvent>,
    private readonly market: Market,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
    private readonly fallbackT: Translate,
    private readonly tape?: TapeRecorder,
  ) {
    tape?.onTrade((pairId, trade) => this.onTapeTrade(pairId, trade));
  }

  state(): SpotState {
    return this.log.state();
  }

  balance(userId: number, currencyId: number): Balance {
    return balanceOf(this.state(), userId, currencyId);
  }

  /** A user's open orders, newest first: O(their open orders), whatever they placed before (state.ts). */
  openOrdersOf(userId: number): SpotOrder[] {
    return openOrdersOf(this.state(), userId);
  }

  /** Every order of a user, newest first: their whole history (the open ones: `openOrdersOf`). */
  ordersOf(userId: number): SpotOrder[] {
    const state = this.state();
    const ids = state.userOrders.get(userId) ?? [];
    const out: SpotOrder[] = [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const order = state.orders.get(ids.at(i)!);
      if (order) out.push(order);
    }
    return out;
  }

  rememberLanguage(userId: number, t: Translate): void {
    this.translators.set(userId, t);
  }

  /** Called with the events of every stored command (tests and the wallet listen). */
  subscribe(listener: (events: readonly SpotEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Puts every open order back into its pair's book, oldest first (price-time priority kept). An
   * order that crosses the new market's book fills at once; those fills are settled like any other.
   */
  async restoreBooks(): Promise<void> {
    const open = [...this.state().orders.values()]
      .filter((order) => order.status === ORDER_STATUS_OPEN)
      .sort((a, b) => a.id - b.id);
    for (const order of open) {
      const market = this.market.pair(order.pairId);
      const lots = order.lots - order.filledLots;
      if (isWaitingStop(order)) {
        this.watchStop(order);
        continue;
      }
      if (!market || lots <= 0 || order.type === MARKET) continue;
      await this.queue.run(async () => {
        await this.settleHeld(market);
        market.begin();
        try {
          market.submitUserOrder({
            orderId: order.id,
            userId: order.userId,
            side: order.side === 'buy' ? BUY : SELL,
            price: order.priceTicks,
            lots,
          });
        } catch (error) {
          market.undo();
          throw error;
        }
        const fills = market.hold();
        if (fills.length === 0) {
          market.keep();
          return;
        }
        await this.storeHeld(market, fills);
      });
    }
  }

  /**
   * The market's listener for agents' actions that filled users' orders (MarketOptions.onUserFills):
   * the pair is held until the fills are stored.
   */
  onUserFills(market: PairMarket): void {
    void this.queue.run(() => this.settleHeld(market));
  }

  /** Resolves once every fill the market has reported so far is settled (stored or undone). */
  async flushFills(): Promise<void> {
    for (;;) {
      await this.queue.idle();
      const held = this.market.pairs.filter((market) => market.held() !== null);
      if (held.length === 0) return;
      await Promise.all(held.map((market) => this.queue.run(() => this.settleHeld(market))));
    }
  }

  /**
   * Stores the held action of a pair (if any) as a `settle` command, keeps or undoes it, and lets
   * the pair catch up with the market (which may hold another action: that one is settled too).
   * Runs inside the queue.
   */
  private async settleHeld(market: PairMarket): Promise<void> {
    for (let fills = market.held(); fills !== null; fills = market.held()) {
      await this.storeHeld(market, fills);
    }
  }

  private async storeHeld(market: PairMarket, fills: readonly FillFact[]): Promise<void> {
    const result = await this.log.execute({ kind: 'settle', at: this.clock.now(), fills });
    if (result.ok) {
      market.keep();
      this.announce(result.events, null);
    } else {
      // Not stored: the action never happened (its agent's orders, the users' orders, the tape).
      market.undo();
      console.error('sim spot: fills not stored, action undone', result.error);
    }
    market.advanceTo(this.market.time());
  }

  place(userId: number, request: OrderRequest, origin?: SpotRequest): Promise<SpotOutcome> {
    if (request.type === OCO) return this.placeOco(userId, request, origin);
    return this.queue.run(async () => {
      const market = this.market.pair(request.pair.id);
      if (!market) return { ok: false, key: 'marketUnknownPair', vars: { id: request.pair.id } };
      const now = this.clock.now();
      this.market.advanceTo(now);
      // Fills an agent made on this pair are stored first, and the pair catches up before matching.
      await this.settleHeld(market);
      const best = request.side === 'buy' ? market.book.bestAsk() : market.book.bestBid();
      const filtered = spotFilterRefusal(request, market.lastPrice(), best);
      if (filtered) return { ok: false, ...filtered };
      const refusal = executionRefusal(request, best, () =>
        market.book.fillable(request.side === 'buy' ? BUY : SELL, request.priceTicks, request.lots),
      );
      if (refusal) return { ok: false, key: refusal };
      const sized = this.size(market, request, userId);
      if ('key' in sized) return { ok: false, key: sized.key };
      const stop = request.type === STOP_LIMIT ? this.stopOf(request.pair.id, request.stopTicks) : null;
      if (stop && 'key' in stop) return { ok: false, key: stop.key };
      const order: NewOrder = {
        id: this.state().nextOrderId,
        userId,
        pairId: request.pair.id,
        side: request.side,
        type: request.type,
        priceTicks: request.type !== MARKET ? request.priceTicks : 0,
        ...stop,
        lots: sized.lots,
        timeInForce: request.timeInForce,
        postOnly: request.postOnly,
        lock: sized.lock,
        baseCurrencyId: request.pair.base.id,
        quoteCurrencyId: request.pair.quote.id,
      };

      market.begin();
      try {
        // A stop-limit order waits for its trigger outside the book: the action matches nothing.
        if (order.type !== STOP_LIMIT) {
          market.submitUserOrder({
            orderId: order.id,
            userId,
            side: order.side === 'buy' ? BUY : SELL,
            lots: order.lots,
            ...(order.type !== MARKET ? { price: order.priceTicks } : {}),
            rest: restsUnfilled(order.type, request.timeInForce),
          });
        }
      } catch (error) {
        market.undo();
        throw error;
      }
      const fills = market.hold();
      const result = await this.store({ kind: 'place', at: now, order, fills }, order.id, origin);
      if (!result.ok) {
        // Not recorded: the order never reached the book, the tape or anyone's screen.
        market.undo();
        market.advanceTo(this.market.time());
        return { ok: false, key: refusalKey(result.error) };
      }
      market.keep();
      market.advanceTo(this.market.time());
      this.announce(result.events, order.id);
      const placed = this.state().orders.get(order.id)!;
      if (isWaitingStop(placed)) this.watchStop(placed);
      return { ok: true, order: placed };
    });
  }

  /**
   * An OCO (domain/spot/oco.ts): its prices against the last trade (Binance's rule), both legs
   * against the pair's filters, its one lock; then the limit leg goes to the book as a post-only
   * order (refused if it would take) and the stop leg waits, stored as one `placeOco` command.
   */
  private placeOco(userId: number, request: OrderRequest, origin?: SpotRequest): Promise<SpotOutcome> {
    return this.queue.run(async () => {
      const market = this.market.pair(request.pair.id);
      if (!market) return { ok: false, key: 'marketUnknownPair', vars: { id: request.pair.id } };
      const now = this.clock.now();
      this.market.advanceTo(now);
      await this.settleHeld(market);
      const { pair, side } = request;
      const best = side === 'buy' ? market.book.bestAsk() : market.book.bestBid();
      const last = this.tape?.last(pair.id);
      const lastTicks = last?.price ?? market.lastPrice();
      const priced = ocoPriceRefusal(side, request.priceTicks, request.stopTicks, lastTicks);
      if (priced) return { ok: false, key: priced };
      for (const priceTicks of [request.priceTicks, request.stopLimitTicks]) {
        const filtered = spotFilterRefusal({ ...request, type: LIMIT, priceTicks }, market.lastPrice(), best);
        if (filtered) return { ok: false, ...filtered };
      }
      const refusal = executionRefusal({ ...request, type: LIMIT }, best, () => 0);
      if (refusal) return { ok: false, key: refusal };
      if (wouldTake(side, request.priceTicks, best)) return { ok: false, key: 'spotPostOnlyWouldTake' };
      const lock = ocoLock(side, request.priceTicks, request.stopLimitTicks, request.lots, pair);
      const lockCurrency = side === 'buy' ? pair.quote.id : pair.base.id;
      if (lock > this.balance(userId, lockCurrency).available) return { ok: false, key: 'spotInsufficient' };
      const id = this.state().nextOrderId;
      const common = {
        userId,
        pairId: pair.id,
        side,
        lots: request.lots,
        baseCurrencyId: pair.base.id,
        quoteCurrencyId: pair.quote.id,
      };
      const limit: NewOrder = {
        ...common,
        id,
        type: LIMIT,
        priceTicks: request.priceTicks,
        postOnly: true,
        ocoWith: id + 1,
        lock,
      };
      const stop: NewOrder = {
        ...common,
        id: id + 1,
        type: STOP_LIMIT,
        priceTicks: request.stopLimitTicks,
        stopTicks: request.stopTicks,
        // The price rule put the stop on the other side of the last trade from the limit leg.
        stopDirection: side === 'sell' ? 'fall' : 'rise',
        stopAfterTrade: last?.id ?? 0,
        ocoWith: id,
        lock: 0n,
      };
      market.begin();
      try {
        market.submitUserOrder({
          orderId: limit.id,
          userId,
          side: side === 'buy' ? BUY : SELL,
          lots: limit.lots,
          price: limit.priceTicks,
          rest: true,
        });
      } catch (error) {
        market.undo();
        throw error;
      }
      market.hold();
      const result = await this.store({ kind: 'placeOco', at: now, limit, stop }, limit.id, origin);
      if (!result.ok) {
        market.undo();
        market.advanceTo(this.market.time());
        return { ok: false, key: refusalKey(result.error) };
      }
      market.keep();
      market.advanceTo(this.market.time());
      this.announce(result.events, limit.id);
      this.watchStop(this.state().orders.get(stop.id)!);
      return { ok: true, order: this.state().orders.get(limit.id)! };
    });
  }

  cancel(userId: number, orderId: number, side: 'buy' | 'sell', origin?: SpotRequest): Promise<SpotOutcome> {
    return this.queue.run(async () => {
      const now = this.clock.now();
      this.market.advanceTo(now);
      const found = this.state().orders.get(orderId);
      // Another user's order, or one of the other side, is "not found": the book is not touched.
      if (!found || found.userId !== userId || found.side !== side)
        return { ok: false, key: 'spotOrderNotFound' };
      const market = this.market.pair(found.pairId);
      if (market) await this.settleHeld(market);
      const order = this.state().orders.get(orderId)!;
      const withdraw = market !== undefined && order.status === ORDER_STATUS_OPEN;
      if (withdraw) {
        market.begin();
        market.cancelUserOrder(orderId);
        // Cancelling one leg of an OCO cancels both: the other leaves the book too (if it is in it).
        if (order.ocoWith !== undefined) market.cancelUserOrder(order.ocoWith);
        market.hold();
      }
      const result = await this.store({ kind: 'cancel', at: now, userId, orderId }, orderId, origin);
      if (withdraw) {
        if (result.ok) market.keep();
        else market.undo();
        market.advanceTo(this.market.time());
      }
      if (!result.ok) return { ok: false, key: refusalKey(result.error) };
      this.announce(result.events, orderId);
      return { ok: true, order: this.state().orders.get(orderId)! };
    });
  }

  /**
   * A stop-limit order's stop: the way it waits, from the last trade price, and that trade's tape id
   * (only later trades trigger it). A stop at the last price is refused: it would trigger at once.
   */
  private stopOf(
    pairId: number,
    stopTicks: number,
  ): Pick<NewOrder, 'stopTicks' | 'stopDirection' | 'stopAfterTrade'> | { key: string } {
    const last = this.tape?.last(pairId);
    const lastTicks = last?.price ?? this.market.pair(pairId)?.lastPrice() ?? NaN;
    const direction = stopDirection(stopTicks, lastTicks);
    if (direction === null) return { key: 'spotStopAtLast' };
    return { stopTicks, stopDirection: direction, stopAfterTrade: last?.id ?? 0 };
  }

  private watchStop(order: SpotOrder): void {
    let ids = this.waitingStops.get(order.pairId);
    if (!ids) this.waitingStops.set(order.pairId, (ids = new Set()));
    ids.add(order.id);
  }

  /**
   * A trade reached the tape: each waiting stop of its pair that it reaches is marked with it (the
   * first such trade only), and a trigger is queued. Runs inside the market's recording of the trade,
   * so it only reads and marks.
   */
  private onTapeTrade(pairId: number, trade: StopTrigger): void {
    const ids = this.waitingStops.get(pairId);
    if (!ids || ids.size === 0) return;
    const state = this.state();
    let marked = false;
    for (const id of ids) {
      const order = state.orders.get(id);
      if (!order || order.status !== ORDER_STATUS_OPEN || !isWaitingStop(order)) {
        ids.delete(id);
        continue;
      }
      if (this.reached.has(id) || trade.id <= (order.stopAfterTrade ?? 0)) continue;
      if (!stopFires(order.stopDirection!, order.stopTicks ?? 0, trade.price)) continue;
      this.reached.set(id, { pairId, trade: { id: trade.id, price: trade.price, time: trade.time } });
      marked = true;
    }
    // A trigger that failed to store is tried again with the next trade.
    if ((marked || this.reached.size > 0) && !this.triggerQueued) {
      this.triggerQueued = true;
      void this.queue.run(() => this.triggerReached());
    }
  }

  /**
   * Puts the limit orders of the reached stops in their books, a pair at a time, and stores each
   * pair's `trigger` command with the fills; undone if not stored (the stops stay reached and are
   * tried again with the next trade's trigger).
   */
  private async triggerReached(): Promise<void> {
    this.triggerQueued = false;
    const byPair = new Map<number, Array<{ orderId: number; trade: StopTrigger }>>();
    for (const [orderId, { pairId, trade }] of this.reached) {
      const list = byPair.get(pairId) ?? [];
      list.push({ orderId, trade });
      byPair.set(pairId, list);
    }
    for (const [pairId, reached] of byPair) {
      const market = this.market.pair(pairId);
      if (!market) continue;
      await this.settleHeld(market);
      const state = this.state();
      const triggers = reached
        .filter(({ orderId }) => {
          const order = state.orders.get(orderId);
          const waiting = order !== undefined && order.status === ORDER_STATUS_OPEN && isWaitingStop(order);
          if (!waiting) this.reached.delete(orderId);
          return waiting;
        })
        .sort((a, b) => a.trade.id - b.trade.id || a.orderId - b.orderId);
      if (triggers.length === 0) continue;
      market.begin();
      try {
        // An OCO's stop leg cancels its limit leg: every such leg leaves the book before any stop's
        // limit order enters it, so none of them can trade in between (the ledger ends them first too).
        for (const { orderId } of triggers) {
          const partner = state.orders.get(state.orders.get(orderId)!.ocoWith ?? -1);
          if (partner && partner.status === ORDER_STATUS_OPEN) market.cancelUserOrder(partner.id);
        }
        for (const { orderId } of triggers) {
          const order = state.orders.get(orderId)!;
          market.submitUserOrder({
            orderId,
            userId: order.userId,
            side: order.side === 'buy' ? BUY : SELL,
            price: order.priceTicks,
            lots: order.lots - order.filledLots,
          });
        }
      } catch (error) {
        market.undo();
        throw error;
      }
      const fills = market.hold();
      const result = await this.log.execute({ kind: 'trigger', at: this.clock.now(), triggers, fills });
      if (result.ok) {
        market.keep();
        for (const { orderId } of triggers) this.reached.delete(orderId);
        this.announce(result.events, null);
      } else {
        market.undo();
        console.error('sim spot: stop trigger not stored, action undone', result.error);
      }
      market.advanceTo(this.market.time());
    }
  }

  /** Stores a user's command, with its request's answer (for `orderId`) in the same commit. */
  private store(
    command: SpotCommand,
    orderId: number,
    origin: SpotRequest | undefined,
  ): Promise<ExecuteResult<SpotEvent>> {
    return this.log.execute(
      command,
      origin && {
        id: origin.id,
        answer: (next) => origin.answer(next.orders.get(orderId)!),
        ...(origin.stored ? { stored: origin.stored } : {}),
      },
    );
  }

  /**
   * The lots an order will trade and what it locks. A limit buy locks its cost at its price; a sell
   * locks its quantity; a market buy locks the cost of sweeping the asks for its quantity, cut to
   * what the available balance pays for. A market order needs the other side to have a price.
   */
  private size(
    market: PairMarket,
    request: OrderRequest,
    userId: number,
  ): { lots: number; lock: bigint } | { key: string } {
    const { pair } = request;
    const available = (currencyId: number) => this.balance(userId, currencyId).available;
    if (request.side === 'sell') {
      if (request.type === MARKET && Number.isNaN(market.book.bestBid())) return { key: 'spotNoBestPrice' };
      const lock = baseUnits(request.lots, pair);
      return lock > available(pair.base.id) ? { key: 'spotInsufficient' } : { lots: request.lots, lock };
    }
    if (request.type !== MARKET) {
      const lock = quoteUnits(request.priceTicks, request.lots, pair, 'ceil');
      return lock > available(pair.quote.id) ? { key: 'spotInsufficient' } : { lots: request.lots, lock };
    }
    const levels = market.book.depth(SELL, SWEEP_LEVELS, sweepPrices, sweepLots);
    if (levels === 0) return { key: 'spotNoBestPrice' };
    let budget = available(pair.quote.id);
    let wanted = BigInt(request.lots);
    let lots = 0n;
    let lock = 0n;
    for (let i = 0; i < levels && wanted > 0n; i++) {
      const price = sweepPrices[i]!;
      const levelLots = BigInt(sweepLots[i]!);
      let take = wanted < levelLots ? wanted : levelLots;
      let cost = quoteUnits(price, take, pair, 'ceil');
      if (cost > budget) {
        take = affordableLots(budget, price, pair);
        cost = quoteUnits(price, take, pair, 'ceil');
        wanted = take; // the money runs out at this level
      }
      lots += take;
      lock += cost;
      budget -= cost;
      wanted -= take;
    }
    return lots === 0n ? { key: 'spotInsufficient' } : { lots: Number(lots), lock };
  }

  /** Pushes every order a stored command touched to its owner; `submitted` is the one the user acted on. */
  private announce(events: readonly SpotEvent[], submitted: number | null): void {
    for (const listener of this.listeners) listener(events);
    const touched = new Set<number>();
    for (const event of events) {
      if (event.type === 'OrderPlaced') touched.add(event.order.id);
      else if (
        event.type === 'OrderFilled' ||
        event.type === 'OrderEnded' ||
        event.type === 'OrderTriggered' ||
        event.type === 'OrderLocked'
      )
        touched.add(event.orderId);
    }
    const state = this.state();
    for (const id of touched) {
      const order = state.orders.get(id);
      if (!order) continue;
      const channel = id === submitted ? 'TX_SUBMIT' : 'TX_MATCHED';
      // Built only for someone listening: most orders' owners hold no socket on the channel.
      if (this.hub.reaches?.(order.userId, channel) === false) continue;
      const pair = pairById(order.pairId);
      const t = this.translators.get(order.userId) ?? this.fallbackT;
      this.hub.publishTo(order.userId, channel, {
        type: channel,
        symbol: pair?.symbol ?? '',
        currency_match_id: order.pairId,
        order: orderAnswer(order, t),
      });
    }
  }
}

/** A refusal's message key; a failure that is not a refusal (storage) is the generic one. */
function refusalKey(error: string): string {
  if ((SPOT_REFUSALS as readonly string[]).includes(error)) return error;
  console.error('sim spot: command failed', error);
  return 'internal';
}
