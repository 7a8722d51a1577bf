import { useMachine } from '../../use-app-actor.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isWalletAccount, type WalletAccount } from '../../../domain/wallet/accounts.ts';
import { availableOf, type Holdings } from '../../../machines/transfer.machine.ts';
import type { WalletGroup } from '../../../streams/queries/wallet.ts';
import { useServices } from '../../services-context.ts';
import { AmountField, useDecimalComma, useWalletGroups } from './wallet-kit.tsx';
import { useNumberText } from '../../use-number-text.ts';

type Partner = Exclude<WalletAccount, 'change'>;
const PARTNERS: readonly Partner[] = ['lever', 'micro', 'legal', 'financial'];

export const ACCOUNT_NAME: Record<WalletAccount, string> = {
  change: 'pages.tradeAccount',
  legal: 'pages.legalAccount',
  lever: 'pages.leverAccount',
  micro: 'pages.secondAccount',
  financial: 'pages.financialAccount',
};

function holdingsOf(groups: readonly WalletGroup[]): Holdings {
  const holdings: Record<string, Record<number, string>> = {};
  for (const group of groups) {
    const account = group.account_code.replace(/_account$/, '');
    holdings[account] = Object.fromEntries(group.accounts.map((row) => [row.currency_id, row.balance]));
  }
  return holdings as Holdings;
}

function TransferForm({
  groups,
  partner,
  currencyId,
}: {
  groups: readonly WalletGroup[];
  partner: Partner;
  currencyId: number;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { machines } = useServices();
  const decimalComma = useDecimalComma();
  const holdings = useMemo(() => holdingsOf(groups), [groups]);
  const [snapshot, send] = useMachine(machines.wallet.transfer, {
    input: { partner, currencyId, decimalComma, holdings },
  });
  const { from, to, amount, problem } = snapshot.context;
  const currencies = groups.find((group) => group.account_code === 'change_account')?.accounts ?? [];
  const current = currencies.find((row) => row.currency_id === snapshot.context.currencyId);
  const code = current?.currency_code ?? '';
  const other = from === 'change' ? to : from;

  return (
    <form
      className="wallet-form wallet-transfer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <div className="field">
        <label htmlFor="transfer-partner">{t('wallet.pairWith')}</label>
        <div className="field-box">
          <select
            id="transfer-partner"
            value={other}
            onChange={(event) => send({ type: 'CHOOSE_PARTNER', partner: event.target.value as Partner })}
          >
            {PARTNERS.map((account) => (
              <option key={account} value={account}>
                {t(ACCOUNT_NAME[account])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="wallet-direction" data-testid="transfer-direction">
        <div>
          <span className="field-label">{t('wallet.from')}</span>
          <strong data-testid="transfer-from">{t(ACCOUNT_NAME[from])}</strong>
        </div>
        <button
          type="button"
          className="btn btn-outline wallet-swap"
          aria-label={t('wallet.swap')}
          title={t('wallet.swap')}
          onClick={() => send({ type: 'SWAP' })}
        >
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 8h14l-3-3M20 16H6l3 3" />
          </svg>
        </button>
        <div>
          <span className="field-label">{t('wallet.to')}</span>
          <strong data-testid="transfer-to">{t(ACCOUNT_NAME[to])}</strong>
        </div>
      </div>
      <div className="field">
        <label htmlFor="transfer-currency">{t('wallet.currency')}</label>
        <div className="field-box">
          <select
            id="transfer-currency"
            value={snapshot.context.currencyId}
            onChange={(event) => send({ type: 'CHOOSE_CURRENCY', currencyId: Number(event.target.value) })}
          >
            {currencies.map((row) => (
              <option key={row.currency_id} value={row.currency_id}>
                {row.currency_code}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AmountField
        id="transfer-amount"
        label={t('wallet.transferAmount')}
        value={amount}
        problem={problem}
        field={{ emptyKey: 'wallet.p_transfernum', code }}
        onValue={(value) => send({ type: 'SET_AMOUNT', amount: value })}
        action={
          <button type="button" className="field-action" onClick={() => send({ type: 'MAX' })}>
            {t('wallet.max')}
          </button>
        }
      />
      <p className="muted" data-testid="transfer-available">
        {t('wallet.availableOf', { amount: numbers.amount(availableOf(snapshot.context), code), code })}
      </p>
      <button type="submit" className="btn btn-primary" disabled={!snapshot.matches('editing')}>
        {t('wallet.transferNow')}
      </button>
    </form>
  );
}

/** /assets/transfer (spec §5 transfer): trade <-> the account of the pair, with a swap button. */
export default function TransferPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groups = useWalletGroups();
  const asked = params.get('account');
  const partner: Partner = isWalletAccount(asked) && asked !== 'change' ? asked : 'lever';
  const currencyId = Number(params.get('currency_id')) || 0;
  return (
    <section className="card wallet-card" data-testid="transfer-page" aria-labelledby="transfer-heading">
      <div className="card-head">
        <h1 id="transfer-heading">{t('pages.transfer')}</h1>
      </div>
      {groups.status === 'ready' ? (
        <TransferForm
          groups={groups.data}
          partner={partner}
          currencyId={
            currencyId ||
            groups.data
              .find((group) => group.account_code === 'change_account')
              ?.accounts.find((row) => row.currency_code === 'USDT')?.currency_id ||
            1
          }
        />
      ) : (
        <p className="muted" aria-busy="true">
          {groups.status === 'failed' ? t('errors.serverError') : t('common.loading')}
        </p>
      )}
    </section>
  );
}
