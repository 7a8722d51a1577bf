import { catchError, EMPTY, filter, from, map, merge, mergeMap, type Observable } from 'rxjs';
import type { ApiClient } from '../api/client.ts';
import { utcDateTimeMs } from '../api/fields.ts';
import { ALERT_DIRECTION_CODE } from '../domain/alerts/price-alert.ts';
import {
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  ORDER_STATUS_FILLED,
  OTC_ORDER_ABNORMAL,
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_DELAYED,
  OTC_ORDER_DISPUTED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
  WAY_SELL,
} from '../domain/contract-codes.ts';
import type { Notice } from '../domain/notices/notice-list.ts';
import { priceAlertPushes$, type PriceAlert } from './alert-pushes.ts';
import { leverClosedPushes$, type LeverClosedFrame } from './lever-pushes.ts';
import type { ChannelSource } from './market.ts';
import { microClosedPushes$, type MicroOrder } from './micro-pushes.ts';
import { otcOrderPushes$, type OtcOrderFrame } from './otc-pushes.ts';
import { reconnects$ } from './reconnects.ts';
import { orderPushes$, type OrderPush } from './spot-order-pushes.ts';

const unread = { read: false } as const;

/** A time the contract writes as epoch ms or "YYYY-MM-DD HH:mm:ss" (UTC), as epoch ms. */
function msOf(time: string | number, fallback: number): number {
  return typeof time === 'number' ? time : (utcDateTimeMs(time) ?? fallback);
}

/** A fired alert's notice: which pair reached which price, at the trade that reached it. */
export function alertNotice(alert: PriceAlert): Notice | null {
  if (alert.trade === null) return null;
  return {
    key: `alert:${alert.id}`,
    kind: 'alert',
    at: alert.trade.time,
    text: alert.direction === ALERT_DIRECTION_CODE.rises ? 'alertRose' : 'alertFell',
    vars: { pair: alert.symbol, price: alert.price, trade: alert.trade.price },
    link: `/trade?symbol=${encodeURIComponent(alert.symbol)}`,
    ...unread,
  };
}

/** A spot order that filled completely (one notice per order, however many fills it took). */
export function fillNotice(push: OrderPush, now: number): Notice | null {
  const order = push.order;
  if (order.status !== ORDER_STATUS_FILLED) return null;
  return {
    key: `fill:${order.id}`,
    kind: 'fill',
    at: typeof order.updated_at === 'number' ? order.updated_at : now,
    text: order.way === WAY_SELL ? 'fillSell' : 'fillBuy',
    vars: { pair: order.currency_match.symbol, quantity: order.number, price: order.avg_price },
    link: `/trade?symbol=${encodeURIComponent(order.currency_match.symbol)}`,
    ...unread,
  };
}

const LEVER_REASON_TEXT: Readonly<Record<number, string>> = {
  [LEVER_CLOSE_TAKE_PROFIT]: 'leverTakeProfit',
  [LEVER_CLOSE_STOP_LOSS]: 'leverStopLoss',
  [LEVER_CLOSE_LIQUIDATION]: 'leverLiquidated',
};

/** Positions the exchange closed by itself (take-profit, stop-loss, liquidation); the user's own closes are not news. */
export function leverNotices(frame: LeverClosedFrame): Notice[] {
  return frame.trades.flatMap((position): Notice[] => {
    const text = LEVER_REASON_TEXT[position.close_reason];
    if (!text) return [];
    return [
      {
        key: `lever:${position.id}`,
        kind: 'leverClose',
        at: position.close_trade ? msOf(position.close_trade.time, position.closed_at) : position.closed_at,
        text,
        vars: { pair: position.symbol, price: position.update_price, pnl: position.profits },
        link: '/lever',
        ...unread,
      },
    ];
  });
}

/** A settled micro contract: won, lost or tied. */
export function microNotice(order: MicroOrder): Notice {
  const text = order.profit_result > 0 ? 'microWon' : order.profit_result < 0 ? 'microLost' : 'microTied';
  return {
    key: `micro:${order.id}`,
    kind: 'microSettled',
    at: order.end_trade ? msOf(order.end_trade.time, order.expires_at) : order.expires_at,
    text,
    vars: {
      pair: order.symbol_name,
      amount: order.number,
      currency: order.currency_name,
      profit: order.fact_profits,
    },
    link: '/micro',
    ...unread,
  };
}

const P2P_STATUS_NAME: Readonly<Record<number, string>> = {
  [OTC_ORDER_UNPAID]: 'unpaid',
  [OTC_ORDER_PAID]: 'paid',
  [OTC_ORDER_DELAYED]: 'delayed',
  [OTC_ORDER_DISPUTED]: 'disputed',
  [OTC_ORDER_COMPLETED]: 'completed',
  [OTC_ORDER_CANCELLED]: 'cancelled',
  [OTC_ORDER_ABNORMAL]: 'abnormal',
};

/** A step of a P2P order the user is a party of: one notice per order and status. */
export function p2pNotice(frame: OtcOrderFrame, now: number): Notice {
  return {
    key: `p2p:${frame.id}:${frame.status}`,
    kind: 'p2pOrder',
    at: now,
    text: 'p2pStatus',
    vars: { id: frame.id, status: P2P_STATUS_NAME[frame.status] ?? 'abnormal' },
    link: `/legalIndex/orderdetail?id=${frame.id}`,
    ...unread,
  };
}

/**
 * What the notification centre hears while signed in, as batches of notices: the pushes of fills,
 * automatic lever closes, micro settlements, P2P steps and fired alerts, and the fired alerts the
 * exchange kept (read at start and after every reconnect, so an alert that fired while no page was
 * open, or while the socket was down, is heard too). The same happening may arrive twice (a push,
 * then a reload): the centre lists each key once (domain/notices/notice-list.ts).
 */
export function noticeSources$(
  api: ApiClient,
  socket: ChannelSource,
  now: () => number,
): Observable<Notice[]> {
  const keptAlerts$ = merge(from([null]), reconnects$(socket)).pipe(
    mergeMap(() => from(api.call('alert/list', {}, { quiet: true })).pipe(catchError(() => EMPTY))),
    map((alerts) => alerts.flatMap((alert) => alertNotice(alert) ?? [])),
  );
  const pushes$ = merge(
    priceAlertPushes$(socket).pipe(map((alert) => [alertNotice(alert)])),
    orderPushes$(socket).pipe(map((push) => [fillNotice(push, now())])),
    leverClosedPushes$(socket).pipe(map(leverNotices)),
    microClosedPushes$(socket).pipe(map((order) => [microNotice(order)])),
    otcOrderPushes$(socket).pipe(map((frame) => [p2pNotice(frame, now())])),
  ).pipe(map((list: (Notice | null)[]) => list.filter((notice): notice is Notice => notice !== null)));
  return merge(keptAlerts$, pushes$).pipe(filter((list) => list.length > 0));
}
