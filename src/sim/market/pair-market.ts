import { BUY, OrderBook, SELL, type Side } from '../engine/index.ts';
import type { ReferenceGenerator } from '../feeds/reference-generator.ts';
import { pairPrice, type ReferenceSource } from '../feeds/reference-source.ts';
import { STREAM, streamRng, type StreamTag } from '../feeds/seeds.ts';
import { FIRST_USER_OWNER, OWNER, type Agent, type Venue } from './agents/agent.ts';
import { Arbitrageur } from './agents/arbitrageur.ts';
import { MarketMaker } from './agents/market-maker.ts';
import { NoiseFlow } from './agents/noise-flow.ts';
import { TakerFlow } from './agents/taker-flow.ts';
import type { Candle } from './candle.ts';
import { CandleSeries } from './candle-series.ts';
import { HistorySynthesizer } from './history-synth.ts';
import { pairScale, type PairScale } from './pair-scale.ts';
import type { PairSpec } from './pairs.ts';
import { MINUTE_MS } from './periods.ts';
import { Tape, TAPE_LENGTH } from './tape.ts';
import { TRADES_PER_MS, type Trade } from './trade.ts';

/** Order ids of the simulated participants start here; users' orders use ids below it. */
export const FIRST_AGENT_ORDER_ID = 2 ** 50;

/**
 * How far the two market makers' ladders reach (basis points from the reference): the tight one
 * out to about a percent, the deep one to a few percent, as real books stand.
 */
const TIGHT_MAKER_REACH_BPS = 100;
const DEEP_MAKER_REACH_BPS = 350;
/** The quotes' 24 h window, in minutes. */
const DAY_WINDOW_MINUTES = 1440;

/** A fill that involves a user's order, reported to whoever settles users' trades. */
export interface UserFill {
  pairId: number;
  time: number;
  makerId: number;
  takerId: number;
  makerOwner: number;
  takerOwner: number;
  price: number;
  lots: number;
  takerSide: Side;
}

export interface PairMarketOptions {
  pair: PairSpec;
  seed: number;
  generator: ReferenceGenerator;
  /** The reference the live agents follow (the generator, or a feed played over it). */
  reference: () => ReferenceSource;
  /** First instant of the candle history (a UTC midnight). */
  historyStart: number;
  /** When the live market opens (ms). */
  start: number;
  /**
   * An agent's action filled users' orders. The pair is then held with that action open (see
   * `begin`) until whoever settles users' money calls `keep` (their events committed) or `undo`
   * (they did not). Without this listener such actions are kept at once.
   */
  onUserFills?: (market: PairMarket, fills: readonly UserFill[]) => void;
  /** Every live trade as it happens (settlement rules that watch the last price listen here). */
  onTrade?: (pair: PairSpec, trade: Trade) => void;
}

/** What changed since the publisher last asked. */
export interface MarketUpdates {
  /** The latest trades since then, oldest first: at most a tape's worth. */
  trades: Trade[];
  /** Time of the earliest trade since then (NaN if none): candles from its bar on have changed. */
  firstTradeTime: number;
  bookChanged: boolean;
}

/**
 * One pair's live market: its order book, the agents that trade on it, and what its trades make
 * (candles, the tape, the last price). Trades before the market opened are synthesised history.
 */
export class PairMarket implements Venue {
  readonly pair: PairSpec;
  readonly book = new OrderBook({ capacity: 512 });
  readonly scale: PairScale;
  readonly candles: CandleSeries;
  readonly tape = new Tape();
  /** Latest trades since the publisher last collected them (a tape's worth: older ones are moot). */
  private unpublished: Trade[] = [];
  private firstUnpublishedTime = NaN;
  private readonly makers: MarketMaker[];
  private readonly agents: Agent[];
  private readonly reference: () => ReferenceSource;
  private readonly onUserFills: ((market: PairMarket, fills: readonly UserFill[]) => void) | undefined;
  /**
   * The open action (all or nothing, see `begin`): its trades, its users' fills and its maker
   * fills [maker, side, lots] wait here, off the tape, until it is kept or undone.
   */
  private acting = false;
  private heldFills: UserFill[] | null = null;
  private readonly actionTrades: Trade[] = [];
  private readonly actionFills: UserFill[] = [];
  private readonly actionMakerFills: number[] = [];
  private readonly onTrade: ((pair: PairSpec, trade: Trade) => void) | undefined;
  private nextOrderId = FIRST_AGENT_ORDER_ID;
  /** Simulated time of the event being run, and the time the market has been advanced to. */
  private now: number;
  private advancedTo: number;
  private lastPriceTicks: number;
  private bookChanged = true;
  private idMs = -1;
  private idsThisMs = 0;

