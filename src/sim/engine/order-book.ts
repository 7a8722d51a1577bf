import { Ladder } from './ladder';
import { OrderIndex } from './order-index';
import { OrderSlots } from './order-slots';
import { PriceLevels } from './price-levels';
import { BUY, NIL, SELL, type FillListener, type RestingOrder, type Side } from './types';

export { BUY, SELL, type FillListener, type RestingOrder, type Side } from './types';

export interface OrderBookOptions {
  /** Expected number of resting orders; storage starts at this size and doubles when exceeded. */
  capacity?: number;
  onFill?: FillListener;
}

const ignoreFill: FillListener = () => {};

/** Undo journal entry kinds (see `beginJournal`); each entry is JOURNAL_STRIDE numbers. */
const RESTED = 0;
const REDUCED = 1;
const REMOVED = 2;
const JOURNAL_STRIDE = 7;

/**
 * A limit order book for one pair: integer price ticks, integer lots, price-time priority.
 *
 * - `limit` matches against the opposite side up to its price, then rests the remainder at the back
 *   of its price level's queue. `market` sweeps the opposite side and never rests.
 * - Fills are reported through one listener set up front, with plain number arguments, so matching
 *   allocates nothing per fill. Makers are filled best price first, oldest first within a price, and
 *   every fill trades at the maker's price.
 * - Self-trades are allowed: the book does not look at owners when matching. The simulator's market
 *   makers use distinct owner ids; a venue that needs self-trade prevention does it before calling.
 * - Arguments are checked and violations throw a RangeError before the book changes: ids and owners
 *   must be non-negative safe integers, prices and lots positive safe integers, and an id may not be
 *   used by a resting order. The caller validates user input first; these checks catch bugs.
 *
 * Storage: resting orders live in pooled typed-array slots (`OrderSlots`) linked into one intrusive
 * FIFO list per price level (`PriceLevels`), so a cancel is O(1) at any queue depth; each side keeps
 * its levels in a sorted array with the best last (`Ladder`); ids map to slots through an
 * open-addressing hash table (`OrderIndex`).
 */
export class OrderBook {
  private readonly slots: OrderSlots;
  private readonly levels: PriceLevels;
  private readonly index: OrderIndex;
  private readonly bids: Ladder;
  private readonly asks: Ladder;
  private onFill: FillListener;
  /**
   * Undo journal: while `journaling`, every change to the book is noted here, so `rollback` can put
   * the book back exactly as it was (same orders, lots, prices and queue priority). Entries are
   * [kind, id, owner, side, price, lots, previous id in the queue]; the array is reused.
   */
  private readonly journal: number[] = [];
  private journalLength = 0;
  private journaling = false;

  constructor(opts: OrderBookOptions = {}) {
    const capacity = Math.max(16, Math.floor(opts.capacity ?? 1024));
    const levelCapacity = Math.max(64, capacity >>> 3);
    this.slots = new OrderSlots(capacity);
    this.levels = new PriceLevels(levelCapacity);
    this.index = new OrderIndex(capacity);
    this.bids = new Ladder(levelCapacity);
    this.asks = new Ladder(levelCapacity);
    this.onFill = opts.onFill ?? ignoreFill;
  }

  setFillListener(listener: FillListener): void {
    this.onFill = listener;
  }

  /** Starts noting every change (limit, market, cancel) so that `rollback` can undo them. */
  beginJournal(): void {
    this.journaling = true;
    this.journalLength = 0;
  }

  /** Keeps the changes made since `beginJournal` and stops noting. */
  endJournal(): void {
    this.journaling = false;
    this.journalLength = 0;
  }

  /** Whether changes are being noted. */
  isJournaling(): boolean {
    return this.journaling;
  }

  /**
   * Undoes every change since `beginJournal`, newest first, and stops noting: the book has the same
   * resting orders, with the same lots, at the same prices, in the same queue order as before.
   * (Pool slots may differ; nothing outside the book sees them.)
   */
  rollback(): void {
    this.journaling = false;
    const j = this.journal;
    for (let at = this.journalLength - JOURNAL_STRIDE; at >= 0; at -= JOURNAL_STRIDE) {
      const kind = j[at]!;
      const id = j[at + 1]!;
      if (kind === RESTED) {
        this.cancel(id);
      } else if (kind === REDUCED) {
        const slot = this.index.get(id);
        const lots = j[at + 5]!;
        this.slots.lots[slot] = this.slots.lots[slot]! + lots;
        const level = this.slots.levels[slot]!;
        this.levels.lots[level] = this.levels.lots[level]! + lots;
      } else {
        this.reinsert(id, j[at + 2]!, j[at + 3] as Side, j[at + 4]!, j[at + 5]!, j[at + 6]!);
      }
    }
    this.journalLength = 0;
  }

