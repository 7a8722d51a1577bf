import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONVERTIBLE_CODES, type WalletAccount } from '../../../domain/wallet/accounts.ts';
import { totalInBtc, visibleRows } from '../../../domain/wallet/entry.ts';
import { FLAG_ON } from '../../../domain/contract-codes.ts';
import type { WalletBalance, WalletGroup } from '../../../streams/queries/wallet.ts';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { AllocationChart } from './AllocationChart.tsx';
import { ConvertPanel } from './ConvertPanel.tsx';
import { DepositPanel } from './DepositPanel.tsx';
import { WithdrawPanel } from './WithdrawPanel.tsx';
import { useWalletGroups } from './wallet-kit.tsx';
import { useNumberText } from '../../use-number-text.ts';

type Panel = 'deposit' | 'withdraw' | 'convert';

const TITLE: Record<WalletAccount, string> = {
  change: 'pages.tradeAccount',
  legal: 'pages.legalAccount',
  lever: 'pages.leverAccount',
  micro: 'pages.secondAccount',
  financial: 'pages.financialAccount',
};

function btcPriceOf(groups: readonly WalletGroup[]): string {
  for (const group of groups)
    for (const row of group.accounts) if (row.currency_code === 'BTC') return row.currency.usd_price;
  return '0';
}

function Row({
  row,
  operations,
  account,
  open,
  onOpen,
}: {
  row: WalletBalance;
  operations: boolean;
  account: WalletAccount;
  open: Panel | null;
  onOpen: (panel: Panel | null) => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const code = row.currency_code;
  const toggle = (panel: Panel) => onOpen(open === panel ? null : panel);
  const canDeposit = row.currency.open_recharge === FLAG_ON;
  const canWithdraw = row.currency.open_draw === FLAG_ON;
  return (
    <Fragment>
      <tr data-testid={`balance-${code}`}>
        <th scope="row" data-label={t('wallet.currency')}>
          <span className="wallet-coin">
            <CoinIcon code={code} size={22} />
            {code}
          </span>
        </th>
        <td data-label={t('wallet.available')} data-testid={`available-${code}`}>
          {numbers.amount(row.balance, code)}
        </td>
        <td data-label={t('wallet.locked')}>{numbers.amount(row.lock_balance, code)}</td>
        <td data-label={t('wallet.usdValue')}>≈ {numbers.amount(row.convert_usd, 'USD')} USD</td>
        <td data-label={t('wallet.operations')} className="wallet-ops">
          {operations ? (
            <>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={!canDeposit}
                aria-expanded={open === 'deposit'}
                onClick={() => toggle('deposit')}
              >
                {t('wallet.deposit')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={!canWithdraw}
                aria-expanded={open === 'withdraw'}
                onClick={() => toggle('withdraw')}
              >
                {t('wallet.withdraw')}
              </button>
              {CONVERTIBLE_CODES.includes(code) && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-expanded={open === 'convert'}
                  onClick={() => toggle('convert')}
                >
                  {t('wallet.convert')}
                </button>
              )}
            </>
          ) : (
            <Link
              className="btn btn-sm btn-outline"
              to={`/assets/transfer?account=${account}&currency_id=${row.currency_id}`}
            >
              {t('pages.transfer')}
            </Link>
          )}
        </td>
      </tr>
      {open && (
        <tr className="wallet-panel-row">
          <td colSpan={5}>
            {open === 'deposit' && <DepositPanel row={row} />}
            {open === 'withdraw' && <WithdrawPanel row={row} />}
            {open === 'convert' && <ConvertPanel row={row} />}
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function AccountBody({ account, groups }: { account: WalletAccount; groups: readonly WalletGroup[] }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const [open, setOpen] = useState<{ id: number; panel: Panel } | null>(null);
  const group = groups.find((candidate) => candidate.account_code === `${account}_account`);
  if (!group) return <p className="muted">{t('common.empty')}</p>;
  const rows = visibleRows(group.accounts, { search, hideSmall });
  const operations = group.is_recharge === FLAG_ON;
  return (
    <>
      <div className="wallet-summary">
        <div>
          <p className="muted">{t('wallet.totalValue')}</p>
          <p className="wallet-total" data-testid="total-usd">
            ≈ {numbers.amount(group.convert_usd, 'USD')} USD
          </p>
          <p className="muted" data-testid="total-btc">
            ≈ {numbers.exact(totalInBtc(group.convert_usd, btcPriceOf(groups)))} BTC
          </p>
          <div className="wallet-links">
            <Link to={`/assets/dealRecords?types=${account}`}>{t('pages.dealRecords')}</Link>
            <Link to={`/assets/transfer?account=${account === 'change' ? 'lever' : account}`}>
              {t('pages.transfer')}
            </Link>
            {account === 'change' && <Link to="/coinlog">{t('pages.coinlog')}</Link>}
          </div>
        </div>
        <AllocationChart
          slices={group.accounts.map((row) => ({ code: row.currency_code, usd: Number(row.convert_usd) }))}
        />
      </div>
      <div className="wallet-tools">
        <input
          type="search"
          className="wallet-search"
          aria-label={t('wallet.search')}
          placeholder={t('wallet.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="wallet-check">
          <input
            type="checkbox"
            checked={hideSmall}
            onChange={(event) => setHideSmall(event.target.checked)}
          />
          {t('wallet.hideSmall')}
        </label>
      </div>
      <table className="wallet-table" data-testid="balances">
        <thead>
          <tr>
            <th scope="col">{t('wallet.currency')}</th>
            <th scope="col">{t('wallet.available')}</th>
            <th scope="col">{t('wallet.locked')}</th>
            <th scope="col">{t('wallet.usdValue')}</th>
            <th scope="col">{t('wallet.operations')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row
              key={row.currency_id}
              row={row}
              account={account}
              operations={operations}
              open={open?.id === row.currency_id ? open.panel : null}
              onOpen={(panel) => setOpen(panel ? { id: row.currency_id, panel } : null)}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted wallet-empty">{t('common.empty')}</p>}
    </>
  );
}

/** One account of the wallet (spec §2 Assets): its currencies, totals, and per-row panels. */
export function AccountPage({ account }: { account: WalletAccount }) {
  const { t } = useTranslation();
  const groups = useWalletGroups();
  return (
    <section
      className="card wallet-card"
      data-testid={`account-${account}`}
      aria-labelledby="account-heading"
    >
      <div className="card-head">
        <h1 id="account-heading">{t(TITLE[account])}</h1>
      </div>
      {groups.status === 'ready' ? (
        <AccountBody account={account} groups={groups.data} />
      ) : groups.status === 'failed' ? (
        <p className="muted">{t('errors.serverError')}</p>
      ) : (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}

export const TradeAccount = () => <AccountPage account="change" />;
export const LegalAccount = () => <AccountPage account="legal" />;
export const LeverAccount = () => <AccountPage account="lever" />;
export const SecondAccount = () => <AccountPage account="micro" />;
export const FinancialAccount = () => <AccountPage account="financial" />;
