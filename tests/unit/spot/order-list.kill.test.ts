import { describe, expect, it } from 'vitest';
import {
  acceptsLiveOrder,
  foldOrderUpdate,
  hasSideTabs,
  ORDERS_PAGE_SIZE,
  type ListedOrder,
  type OrderPage,
  type OrdersView,
} from '../../../src/domain/spot/order-list.ts';

/** Spec §3: way 1 is a buy, way 2 a sell. */
const BUY = 1 as const;
const SELL = 2 as const;
const PAIR = 7;
const current: OrdersView = { tab: 'current', side: 'buy', page: 1, matchId: PAIR };
const order = (id: number, fields: Partial<ListedOrder> = {}): ListedOrder => ({
  id,
  way: BUY,
  matchId: PAIR,
  open: true,
  ...fields,
});
const pageOf = (ids: number[], total = ids.length): OrderPage<ListedOrder> => ({
  rows: ids.map((id) => order(id)),
  total,
});
const ids = (page: OrderPage<ListedOrder>) => page.rows.map((row) => row.id);

describe('the orders panel tabs (spec §2)', () => {
  it('current and all have buy and sell sub-tabs; history has none', () => {
    expect(hasSideTabs('current')).toBe(true);
    expect(hasSideTabs('all')).toBe(true);
    expect(hasSideTabs('history')).toBe(false);
  });
});

describe('acceptsLiveOrder (spec §4)', () => {
  it('on "current" only the pair on screen; on "all" any pair', () => {
    expect(acceptsLiveOrder(current, order(1, { matchId: PAIR + 1 }))).toBe(false);
    expect(acceptsLiveOrder({ ...current, tab: 'all' }, order(1, { matchId: PAIR + 1 }))).toBe(true);
    expect(acceptsLiveOrder(current, order(1))).toBe(true);
  });

  it('only open orders of the selected side, on page 1, never on history', () => {
    expect(acceptsLiveOrder(current, order(1, { open: false }))).toBe(false);
    expect(acceptsLiveOrder(current, order(1, { way: SELL }))).toBe(false);
    expect(acceptsLiveOrder({ ...current, side: 'sell' }, order(1, { way: SELL }))).toBe(true);
    expect(acceptsLiveOrder({ ...current, page: 2 }, order(1))).toBe(false);
    expect(acceptsLiveOrder({ ...current, tab: 'history' }, order(1))).toBe(false);
  });
});

describe('foldOrderUpdate', () => {
  it('leaves the history tab alone, whatever arrives', () => {
    const page = pageOf([1, 2]);
    const history: OrdersView = { ...current, tab: 'history' };
    expect(foldOrderUpdate(history, page, order(1, { open: false }))).toBe(page);
    expect(foldOrderUpdate(history, page, order(3))).toBe(page);
  });

  it('an order that is no longer open leaves the list, at any position, and the total drops by one', () => {
    for (const gone of [1, 2, 3]) {
      const next = foldOrderUpdate(current, pageOf([1, 2, 3], 25), order(gone, { open: false }));
      expect(ids(next)).toEqual([1, 2, 3].filter((id) => id !== gone));
      expect(next.total).toBe(24);
    }
  });

  it('a finished order not on the page changes nothing', () => {
    const page = pageOf([1, 2], 2);
    expect(foldOrderUpdate(current, page, order(9, { open: false }))).toBe(page);
  });

  it('the total never drops below zero', () => {
    const next = foldOrderUpdate(current, pageOf([1], 0), order(1, { open: false }));
    expect(next).toEqual({ rows: [], total: 0 });
  });

  it('an open order already listed replaces its row in place; the total stays', () => {
    const updated = { ...order(2), matchId: PAIR, way: BUY, open: true, extra: 'new' } as ListedOrder;
    const next = foldOrderUpdate(current, pageOf([1, 2, 3], 3), updated);
    expect(next.rows[1]).toBe(updated);
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next.total).toBe(3);
  });

  it('a new open order goes on top when accepted, keeping the page to its size', () => {
    const full = pageOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 30);
    const next = foldOrderUpdate(current, full, order(11));
    expect(ids(next)).toEqual([11, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(next.rows).toHaveLength(ORDERS_PAGE_SIZE);
    expect(next.total).toBe(31);
  });

  it('a new open order that is not accepted changes nothing', () => {
    const page = pageOf([1, 2], 2);
    expect(foldOrderUpdate(current, page, order(3, { way: SELL }))).toBe(page);
    expect(foldOrderUpdate({ ...current, page: 2 }, page, order(3))).toBe(page);
  });
});