  private note(
    kind: number,
    id: number,
    owner: number,
    side: number,
    price: number,
    lots: number,
    previous: number,
  ): void {
    const j = this.journal;
    const at = this.journalLength;
    j[at] = kind;
    j[at + 1] = id;
    j[at + 2] = owner;
    j[at + 3] = side;
    j[at + 4] = price;
    j[at + 5] = lots;
    j[at + 6] = previous;
    this.journalLength = at + JOURNAL_STRIDE;
  }

  /** Puts a removed order back right after `previousId` in its level's queue (at the head if NIL). */
  private reinsert(
    orderId: number,
    owner: number,
    side: Side,
    price: number,
    lots: number,
    previousId: number,
  ): void {
    const ladder = side === BUY ? this.bids : this.asks;
    const key = side === BUY ? price : -price;
    const levels = this.levels;
    let level = ladder.find(key);
    if (level === NIL) {
      level = levels.allocate(side, price);
      ladder.insertAt(ladder.lowerBound(key), key, level);
    }
    const slots = this.slots;
    const slot = slots.allocate(orderId, owner, lots, level);
    const previous = previousId === NIL ? NIL : this.index.get(previousId);
    const following = previous === NIL ? levels.head[level]! : slots.next[previous]!;
    slots.prev[slot] = previous;
    slots.next[slot] = following;
    if (previous === NIL) levels.head[level] = slot;
    else slots.next[previous] = slot;
    if (following === NIL) levels.tail[level] = slot;
    else slots.prev[following] = slot;
    levels.lots[level] = levels.lots[level]! + lots;
    levels.orderCount[level] = levels.orderCount[level]! + 1;
    this.index.insert(orderId, slot);
  }

  /** Returns lots left unfilled; for a limit order the rest rests in the book. */
  limit(orderId: number, owner: number, side: Side, priceTicks: number, lots: number): number {
    this.checkNewOrder(orderId, owner, side, lots);
    checkPositiveInteger(priceTicks, 'priceTicks');
    let left = lots;
    if (side === BUY) {
      const asks = this.asks;
      // Ask keys are negated prices: the ask at key k crosses a bid at p when -k <= p.
      if (asks.count > 0 && asks.keys[asks.count - 1]! >= -priceTicks) {
        left = this.match(orderId, owner, BUY, asks, -priceTicks, lots);
      }
    } else {
      const bids = this.bids;
      if (bids.count > 0 && bids.keys[bids.count - 1]! >= priceTicks) {
        left = this.match(orderId, owner, SELL, bids, priceTicks, lots);
      }
    }
    if (left > 0) this.rest(orderId, owner, side, priceTicks, left);
    return left;
  }

  /**
   * Immediate-or-cancel limit order: matches against the opposite side up to its price like `limit`,
   * but never rests; returns the lots left unfilled (the caller drops them).
   */
  limitNow(orderId: number, owner: number, side: Side, priceTicks: number, lots: number): number {
    this.checkNewOrder(orderId, owner, side, lots);
    checkPositiveInteger(priceTicks, 'priceTicks');
    return side === BUY
      ? this.match(orderId, owner, BUY, this.asks, -priceTicks, lots)
      : this.match(orderId, owner, SELL, this.bids, priceTicks, lots);
  }

  /**
   * The lots a `side` order at `priceTicks` would fill at once, counted up to `wanted` (a fill-or-kill
   * order asks whether this reaches its quantity before it touches the book). Changes nothing.
   */
  fillable(side: Side, priceTicks: number, wanted: number): number {
    const opposite = side === BUY ? this.asks : this.bids;
    const worstKey = side === BUY ? -priceTicks : priceTicks;
    const levelLots = this.levels.lots;
    let found = 0;
    for (let at = opposite.count - 1; at >= 0 && found < wanted; at--) {
      if (opposite.keys[at]! < worstKey) break;
      found += levelLots[opposite.levels[at]!]!;
    }
    return Math.min(found, wanted);
  }

