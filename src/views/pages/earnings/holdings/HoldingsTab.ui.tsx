import { useTranslation } from 'react-i18next';
import { TimeText } from '../../assets/TimeText.tsx';
import { incomeText } from '../earnings-text.ts';
import { IncomeChart } from '../IncomeChart.tsx';
import { HoldingCard } from './HoldingCard.tsx';
import type { HoldingsTabProps } from './holdings-tab.script.ts';
import { useNumberText } from '../../../use-number-text.ts';

/** The holdings tab from plain props: income so far, active holdings, ended ones. */
export function HoldingsTabView({
  active,
  ended,
  income,
  now,
  pendingRedeem,
  redeem,
  skipDay,
}: HoldingsTabProps) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  return (
    <div className="earn-holdings">
      <section className="card" aria-labelledby="earn-income-title">
        <div className="card-head">
          <h2 id="earn-income-title">{t('earnings.incomeTitle')}</h2>
          {skipDay && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={skipDay.skipping}
              onClick={skipDay.skip}
              data-testid="earn-skip"
            >
              {t('earnings.skipDay')}
            </button>
          )}
        </div>
        {income.data !== undefined && income.data.totals.length > 0 ? (
          <>
            <ul className="earn-totals" data-testid="earn-totals">
              {income.data.totals.map((total) => (
                <li key={total.currency_id}>
                  <strong>{incomeText(total.income, total.currency_code, numbers)}</strong>{' '}
                  {total.currency_code}
                </li>
              ))}
            </ul>
            <IncomeChart series={income.data.series} />
          </>
        ) : (
          <p className="muted">{t('earnings.noIncome')}</p>
        )}
      </section>
      <section className="card" aria-labelledby="earn-active-title">
        <h2 id="earn-active-title">{t('earnings.active')}</h2>
        {active.data !== undefined && active.data.data.length > 0 ? (
          <ul className="earn-grid">
            {active.data.data.map((holding) => (
              <HoldingCard
                key={holding.id}
                holding={holding}
                now={now}
                pending={pendingRedeem === holding.id}
                onRedeem={() => redeem({ type: 'REDEEM', id: holding.id })}
                onConfirm={() => redeem({ type: 'CONFIRM' })}
                onCancel={() => redeem({ type: 'CANCEL' })}
              />
            ))}
          </ul>
        ) : (
          <p className="muted" aria-busy={active.status === 'loading'}>
            {active.status === 'loading' ? t('common.loading') : t('earnings.noHoldings')}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="earn-ended-title">
        <h2 id="earn-ended-title">{t('earnings.ended')}</h2>
        {ended.data !== undefined && ended.data.data.length > 0 ? (
          <div className="earn-scroll">
            <table className="earn-table" data-testid="earn-ended">
              <thead>
                <tr>
                  <th scope="col">{t('earnings.product')}</th>
                  <th scope="col">{t('earnings.principal')}</th>
                  <th scope="col">{t('earnings.income')}</th>
                  <th scope="col">{t('earnings.status')}</th>
                  <th scope="col">{t('earnings.endedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {ended.data.data.map((holding) => (
                  <tr key={holding.id}>
                    <td>{holding.name}</td>
                    <td className="num">
                      {numbers.amount(holding.number, holding.currency_code)} {holding.currency_code}
                    </td>
                    <td className="num">
                      {incomeText(holding.income, holding.currency_code, numbers)} {holding.currency_code}
                    </td>
                    <td>{t(`earnings.status_${holding.status}`)}</td>
                    <td>
                      <TimeText value={holding.closed_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">{t('earnings.noEnded')}</p>
        )}
      </section>
    </div>
  );
}
