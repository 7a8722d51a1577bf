import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isWalletAccount, WALLET_ACCOUNTS, type WalletAccount } from '../../../domain/wallet/accounts.ts';
import { RECORDS_PAGE_SIZE, showsPager } from '../../../domain/wallet/entry.ts';
import type { LogLine, RecordsPage as Page } from '../../../streams/queries/wallet.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { DepositRows } from './DepositPanel.tsx';
import { HistoryExport } from './HistoryExport.tsx';
import { TimeText } from './TimeText.tsx';
import { transferPartnerOf } from './transfer-partner.ts';
import { ACCOUNT_NAME } from './TransferPage.tsx';
import { WithdrawalRows } from './WithdrawPanel.tsx';
import { useWalletGroups } from './wallet-kit.tsx';
import type { Loadable } from '../../../streams/loadable.ts';
import '../auth/kit/forms.css';
import '../personal/personal.css';
import './wallet.css';
import { useNumberText } from '../../use-number-text.ts';

type Mode = 'deal' | 'transfer' | 'coin';

function accountOfParam(value: string | null): WalletAccount {
  const code = (value ?? '').replace(/_account$/, '');
  return isWalletAccount(code) ? code : 'change';
}

export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!showsPager(total)) return null;
  const last = Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE));
  return (
    <nav className="wallet-pager" aria-label={t('wallet.pages')} data-testid="pager">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('wallet.previous')}
      </button>
      <span data-testid="pager-page">{t('wallet.pageOf', { page, last })}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        {t('wallet.next')}
      </button>
    </nav>
  );
}

/** Under a transfer's kind, the account the money went to or came from ("To: Lever account"). */
function PartnerNote({ line }: { line: LogLine }) {
  const { t } = useTranslation();
  const partner = transferPartnerOf(line);
  if (!partner) return null;
  return (
    <span className="wallet-log-partner" data-testid="record-partner">
      {t(partner.direction === 'to' ? 'wallet.transferTo' : 'wallet.transferFrom', {
        account: t(ACCOUNT_NAME[partner.account]),
      })}
    </span>
  );
}