  /** Market order: fills against the opposite side, returns lots unfilled (not rested). */
  market(orderId: number, owner: number, side: Side, lots: number): number {
    this.checkNewOrder(orderId, owner, side, lots);
    return this.match(orderId, owner, side, side === BUY ? this.asks : this.bids, -Infinity, lots);
  }

  /** Removes a resting order; returns the lots removed, 0 (and no change) if the id is not resting. */
  cancel(orderId: number): number {
    const slot = this.index.delete(orderId);
    if (slot === NIL) return 0;
    const slots = this.slots;
    const levels = this.levels;
    const lots = slots.lots[slot]!;
    const level = slots.levels[slot]!;
    const before = slots.prev[slot]!;
    const after = slots.next[slot]!;
    if (this.journaling) {
      const previousId = before === NIL ? NIL : slots.ids[before]!;
      this.note(
        REMOVED,
        orderId,
        slots.owners[slot]!,
        levels.sides[level]!,
        levels.prices[level]!,
        lots,
        previousId,
      );
    }
    if (before === NIL) levels.head[level] = after;
    else slots.next[before] = after;
    if (after === NIL) levels.tail[level] = before;
    else slots.prev[after] = before;
    levels.lots[level] = levels.lots[level]! - lots;
    const ordersLeft = levels.orderCount[level]! - 1;
    levels.orderCount[level] = ordersLeft;
    if (ordersLeft === 0) {
      const price = levels.prices[level]!;
      if (levels.sides[level] === BUY) this.bids.remove(price);
      else this.asks.remove(-price);
      levels.release(level);
    }
    slots.release(slot);
    return lots;
  }

  has(orderId: number): boolean {
    return this.index.get(orderId) !== NIL;
  }

  /** Lots still resting for this order, 0 if it is not in the book. */
  remaining(orderId: number): number {
    const slot = this.index.get(orderId);
    return slot === NIL ? 0 : this.slots.lots[slot]!;
  }

  /** Highest bid price, NaN when there are no bids. */
  bestBid(): number {
    const bids = this.bids;
    return bids.count > 0 ? bids.keys[bids.count - 1]! : NaN;
  }

  /** Lowest ask price, NaN when there are no asks. */
  bestAsk(): number {
    const asks = this.asks;
    return asks.count > 0 ? -asks.keys[asks.count - 1]! : NaN;
  }

  /**
   * Aggregated levels, best first: writes price and total lots of up to `maxLevels` levels into the
   * given arrays (never past a typed array's length) and returns how many were written.
   */
  depth(
    side: Side,
    maxLevels: number,
    pricesOut: number[] | Float64Array,
    lotsOut: number[] | Float64Array,
  ): number {
    const ladder = side === BUY ? this.bids : this.asks;
    let count = Math.min(maxLevels, ladder.count);
    if (pricesOut instanceof Float64Array) count = Math.min(count, pricesOut.length);
    if (lotsOut instanceof Float64Array) count = Math.min(count, lotsOut.length);
    const levels = this.levels;
    for (let i = 0; i < count; i++) {
      const level = ladder.levels[ladder.count - 1 - i]!;
      pricesOut[i] = levels.prices[level]!;
      lotsOut[i] = levels.lots[level]!;
    }
    return count;
  }

  restingCount(): number {
    return this.slots.used;
  }

  /** Resting orders of one side in priority order (best price first, oldest first). Allocates. */
  orders(side: Side): RestingOrder[] {
    const ladder = side === BUY ? this.bids : this.asks;
    const { levels, slots } = this;
    const out: RestingOrder[] = [];
    for (let i = ladder.count - 1; i >= 0; i--) {
      const level = ladder.levels[i]!;
      const price = levels.prices[level]!;
      // Bounded by the level's count rather than by NIL, so a corrupted queue shows up as a wrong
      // answer in tests instead of an endless loop.
      let slot = levels.head[level]!;
      for (let n = levels.orderCount[level]!; n > 0 && slot !== NIL; n--) {
        out.push({ id: slots.ids[slot]!, owner: slots.owners[slot]!, price, lots: slots.lots[slot]! });
        slot = slots.next[slot]!;
      }
    }
    return out;
  }