  constructor(options: PairMarketOptions) {
    const { pair, seed, generator } = options;
    this.pair = pair;
    this.scale = pairScale(pair);
    this.reference = options.reference;
    this.onUserFills = options.onUserFills;
    this.onTrade = options.onTrade;
    this.now = this.advancedTo = options.start;

    const synthesizer = new HistorySynthesizer(seed, generator, pair, this.scale);
    this.candles = new CandleSeries({
      historyStart: options.historyStart,
      liveStart: options.start,
      synthesize: (minute, sink) => synthesizer.synthesizeMinute(minute, sink),
    });
    this.seedTape(synthesizer, options.start);
    this.lastPriceTicks =
      this.tape.last()?.price ?? Math.max(1, Math.round(this.referenceTicks(options.start)));

    const rng = (tag: StreamTag, index = 0) => streamRng(seed, tag, pair.id, index);
    const levels = (index: number) => 10 + rng(STREAM.marketMaker, 100 + index).int(11);
    this.makers = [
      new MarketMaker(
        this,
        {
          owner: OWNER.tightMaker,
          levels: levels(0),
          stepFactor: 1,
          firstLevelOffset: 0,
          sizeFactor: 1,
          reachBps: TIGHT_MAKER_REACH_BPS,
        },
        rng(STREAM.marketMaker, 0),
        options.start,
      ),
      new MarketMaker(
        this,
        {
          owner: OWNER.deepMaker,
          levels: levels(1),
          stepFactor: 1.7,
          firstLevelOffset: 1.5,
          sizeFactor: 2.2,
          reachBps: DEEP_MAKER_REACH_BPS,
        },
        rng(STREAM.marketMaker, 1),
        options.start,
      ),
    ];
    this.agents = [
      ...this.makers,
      new TakerFlow(this, rng(STREAM.takers), options.start),
      new NoiseFlow(this, rng(STREAM.noise), options.start),
      new Arbitrageur(this, rng(STREAM.arbitrage), options.start),
    ];
    this.book.setFillListener((makerId, takerId, price, lots, makerOwner, takerOwner, takerSide) => {
      const time = Math.floor(this.now);
      const trade = { time, price, lots, takerSide };
      const maker = makerOwner === OWNER.tightMaker ? 0 : makerOwner === OWNER.deepMaker ? 1 : -1;
      const makerSide = takerSide === BUY ? SELL : BUY;
      if (maker >= 0) this.makers[maker]!.onFill(makerSide, lots);
      if (!this.acting) {
        this.record(trade);
        return;
      }
      this.actionTrades.push(trade);
      if (maker >= 0) this.actionMakerFills.push(maker, makerSide, lots);
      if (makerOwner >= FIRST_USER_OWNER || takerOwner >= FIRST_USER_OWNER) {
        this.actionFills.push({
          pairId: this.pair.id,
          time,
          makerId,
          takerId,
          makerOwner,
          takerOwner,
          price,
          lots,
          takerSide,
        });
      }
    });
    this.advanceTo(options.start);
  }

  referenceTicks(now: number): number {
    const { base, quote } = this.pair;
    return pairPrice(this.reference(), base.asset, quote.asset, now) * this.scale.ticksPerUnit;
  }

  newOrderId(): number {
    return this.nextOrderId++;
  }

