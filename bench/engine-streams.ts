/**
 * Seeded order streams for the engine benchmark. Each stream is a flat list of commands in typed
 * arrays, generated once, outside any timing, and then fed to every engine unchanged.
 *
 * The generator keeps a scratch copy of our book so that it knows which orders are still live
 * (cancels target live orders, as a real client's would) and where the touch is (passive orders are
 * placed relative to it). That only shapes the stream; the correctness gate checks both engines
 * against each other independently.
 */
import { BUY, OrderBook, SELL, type Side } from '../src/sim/engine/order-book';

export const LIMIT = 0;
export const MARKET = 1;
export const CANCEL = 2;
/** Limit orders with a time in force or post-only (Binance's options; see domain/spot/time-in-force.ts). */
export const IOC = 3;
export const FOK = 4;
export const POST_ONLY = 5;

export interface OrderStream {
  name: string;
  /** Commands [0, prefill) build the starting book and are not timed. */
  prefill: number;
  length: number;
  kind: Uint8Array;
  id: Float64Array;
  owner: Float64Array;
  side: Uint8Array;
  price: Float64Array;
  lots: Float64Array;
  /** `String(id)` per command, prepared up front for nodejs-order-book, which keys orders by string. */
  idText: string[];
  /** What the stream did besides its commands, for the report (the OCO stream counts its groups). */
  note?: string;
}

/** mulberry32: a tiny, fast, seedable 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Live order ids with O(1) add, remove and uniform random pick. */
class LiveOrders {
  private readonly ids: number[] = [];
  private readonly positions = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  add(id: number): void {
    this.positions.set(id, this.ids.length);
    this.ids.push(id);
  }

  remove(id: number): void {
    const position = this.positions.get(id);
    if (position === undefined) return;
    const last = this.ids.pop()!;
    if (last !== id) {
      this.ids[position] = last;
      this.positions.set(last, position);
    }
    this.positions.delete(id);
  }

  pick(random: () => number): number {
    return this.ids[Math.floor(random() * this.ids.length)]!;
  }
}

/** An OCO's stop leg, waiting for a trade at or through its stop. */
interface WaitingOco {
  side: Side;
  stopTicks: number;
  stopLimitTicks: number;
  lots: number;
}

/** Records commands while applying them to a scratch book that tracks live orders and the touch. */
class StreamBuilder {
  readonly book: OrderBook;
  readonly live = new LiveOrders();
  private readonly kind: number[] = [];
  private readonly id: number[] = [];
  private readonly owner: number[] = [];
  private readonly side: number[] = [];
  private readonly price: number[] = [];
  private readonly lots: number[] = [];
  private nextId = 1;
  prefill = 0;
  /** Trade prices of the command being applied, in order (stops fire from the trades that cross them). */
  private trades: number[] = [];
  /** OCO groups whose stop leg waits, by their limit leg's id. */
  private readonly waitingOco = new Map<number, WaitingOco>();
  readonly ocoCounts = { placed: 0, refused: 0, triggered: 0, limitFilled: 0, cancelled: 0 };

  constructor(readonly random: () => number) {
    this.book = new OrderBook({
      capacity: 1 << 15,
      onFill: (makerId, _takerId, priceTicks) => this.afterFill(makerId, priceTicks),
    });
  }

  get count(): number {
    return this.kind.length;
  }

  markPrefillDone(): void {
    this.prefill = this.kind.length;
  }

  limit(side: Side, price: number, lots: number): void {
    const id = this.nextId++;
    const owner = 1 + Math.floor(this.random() * 50);
    this.push(LIMIT, id, owner, side, price, lots);
    if (this.book.limit(id, owner, side, price, lots) > 0) this.live.add(id);
  }

  market(side: Side, lots: number): void {
    const id = this.nextId++;
    const owner = 1 + Math.floor(this.random() * 50);
    this.push(MARKET, id, owner, side, 0, lots);
    this.book.market(id, owner, side, lots);
  }

  /** Immediate or cancel: takes what it can up to its price, never rests. */
  ioc(side: Side, price: number, lots: number): void {
    const id = this.nextId++;
    const owner = 1 + Math.floor(this.random() * 50);
    this.push(IOC, id, owner, side, price, lots);
    this.book.limitNow(id, owner, side, price, lots);
  }

  /** Fill or kill: takes all of it at once, or nothing happens. */
  fok(side: Side, price: number, lots: number): void {
    const id = this.nextId++;
    const owner = 1 + Math.floor(this.random() * 50);
    this.push(FOK, id, owner, side, price, lots);
    if (this.book.fillable(side, price, lots) === lots) this.book.limitNow(id, owner, side, price, lots);
  }