  /**
   * Fills the taker against `opposite` while its best level's key is >= `worstKey` (the taker's
   * limit expressed as a ladder key; -Infinity for a market order). Returns the lots left.
   *
   * Each maker's state (its lots, its removal, its level's removal) is updated before the listener
   * hears about the fill, so the book is consistent whenever the listener runs.
   */
  private match(
    takerId: number,
    takerOwner: number,
    takerSide: Side,
    opposite: Ladder,
    worstKey: number,
    lots: number,
  ): number {
    const { slots, levels, index } = this;
    const onFill = this.onFill;
    const makerIds = slots.ids;
    const makerOwners = slots.owners;
    const makerLots = slots.lots;
    const nextInQueue = slots.next;
    const prevInQueue = slots.prev;
    const levelHead = levels.head;
    const levelLots = levels.lots;
    const levelOrderCount = levels.orderCount;
    let left = lots;
    while (left > 0 && opposite.count > 0) {
      const top = opposite.count - 1;
      if (opposite.keys[top]! < worstKey) break;
      const level = opposite.levels[top]!;
      const price = levels.prices[level]!;
      let maker = levelHead[level]!;
      while (maker !== NIL) {
        const makerId = makerIds[maker]!;
        const makerOwner = makerOwners[maker]!;
        const available = makerLots[maker]!;
        if (available > left) {
          if (this.journaling) this.note(REDUCED, makerId, makerOwner, 0, price, left, NIL);
          makerLots[maker] = available - left;
          levelLots[level] = levelLots[level]! - left;
          const filled = left;
          left = 0;
          onFill(makerId, takerId, price, filled, makerOwner, takerOwner, takerSide);
          break;
        }
        // The maker is filled completely: unlink it from the head of the queue and free its slot.
        if (this.journaling)
          this.note(REMOVED, makerId, makerOwner, levels.sides[level]!, price, available, NIL);
        left -= available;
        const following = nextInQueue[maker]!;
        levelHead[level] = following;
        levelLots[level] = levelLots[level]! - available;
        levelOrderCount[level] = levelOrderCount[level]! - 1;
        index.delete(makerId);
        slots.release(maker);
        maker = following;
        if (following === NIL) {
          // The level is empty: it was the best one, so it is the last ladder entry.
          opposite.count = top;
          levels.release(level);
        } else {
          prevInQueue[following] = NIL;
        }
        onFill(makerId, takerId, price, available, makerOwner, takerOwner, takerSide);
        if (left === 0) break;
      }
    }
    return left;
  }

  /** Appends an order to the back of the queue at its price, creating the level if needed. */
  private rest(orderId: number, owner: number, side: Side, price: number, lots: number): void {
    const ladder = side === BUY ? this.bids : this.asks;
    const key = side === BUY ? price : -price;
    const levels = this.levels;
    let level: number;
    const count = ladder.count;
    if (count > 0 && ladder.keys[count - 1] === key) {
      level = ladder.levels[count - 1]!;
    } else {
      const at = ladder.lowerBound(key);
      if (at < count && ladder.keys[at] === key) {
        level = ladder.levels[at]!;
      } else {
        level = levels.allocate(side, price);
        ladder.insertAt(at, key, level);
      }
    }
    const slots = this.slots;
    const slot = slots.allocate(orderId, owner, lots, level); // may grow the pool: read arrays after
    const tail = levels.tail[level]!;
    slots.prev[slot] = tail;
    slots.next[slot] = NIL;
    if (tail === NIL) levels.head[level] = slot;
    else slots.next[tail] = slot;
    levels.tail[level] = slot;
    levels.lots[level] = levels.lots[level]! + lots;
    levels.orderCount[level] = levels.orderCount[level]! + 1;
    this.index.insert(orderId, slot);
    if (this.journaling) this.note(RESTED, orderId, owner, side, price, lots, NIL);
  }

  private checkNewOrder(orderId: number, owner: number, side: Side, lots: number): void {
    checkId(orderId, 'orderId');
    checkId(owner, 'owner');
    if (side !== BUY && side !== SELL) throw new RangeError(`side must be 0 (buy) or 1 (sell), got ${side}`);
    checkPositiveInteger(lots, 'lots');
    if (this.index.get(orderId) !== NIL) throw new RangeError(`order id ${orderId} is already resting`);
  }
}

function checkId(value: number, name: string): void {
  if (!(value >= 0 && value <= Number.MAX_SAFE_INTEGER && Math.floor(value) === value)) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  }
}

function checkPositiveInteger(value: number, name: string): void {
  if (!(value > 0 && value <= Number.MAX_SAFE_INTEGER && Math.floor(value) === value)) {
    throw new RangeError(`${name} must be a positive safe integer, got ${value}`);
  }
}