  /**
   * Runs every agent action due up to `t`, in time order (ties in a fixed agent order). Each action
   * runs inside `begin`; one that filled users' orders is held and reported (`onUserFills`), and the
   * pair stops there until it is kept or undone: a later `advanceTo` resumes from that action.
   */
  advanceTo(t: number): void {
    if (t < this.advancedTo || this.acting) return;
    for (;;) {
      let next: Agent | undefined;
      for (const agent of this.agents) if (!next || agent.nextAt < next.nextAt) next = agent;
      if (!next || next.nextAt > t) break;
      this.now = Math.max(this.now, next.nextAt);
      this.begin();
      next.act(this.now);
      if (this.actionFills.length > 0 && this.onUserFills) {
        const fills = this.hold();
        this.advancedTo = this.now;
        this.onUserFills(this, fills);
        return;
      }
      this.keep();
    }
    this.now = this.advancedTo = t;
  }

  /**
   * All or nothing (DESIGN.md): opens an action on this pair. Until `keep` or `undo`, the book notes
   * every change so it can be undone, and the action's trades stay off the tape, the candles, the
   * last price and the depth pushes. Users' orders go into the book only inside an action.
   */
  begin(): void {
    if (this.acting) throw new Error(`pair ${this.pair.symbol}: an action is already open`);
    this.acting = true;
    this.actionTrades.length = 0;
    this.actionFills.length = 0;
    this.actionMakerFills.length = 0;
    this.book.beginJournal();
  }

  /**
   * Ends the matching of the open action and holds it: the pair does not advance until `keep` or
   * `undo`. Returns the users' fills the action made (a copy the caller may keep).
   */
  hold(): readonly UserFill[] {
    if (!this.acting) throw new Error(`pair ${this.pair.symbol}: no open action`);
    this.heldFills = this.actionFills.slice();
    return this.heldFills;
  }

  /** The users' fills of the held action, or null when nothing is held. */
  held(): readonly UserFill[] | null {
    return this.heldFills;
  }

  /** Makes the open action public: its trades reach the tape, the candles and the pushes. */
  keep(): void {
    if (!this.acting) throw new Error(`pair ${this.pair.symbol}: no open action`);
    this.acting = false;
    this.heldFills = null;
    this.book.endJournal();
    for (const trade of this.actionTrades) this.record(trade);
    this.actionTrades.length = 0;
    this.bookChanged = true;
  }

  /** Takes the open action back: the book, the makers' inventories and the tape are as before it. */
  undo(): void {
    if (!this.acting) throw new Error(`pair ${this.pair.symbol}: no open action`);
    this.acting = false;
    this.heldFills = null;
    this.book.rollback();
    const makerFills = this.actionMakerFills;
    for (let i = 0; i < makerFills.length; i += 3) {
      this.makers[makerFills[i]!]!.onFill(makerFills[i + 1] as Side, -makerFills[i + 2]!);
    }
    this.actionTrades.length = 0;
  }

  /** Whether an action is open or held (the pair does not advance meanwhile). */
  isActing(): boolean {
    return this.acting;
  }

  /**
   * The market skipped from where it was to `t` (the tab slept, or the clock jumped): the agents
   * withdraw and start afresh around the reference at `t`, and the skipped minutes are synthesised.
   * Users' resting orders stay.
   */
  skipTo(t: number): void {
    // While an action is held the pair stays put; it catches up with advanceTo once released.
    if (t <= this.advancedTo || this.acting) return;
    this.candles.markGap(this.advancedTo, t);
    this.now = this.advancedTo = t;
    for (const agent of this.agents) agent.restart(t);
    this.bookChanged = true;
    this.advanceTo(t);
  }

  /**
   * Entry point for users' orders (the spot feature settles the money): a limit order rests what
   * it does not fill (unless `rest` is false: immediate or cancel, it drops it); a market order (price
   * undefined) fills what it can and drops the rest. Returns the lots left unfilled. Inside an
   * action (`begin`) its fills are returned by `hold`.
   */
  submitUserOrder(order: {
    orderId: number;
    userId: number;
    side: Side;
    price?: number;
    lots: number;
    rest?: boolean;
  }): number {
    if (order.orderId >= FIRST_AGENT_ORDER_ID) throw new RangeError('user order ids must be below 2^50');
    const owner = FIRST_USER_OWNER + order.userId;
    if (!this.acting) this.bookChanged = true;
    if (order.price === undefined) return this.book.market(order.orderId, owner, order.side, order.lots);
    return order.rest === false
      ? this.book.limitNow(order.orderId, owner, order.side, order.price, order.lots)
      : this.book.limit(order.orderId, owner, order.side, order.price, order.lots);
  }

