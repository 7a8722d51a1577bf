import { useTranslation } from 'react-i18next';
import type { MicroDirection } from '../../../machines/micro-order.machine.ts';
import { useNumberText } from '../../use-number-text.ts';

/**
 * The confirmation before a contract is bought: what is bought, in words, the fee paid besides the
 * stake and what a win pays back (worked out by the form with the rules the exchange settles with),
 * then Cancel and Confirm. Confirm stays disabled while the purchase is on its way (the machine is
 * no longer confirming).
 */
export function MicroConfirm({
  direction,
  symbol,
  seconds,
  amount,
  code,
  fee,
  payout,
  ready,
  onCancel,
  onConfirm,
}: {
  direction: MicroDirection;
  symbol: string;
  seconds: number;
  amount: string;
  code: string;
  /** Decimal texts of the fee and the win payout, in `code`. */
  fee: string;
  payout: string;
  ready: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  return (
    <div className="micro-confirm" role="dialog" aria-modal="true" aria-labelledby="micro-confirm-title">
      <div className="micro-confirm-box">
        <h3 id="micro-confirm-title">{t('micro.confirmTitle')}</h3>
        <p data-testid="micro-confirm-text">
          {t(direction === 'up' ? 'micro.confirmUp' : 'micro.confirmDown', {
            symbol,
            seconds,
            amount: numbers.exact(amount),
            code,
          })}
        </p>
        <dl className="micro-quote micro-confirm-quote">
          <dt>{t('micro.fee')}</dt>
          <dd className="num" data-testid="micro-confirm-fee">
            {fee} {code}
          </dd>
          <dt>{t('micro.expected')}</dt>
          <dd className="num" data-testid="micro-confirm-payout">
            {payout} {code}
          </dd>
        </dl>
        <div className="micro-buttons">
          <button type="button" className="btn" onClick={onCancel}>
            {t('micro.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="micro-confirm"
            disabled={!ready}
            onClick={onConfirm}
          >
            {t('micro.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
