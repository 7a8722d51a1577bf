import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { roomOf } from '../../../../machines/earnings-buy.machine.ts';
import { AmountField } from '../../assets/wallet-kit.tsx';
import type { BuyPanelProps } from './buy-panel.script.ts';
import { useNumberText } from '../../../use-number-text.ts';

/** The buy sheet of one product (spec §2 Deposit): amount, confirm, the result. Plain props only. */
export function BuyPanel({ step, product, amount, problem, balance, send }: BuyPanelProps) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  if (!product || step === 'closed') return null;
  const code = product.code;
  return (
    <div className="earn-sheet" role="dialog" aria-modal="false" aria-labelledby="earn-buy-title">
      <section className="card earn-buy" data-testid="earn-buy">
        <div className="card-head">
          <h2 id="earn-buy-title">{product.name}</h2>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => send({ type: 'CLOSE' })}
            disabled={step === 'buying'}
          >
            {t('earnings.close')}
          </button>
        </div>
        {step === 'done' ? (
          <div className="earn-result" data-testid="earn-bought">
            <p>{t('earnings.boughtLead', { amount, code, name: product.name })}</p>
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'CLOSE' })}>
              {t('earnings.ok')}
            </button>
          </div>
        ) : step === 'confirming' || step === 'buying' ? (
          <div className="earn-confirm" data-testid="earn-confirm">
            <p>{t('earnings.confirmLead', { amount, code, name: product.name })}</p>
            <p className="muted">
              {product.days === 0 ? t('earnings.flexibleRule') : t('earnings.fixedRule', { n: product.days })}
            </p>
            <div className="earn-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={step === 'buying'}
                onClick={() => send({ type: 'CONFIRM' })}
              >
                {t('earnings.confirm')}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                disabled={step === 'buying'}
                onClick={() => send({ type: 'CANCEL' })}
              >
                {t('earnings.back')}
              </button>
            </div>
          </div>
        ) : (
          <form
            className="form-stack"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <AmountField
              id="earn-amount"
              label={t('earnings.amount', { code })}
              value={amount}
              placeholder={t('earnings.minPlaceholder', { min: product.min })}
              problem={problem}
              field={{ emptyKey: 'earnings.enterAmount', code, belowMinKey: 'earnings.belowMin' }}
              onValue={(value) => send({ type: 'SET_AMOUNT', amount: value })}
              action={
                <button type="button" className="field-action" onClick={() => send({ type: 'MAX' })}>
                  {t('earnings.max')}
                </button>
              }
            />
            <p className="muted" data-testid="earn-available">
              {t('earnings.available', { amount: numbers.amount(balance, code), code })}
              {' · '}
              {t('earnings.room', { amount: numbers.amount(roomOf(product), code), code })}
            </p>
            <p className="muted">
              <Link to="/assets/transfer">{t('earnings.transferIn')}</Link>
            </p>
            <button type="submit" className="btn btn-primary btn-block">
              {t('earnings.buy')}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