  /** Post-only: rests whole, or is refused when it would take. */
  postOnly(side: Side, price: number, lots: number): void {
    const id = this.nextId++;
    const owner = 1 + Math.floor(this.random() * 50);
    this.push(POST_ONLY, id, owner, side, price, lots);
    if (this.book.fillable(side, price, 1) === 0) {
      this.book.limit(id, owner, side, price, lots);
      this.live.add(id);
    }
  }

  cancelRandom(): void {
    if (this.live.size === 0) return;
    const id = this.live.pick(this.random);
    this.push(CANCEL, id, 0, 0, 0, 0);
    this.book.cancel(id);
    this.live.remove(id);
    // Cancelling an OCO's limit leg cancels its waiting stop leg too (which is not in the book).
    if (this.waitingOco.delete(id)) this.ocoCounts.cancelled++;
  }

  /**
   * An OCO as Spot.placeOco puts it in the book: its limit leg as a post-only order (refused whole
   * if it would take); its stop leg waits outside the book, in this builder, as the spot service
   * keeps it (the service's watch, not the engine, so it is not part of the stream).
   */
  oco(side: Side, limitTicks: number, stopTicks: number, stopLimitTicks: number, lots: number): void {
    const legId = this.nextId;
    this.postOnly(side, limitTicks, lots);
    if (!this.book.has(legId)) {
      this.ocoCounts.refused++;
      return;
    }
    this.ocoCounts.placed++;
    this.waitingOco.set(legId, { side, stopTicks, stopLimitTicks, lots });
  }

  /**
   * After a command: each waiting stop that one of its trades reached triggers, as Spot's trigger
   * does it: its limit leg leaves the book (CANCEL), then its stop leg enters it as a limit order
   * (LIMIT), and the trades that makes may trigger more. A limit leg that filled, even in part, has
   * already dropped its stop (afterFill).
   */
  settleStops(): void {
    while (this.trades.length > 0 && this.waitingOco.size > 0) {
      const trades = this.trades;
      this.trades = [];
      const fired: Array<[number, WaitingOco]> = [];
      for (const [legId, stop] of this.waitingOco) {
        const reached = trades.some((price) =>
          stop.side === SELL ? price <= stop.stopTicks : price >= stop.stopTicks,
        );
        if (reached) fired.push([legId, stop]);
      }
      for (const [legId] of fired) {
        this.waitingOco.delete(legId);
        this.push(CANCEL, legId, 0, 0, 0, 0);
        this.book.cancel(legId);
        this.live.remove(legId);
      }
      for (const [, stop] of fired) {
        this.ocoCounts.triggered++;
        this.limit(stop.side, stop.stopLimitTicks, stop.lots);
      }
    }
    this.trades = [];
  }

  /** Best price on `side`, or `fallback` when that side is empty. */
  touch(side: Side, fallback: number): number {
    const best = side === BUY ? this.book.bestBid() : this.book.bestAsk();
    return Number.isNaN(best) ? fallback : best;
  }

  build(name: string): OrderStream {
    const idText = this.id.map((id) => String(id));
    return {
      name,
      prefill: this.prefill,
      length: this.kind.length,
      kind: Uint8Array.from(this.kind),
      id: Float64Array.from(this.id),
      owner: Float64Array.from(this.owner),
      side: Uint8Array.from(this.side),
      price: Float64Array.from(this.price),
      lots: Float64Array.from(this.lots),
      idText,
    };
  }

  private afterFill(makerId: number, priceTicks: number): void {
    this.trades.push(priceTicks);
    if (!this.book.has(makerId)) this.live.remove(makerId);
    // An OCO's limit leg that fills, even in part, cancels its stop leg.
    if (this.waitingOco.delete(makerId)) this.ocoCounts.limitFilled++;
  }

  private push(kind: number, id: number, owner: number, side: number, price: number, lots: number): void {
    this.kind.push(kind);
    this.id.push(id);
    this.owner.push(owner);
    this.side.push(side);
    this.price.push(price);
    this.lots.push(lots);
  }
}

/** Lognormal order size in lots (median about 7, long right tail), at least 1. */
function orderLots(random: () => number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.max(1, Math.round(Math.exp(2 + 0.8 * normal)));
}

const START_MID = 1_000_000;

function randomSide(random: () => number): Side {
  return random() < 0.5 ? BUY : SELL;
}

/** A passive price `distance` ticks behind the opposite touch, so it rests instead of trading. */
function passivePrice(builder: StreamBuilder, side: Side, distance: number): number {
  return side === BUY
    ? builder.touch(SELL, START_MID + 1) - distance
    : builder.touch(BUY, START_MID - 1) + distance;
}

