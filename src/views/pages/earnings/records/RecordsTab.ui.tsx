import { useTranslation } from 'react-i18next';
import { TimeText } from '../../assets/TimeText.tsx';
import { incomeText } from '../earnings-text.ts';
import type { RecordsTabProps } from './records-tab.script.ts';
import { useNumberText } from '../../../use-number-text.ts';

/** The dividend records from plain props, a page at a time. */
export function RecordsTabView({ records, page, onPage }: RecordsTabProps) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  // A page being loaded keeps showing the one before (Loadable keeps its data).
  if (records.data === undefined)
    return (
      <p className="muted" aria-busy={records.status === 'loading'}>
        {records.status === 'loading' ? t('common.loading') : t('earnings.failed')}
      </p>
    );
  const { data, last_page: last } = records.data;
  return (
    <section className="card" aria-labelledby="earn-records-title">
      <h2 id="earn-records-title">{t('earnings.records')}</h2>
      {data.length === 0 ? (
        <p className="muted">{t('earnings.noRecords')}</p>
      ) : (
        <div className="earn-scroll">
          <table className="earn-table" data-testid="earn-records">
            <thead>
              <tr>
                <th scope="col">{t('earnings.product')}</th>
                <th scope="col">{t('earnings.day')}</th>
                <th scope="col">{t('earnings.dividend')}</th>
                <th scope="col">{t('earnings.paidAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((record) => (
                <tr key={record.id} data-testid="earn-record">
                  <td>{record.name}</td>
                  <td className="num">{record.day}</td>
                  <td className="num">
                    +{incomeText(record.number, record.currency_code, numbers)} {record.currency_code}
                  </td>
                  <td>
                    <TimeText value={record.due_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* The server's page count: earnings pages hold 10 records, not the wallet's 15. */}
      {last > 1 && (
        <nav className="earn-pager" aria-label={t('earnings.pages')}>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t('earnings.previous')}
          </button>
          <span className="muted">{t('earnings.pageOf', { page, last })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={page >= last}
            onClick={() => onPage(page + 1)}
          >
            {t('earnings.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