  /** Withdraws a user's resting order; returns the lots removed (0 if it was not resting). */
  cancelUserOrder(orderId: number): number {
    const lots = this.book.cancel(orderId);
    if (lots > 0 && !this.acting) this.bookChanged = true;
    return lots;
  }

  /** The time the market has been advanced to. */
  time(): number {
    return this.advancedTo;
  }

  /** Price of the last trade, in ticks. */
  lastPrice(): number {
    return this.lastPriceTicks;
  }

  /** The 24 h rolling bar: every trade of the minute now and the 1439 before it. */
  dayWindow(): Candle | undefined {
    return this.candles.rollingBar(this.minuteNow(), DAY_WINDOW_MINUTES);
  }

  /** The part of dayWindow before the minute now, which no trade of this market can change. */
  settledDayWindow(): Candle | undefined {
    return this.candles.settledRollingBar(this.minuteNow(), DAY_WINDOW_MINUTES);
  }

  /** Takes what settledDayWindow gave for the same minute of the same market (see CandleSeries). */
  adoptSettledDayWindow(minute: number, bar: Candle | undefined): boolean {
    if (minute !== this.minuteNow()) return false;
    return this.candles.adoptSettledRollingBar(minute, DAY_WINDOW_MINUTES, bar);
  }

  private minuteNow(): number {
    return Math.floor(this.advancedTo / MINUTE_MS);
  }

  /** What changed since the last call (see MarketUpdates). */
  takeUpdates(): MarketUpdates {
    const updates = {
      trades: this.unpublished,
      firstTradeTime: this.firstUnpublishedTime,
      // A book with an action open is not public yet: its depth goes out once the action is kept.
      bookChanged: this.bookChanged && !this.acting,
    };
    this.unpublished = [];
    this.firstUnpublishedTime = NaN;
    if (!this.acting) this.bookChanged = false;
    return updates;
  }

  /** The id of the next trade recorded at `time` (see Trade.id). */
  private tradeIdAt(time: number): number {
    this.idsThisMs = time === this.idMs ? this.idsThisMs + 1 : 0;
    this.idMs = time;
    return time * TRADES_PER_MS + Math.min(this.idsThisMs, TRADES_PER_MS - 1);
  }

  private record(unnamed: Trade): void {
    const trade: Trade = { ...unnamed, id: this.tradeIdAt(unnamed.time) };
    this.candles.addLive(trade.time, trade.price, trade.lots);
    this.tape.push(trade);
    this.lastPriceTicks = trade.price;
    if (Number.isNaN(this.firstUnpublishedTime)) this.firstUnpublishedTime = trade.time;
    this.unpublished.push(trade);
    // Bounded even if nobody publishes (Node tests): only the latest tape's worth is ever pushed.
    if (this.unpublished.length > 2 * TAPE_LENGTH) {
      this.unpublished.splice(0, this.unpublished.length - TAPE_LENGTH);
    }
    this.onTrade?.(this.pair, trade);
  }

  /** Opens with the last synthesised trades on the tape, so it is not empty before the first fill. */
  private seedTape(synthesizer: HistorySynthesizer, start: number): void {
    const startMinute = Math.floor(start / MINUTE_MS);
    const recent: Trade[][] = [];
    let count = 0;
    for (let minute = startMinute - 1; count < TAPE_LENGTH && minute >= startMinute - 30; minute--) {
      const trades: Trade[] = [];
      synthesizer.synthesizeMinute(minute, (time, price, lots, takerSide) =>
        trades.push({ time, price, lots, takerSide }),
      );
      recent.push(trades);
      count += trades.length;
    }
    for (const trades of recent.reverse())
      for (const trade of trades) this.tape.push({ ...trade, id: this.tradeIdAt(trade.time) });
  }
}
