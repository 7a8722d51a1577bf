import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MICRO_STATUS_CLOSED, MICRO_TYPE_UP } from '../../../domain/contract-codes.ts';
import { dateTimeText } from '../../../domain/time-zone.ts';
import type { MicroOrder } from '../../../streams/micro-pushes.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';
import { MicroProof } from './MicroProof.tsx';
import { useNumberText } from '../../use-number-text.ts';

const RESULTS = { 1: 'win', 0: 'tie', [-1]: 'loss' } as const;

/** A moment of the contract in the chart's time zone, as the lever rows write theirs. */
function Moment({ ms, zone, testId }: { ms: number; zone: string; testId: string }) {
  return (
    <time className="num" dateTime={new Date(ms).toISOString()} data-testid={testId}>
      {dateTimeText(ms, zone)}
    </time>
  );
}

/**
 * One contract: direction, pair and stake; while running its countdown on the server's clock,
 * once closed its result and profit; its open and close prices, its fee and when it opened; once
 * closed, when it closed (its expiry, the moment it settled at) and its proof.
 *
 * The countdown cell is rendered empty and painted by the list (countdown-painter.ts) from the
 * screen's one clock, so a row renders again only when its contract changes, not every second.
 */
export const MicroContractRow = memo(function MicroContractRow({
  order,
  onShare,
}: {
  order: MicroOrder;
  /** Opens the contract's PnL card; null until it can be drawn (the invite code is loading). */
  onShare: ((order: MicroOrder) => void) | null;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { zone } = useTimeZone();
  const up = order.type === MICRO_TYPE_UP;
  const isClosed = order.status === MICRO_STATUS_CLOSED;
  const result = RESULTS[order.profit_result];
  return (
    <li
      className={`micro-item ${isClosed ? `closed ${result}` : 'running'}`}
      data-testid={`micro-row-${order.id}`}
    >
      <div className="micro-item-head">
        <span className={up ? 'micro-dir up' : 'micro-dir down'}>{t(up ? 'micro.up' : 'micro.down')}</span>
        <span className="micro-symbol">{order.symbol_name}</span>
        <span className="num">
          {numbers.amount(order.number, order.currency_name)} {order.currency_name}
        </span>
        {isClosed ? (
          <span className={`micro-result ${result}`} data-testid="micro-result">
            {t(`micro.result.${result}`)}{' '}
            <span className="num">{numbers.amount(order.fact_profits, order.currency_name)}</span>
          </span>
        ) : (
          <span
            className="micro-countdown num"
            data-testid="micro-countdown"
            aria-live="off"
            data-countdown-id={order.id}
          />
        )}
      </div>
      <dl className="micro-item-body">
        <dt>{t('micro.openPrice')}</dt>
        <dd className="num" data-testid="micro-open-price">
          {numbers.exact(order.open_price)}
        </dd>
        <dt>{t('micro.endPrice')}</dt>
        <dd className="num" data-testid="micro-end-price">
          {order.end_price ? numbers.exact(order.end_price) : '—'}
        </dd>
        <dt>{t('micro.openedAt')}</dt>
        <dd>
          <Moment ms={order.created_at} zone={zone} testId="micro-opened-at" />
        </dd>
        {isClosed ? (
          <>
            <dt>{t('micro.closedAt')}</dt>
            <dd>
              <Moment ms={order.expires_at} zone={zone} testId="micro-closed-at" />
            </dd>
          </>
        ) : null}
        <dt>{t('micro.fee')}</dt>
        <dd className="num" data-testid="micro-fee">
          {numbers.cost(order.fee, order.currency_name)} {order.currency_name}
        </dd>
      </dl>
      {isClosed && order.end_trade ? <MicroProof order={order} end={order.end_trade} /> : null}
      {isClosed ? (
        <button
          type="button"
          className="btn btn-sm micro-card-open"
          disabled={onShare === null}
          aria-label={t('pnlCard.contractLabel', { id: order.id })}
          data-testid="micro-card-open"
          onClick={() => onShare?.(order)}
        >
          {t('pnlCard.open')}
        </button>
      ) : null}
    </li>
  );
});
