import { useMachine } from '../../use-app-actor.ts';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from '../../../machines/convert.machine.ts';
import type { WalletBalance } from '../../../streams/queries/wallet.ts';
import { useServices } from '../../services-context.ts';
import { AmountField, useDecimalComma } from './wallet-kit.tsx';
import { useNumberText } from '../../use-number-text.ts';

/** The convert panel of BTC or ETH (spec §5 p_convert): amount, a quote with its countdown, confirm. */
export function ConvertPanel({ row }: { row: WalletBalance }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { machines } = useServices();
  const decimalComma = useDecimalComma();
  const code = row.currency_code;
  const [snapshot, send] = useMachine(machines.wallet.convert, {
    input: { currencyId: row.currency_id, balance: row.balance, decimalComma },
  });
  const { amount, problem, quote } = snapshot.context;
  const left = secondsLeft(snapshot.context);
  const editing = snapshot.matches('editing') || snapshot.matches('quoting');

  return (
    <div className="wallet-panel" data-testid="convert-panel">
      <h2 className="wallet-panel-title">{t('wallet.convertTitle', { code })}</h2>
      {editing ? (
        <form
          className="wallet-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <AmountField
            id={`convert-amount-${row.currency_id}`}
            label={t('wallet.convertAmount', { code })}
            value={amount}
            problem={problem}
            field={{ emptyKey: 'wallet.p_convert', code }}
            onValue={(value) => send({ type: 'SET_AMOUNT', amount: value })}
          />
          <p className="muted">
            {t('wallet.availableOf', { amount: numbers.amount(row.balance, code), code })}
          </p>
          <button type="submit" className="btn btn-primary" disabled={!snapshot.matches('editing')}>
            {t('wallet.getQuote')}
          </button>
        </form>
      ) : (
        quote && (
          <div className="wallet-quote" data-testid="convert-quote">
            <p>
              {t('wallet.quoteLine', {
                number: quote.number,
                code,
                receive: quote.receive,
                to: quote.receive_currency,
                price: quote.price,
              })}
            </p>
            {snapshot.matches('expired') ? (
              <p className="wallet-warning" role="status" data-testid="quote-expired">
                {t('wallet.quoteExpired')}
              </p>
            ) : (
              <p className="muted" role="timer" data-testid="quote-countdown">
                {t('common.secondsLeft', { count: left })}
              </p>
            )}
            <div className="wallet-actions">
              {snapshot.matches('expired') ? (
                <button type="button" className="btn btn-primary" onClick={() => send({ type: 'REFRESH' })}>
                  {t('wallet.refreshQuote')}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={!snapshot.matches('quoted')}
                  onClick={() => send({ type: 'CONFIRM' })}
                >
                  {t('wallet.confirmConvert')}
                </button>
              )}
              <button type="button" className="btn btn-outline" onClick={() => send({ type: 'CANCEL' })}>
                {t('wallet.cancel')}
              </button>
            </div>
          </div>
        )
      )}
    </div>
  );
}
