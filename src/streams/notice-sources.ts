import {
  asyncScheduler,
  catchError,
  concatMap,
  EMPTY,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
  scan,
  throttleTime,
  type Observable,
} from 'rxjs';
import type { ApiClient } from '../api/client.ts';
import { utcDateTimeMs } from '../api/fields.ts';
import { ALERT_DIRECTION_CODE } from '../domain/alerts/price-alert.ts';
import {
  ALERT_MOVES,
  DEPOSIT_STATUS_CREDITED,
  DEPOSIT_STATUS_WITHDRAWABLE,
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_CLOSE_USER,
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
import { balancePushes$ } from './balance-pushes.ts';
import { leverClosedPushes$, type LeverClosedFrame } from './lever-pushes.ts';
import type { ChannelSource } from './market.ts';
import { microClosedPushes$, type MicroOrder } from './micro-pushes.ts';
import { otcOrderPushes$, type OtcOrderFrame } from './otc-pushes.ts';
import { reconnects$ } from './reconnects.ts';
import type { Deposit } from './queries/wallet.ts';
import { orderPushes$, type OrderPush } from './spot-order-pushes.ts';

const unread = { read: false } as const;

/** A time the contract writes as epoch ms or "YYYY-MM-DD HH:mm:ss" (UTC), as epoch ms. */
function msOf(time: string | number, fallback: number): number {
  return typeof time === 'number' ? time : (utcDateTimeMs(time) ?? fallback);
}

/** A fired alert's notice: which pair reached which price (or moved how far), at the trade that did it. */
export function alertNotice(alert: PriceAlert): Notice | null {
  if (alert.trade === null) return null;
  const moved = alert.direction === ALERT_MOVES;
  return {
    key: `alert:${alert.id}`,
    kind: 'alert',
    at: alert.trade.time,
    text: moved ? 'alertMoved' : alert.direction === ALERT_DIRECTION_CODE.rises ? 'alertRose' : 'alertFell',
    vars: moved
      ? {
          pair: alert.symbol,
          percent: alert.percent ?? '',
          window: alert.window ?? 0,
          trade: alert.trade.price,
        }
      : { pair: alert.symbol, price: alert.price, trade: alert.trade.price },
    link: `/trade?symbol=${encodeURIComponent(alert.symbol)}`,
    ...unread,
  };
}

/** A spot order that filled completely (one notice per order, however many fills it took). */
export function fillNotice(push: OrderPush): Notice | null {
  const order = push.order;
  if (order.status !== ORDER_STATUS_FILLED) return null;
  return {
    key: `fill:${order.id}`,
    kind: 'fill',
    // The frame's time of the last fill, epoch ms whichever way the server wrote it (serverTime).
    at: order.updated_at,
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
  [LEVER_CLOSE_USER]: 'leverClosedByUser',
};

/**
 * Closed positions: by take-profit, stop-loss, liquidation or the user's own close (its PnL is the
 * news, and a close-all on one page is heard on the others). A cancelled limit order (no reason) is
 * not a close.
 */
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

const P2P_STATUS_NAME: Readonly<Record<OtcOrderFrame['status'], string>> = {
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
    vars: { id: frame.id, status: P2P_STATUS_NAME[frame.status] },
    link: `/legalIndex/orderdetail?id=${frame.id}`,
    ...unread,
  };
}

/** A deposit the exchange credited (credited, and later withdrawable: one notice, keyed by the deposit). */
export function depositNotice(deposit: Deposit): Notice | null {
  if (deposit.status !== DEPOSIT_STATUS_CREDITED && deposit.status !== DEPOSIT_STATUS_WITHDRAWABLE)
    return null;
  return {
    key: `deposit:${deposit.id}`,
    kind: 'deposit',
    at: msOf(deposit.created_at, 0),
    text: 'depositCredited',
    vars: { amount: deposit.number, currency: deposit.currency.code, chain: deposit.chain },
    link: '/assets/tradeAccount',
    ...unread,
  };
}

/**
 * The credited deposits among `deposits` that `known` (the ids already credited when last read)
 * does not hold, and the ids known after this read. The first read (known null) is the baseline:
 * what was credited before the centre listened is not news.
 */
export function newlyCredited(
  known: ReadonlySet<number> | null,
  deposits: readonly Deposit[],
): { known: Set<number>; fresh: Notice[] } {
  const credited = deposits.flatMap((deposit) => {
    const notice = depositNotice(deposit);
    return notice ? [{ id: deposit.id, notice }] : [];
  });
  return {
    known: new Set([...(known ?? []), ...credited.map(({ id }) => id)]),
    fresh: known === null ? [] : credited.filter(({ id }) => !known.has(id)).map(({ notice }) => notice),
  };
}

/** Deposits read at most this often while trade-account balances move. */
const DEPOSIT_REREAD_MS = 1000;

/**
 * Credited deposits: the exchange pushes no deposit frame, but a credit moves the trade account's
 * balance (a BALANCE push), so the newest deposits are read again then, and after a reconnect (a
 * credit may have come while the socket was down).
 */
function depositNotices$(api: ApiClient, socket: ChannelSource): Observable<Notice[]> {
  const moved$ = merge(
    balancePushes$(socket).pipe(filter((push) => push.account === 'change')),
    reconnects$(socket),
  ).pipe(throttleTime(DEPOSIT_REREAD_MS, asyncScheduler, { leading: true, trailing: true }));
  return merge(of(null), moved$).pipe(
    concatMap(() =>
      from(api.call('wallet/deposits', { page: 1, limit: 20 }, { quiet: true })).pipe(
        catchError(() => EMPTY),
      ),
    ),
    scan(
      (last: { known: Set<number> | null; fresh: Notice[] }, page) => newlyCredited(last.known, page.data),
      { known: null, fresh: [] },
    ),
    map(({ fresh }) => fresh),
  );
}

/**
 * What the notification centre hears while signed in, as batches of notices: the pushes of fills,
 * lever closes, micro settlements, P2P steps and fired alerts, credited deposits, and the fired alerts the
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
    orderPushes$(socket).pipe(map((push) => [fillNotice(push)])),
    leverClosedPushes$(socket).pipe(map(leverNotices)),
    microClosedPushes$(socket).pipe(map((order) => [microNotice(order)])),
    otcOrderPushes$(socket).pipe(map((frame) => [p2pNotice(frame, now())])),
  ).pipe(map((list: (Notice | null)[]) => list.filter((notice): notice is Notice => notice !== null)));
  return merge(keptAlerts$, pushes$, depositNotices$(api, socket)).pipe(filter((list) => list.length > 0));
}
