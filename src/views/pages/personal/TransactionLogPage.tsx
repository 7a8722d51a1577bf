import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TransactionLine } from '../../../streams/queries/wallet.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { Pager } from '../assets/RecordsPage.tsx';
import { TimeText } from '../assets/TimeText.tsx';
import { ACCOUNT_NAME } from '../assets/TransferPage.tsx';
import '../assets/wallet.css';
import { useNumberText } from '../../use-number-text.ts';

function EmptyLog() {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid="transaction-log-empty">
      <svg
        aria-hidden="true"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M6 3h12v18H6zM9 8h6M9 12h6M9 16h4" />
      </svg>
      <span>{t('personal.logEmpty')}</span>
    </div>
  );
}

function Rows({ rows }: { rows: readonly TransactionLine[] }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  return (
    <table className="wallet-table wallet-log" data-testid="transactions">
      <thead>
        <tr>
          <th scope="col">{t('personal.logTime')}</th>
          <th scope="col">{t('wallet.account')}</th>
          <th scope="col">{t('personal.logType')}</th>
          <th scope="col">{t('personal.logAmount')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((line) => {
          const out = line.value.startsWith('-');
          return (
            <tr
              key={`${line.source}-${line.id}-${line.currency_id}`}
              data-testid="transaction"
              data-type={line.type}
            >
              <td data-label={t('personal.logTime')}>
                <TimeText value={line.created_at} />
              </td>
              <td data-label={t('wallet.account')}>{t(ACCOUNT_NAME[line.account])}</td>
              <th scope="row" data-label={t('personal.logType')}>
                <span>
                  {line.memo || line.type}
                  {line.symbol && <span className="wallet-log-partner">{line.symbol}</span>}
                </span>
              </th>
              <td data-label={t('personal.logAmount')} className={out ? 'down' : 'up'}>
                {out ? '' : '+'}
                {numbers.amount(line.value, line.currency.code)} {line.currency.code}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * /personal/transactionLog (spec §2 shows an empty list; users expect their movements): every
 * movement of the user's money, newest first, 15 a page: the five accounts' records and what each
 * spot order paid and received. It follows the balance pushes, so a new movement appears by itself.
 */
export default function TransactionLogPage() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const log$ = useMemo(() => queries.wallet.transactions$(page), [queries, page]);
  const log = useLoadable(log$);
  return (
    <section className="card wallet-card" data-testid="transaction-log-page" aria-labelledby="log-heading">
      <div className="card-head">
        <h1 id="log-heading">{t('pages.transactionLog')}</h1>
      </div>
      {log.status === 'loading' ? (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : log.status === 'failed' ? (
        <p className="muted">{t('errors.serverError')}</p>
      ) : (
        <>
          {log.data.rows.length === 0 ? <EmptyLog /> : <Rows rows={log.data.rows} />}
          <Pager
            page={log.data.page}
            total={log.data.total}
            onPage={(next) => setParams({ page: String(next) })}
          />
        </>
      )}
    </section>
  );
}
