import { useMachine } from '../../use-app-actor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  WITHDRAWAL_STATUS_BROADCAST,
  WITHDRAWAL_STATUS_CANCELLED,
  WITHDRAWAL_STATUS_CONFIRMED,
  WITHDRAWAL_STATUS_REVIEW,
} from '../../../domain/contract-codes.ts';
import { withdrawFee } from '../../../domain/wallet/amounts.ts';
import { readAmount } from '../../../domain/wallet/entry.ts';
import type { WalletBalance, Withdrawal } from '../../../streams/queries/wallet.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { TimeText } from './TimeText.tsx';
import { AmountField, useDecimalComma } from './wallet-kit.tsx';
import { unitsText } from '../../../domain/money.ts';
import { useNumberText } from '../../use-number-text.ts';

const STATUS_KEY: Record<number, string> = {
  [WITHDRAWAL_STATUS_REVIEW]: 'wallet.withdrawReview',
  [WITHDRAWAL_STATUS_BROADCAST]: 'wallet.withdrawBroadcast',
  [WITHDRAWAL_STATUS_CONFIRMED]: 'wallet.withdrawConfirmed',
  [WITHDRAWAL_STATUS_CANCELLED]: 'wallet.withdrawCancelled',
};

export function WithdrawalRows({
  rows,
  onCancel,
  busy,
}: {
  rows: readonly Withdrawal[];
  onCancel?: (id: number) => void;
  busy?: boolean;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  return (
    <ul className="wallet-list" data-testid="withdrawal-list">
      {rows.map((w) => (
        <li key={w.id} data-testid="withdrawal-item" data-status={w.status}>
          <span className="wallet-list-main">
            {numbers.amount(w.number, w.currency.code)} {w.currency.code} · {w.chain}
          </span>
          <span className={`badge wallet-wstatus-${w.status}`} data-testid="withdrawal-status">
            {t(STATUS_KEY[w.status] ?? 'wallet.withdrawReview')}
          </span>
          <span className="muted">
            {t('wallet.feeReceive', { fee: w.fee, receive: w.receive, code: w.currency.code })}
          </span>
          <code className="wallet-list-address">{w.address}</code>
          <TimeText value={w.created_at} />
          {onCancel && w.status === WITHDRAWAL_STATUS_REVIEW && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={busy}
              onClick={() => onCancel(w.id)}
            >
              {t('wallet.cancelWithdrawal')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The withdraw panel of one currency (spec §5 withdraw): bound address, amount, fee, receive, trade password. */
export function WithdrawPanel({ row }: { row: WalletBalance }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { machines, queries } = useServices();
  const decimalComma = useDecimalComma();
  const code = row.currency_code;
  const balance = row.withdrawable ?? row.balance;
  const [withdrawals$] = useState(() => queries.wallet.withdrawals$(row.currency_id));
  const withdrawals = useLoadable(withdrawals$);
  const [snapshot, send] = useMachine(machines.wallet.withdraw, {
    input: {
      currencyId: row.currency_id,
      code,
      chains: row.currency.currency_protocols.map((protocol) => ({
        id: protocol.id,
        code: protocol.chain_protocol.code,
        needMemo: protocol.need_memo === 1,
      })),
      drawMin: row.currency.draw_min,
      drawMax: row.currency.draw_max,
      balance,
      decimalComma,
    },
  });
  const { addresses, addressId, amount, password, memo, problem, totpCode, twoFactor } = snapshot.context;
  const chosen = addresses.find((entry) => entry.id === addressId);
  const needMemo = row.currency.currency_protocols.some(
    (protocol) => protocol.chain_protocol.code === chosen?.chain && protocol.need_memo === 1,
  );
  const read = readAmount(amount, { decimalComma });
  const { fee, receive } = withdrawFee(read.ok ? read.units : 0n, row.currency.draw_rate);
  const id = (field: string) => `withdraw-${field}-${row.currency_id}`;
  const amountProblem = problem?.field === 'amount' ? problem.problem : null;

  return (
    <div className="wallet-panel" data-testid="withdraw-panel">
      <h2 className="wallet-panel-title">{t('wallet.withdrawTitle', { code })}</h2>
      {snapshot.matches('loading') && (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {snapshot.matches('failed') && (
        <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      )}
      {!snapshot.matches('loading') && !snapshot.matches('failed') && addresses.length === 0 && (
        <p className="wallet-warning" role="alert" data-testid="bind-first">
          {t('wallet.pbtwaf')} <Link to="/assets/bindAddr">{t('pages.bindAddr')}</Link>
        </p>
      )}
      {addresses.length > 0 && (
        <form
          className="wallet-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <div className="field">
            <label htmlFor={id('address')}>{t('wallet.withdrawAddress')}</label>
            <div className="field-box">
              <select
                id={id('address')}
                value={addressId ?? ''}
                onChange={(event) => send({ type: 'CHOOSE_ADDRESS', id: Number(event.target.value) })}
              >
                {addresses.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.chain} · {entry.label ? `${entry.label} · ` : ''}
                    {entry.address}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <AmountField
            id={id('amount')}
            label={t('wallet.withdrawAmount', { code })}
            value={amount}
            placeholder={t('wallet.minPlaceholder', { min: numbers.exact(row.currency.draw_min) })}
            problem={amountProblem}
            field={{ emptyKey: 'wallet.p_minnum', code }}
            onValue={(value) => send({ type: 'SET', amount: value })}
          />
          <p className="muted" data-testid="withdraw-terms">
            {t('wallet.withdrawLimits', {
              available: numbers.amount(balance, code),
              min: numbers.exact(row.currency.draw_min),
              max: numbers.exact(row.currency.draw_max),
              code,
            })}
          </p>
          <p className="wallet-receive" data-testid="withdraw-receive">
            <span>
              {t('wallet.fee', { rate: numbers.exact(row.currency.draw_rate) })}:{' '}
              {numbers.cost(unitsText(fee), code)} {code}
            </span>
            <span>
              {t('wallet.receive')}:{' '}
              <strong>
                {numbers.amount(unitsText(receive), code)} {code}
              </strong>
            </span>
          </p>
          {needMemo && (
            <div className="field">
              <label htmlFor={id('memo')}>{t('wallet.memo')}</label>
              <div className="field-box">
                <input
                  id={id('memo')}
                  value={memo}
                  maxLength={64}
                  onChange={(event) => send({ type: 'SET', memo: event.target.value })}
                />
              </div>
            </div>
          )}
          <div className={`field${problem?.field === 'password' ? ' field-invalid' : ''}`}>
            <label htmlFor={id('password')}>{t('wallet.tradePassword')}</label>
            <div className="field-box">
              <input
                id={id('password')}
                type="password"
                autoComplete="off"
                value={password}
                aria-invalid={problem?.field === 'password'}
                onChange={(event) => send({ type: 'SET', password: event.target.value })}
              />
            </div>
            {problem?.field === 'password' && (
              <p className="field-problem" role="alert" data-testid="password-problem">
                {t('wallet.payPassword')}
              </p>
            )}
            <Link className="wallet-small-link" to="/tradePassword">
              {t('wallet.setTradePassword')}
            </Link>
          </div>
          {twoFactor && (
            <div className="field">
              <label htmlFor={id('totp')}>{t('twoFactor.codeLabel')}</label>
              <div className="field-box">
                <input
                  id={id('totp')}
                  autoComplete="one-time-code"
                  maxLength={11}
                  value={totpCode}
                  onChange={(event) => send({ type: 'SET', totpCode: event.target.value })}
                />
              </div>
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={!snapshot.matches('ready')}>
            {t('wallet.withdraw')}
          </button>
        </form>
      )}
      <h3 className="wallet-sub">{t('wallet.withdrawRecords')}</h3>
      {withdrawals.status === 'ready' &&
        (withdrawals.data.rows.length > 0 ? (
          <WithdrawalRows
            rows={withdrawals.data.rows.slice(0, 5)}
            busy={!snapshot.matches('ready')}
            onCancel={(withdrawalId) => send({ type: 'CANCEL_WITHDRAWAL', id: withdrawalId })}
          />
        ) : (
          <p className="muted">{t('common.empty')}</p>
        ))}
    </div>
  );
}