export function LogRows({ rows }: { rows: readonly LogLine[] }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  return (
    <table className="wallet-table wallet-log" data-testid="records">
      <thead>
        <tr>
          <th scope="col">{t('wallet.time')}</th>
          <th scope="col">{t('wallet.currency')}</th>
          <th scope="col">{t('wallet.kind')}</th>
          <th scope="col">{t('wallet.change')}</th>
          <th scope="col">{t('wallet.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((line) => (
          <tr key={line.id} data-testid="record">
            <td data-label={t('wallet.time')}>
              <TimeText value={line.created_at} />
            </td>
            <th scope="row" data-label={t('wallet.currency')}>
              {line.currency.code}
            </th>
            <td data-label={t('wallet.kind')}>
              <span>
                {line.memo || line.type}
                <PartnerNote line={line} />
              </span>
            </td>
            <td data-label={t('wallet.change')} className={line.value.startsWith('-') ? 'down' : 'up'}>
              {line.value.startsWith('-') ? '' : '+'}
              {numbers.amount(line.value, line.currency.code)}
            </td>
            <td data-label={t('wallet.after')}>{numbers.amount(line.after, line.currency.code)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Body<T>({
  state,
  render,
  onPage,
}: {
  state: Loadable<Page<T>>;
  render: (rows: T[]) => React.ReactNode;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading')
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (state.status === 'failed') return <p className="muted">{t('errors.serverError')}</p>;
  return (
    <>
      {state.data.rows.length === 0 ? (
        <p className="muted wallet-empty">{t('common.empty')}</p>
      ) : (
        render(state.data.rows)
      )}
      <Pager page={state.data.page} total={state.data.total} onPage={onPage} />
    </>
  );
}

/**
 * Records (spec §2 Assets): dealRecords?types=<account> (an account's records), transferLog
 * (the trade account's records, of one currency when currency_id is given), /coinlog (deposits and
 * withdrawals). A currency filter (All or one) and a pager above 15 rows.
 */
export function RecordsPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const { queries } = useServices();
  const [params, setParams] = useSearchParams();
  const groups = useWalletGroups();
  const account = mode === 'deal' ? accountOfParam(params.get('types')) : 'change';
  const currencyId = Number(params.get('currency_id')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  const set = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const log$ = useMemo(
    () => (mode === 'coin' ? null : queries.wallet.records$(account, currencyId, page)),
    [queries, mode, account, currencyId, page],
  );
  const deposits$ = useMemo(
    () => (mode === 'coin' && tab === 'deposits' ? queries.wallet.deposits$(currencyId, page) : null),
    [queries, mode, tab, currencyId, page],
  );
  const withdrawals$ = useMemo(
    () => (mode === 'coin' && tab === 'withdrawals' ? queries.wallet.withdrawals$(currencyId, page) : null),
    [queries, mode, tab, currencyId, page],
  );
  const log = useLoadable(log$);
  const deposits = useLoadable(deposits$);
  const withdrawals = useLoadable(withdrawals$);
  const currencies =
    groups.status === 'ready'
      ? (groups.data.find((group) => group.account_code === 'change_account')?.accounts ?? [])
      : [];
  const title =
    mode === 'deal' ? 'pages.dealRecords' : mode === 'transfer' ? 'pages.transferLog' : 'pages.coinlog';

  return (
    <section className="card wallet-card" data-testid="records-page" aria-labelledby="records-heading">
      <div className="card-head">
        <h1 id="records-heading">{t(title)}</h1>
      </div>
      <div className="wallet-tools">
        {mode === 'deal' && (
          <label className="wallet-select">
            <span>{t('wallet.account')}</span>
            <select value={account} onChange={(event) => set({ types: event.target.value, page: null })}>
              {WALLET_ACCOUNTS.map((code) => (
                <option key={code} value={code}>
                  {t(ACCOUNT_NAME[code])}
                </option>
              ))}
            </select>
          </label>
        )}
        {mode === 'coin' && (
          <div className="wallet-tabs" role="group" aria-label={t('pages.coinlog')}>
            {(['deposits', 'withdrawals'] as const).map((name) => (
              <button
                key={name}
                type="button"
                className={`btn btn-sm ${tab === name ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={tab === name}
                onClick={() => set({ tab: name, page: null })}
              >
                {t(name === 'deposits' ? 'wallet.depositRecords' : 'wallet.withdrawRecords')}
              </button>
            ))}
          </div>
        )}
        <label className="wallet-select">
          <span>{t('wallet.currency')}</span>
          <select
            data-testid="currency-filter"
            value={currencyId ?? ''}
            onChange={(event) => {
              const chosen = currencies.find((row) => String(row.currency_id) === event.target.value);
              set({
                currency_id: event.target.value || null,
                currency_code: chosen?.currency_code ?? null,
                page: null,
              });
            }}
          >
            <option value="">{t('wallet.all')}</option>
            {currencies.map((row) => (
              <option key={row.currency_id} value={row.currency_id}>
                {row.currency_code}
              </option>
            ))}
          </select>
        </label>
      </div>
      {mode !== 'coin' && <HistoryExport account={account} />}
      {mode === 'coin' ? (
        tab === 'withdrawals' ? (
          <Body
            state={withdrawals}
            onPage={(next) => set({ page: String(next) })}
            render={(rows) => <WithdrawalRows rows={rows} />}
          />
        ) : (
          <Body
            state={deposits}
            onPage={(next) => set({ page: String(next) })}
            render={(rows) => <DepositRows rows={rows} />}
          />
        )
      ) : (
        <Body
          state={log}
          onPage={(next) => set({ page: String(next) })}
          render={(rows) => <LogRows rows={rows} />}
        />
      )}
    </section>
  );
}

export const DealRecords = () => <RecordsPage mode="deal" />;
export const TransferLog = () => <RecordsPage mode="transfer" />;
export const CoinLog = () => <RecordsPage mode="coin" />;
