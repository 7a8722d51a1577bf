import { BUY, SELL } from '../../engine/index.ts';
import { LIMIT, MARKET } from '../../../domain/spot/order-kind.ts';
import { affordableLots, baseUnits, quoteUnits } from '../../../domain/spot/settlement.ts';
import type { Clock } from '../../clock.ts';
import type { Market } from '../../market/market.ts';
import type { PairMarket } from '../../market/pair-market.ts';
import { pairById } from '../../market/pairs.ts';
import type { EventSourced } from '../../store/event-sourced.ts';
import { SerialQueue } from '../../store/serial-queue.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import { orderAnswer, type Translate } from './answers.ts';
import type { FillFact, NewOrder, SpotCommand } from './commands.ts';
import type { SpotEvent } from './events.ts';
import type { OrderRequest } from './order-request.ts';
import { balanceOf, type Balance, type SpotOrder, type SpotState } from './state.ts';
import { SPOT_REFUSALS } from './aggregate.ts';
import { ORDER_STATUS_OPEN } from '../../../domain/contract-codes.ts';

/** The part of the socket hub the spot feature pushes through (private frames only). */
export interface PrivateHub {
  publishTo(userId: number, channel: string, frame: object): void;
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
 * Users' orders match in the same engine as the simulated market makers. Matching happens in the
 * book first (it is the market's, and nothing can be matched "tentatively"), then the command that
 * records the order and its fills is stored, and only then is anything answered or pushed. So the
 * checks that can refuse an order (pair, price, balance) run before the book sees it, and commands
 * are serialised: check, match, store, one order at a time.
 *
 * Fills that the market's participants cause on resting users' orders arrive through `onFill` while
 * the market advances; they are collected and stored as one `settle` command. They only spend what
 * the order already locked, so a balance check never has to wait for them.
 *
 * After a reload the market is a new one, so every open order is put back into its book (`open`).
 */
export class Spot {
  private readonly queue = new SerialQueue();
  /** Fills reported while an order is being matched on arrival belong to that order's command. */
  private capture: FillFact[] | null = null;
  private pending: FillFact[] = [];
  private flushScheduled = false;
  /** The language of each user's latest call, so pushes read like the answers. */
  private readonly translators = new Map<number, Translate>();
  private readonly listeners = new Set<(events: readonly SpotEvent[]) => void>();

  constructor(
    private readonly log:
      CommandLog<SpotState, SpotCommand, SpotEvent> | EventSourced<SpotState, SpotCommand, SpotEvent>,
    private readonly market: Market,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
    private readonly fallbackT: Translate,
  ) {}

  state(): SpotState {
    return this.log.state();
  }

  balance(userId: number, currencyId: number): Balance {
    return balanceOf(this.state(), userId, currencyId);
  }

  /** Every order of a user, newest first. */
  ordersOf(userId: number): SpotOrder[] {
    const state = this.state();
    const ids = state.userOrders.get(userId) ?? [];
    const out: SpotOrder[] = [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const order = state.orders.get(ids[i]!);
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

  /** Puts every open order back into its pair's book, oldest first (price-time priority kept). */
  restoreBooks(): void {
    const open = [...this.state().orders.values()]
      .filter((order) => order.status === ORDER_STATUS_OPEN)
      .sort((a, b) => a.id - b.id);
    for (const order of open) {
      const market = this.market.pair(order.pairId);
      const lots = order.lots - order.filledLots;
      if (!market || lots <= 0 || order.type !== LIMIT) continue;
      market.submitUserOrder({
        orderId: order.id,
        userId: order.userId,
        side: order.side === 'buy' ? BUY : SELL,
        price: order.priceTicks,
        lots,
      });
    }
  }

  /** The market's fill listener (MarketOptions.onUserFill). */
  onFill(fill: FillFact): void {
    if (this.capture) {
      this.capture.push(fill);
      return;
    }
    this.pending.push(fill);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => void this.flushFills());
    }
  }

  /** Stores the fills collected so far. Synchronous up to the enqueue, so callers keep their order. */
  flushFills(): Promise<void> {
    this.flushScheduled = false;
    if (this.pending.length === 0) return Promise.resolve();
    const fills = this.pending;
    this.pending = [];
    return this.log.execute({ kind: 'settle', at: this.clock.now(), fills }).then((result) => {
      if (!result.ok) {
        console.error('sim spot: fills not stored', result.error);
        return;
      }
      this.announce(result.events, null);
    });
  }

  place(userId: number, request: OrderRequest): Promise<SpotOutcome> {
    return this.queue.run(async () => {
      const market = this.market.pair(request.pair.id);
      if (!market) return { ok: false, key: 'marketUnknownPair', vars: { id: request.pair.id } };
      const now = this.clock.now();
      this.market.advanceTo(now);
      const sized = this.size(market, request, userId);
      if ('key' in sized) return { ok: false, key: sized.key };
      const order: NewOrder = {
        id: this.state().nextOrderId,
        userId,
        pairId: request.pair.id,
        side: request.side,
        type: request.type,
        priceTicks: request.type === LIMIT ? request.priceTicks : 0,
        lots: sized.lots,
        lock: sized.lock,
        baseCurrencyId: request.pair.base.id,
        quoteCurrencyId: request.pair.quote.id,
      };

      // Earlier fills first, so the log keeps the order in which things happened in the books.
      const earlier = this.flushFills();
      const fills: FillFact[] = [];
      this.capture = fills;
      try {
        market.submitUserOrder({
          orderId: order.id,
          userId,
          side: order.side === 'buy' ? BUY : SELL,
          lots: order.lots,
          ...(order.type === LIMIT ? { price: order.priceTicks } : {}),
        });
      } finally {
        this.capture = null;
      }
      const stored = this.log.execute({ kind: 'place', at: now, order, fills });
      await earlier;
      const result = await stored;
      if (!result.ok) {
        // Not recorded: take the rest of it out of the book again.
        market.cancelUserOrder(order.id);
        return { ok: false, key: refusalKey(result.error) };
      }
      this.announce(result.events, order.id);
      return { ok: true, order: this.state().orders.get(order.id)! };
    });
  }

  cancel(userId: number, orderId: number, side: 'buy' | 'sell'): Promise<SpotOutcome> {
    return this.queue.run(async () => {
      const now = this.clock.now();
      this.market.advanceTo(now);
      const earlier = this.flushFills();
      const order = this.state().orders.get(orderId);
      // Another user's order, or one of the other side, is "not found": the book is not touched.
      if (!order || order.userId !== userId || order.side !== side)
        return { ok: false, key: 'spotOrderNotFound' };
      if (order.status === ORDER_STATUS_OPEN) this.market.pair(order.pairId)?.cancelUserOrder(orderId);
      const stored = this.log.execute({ kind: 'cancel', at: now, userId, orderId });
      await earlier;
      const result = await stored;
      if (!result.ok) return { ok: false, key: refusalKey(result.error) };
      this.announce(result.events, orderId);
      return { ok: true, order: this.state().orders.get(orderId)! };
    });
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
    if (request.type === LIMIT) {
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
      else if (event.type === 'OrderFilled' || event.type === 'OrderEnded') touched.add(event.orderId);
    }
    const state = this.state();
    for (const id of touched) {
      const order = state.orders.get(id);
      if (!order) continue;
      const pair = pairById(order.pairId);
      const channel = id === submitted ? 'TX_SUBMIT' : 'TX_MATCHED';
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
