import { sideOfWay, type SpotSide, type Way } from './order-kind.ts';

/**
 * The open-orders panel (spec §2, §4): three tabs, buy and sell sub-tabs on the first two, pages of
 * 10 (spec §9), and live pushes folded in.
 *
 *   current  open orders of the pair on screen          (tx_in/list, tx_out/list with the pair)
 *   all      every order of every pair, open or finished (the same calls without a pair, with
 *            include_finished: "all" means all, so a filled order never vanishes from it)
 *   history  finished orders (filled or cancelled)       (tx_history/list)
 */
export type OrdersTab = 'current' | 'all' | 'history';
export const ORDERS_TABS: readonly OrdersTab[] = ['current', 'all', 'history'];
export const ORDERS_PAGE_SIZE = 10;

export interface OrdersView {
  readonly tab: OrdersTab;
  readonly side: SpotSide;
  readonly page: number;
  /** The pair on screen. */
  readonly matchId: number;
}

/** What the rules need to know of an order. */
export interface ListedOrder {
  readonly id: number;
  readonly way: Way;
  readonly matchId: number;
  /** Still resting in the book (not filled, not cancelled). */
  readonly open: boolean;
}

/** Whether a tab has buy and sell sub-tabs (spec §2: the first two do). */
export function hasSideTabs(tab: OrdersTab): boolean {
  return tab !== 'history';
}

/** Whether a tab lists finished orders too ("all" and "history"), or only the open ones ("current"). */
function listsFinished(tab: OrdersTab): boolean {
  return tab !== 'current';
}

/**
 * Spec §4: a live submitted order is added at the top only when on page 1, not on the history tab,
 * and when its side matches the selected sub-tab; on "current" it must also be of the pair shown
 * and still open ("all" takes one that filled on arrival too).
 */
export function acceptsLiveOrder(view: OrdersView, order: ListedOrder): boolean {
  return (
    (order.open || view.tab === 'all') &&
    view.page === 1 &&
    view.tab !== 'history' &&
    sideOfWay(order.way) === view.side &&
    (view.tab === 'all' || order.matchId === view.matchId)
  );
}

export interface OrderPage<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

/**
 * Folds one pushed order into the page on screen. On "current" an order that is no longer open
 * leaves the list (spec §4: filled or cancelled); on "all" it stays, with its new status. An order
 * on the page replaces its row; a new one is added at the top when `acceptsLiveOrder` allows (the
 * page keeps its size). The history tab is left alone: it is reloaded when the user comes back to it.
 */
export function foldOrderUpdate<T extends ListedOrder>(
  view: OrdersView,
  page: OrderPage<T>,
  order: T,
): OrderPage<T> {
  if (view.tab === 'history') return page;
  const index = page.rows.findIndex((row) => row.id === order.id);
  if (!order.open && !listsFinished(view.tab)) {
    if (index < 0) return page;
    return { rows: page.rows.filter((row) => row.id !== order.id), total: Math.max(0, page.total - 1) };
  }
  if (index >= 0) {
    const rows = [...page.rows];
    rows[index] = order;
    return { rows, total: page.total };
  }
  if (!acceptsLiveOrder(view, order)) return page;
  return { rows: [order, ...page.rows].slice(0, ORDERS_PAGE_SIZE), total: page.total + 1 };
}

/** Pages needed for `total` rows (at least 1, so "page 1 of 1" reads right for an empty list). */
export function pageCount(total: number, perPage = ORDERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / perPage));
}
