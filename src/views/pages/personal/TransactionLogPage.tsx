import { useTranslation } from 'react-i18next';

/** /personal/transactionLog (spec §2): the spec shows an empty list, and so does Tessera for now. */
export default function TransactionLogPage() {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="transaction-log-page" aria-labelledby="log-heading">
      <div className="card-head">
        <h1 id="log-heading">{t('pages.transactionLog')}</h1>
      </div>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('personal.logTime')}</th>
            <th scope="col">{t('personal.logType')}</th>
            <th scope="col">{t('personal.logAmount')}</th>
            <th scope="col">{t('personal.logStatus')}</th>
          </tr>
        </thead>
      </table>
      <div className="empty-state">
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
    </section>
  );
}
