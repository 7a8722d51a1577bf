import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { NO_VALUE } from '../../../domain/format.ts';
import { isPositiveDecimal } from '../../../domain/spot/order-validation.ts';
import { dateTimeText } from '../../../domain/time-zone.ts';
import { hasSideTabs, ORDERS_TABS, pageCount, type OrdersTab } from '../../../domain/spot/order-list.ts';
import { MARKET, STOP_LIMIT } from '../../../domain/spot/order-kind.ts';
import { groupOcoLegs, type OcoPlace } from '../../../domain/spot/oco.ts';
import type { OrderRow, spotOrdersMachine } from '../../../machines/spot-orders.machine.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useTimeZone, useZoneLabel } from '../../components/use-time-zone.ts';
import { WAY_BUY } from '../../../domain/contract-codes.ts';
import { useNumberText } from '../../use-number-text.ts';

type OrdersActor = ActorRefFrom<typeof spotOrdersMachine>;

function timeText(value: string | number, zone: string): string {
  const ms = typeof value === 'number' ? value : Date.parse(value.replace(' ', 'T'));
  return Number.isFinite(ms) ? dateTimeText(ms, zone) : String(value);
}

/**
 * The orders panel (spec §2, §4): current delegations (open orders of this pair), all delegations
 * (every order of every pair, open or finished), history delegations (finished orders), buy and sell sub-tabs on the
 * first two, pages of 10 and cancel. The spot-orders machine holds the list and applies pushes.
 * Times are in the chosen time zone, labelled. Open orders show when they were placed; finished
 * ones also when they finished, which is the history's order (latest finished first).
 */
