import type { RestingOrder, Side } from '../../../../src/sim/engine/order-book';

/** One fill, in the argument order of `FillListener`. */
export type Fill = [
  makerId: number,
  takerId: number,
  price: number,
  lots: number,
  makerOwner: number,
  takerOwner: number,
  takerSide: Side,
];

interface ModelOrder {
  id: number;
  owner: number;
  side: Side;
  price: number;
  lots: number;
  /** Arrival number: earlier arrival = higher priority at the same price. */
  arrival: number;
}

/**
 * An obviously correct order book for comparison: a flat list of orders, and each match step scans
 * the whole list for the best maker. Slow on purpose; nothing clever to get wrong.
 */
export class ReferenceBook {
  private readonly book: ModelOrder[] = [];
  private arrivals = 0;

  limit(id: number, owner: number, side: Side, price: number, lots: number, fills: Fill[]): number {
    const left = this.take(id, owner, side, price, lots, fills);
    if (left > 0) this.book.push({ id, owner, side, price, lots: left, arrival: this.arrivals++ });
    return left;
  }

  market(id: number, owner: number, side: Side, lots: number, fills: Fill[]): number {
    return this.take(id, owner, side, null, lots, fills);
  }

  cancel(id: number): number {
    const index = this.book.findIndex((order) => order.id === id);
    if (index < 0) return 0;
    const [order] = this.book.splice(index, 1);
    return order!.lots;
  }

  has(id: number): boolean {
    return this.book.some((order) => order.id === id);
  }

  /** Priority order: best price first (highest bid, lowest ask), then earliest arrival. */
  orders(side: Side): RestingOrder[] {
    return this.book
      .filter((order) => order.side === side)
      .sort((a, b) =>
        a.price !== b.price ? (side === 0 ? b.price - a.price : a.price - b.price) : a.arrival - b.arrival,
      )
      .map(({ id, owner, price, lots }) => ({ id, owner, price, lots }));
  }

  private take(
    id: number,
    owner: number,
    side: Side,
    limit: number | null,
    lots: number,
    fills: Fill[],
  ): number {
    let left = lots;
    while (left > 0) {
      const makers = this.book.filter(
        (order) =>
          order.side !== side &&
          (limit === null || (side === 0 ? order.price <= limit : order.price >= limit)),
      );
      if (makers.length === 0) break;
      const maker = makers.reduce((best, order) => {
        if (order.price !== best.price) {
          const better = side === 0 ? order.price < best.price : order.price > best.price;
          return better ? order : best;
        }
        return order.arrival < best.arrival ? order : best;
      });
      const traded = Math.min(maker.lots, left);
      maker.lots -= traded;
      left -= traded;
      if (maker.lots === 0) this.book.splice(this.book.indexOf(maker), 1);
      fills.push([maker.id, id, maker.price, traded, maker.owner, owner, side]);
    }
    return left;
  }
}
