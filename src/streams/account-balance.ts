import { distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { WalletAccount } from '../domain/wallet/accounts.ts';
import type { Loadable } from './loadable.ts';
import type { WalletGroup } from './queries/wallet.ts';

/** Which figure of a balance row a form follows: the available balance, or what may be withdrawn. */
export type BalanceFigure = 'balance' | 'withdrawable';

/** What each account holds available of each currency id. */
export type AccountHoldings = Partial<Record<WalletAccount, Readonly<Record<number, string>>>>;

function groupOf(groups: readonly WalletGroup[], account: WalletAccount): WalletGroup | undefined {
  return groups.find((group) => group.account_code === `${account}_account`);
}

/**
 * One figure of one account's currency, as account/list says it (its pushes and reconnects reload
 * it): only from loads that have data, and only when it changes. A row the account does not list
 * says nothing (the form keeps what it had); `withdrawable` falls back to the available balance
 * where the server does not state it (every account but trade).
 */
export function accountBalance$(
  groups$: Observable<Loadable<readonly WalletGroup[]>>,
  account: WalletAccount,
  currencyId: number,
  figure: BalanceFigure,
): Observable<string> {
  return groups$.pipe(
    map((state) => {
      const row = groupOf(state.data ?? [], account)?.accounts.find(
        (line) => line.currency_id === currencyId,
      );
      if (!row) return undefined;
      return figure === 'withdrawable' ? (row.withdrawable ?? row.balance) : row.balance;
    }),
    filter((value): value is string => value !== undefined),
    distinctUntilChanged(),
  );
}

/** Every account's available balance of every currency, from each load that has data. */
export function accountHoldings$(
  groups$: Observable<Loadable<readonly WalletGroup[]>>,
): Observable<AccountHoldings> {
  return groups$.pipe(
    filter((state) => state.data !== undefined),
    map((state) => {
      const holdings: Record<string, Record<number, string>> = {};
      for (const group of state.data ?? []) {
        const account = group.account_code.replace(/_account$/, '');
        holdings[account] = Object.fromEntries(group.accounts.map((row) => [row.currency_id, row.balance]));
      }
      return holdings as AccountHoldings;
    }),
  );
}
