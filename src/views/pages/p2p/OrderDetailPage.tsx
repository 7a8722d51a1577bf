import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_DISPUTED,
  OTC_ORDER_ABNORMAL,
  OTC_ORDER_UNPAID,
  OTC_SIDE_BUYER,
  isOn,
} from '../../../domain/contract-codes.ts';
import { DISPUTE_REASONS } from '../../../domain/p2p/actions.ts';
import type { P2pAction } from '../../../domain/p2p/order-state.ts';
import { clockText } from '../../../domain/p2p/timers.ts';
import { remainingMs, sideOfOrder, type P2pOrderAnswer } from '../../../machines/p2p-order.machine.ts';
import { useServices } from '../../services-context.ts';
import { useMachine } from '../../use-app-actor.ts';
import { TimeText } from '../assets/TimeText.tsx';
import { ImagePicker } from '../personal/ImagePicker.tsx';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { ConfirmDialog, P2pNav, PayMethods, StatusBadge } from './p2p-kit.tsx';
import '../auth/kit/forms.css';
// The voucher picker's styles (ImagePicker is the personal centre's).
import '../personal/personal.css';

import './p2p.css';
import { useNumberText } from '../../use-number-text.ts';

const ACTION_CLASS: Record<P2pAction, string> = {
  pay: 'btn btn-primary',
  release: 'btn btn-primary',
  cancel: 'btn btn-outline',
  delay: 'btn btn-outline',
  dispute: 'btn btn-outline p2p-btn-alert',
};

/** Which of the four steps the order is at (1 placed, 2 paying, 3 releasing, 4 ended). */
function stepOf(order: P2pOrderAnswer): number {
  if (order.status === OTC_ORDER_UNPAID) return 2;
  if (
    order.status === OTC_ORDER_COMPLETED ||
    order.status === OTC_ORDER_CANCELLED ||
    order.status === OTC_ORDER_ABNORMAL
  )
    return 4;
  return 3;
}

function Timer({ label, ms, testId }: { label: string; ms: number; testId: string }) {
  return (
    <p className="p2p-timer" data-testid={testId}>
      <span>{label}</span> <strong className="num">{clockText(Math.ceil(ms / 1000))}</strong>
    </p>
  );
}