export function OrdersPanel({
  orders,
  signedIn,
  loginHref,
}: {
  orders: OrdersActor;
  signedIn: boolean;
  loginHref: string;
}) {
  const { t } = useTranslation();
  const view = useSelector(orders, (snapshot) => snapshot.context.view);
  const rows = useSelector(orders, (snapshot) => snapshot.context.rows);
  const total = useSelector(orders, (snapshot) => snapshot.context.total);
  const cancelling = useSelector(orders, (snapshot) => snapshot.context.cancelling);
  const loading = useSelector(orders, (snapshot) => snapshot.matches({ list: 'loading' }));
  const failed = useSelector(orders, (snapshot) => snapshot.matches({ list: 'failed' }));
  const pages = pageCount(total);
  const history = view.tab === 'history';
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);

  const tabKey: Record<OrdersTab, string> = {
    current: 'trade.orders.current',
    all: 'trade.orders.all',
    history: 'trade.orders.history',
  };

  return (
    <section className="trade-panel orders" aria-labelledby="orders-title" data-testid="orders-panel">
      <h2 id="orders-title" className="visually-hidden">
        {t('trade.orders.title')}
      </h2>
      <header className="panel-head orders-head">
        <div className="orders-tabs" role="tablist" aria-label={t('trade.orders.title')}>
          {ORDERS_TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={view.tab === tab}
              className={view.tab === tab ? 'active' : ''}
              onClick={() => orders.send({ type: 'TAB', tab })}
              data-testid={`orders-tab-${tab}`}
            >
              {t(tabKey[tab])}
              {tab === 'current' && view.tab === 'current' && total > 0 ? (
                <span className="orders-count">{total}</span>
              ) : null}
            </button>
          ))}
        </div>
        {hasSideTabs(view.tab) && (
          <div className="orders-sides" role="group" aria-label={t('trade.orders.side')}>
            {(['buy', 'sell'] as const).map((side) => (
              <button
                key={side}
                type="button"
                aria-pressed={view.side === side}
                className={`orders-side side-${side}${view.side === side ? ' active' : ''}`}
                onClick={() => orders.send({ type: 'SIDE', side })}
                data-testid={`orders-side-${side}`}
              >
                {t(side === 'buy' ? 'trade.orders.buy' : 'trade.orders.sell')}
              </button>
            ))}
          </div>
        )}
      </header>

      {!signedIn ? (
        <div className="orders-anon" data-testid="orders-anon">
          <p>{t('trade.orders.signIn')}</p>
          <Link to={loginHref} className="btn btn-primary">
            {t('trade.form.login')}
          </Link>
          <Link to="/register" className="btn">
            {t('trade.form.register')}
          </Link>
        </div>
      ) : (
        <div className="orders-table-wrap" aria-busy={loading}>
          <table className="orders-table" data-testid="orders-table">
            <thead>
              <tr>
                {history && (
                  <th scope="col" data-testid="orders-col-finished">
                    {t('trade.orders.col.finished', { zone: zoneLabel })}
                  </th>
                )}
                <th scope="col" data-testid="orders-col-placed">
                  {t('trade.orders.col.placed', { zone: zoneLabel })}
                </th>
                <th scope="col">{t('trade.orders.col.pair')}</th>
                <th scope="col">{t('trade.orders.col.side')}</th>
                <th scope="col">{t('trade.orders.col.type')}</th>
                <th scope="col" className="end">
                  {t('trade.orders.col.price')}
                </th>
                {history && (
                  <th scope="col" className="end">
                    {t('trade.orders.col.average')}
                  </th>
                )}
                <th scope="col" className="end">
                  {t('trade.orders.col.amount')}
                </th>
                <th scope="col" className="end">
                  {t('trade.orders.col.filled')}
                </th>
                <th scope="col" className="end">
                  {t('trade.orders.col.total')}
                </th>
                {history && (
                  <th scope="col" className="end">
                    {t('trade.orders.col.fee')}
                  </th>
                )}
                <th scope="col" className="end">
                  {t(history ? 'trade.orders.col.status' : 'trade.orders.col.action')}
                </th>
              </tr>
            </thead>
            <tbody>
              {groupOcoLegs(rows).map(({ row: order, place }) => (
                <OrderLine
                  key={order.id}
                  order={order}
                  place={place}
                  sharedCancel={!history && place !== null && bothOpen(rows, order)}
                  history={history}
                  zone={zone}
                  busy={
                    cancelling === order.id || (order.oco_id !== undefined && cancelling === order.oco_id)
                  }
                  onCancel={() => orders.send({ type: 'CANCEL', id: order.id, way: order.way })}
                />
              ))}
            </tbody>
          </table>
          {rows.length === 0 && !loading && (
            <EmptyState title={t(failed ? 'trade.orders.failed' : 'trade.orders.empty')} />
          )}
          {pages > 1 && (
            <nav className="orders-pager" aria-label={t('trade.orders.pages')}>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={view.page <= 1}
                onClick={() => orders.send({ type: 'PAGE', page: view.page - 1 })}
              >
                {t('trade.orders.previous')}
              </button>
              <span>{t('trade.orders.pageOf', { page: view.page, pages })}</span>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={view.page >= pages}
                onClick={() => orders.send({ type: 'PAGE', page: view.page + 1 })}
              >
                {t('trade.orders.next')}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}

/** Whether an OCO leg and its partner in the list are both open. */
function bothOpen(rows: readonly OrderRow[], order: OrderRow): boolean {
  const partner = rows.find((row) => row.id === order.oco_id);
  return order.open && partner !== undefined && partner.open;
}

function OrderLine({
  order,
  place,
  sharedCancel,
  history,
  zone,
  busy,
  onCancel,
}: {
  order: OrderRow;
  /** Its place in an OCO shown as one group. */
  place: OcoPlace;
  /** Both legs open: the lead row carries one cancel for both (cancelling one cancels both). */
  sharedCancel: boolean;
  history: boolean;
  zone: string;
  busy: boolean;
  onCancel: () => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const [base = '', quote = ''] = order.currency_match.symbol.split('/');
  const buy = order.way === WAY_BUY;
  const market = order.type === MARKET;
  const oco = order.oco_id !== undefined;
  const typeText = oco
    ? order.type === STOP_LIMIT && order.stop_price !== undefined
      ? t('trade.orders.ocoStop', { price: numbers.exact(order.stop_price) })
      : t('trade.orders.ocoLimit')
    : order.type === STOP_LIMIT && order.stop_price !== undefined
      ? t('trade.orders.stopAt', { price: numbers.exact(order.stop_price) })
      : t(market ? 'trade.form.market' : 'trade.form.limit');
  return (
    <tr
      data-testid={`order-${order.id}`}
      data-status={order.status}
      data-oco={place ?? undefined}
      className={place ? `oco-${place}` : undefined}
    >
      {history && (
        <td className="num" data-col="finished">
          {timeText(order.updated_at, zone)}
        </td>
      )}
      <td className="num" data-col="placed">
        {timeText(order.created_at, zone)}
      </td>
      <td>{order.currency_match.symbol}</td>
      <td className={buy ? 'up' : 'down'}>{t(buy ? 'trade.orders.buy' : 'trade.orders.sell')}</td>
      <td data-col="type">{typeText}</td>
      <td className="num end">{market ? t('trade.orders.marketPrice') : numbers.exact(order.price)}</td>
      {history && (
        <td className="num end">
          {isPositiveDecimal(order.transacted_amount) ? numbers.exact(order.avg_price) : NO_VALUE}
        </td>
      )}
      <td className="num end">{`${numbers.exact(order.number)} ${base}`}</td>
      <td className="num end" data-col="filled">{`${numbers.exact(order.transacted_amount)} ${base}`}</td>
      <td className="num end" data-col="turnover">
        {`${numbers.amount(order.transacted_volume, quote)} ${quote}`}
      </td>
      {history && (
        <td className="num end">{`${numbers.cost(order.fee, order.fee_currency)} ${order.fee_currency}`}</td>
      )}
      {sharedCancel && place === 'follow' ? null : (
        <td className="end" rowSpan={sharedCancel ? 2 : undefined}>
          {history || !order.open ? (
            <span className={`status status-${order.status}`}>{order.status_name}</span>
          ) : (
            <button
              type="button"
              className="btn btn-ghost order-cancel"
              disabled={busy}
              onClick={onCancel}
              data-testid={`cancel-${order.id}`}
            >
              {t(sharedCancel ? 'trade.orders.ocoCancel' : 'trade.orders.cancel')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}