/** A price `through` ticks past the opposite touch, so the order trades at once. */
function marketablePrice(builder: StreamBuilder, side: Side, through: number): number {
  return side === BUY
    ? builder.touch(SELL, START_MID + 1) + through
    : Math.max(1, builder.touch(BUY, START_MID - 1) - through);
}

/**
 * (a) Steady mix around a book of about 12k resting orders: ~40 % cancels of random live orders,
 * ~50 % passive limits whose distance from the touch is exponential (mean 15 ticks, so most land
 * near the touch), ~7 % marketable limits and ~3 % market orders.
 */
export function steadyMix(seed: number, operations: number, target = 12_000): OrderStream {
  const random = mulberry32(seed);
  const builder = new StreamBuilder(random);
  const distance = () => 1 + Math.min(300, Math.floor(-Math.log(1 - random()) * 15));
  while (builder.live.size < target) {
    const side = randomSide(random);
    builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
  }
  builder.markPrefillDone();
  const end = builder.count + operations;
  while (builder.count < end) {
    const roll = random();
    // Lean the cancel rate a little against the book size so it stays near the target.
    const cancelShare = builder.live.size > target ? 0.45 : 0.35;
    const side = randomSide(random);
    if (roll < cancelShare) builder.cancelRandom();
    else if (roll < 0.9) builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
    else if (roll < 0.97) {
      builder.limit(side, marketablePrice(builder, side, Math.floor(random() * 3)), orderLots(random));
    } else builder.market(side, orderLots(random) * 3);
  }
  return builder.build('steady-mix');
}

/**
 * (b) Deep queues: four price levels per side, a few thousand orders in each queue; half the
 * commands cancel random live orders (so mostly from the middle of a queue), the rest join the
 * queues, and one in ten trades through the head of a queue.
 */
export function deepQueues(seed: number, operations: number, target = 24_000): OrderStream {
  const random = mulberry32(seed);
  const builder = new StreamBuilder(random);
  const distance = () => 1 + Math.floor(random() * 4);
  while (builder.live.size < target) {
    const side = randomSide(random);
    builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
  }
  builder.markPrefillDone();
  const end = builder.count + operations;
  while (builder.count < end) {
    const roll = random();
    const side = randomSide(random);
    const cancelShare = builder.live.size > target ? 0.5 : 0.4;
    if (roll < cancelShare) builder.cancelRandom();
    else if (roll < 0.9) builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
    else builder.limit(side, marketablePrice(builder, side, 0), orderLots(random) * 4);
  }
  return builder.build('deep-queues');
}

/**
 * (c) Sweeps: about 400 levels per side with one to three orders each. Each market order eats
 * 10-60 levels; after it, fresh passive orders refill the swept side at random prices within 400
 * ticks of the opposite touch, so the book keeps its shape.
 */
export function sweeps(seed: number, operations: number): OrderStream {
  const random = mulberry32(seed);
  const builder = new StreamBuilder(random);
  const window = 400;
  const refill = (side: Side, orders: number) => {
    for (let i = 0; i < orders; i++) {
      builder.limit(side, passivePrice(builder, side, 1 + Math.floor(random() * window)), orderLots(random));
    }
  };
  refill(BUY, 800);
  refill(SELL, 800);
  builder.markPrefillDone();
  const end = builder.count + operations;
  while (builder.count < end) {
    const side = randomSide(random);
    const levels = 10 + Math.floor(random() * 50);
    builder.market(side, levels * 20);
    refill(side === BUY ? SELL : BUY, levels * 2);
  }
  return builder.build('sweeps');
}

/**
 * (d) New price levels all the time: passive orders at uniformly random prices up to 5 000 ticks
 * behind the touch, about 5k live orders, half the commands cancels. Most orders open a new level
 * and most cancels close one.
 */
export function newLevels(seed: number, operations: number, target = 5_000): OrderStream {
  const random = mulberry32(seed);
  const builder = new StreamBuilder(random);
  const distance = () => 1 + Math.floor(random() * 5_000);
  while (builder.live.size < target) {
    const side = randomSide(random);
    builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
  }
  builder.markPrefillDone();
  const end = builder.count + operations;
  while (builder.count < end) {
    const side = randomSide(random);
    const cancelShare = builder.live.size > target ? 0.55 : 0.45;
    if (random() < cancelShare) builder.cancelRandom();
    else builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
  }
  return builder.build('new-levels');
}

/**
 * (e) Time in force: the steady mix's book and rhythm, with Binance's options. A third of the
 * passive orders are post-only, and one in five of those is placed at the opposite touch (so it is
 * refused); the marketable limits are split between immediate-or-cancel and fill-or-kill, sized so
 * that about half of the fill-or-kill ones cannot fill and are refused.
 */
