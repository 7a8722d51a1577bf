import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  OTC_LIST_COMPLETED,
  OTC_LIST_ENDED,
  OTC_LIST_OPEN,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
} from '../../../domain/contract-codes.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { TimeText } from '../assets/TimeText.tsx';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { P2pNav, Pager, StatusBadge } from './p2p-kit.tsx';
import './p2p.css';
import { useNumberText } from '../../use-number-text.ts';

const GROUPS = [
  { value: OTC_LIST_OPEN, key: 'p2p.group.open' },
  { value: OTC_LIST_COMPLETED, key: 'p2p.group.completed' },
  { value: OTC_LIST_ENDED, key: 'p2p.group.ended' },
  { value: 0, key: 'p2p.group.all' },
] as const;

/** My orders (/legalIndex/orders) or the orders on my shop's ads (/myshop/shoporders), with filters. */
function OrdersList({ shop }: { shop: boolean }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { queries } = useServices();
  const [group, setGroup] = useState<number>(OTC_LIST_OPEN);
  const [side, setSide] = useState(0);
  const [page, setPage] = useState(1);
  const source = useMemo(() => {
    const filter = { page, ...(group ? { group } : {}), ...(side ? { side } : {}) };
    return shop ? queries.p2p.shopOrders$(filter) : queries.p2p.orders$(filter);
  }, [queries, shop, group, side, page]);
  const orders = useLoadable(source);
  const detail = shop ? '/myshop/shoporderdetail' : '/legalIndex/orderdetail';
  return (
    <div className="p2p" data-testid="p2p-orders-page">
      <header className="p2p-head">
        <h1>{t(shop ? 'pages.shoporders' : 'pages.orders')}</h1>
        <P2pNav shop={shop} />
      </header>
      <section className="p2p-card p2p-list">
        <div className="p2p-list-tools">
          <div className="p2p-tabs" role="tablist" aria-label={t('p2p.status.label')}>
            {GROUPS.map((each) => (
              <button
                key={each.value}
                type="button"
                role="tab"
                aria-selected={group === each.value}
                className={group === each.value ? 'active' : undefined}
                onClick={() => {
                  setGroup(each.value);
                  setPage(1);
                }}
              >
                {t(each.key)}
              </button>
            ))}
          </div>
          <label className="p2p-select p2p-select-inline">
            <span>{t('p2p.side')}</span>
            <select
              value={side}
              onChange={(event) => {
                setSide(Number(event.target.value));
                setPage(1);
              }}
            >
              <option value={0}>{t('p2p.bothSides')}</option>
              <option value={OTC_SIDE_BUYER}>{t('p2p.bought')}</option>
              <option value={OTC_SIDE_SELLER}>{t('p2p.sold')}</option>
            </select>
          </label>
        </div>
        {orders.status === 'loading' ? <p className="muted p2p-empty">{t('common.loading')}</p> : null}
        {orders.status === 'failed' ? <p className="muted p2p-empty">{t('p2p.loadFailed')}</p> : null}
        {orders.status === 'ready' && orders.data.data.length === 0 ? (
          <p className="muted p2p-empty">{t('p2p.noOrders')}</p>
        ) : null}
        {orders.status === 'ready' ? (
          <ul className="p2p-orders">
            {orders.data.data.map((order) => (
              <li key={order.id} data-testid="p2p-order-row" data-order={order.id}>
                <Link to={`${detail}?id=${order.id}`} className="p2p-order-row">
                  <span className={`p2p-order-side ${order.side === OTC_SIDE_BUYER ? 'up' : 'down'}`}>
                    {t(order.side === OTC_SIDE_BUYER ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: order.coin })}
                  </span>
                  <span className="num">
                    {numbers.exact(order.amount)} {order.fiat}
                  </span>
                  <span className="num muted">
                    {numbers.exact(order.number)} {order.coin} @ {numbers.exact(order.price)}
                  </span>
                  <span className="muted p2p-small">
                    {order.side === OTC_SIDE_BUYER ? order.seller.name : order.buyer.name}
                  </span>
                  <TimeText value={order.created_at} />
                  <StatusBadge status={order.status} />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {orders.status === 'ready' ? (
          <Pager page={page} last={orders.data.last_page} onPage={setPage} />
        ) : null}
      </section>
    </div>
  );
}

/** /legalIndex/orders. */
export default function OrdersPage() {
  return (
    <RequireSignIn>
      <OrdersList shop={false} />
    </RequireSignIn>
  );
}

/** /myshop/shoporders. */
export function ShopOrdersPage() {
  return (
    <RequireSignIn>
      <OrdersList shop />
    </RequireSignIn>
  );
}