function OrderView({ id }: { id: number }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { machines } = useServices();
  const [snapshot, send] = useMachine(machines.p2p.order, { input: { id } });
  const { order, clock, problem, pending, voucher, reason } = snapshot.context;
  if (snapshot.matches({ order: 'failed' }))
    return (
      <section className="p2p-card p2p-empty" role="alert">
        <p>{t('p2p.orderMissing')}</p>
        <button type="button" className="btn btn-outline" onClick={() => send({ type: 'RELOAD' })}>
          {t('common.retry')}
        </button>
      </section>
    );
  if (!order) return <p className="muted p2p-empty">{t('common.loading')}</p>;
  const side = sideOfOrder(order);
  const buyer = order.side === OTC_SIDE_BUYER;
  const other = buyer ? order.seller.name : order.buyer.name;
  const pay = remainingMs(order, order.pay_countdown, clock.now);
  const confirm = remainingMs(order, order.confirm_countdown, clock.now);
  const disputeIn = remainingMs(order, order.dispute_countdown, clock.now);
  const arbitration = remainingMs(order, order.arbitration_countdown, clock.now);
  const step = stepOf(order);
  const steps = [
    'p2p.step.placed',
    buyer ? 'p2p.step.pay' : 'p2p.step.awaitPay',
    buyer ? 'p2p.step.awaitRelease' : 'p2p.step.release',
    'p2p.step.done',
  ];
  const canPay = order.actions.includes('pay');
  const canDispute = order.actions.includes('dispute');
  return (
    <>
      <section
        className="p2p-card p2p-order"
        aria-labelledby="p2p-order-heading"
        data-testid="p2p-order"
        data-status={order.status}
      >
        <div className="p2p-order-title">
          <h2 id="p2p-order-heading">
            {t(buyer ? 'p2p.buyFrom' : 'p2p.sellTo', { coin: order.coin, name: other })}
          </h2>
          <StatusBadge status={order.status} />
        </div>
        <p className="muted p2p-small">
          {t('p2p.orderNo')} <span className="num">{order.order_no}</span> ·{' '}
          <TimeText value={order.created_at} />
        </p>
        <ol className="p2p-steps">
          {steps.map((key, index) => (
            <li key={key} className={index + 1 < step ? 'done' : index + 1 === step ? 'current' : undefined}>
              <span className="p2p-step-dot" aria-hidden="true">
                {index + 1}
              </span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ol>
        {pay > 0 ? (
          <Timer label={t(buyer ? 'p2p.payWithin' : 'p2p.buyerPaysWithin')} ms={pay} testId="p2p-pay-timer" />
        ) : null}
        {confirm > 0 ? (
          <Timer
            label={t(buyer ? 'p2p.sellerConfirmsWithin' : 'p2p.confirmWithin')}
            ms={confirm}
            testId="p2p-confirm-timer"
          />
        ) : null}
        {disputeIn > 0 ? (
          <Timer label={t('p2p.disputeOpensIn')} ms={disputeIn} testId="p2p-dispute-timer" />
        ) : null}
        {order.status === OTC_ORDER_DISPUTED ? (
          <p className="p2p-note" role="status">
            {t('p2p.disputeNote', { reason: t(`p2p.reason.${order.dispute_reason || 'other'}`) })}
            {arbitration > 0 ? (
              <>
                {' '}
                {t('p2p.arbiterIn')}{' '}
                <strong className="num">{clockText(Math.ceil(arbitration / 1000))}</strong>
              </>
            ) : null}
          </p>
        ) : null}
        {isOn(order.delayed) && order.status !== OTC_ORDER_COMPLETED ? (
          <p className="muted p2p-small">{t('p2p.delayedNote')}</p>
        ) : null}
        <dl className="p2p-facts">
          <div>
            <dt>{t('p2p.amount')}</dt>
            <dd className="num" data-testid="p2p-order-amount">
              {numbers.exact(order.amount)} {order.fiat}
            </dd>
          </div>
          <div>
            <dt>{t('p2p.price')}</dt>
            <dd className="num">
              {numbers.exact(order.price)} {order.fiat}
            </dd>
          </div>
          <div>
            <dt>{t('p2p.quantity')}</dt>
            <dd className="num" data-testid="p2p-order-quantity">
              {numbers.exact(order.number)} {order.coin}
            </dd>
          </div>
          <div>
            <dt>{t('p2p.reference')}</dt>
            <dd className="num">{order.reference}</dd>
          </div>
        </dl>
      </section>
      <section className="p2p-card p2p-order" aria-labelledby="p2p-pay-heading">
        <h2 id="p2p-pay-heading">{t(buyer ? 'p2p.payTo' : 'p2p.yourDetails')}</h2>
        <PayMethods methods={order.pay_methods} />
        {order.collection.length === 0 ? <p className="muted">{t('p2p.noDetails')}</p> : null}
        {order.collection.map((row) => (
          <dl key={row.code} className="p2p-facts p2p-collection" data-testid="p2p-collection">
            <div>
              <dt>{t(`p2p.method.${row.code}`)}</dt>
              <dd>{row.real_name}</dd>
            </div>
            {row.account ? (
              <div>
                <dt>{t('p2p.account')}</dt>
                <dd className="num">{row.account}</dd>
              </div>
            ) : null}
            {row.bank_name ? (
              <div>
                <dt>{t('p2p.bank')}</dt>
                <dd>
                  {row.bank_name} {row.bank_address}
                </dd>
              </div>
            ) : null}
            {row.card_no ? (
              <div>
                <dt>{t('p2p.cardNo')}</dt>
                <dd className="num">{row.card_no}</dd>
              </div>
            ) : null}
            {row.qrcode ? <img className="p2p-qr" src={row.qrcode} alt={t('p2p.qrCode')} /> : null}
          </dl>
        ))}
        {buyer && canPay ? (
          <p className="muted p2p-small">
            {t('p2p.payHint', {
              amount: `${numbers.exact(order.amount)} ${order.fiat}`,
              reference: order.reference,
            })}
          </p>
        ) : null}
      </section>
      <section className="p2p-card p2p-order" aria-labelledby="p2p-act-heading">
        <h2 id="p2p-act-heading">{t('p2p.voucher')}</h2>
        {canPay ? (
          <ImagePicker
            id="p2p-voucher"
            label={t('p2p.uploadVoucher')}
            value={voucher}
            onChange={(url) => send({ type: 'SET_VOUCHER', url })}
          />
        ) : order.voucher ? (
          <img className="p2p-voucher" src={order.voucher} alt={t('p2p.voucher')} data-testid="p2p-voucher" />
        ) : (
          <p className="muted">{t('p2p.noVoucher')}</p>
        )}
        {canDispute ? (
          <label className="p2p-select">
            <span>{t('p2p.disputeReason')}</span>
            <select
              value={reason}
              onChange={(event) => send({ type: 'SET_REASON', reason: event.target.value })}
            >
              <option value="">{t('p2p.chooseReason')}</option>
              {DISPUTE_REASONS[side].map((each) => (
                <option key={each} value={each}>
                  {t(`p2p.reason.${each}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {problem ? (
          <p className="field-problem" role="alert" data-testid="p2p-action-problem">
            {t(`server.${problem}`)}
          </p>
        ) : null}
        <div className="p2p-actions">
          {order.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={ACTION_CLASS[action]}
              data-testid={`p2p-action-${action}`}
              disabled={!snapshot.matches({ order: 'ready' })}
              onClick={() => send({ type: 'ASK', action })}
            >
              {t(`p2p.action.${action}`)}
            </button>
          ))}
          {order.actions.length === 0 ? <p className="muted">{t('p2p.nothingToDo')}</p> : null}
        </div>
      </section>
      <section className="p2p-card p2p-order" aria-labelledby="p2p-log-heading">
        <h2 id="p2p-log-heading">{t('p2p.activity')}</h2>
        <ol className="p2p-log">
          {order.events.map((event, index) => (
            <li key={index}>
              <TimeText value={event.at} /> <span>{t(`p2p.log.${event.kind}`)}</span>{' '}
              <span className="muted">({t(`p2p.by.${event.by}`)})</span>
            </li>
          ))}
        </ol>
      </section>
      {pending && (snapshot.matches({ order: 'confirming' }) || snapshot.matches({ order: 'acting' })) ? (
        <ConfirmDialog
          title={t(`p2p.action.${pending}`)}
          body={
            <p>
              {t(`p2p.ask.${pending}`, {
                amount: `${numbers.exact(order.amount)} ${order.fiat}`,
                quantity: `${numbers.exact(order.number)} ${order.coin}`,
              })}
            </p>
          }
          confirmLabel={t('p2p.confirm')}
          busy={snapshot.matches({ order: 'acting' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'CANCEL' })}
        />
      ) : null}
    </>
  );
}

function Detail({ shop }: { shop: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <div className="p2p" data-testid="p2p-detail-page">
      <header className="p2p-head">
        <h1>{t(shop ? 'pages.shoporderdetail' : 'pages.orderdetail')}</h1>
        <P2pNav shop={shop} />
      </header>
      {Number.isInteger(id) && id > 0 ? (
        <OrderView key={id} id={id} />
      ) : (
        <p className="p2p-card p2p-empty">{t('p2p.orderMissing')}</p>
      )}
    </div>
  );
}

/** /legalIndex/orderdetail?id=. */
export default function OrderDetailPage() {
  return (
    <RequireSignIn>
      <Detail shop={false} />
    </RequireSignIn>
  );
}

/** /myshop/shoporderdetail?id=: the same page from the merchant's side. */
export function ShopOrderDetailPage() {
  return (
    <RequireSignIn>
      <Detail shop />
    </RequireSignIn>
  );
}