export function timeInForce(seed: number, operations: number, target = 12_000): OrderStream {
  const random = mulberry32(seed);
  const builder = new StreamBuilder(random);
  const distance = () => 1 + Math.min(300, Math.floor(-Math.log(1 - random()) * 15));
  while (builder.live.size < target) {
    const side = randomSide(random);
    builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
  }
  builder.markPrefillDone();
  const end = builder.count + operations;
  while (builder.count < end) {
    const roll = random();
    const cancelShare = builder.live.size > target ? 0.45 : 0.35;
    const side = randomSide(random);
    if (roll < cancelShare) builder.cancelRandom();
    else if (roll < 0.73) builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
    else if (roll < 0.9) {
      const atTouch = random() < 0.2;
      const price = atTouch ? marketablePrice(builder, side, 0) : passivePrice(builder, side, distance());
      builder.postOnly(side, price, orderLots(random));
    } else if (roll < 0.935) {
      builder.ioc(side, marketablePrice(builder, side, Math.floor(random() * 3)), orderLots(random) * 2);
    } else if (roll < 0.97) {
      builder.fok(side, marketablePrice(builder, side, Math.floor(random() * 3)), orderLots(random) * 2);
    } else builder.market(side, orderLots(random) * 3);
  }
  return builder.build('time-in-force');
}

/**
 * (f) OCO: the steady mix's book and rhythm, with one command in seven an OCO (domain/spot/oco.ts):
 * a post-only limit leg a few ticks behind its touch and a stop a few ticks beyond the other touch,
 * its limit a little through it. More market orders than the steady mix move the price so that
 * stops trigger: each trigger cancels its limit leg and sends its stop leg to the book as a limit
 * order; a limit leg that fills drops its stop. The engine's share of OCO trading is exactly these
 * post-only orders, cancels and limit orders, so both engines replay them as such; watching the
 * stops is the spot service's work (a set of waiting stops per pair) and is not timed here.
 */
export function oco(seed: number, operations: number, target = 12_000): OrderStream {
  const random = mulberry32(seed);
  const builder = new StreamBuilder(random);
  const distance = () => 1 + Math.min(300, Math.floor(-Math.log(1 - random()) * 15));
  while (builder.live.size < target) {
    const side = randomSide(random);
    builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
  }
  builder.markPrefillDone();
  const end = builder.count + operations;
  while (builder.count < end) {
    const roll = random();
    const cancelShare = builder.live.size > target ? 0.45 : 0.35;
    const side = randomSide(random);
    if (roll < cancelShare) builder.cancelRandom();
    else if (roll < 0.74) builder.limit(side, passivePrice(builder, side, distance()), orderLots(random));
    else if (roll < 0.88) {
      // A sell OCO: take profit above the ask, stop below the bid; a buy OCO the other way round.
      const lots = orderLots(random);
      const beyond = 1 + Math.floor(random() * 6);
      if (side === SELL) {
        const stop = Math.max(2, builder.touch(BUY, START_MID - 1) - beyond);
        builder.oco(
          SELL,
          passivePrice(builder, SELL, distance()),
          stop,
          stop - 1 - Math.floor(random() * 3),
          lots,
        );
      } else {
        const stop = builder.touch(SELL, START_MID + 1) + beyond;
        builder.oco(
          BUY,
          passivePrice(builder, BUY, distance()),
          stop,
          stop + 1 + Math.floor(random() * 3),
          lots,
        );
      }
    } else if (roll < 0.94) {
      builder.limit(side, marketablePrice(builder, side, Math.floor(random() * 3)), orderLots(random));
    } else builder.market(side, orderLots(random) * 3);
    builder.settleStops();
  }
  const stream = builder.build('oco');
  const c = builder.ocoCounts;
  stream.note =
    `OCO groups: ${c.placed} placed (${c.refused} refused as post-only takers), ${c.triggered} stops triggered, ` +
    `${c.limitFilled} limit legs filled, ${c.cancelled} cancelled`;
  return stream;
}

/** Share of each command kind in the timed part of a stream, for the report. */
export function commandMix(stream: OrderStream): {
  limit: number;
  market: number;
  cancel: number;
  options: number;
} {
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = stream.prefill; i < stream.length; i++) counts[stream.kind[i]!]!++;
  const timed = stream.length - stream.prefill;
  return {
    limit: counts[LIMIT]! / timed,
    market: counts[MARKET]! / timed,
    cancel: counts[CANCEL]! / timed,
    options: (counts[IOC]! + counts[FOK]! + counts[POST_ONLY]!) / timed,
  };
}
