import { useTranslation } from 'react-i18next';
import { isOn } from '../../../../domain/contract-codes.ts';
import { countdownText } from '../../../../domain/earnings/rules.ts';
import type { HoldingsPage } from '../../../../streams/queries/earnings.ts';
import { TimeText } from '../../assets/TimeText.tsx';
import { incomeText } from '../earnings-text.ts';
import { TermBadge } from '../TermBadge.tsx';
import { useNumberText } from '../../../use-number-text.ts';

/** One active holding: principal, income so far, countdowns on `now`, and redeem for a flexible one. */
export function HoldingCard({
  holding,
  now,
  pending,
  onRedeem,
  onConfirm,
  onCancel,
}: {
  holding: HoldingsPage['data'][number];
  now: number;
  pending: boolean;
  onRedeem: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const code = holding.currency_code;
  const flexible = isOn(holding.flexible);
  return (
    <li className="earn-holding" data-testid="earn-holding" data-holding={holding.id}>
      <div className="earn-card-head">
        <h3>{holding.name}</h3>
        <TermBadge days={holding.days} />
      </div>
      <dl className="earn-facts">
        <div>
          <dt>{t('earnings.principal')}</dt>
          <dd>
            {numbers.amount(holding.number, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.dailyDividend')}</dt>
          <dd>
            {incomeText(holding.daily_dividend, code, numbers)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.accruing')}</dt>
          <dd>
            {incomeText(holding.accrued, code, numbers)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.income')}</dt>
          <dd data-testid="earn-income">
            {incomeText(holding.income, code, numbers)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.paidDays')}</dt>
          <dd data-testid="earn-paid-days">{holding.paid_days}</dd>
        </div>
        {flexible ? (
          <div>
            <dt>{t('earnings.term')}</dt>
            <dd>{t('earnings.anyTime')}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('earnings.maturesIn')}</dt>
            <dd className="earn-countdown">{countdownText(holding.matures_at - now)}</dd>
          </div>
        )}
        {holding.next_payout_at > 0 && (
          <div>
            <dt>{t('earnings.nextPayout')}</dt>
            <dd className="earn-countdown" data-testid="earn-countdown">
              {countdownText(holding.next_payout_at - now)}
            </dd>
          </div>
        )}
        {holding.matures_at > 0 && (
          <div>
            <dt>{t('earnings.maturesAt')}</dt>
            <dd>
              <TimeText value={holding.matures_at} />
            </dd>
          </div>
        )}
      </dl>
      {flexible &&
        (pending ? (
          <div className="earn-actions" role="group" aria-label={t('earnings.redeemConfirm')}>
            <span>{t('earnings.redeemConfirm')}</span>
            <button type="button" className="btn btn-sm btn-primary" onClick={onConfirm}>
              {t('earnings.redeem')}
            </button>
            <button type="button" className="btn btn-sm btn-outline" onClick={onCancel}>
              {t('earnings.keep')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-sm btn-outline" onClick={onRedeem}>
            {t('earnings.redeem')}
          </button>
        ))}
    </li>
  );
}
