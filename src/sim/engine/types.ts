/** Which side of the book an order sits on: 0 = buy (bid), 1 = sell (ask). */
export type Side = 0 | 1;

export const BUY: Side = 0;
export const SELL: Side = 1;

/**
 * Called once per fill, synchronously, while the taker is being matched.
 *
 * When it runs, the maker's state already reflects the fill: `book.remaining(makerId)` gives what is
 * left of it (0 once fully filled and removed). The listener must not call methods that change the
 * book (limit, market, cancel) from inside the callback.
 */
export interface FillListener {
  (
    makerId: number,
    takerId: number,
    priceTicks: number,
    lots: number,
    makerOwner: number,
    takerOwner: number,
    takerSide: Side,
  ): void;
}

/** A resting order as reported by `OrderBook.orders`, for tests and snapshots (not the hot path). */
export interface RestingOrder {
  id: number;
  owner: number;
  price: number;
  lots: number;
}

/** Marks "no slot / no order / no level" in the intrusive linked lists and the index. */
export const NIL = -1;
