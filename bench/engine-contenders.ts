/**
 * The two engines under test, each behind the same three calls: build a fresh book, apply a range
 * of stream commands, and list the resting orders. Each `apply` is its own monomorphic loop.
 */
import { OrderBook as TheirBook, Side as TheirSide, type LimitOrderOptions } from 'nodejs-order-book';
import { BUY, OrderBook, SELL, type Side } from '../src/sim/engine/order-book';
import { CANCEL, FOK, IOC, LIMIT, MARKET, POST_ONLY, type OrderStream } from './engine-streams';

/** Their TimeInForce enum is not exported from the package's entry; its values are these strings. */
type TheirTimeInForce = NonNullable<LimitOrderOptions['timeInForce']>;
const THEIR_IOC = 'IOC' as TheirTimeInForce;
const THEIR_FOK = 'FOK' as TheirTimeInForce;

/** Placeholders held while a contender has no book, created once so they are in every baseline. */
const EMPTY_BOOK = new OrderBook({ capacity: 16 });
const THEIR_EMPTY_BOOK = new TheirBook();

export interface RestingSnapshot {
  id: number;
  side: Side;
  price: number;
  lots: number;
}

export interface Contender {
  readonly name: string;
  reset(): void;
  /** Applies commands [from, to); returns the sum of unfilled lots, so the work cannot be skipped. */
  apply(stream: OrderStream, from: number, to: number): number;
  /** Unfilled lots returned by command `at` alone (for the gate). */
  applyOne(stream: OrderStream, at: number): number;
  resting(): RestingSnapshot[];
  /** Drops the current book (for a clean memory baseline); `reset()` builds a new one. */
  discard(): void;
}

export class OurContender implements Contender {
  readonly name = 'tessera';
  fills = 0;
  private current = this.create();

  reset(): void {
    this.current = this.create();
  }

  apply(stream: OrderStream, from: number, to: number): number {
    const book = this.current;
    const { kind, id, owner, side, price, lots } = stream;
    let unfilled = 0;
    for (let i = from; i < to; i++) {
      const command = kind[i];
      if (command === LIMIT) unfilled += book.limit(id[i]!, owner[i]!, side[i] as Side, price[i]!, lots[i]!);
      else if (command === CANCEL) book.cancel(id[i]!);
      else if (command === MARKET) unfilled += book.market(id[i]!, owner[i]!, side[i] as Side, lots[i]!);
      else
        unfilled += this.withOption(book, command!, id[i]!, owner[i]!, side[i] as Side, price[i]!, lots[i]!);
    }
    return unfilled;
  }

  /** As Spot.place runs them: the rule (domain/spot/time-in-force.ts) asks the book, then it matches. */
  private withOption(
    book: OrderBook,
    command: number,
    orderId: number,
    owner: number,
    side: Side,
    price: number,
    lots: number,
  ): number {
    if (command === IOC) return book.limitNow(orderId, owner, side, price, lots);
    if (command === FOK)
      return book.fillable(side, price, lots) === lots
        ? book.limitNow(orderId, owner, side, price, lots)
        : lots;
    if (command === POST_ONLY)
      return book.fillable(side, price, 1) === 0 ? book.limit(orderId, owner, side, price, lots) : lots;
    throw new RangeError(`unknown command ${command}`);
  }

  applyOne(stream: OrderStream, at: number): number {
    return this.apply(stream, at, at + 1);
  }

  resting(): RestingSnapshot[] {
    const out: RestingSnapshot[] = [];
    for (const side of [BUY, SELL] as const) {
      for (const order of this.current.orders(side)) {
        out.push({ id: order.id, side, price: order.price, lots: order.lots });
      }
    }
    return out;
  }

  discard(): void {
    this.current = EMPTY_BOOK;
  }

  private create(): OrderBook {
    // Default capacity: the pools grow by doubling, as they will in the simulator. The listener does
    // a little bookkeeping, as the simulator's will.
    return new OrderBook({ onFill: () => void this.fills++ });
  }
}

export class TheirContender implements Contender {
  readonly name = 'nodejs-order-book';
  private current = new TheirBook();

  reset(): void {
    this.current = new TheirBook();
  }

  apply(stream: OrderStream, from: number, to: number): number {
    const book = this.current;
    const { kind, idText, side, price, lots } = stream;
    let unfilled = 0;
    for (let i = from; i < to; i++) {
      const command = kind[i];
      const theirSide = side[i] === BUY ? TheirSide.BUY : TheirSide.SELL;
      if (command === LIMIT) {
        unfilled += book.limit({
          id: idText[i]!,
          side: theirSide,
          size: lots[i]!,
          price: price[i]!,
        }).quantityLeft;
      } else if (command === CANCEL) book.cancel(idText[i]!);
      else if (command === MARKET) unfilled += book.market({ side: theirSide, size: lots[i]! }).quantityLeft;
      else {
        // A refused fill-or-kill or post-only order answers its whole size as left, as ours does.
        unfilled += book.limit({
          id: idText[i]!,
          side: theirSide,
          size: lots[i]!,
          price: price[i]!,
          ...(command === POST_ONLY
            ? { postOnly: true }
            : { timeInForce: command === IOC ? THEIR_IOC : THEIR_FOK }),
        }).quantityLeft;
      }
    }
    return unfilled;
  }

  applyOne(stream: OrderStream, at: number): number {
    return this.apply(stream, at, at + 1);
  }

  /** From `snapshot()`, which lists levels best first and each queue oldest first. */
  resting(): RestingSnapshot[] {
    const snapshot = this.current.snapshot();
    const out: RestingSnapshot[] = [];
    for (const [levels, side] of [
      [snapshot.bids, BUY],
      [snapshot.asks, SELL],
    ] as const) {
      for (const level of levels) {
        for (const order of level.orders) {
          out.push({ id: Number(order.id), side, price: order.price, lots: order.size });
        }
      }
    }
    return out;
  }

  discard(): void {
    this.current = THEIR_EMPTY_BOOK;
  }
}
