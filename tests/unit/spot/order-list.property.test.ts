import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptsLiveOrder,
  foldOrderUpdate,
  ORDERS_PAGE_SIZE,
  ORDERS_TABS,
  pageCount,
  type ListedOrder,
  type OrderPage,
  type OrdersView,
} from '../../../src/domain/spot/order-list.ts';

const view = fc.record({
  tab: fc.constantFrom(...ORDERS_TABS),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  page: fc.integer({ min: 1, max: 3 }),
  matchId: fc.integer({ min: 1, max: 3 }),
});
const order = fc.record({
  id: fc.integer({ min: 1, max: 30 }),
  way: fc.constantFrom(1 as const, 2 as const),
  matchId: fc.integer({ min: 1, max: 3 }),
  open: fc.boolean(),
});

describe('open-orders list (spec §4)', () => {
  it('a live order is added only on page 1, off the history tab, on its side (and pair, on "current")', () => {
    fc.assert(
      fc.property(view, order, (v, o) => {
        const expected =
          (o.open || v.tab === 'all') &&
          v.page === 1 &&
          v.tab !== 'history' &&
          (o.way === 1 ? 'buy' : 'sell') === v.side &&
          (v.tab === 'all' || o.matchId === v.matchId);
        expect(acceptsLiveOrder(v, o)).toBe(expected);
      }),
    );
  });

  it('folding pushes keeps the page bounded, without duplicates, and finished orders only on "all"', () => {
    fc.assert(
      fc.property(view, fc.array(order, { maxLength: 60 }), (v: OrdersView, pushes: ListedOrder[]) => {
        let page: OrderPage<ListedOrder> = { rows: [], total: 0 };
        for (const push of pushes) {
          const before = page;
          page = foldOrderUpdate(v, page, push);
          expect(page.rows.length).toBeLessThanOrEqual(ORDERS_PAGE_SIZE);
          expect(new Set(page.rows.map((row) => row.id)).size).toBe(page.rows.length);
          expect(page.total).toBeGreaterThanOrEqual(0);
          if (v.tab === 'history') expect(page).toBe(before);
          // "current" drops a finished order; "all" keeps it, with its new status.
          if (!push.open && v.tab === 'current')
            expect(page.rows.some((row) => row.id === push.id)).toBe(false);
          if (v.tab === 'all' && before.rows.some((row) => row.id === push.id)) {
            expect(page.rows.find((row) => row.id === push.id)).toBe(push);
          }
          if (acceptsLiveOrder(v, push) && !before.rows.some((row) => row.id === push.id)) {
            expect(page.rows[0]).toBe(push);
          }
        }
        if (v.tab === 'current') for (const row of page.rows) expect(row.open).toBe(true);
      }),
    );
  });

  it('an open order already listed is updated in place', () => {
    const v: OrdersView = { tab: 'current', side: 'buy', page: 2, matchId: 1 };
    const first = { id: 1, way: 1 as const, matchId: 1, open: true, filled: '0' };
    const page = { rows: [first], total: 11 };
    const updated = { ...first, filled: '0.5' };
    expect(foldOrderUpdate(v, page, updated)).toEqual({ rows: [updated], total: 11 });
  });

  it('counts pages of 10, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});
