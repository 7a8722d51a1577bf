import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useTranslation } from 'react-i18next';
import {
  DEPOSIT_STATUS_CREDITED,
  DEPOSIT_STATUS_NOT_CREDITED,
  DEPOSIT_STATUS_PENDING,
} from '../../../domain/contract-codes.ts';
import type { Deposit, WalletBalance } from '../../../streams/queries/wallet.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { useCopy } from '../personal/use-copy.ts';
import { QrImage } from '../../components/QrImage.tsx';
import { AmountField, useDecimalComma } from './wallet-kit.tsx';
import { TimeText } from './TimeText.tsx';
import { useDemoTools } from '../../use-demo-tools.ts';
import { useNumberText } from '../../use-number-text.ts';

export function depositStatusKey(status: number): string {
  if (status === DEPOSIT_STATUS_PENDING) return 'wallet.depositPending';
  if (status === DEPOSIT_STATUS_CREDITED) return 'wallet.depositCredited';
  if (status === DEPOSIT_STATUS_NOT_CREDITED) return 'wallet.depositNotCredited';
  return 'wallet.depositWithdrawable';
}

export function DepositRows({ rows }: { rows: readonly Deposit[] }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  return (
    <ul className="wallet-list" data-testid="deposit-list">
      {rows.map((deposit) => (
        <li key={deposit.id} data-testid="deposit-item" data-status={deposit.status}>
          <span className="wallet-list-main">
            {numbers.amount(deposit.number, deposit.currency.code)} {deposit.currency.code} · {deposit.chain}
          </span>
          <span className={`badge wallet-status-${deposit.status}`} data-testid="deposit-status">
            {t(depositStatusKey(deposit.status))}
          </span>
          <span className="muted">
            {t('wallet.confirmations', {
              done: Math.min(deposit.confirmations, deposit.withdraw_confirmations),
              total: deposit.withdraw_confirmations,
            })}
          </span>
          <TimeText value={deposit.created_at} />
        </li>
      ))}
    </ul>
  );
}

/** The deposit panel of one currency (spec §2, §9): chain, address with QR and copy, memo, minimum, demo deposit. */
export function DepositPanel({ row }: { row: WalletBalance }) {
  const { t } = useTranslation();
  const { machines, queries } = useServices();
  const demoTools = useDemoTools();
  const copy = useCopy();
  const decimalComma = useDecimalComma();
  const code = row.currency_code;
  const [addresses$] = useState(() => queries.wallet.depositAddresses$(row.currency_id));
  const [deposits$] = useState(() => queries.wallet.deposits$(row.currency_id));
  const addresses = useLoadable(addresses$);
  const deposits = useLoadable(deposits$);
  const actor = useActorRef(machines.wallet.deposit, {
    input: {
      currencyId: row.currency_id,
      chains: row.currency.currency_protocols.map((protocol) => ({
        id: protocol.id,
        code: protocol.chain_protocol.code,
      })),
      depositMin: row.currency.deposit_min,
      decimalComma,
    },
  });
  useEffect(() => {
    const subscription = actor.on('simulated', () => queries.wallet.changed());
    return () => subscription.unsubscribe();
  }, [actor, queries]);
  const snapshot = useSelector(actor, (state) => state);
  const send = actor.send;
  const { chainId, amount, problem } = snapshot.context;
  const wallet =
    addresses.status === 'ready'
      ? (addresses.data.wallets.find((entry) => entry.currency_protocol_id === chainId) ??
        addresses.data.wallets[0])
      : undefined;
  const chains = row.currency.currency_protocols;
  const fieldId = `deposit-amount-${row.currency_id}`;

  return (
    <div className="wallet-panel" data-testid="deposit-panel">
      <h2 className="wallet-panel-title">{t('wallet.depositTitle', { code })}</h2>
      {chains.length > 1 && (
        <fieldset className="wallet-chains">
          <legend>{t('wallet.chain')}</legend>
          {chains.map((protocol) => (
            <label key={protocol.id} className={chainId === protocol.id ? 'chosen' : undefined}>
              <input
                type="radio"
                name={`chain-${row.currency_id}`}
                checked={chainId === protocol.id}
                onChange={() => send({ type: 'CHOOSE_CHAIN', id: protocol.id })}
              />
              {protocol.chain_protocol.code}
            </label>
          ))}
        </fieldset>
      )}
      {addresses.status === 'loading' && (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {wallet && (
        <div className="wallet-address">
          <QrImage
            className="wallet-qr"
            text={wallet.address}
            label={t('wallet.qrOf', { chain: wallet.chain_protocol.code })}
          />
          <div className="wallet-address-text">
            <span className="field-label">{t('wallet.address', { chain: wallet.chain_protocol.code })}</span>
            <div className="copy-box">
              <code data-testid="deposit-address">{wallet.address}</code>
              <button type="button" className="field-action" onClick={() => copy(wallet.address)}>
                {t('common.copy')}
              </button>
            </div>
            {wallet.memo !== '' && (
              <>
                <span className="field-label">{t('wallet.memo')}</span>
                <div className="copy-box">
                  <code data-testid="deposit-memo">{wallet.memo}</code>
                  <button type="button" className="field-action" onClick={() => copy(wallet.memo)}>
                    {t('common.copy')}
                  </button>
                </div>
                <p className="wallet-warning">{t('wallet.memoNeeded')}</p>
              </>
            )}
            <p className="wallet-warning" data-testid="deposit-minimum">
              {t('wallet.depositMinimum', { min: row.currency.deposit_min, code })}
            </p>
            <p className="muted">{t('wallet.confirmRule', { credit: 1, withdraw: 6 })}</p>
          </div>
        </div>
      )}
      {demoTools && (
        <form
          className="wallet-form wallet-sim"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SIMULATE' });
          }}
        >
          <p className="muted">{t('wallet.simulateLead')}</p>
          <AmountField
            id={fieldId}
            label={t('wallet.simulateAmount', { code })}
            value={amount}
            problem={problem}
            field={{ emptyKey: 'wallet.p_depositnum', code, belowMinKey: 'wallet.depositBelowMin' }}
            onValue={(value) => send({ type: 'SET_AMOUNT', amount: value })}
          />
          <button type="submit" className="btn btn-primary" disabled={!snapshot.matches('editing')}>
            {t('wallet.simulate')}
          </button>
        </form>
      )}
      <h3 className="wallet-sub">{t('wallet.depositRecords')}</h3>
      {deposits.status === 'ready' &&
        (deposits.data.rows.length > 0 ? (
          <DepositRows rows={deposits.data.rows.slice(0, 5)} />
        ) : (
          <p className="muted">{t('common.empty')}</p>
        ))}
    </div>
  );
}
