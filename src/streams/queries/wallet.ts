import { filter, merge, type Observable, ReplaySubject, share, Subject, throttleTime } from 'rxjs';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import {
  DEPOSIT_STATUS_PENDING,
  DEPOSIT_STATUS_CREDITED,
  WITHDRAWAL_STATUS_BROADCAST,
  WITHDRAWAL_STATUS_REVIEW,
} from '../../domain/contract-codes.ts';
import type { WalletAccount } from '../../domain/wallet/accounts.ts';
import { RECORDS_PAGE_SIZE } from '../../domain/wallet/entry.ts';
import {
  accountBalance$,
  accountHoldings$,
  type AccountHoldings,
  type BalanceFigure,
} from '../account-balance.ts';
import { balancePushes$, simClock$ } from '../balance-pushes.ts';
import { liveLoadable } from '../live-loadable.ts';
import { reconnects$ } from '../reconnects.ts';
import { loadable, type Loadable } from '../loadable.ts';
import type { ChannelSource } from '../market.ts';

export type WalletGroup = AnswerOf<'account/list'>[number];
export type WalletBalance = WalletGroup['accounts'][number];
export type DepositAddresses = AnswerOf<'wallet/wallet'>;
export type Deposit = AnswerOf<'wallet/deposits'>['data'][number];
export type Withdrawal = AnswerOf<'account/draw_list'>['data'][number];
export type LogLine = AnswerOf<'account_log/change'>['data'][number];
export type TransactionLine = AnswerOf<'account_log/all'>['data'][number];
export interface RecordsPage<T> {
  rows: T[];
  total: number;
  page: number;
}

/** How often, at most, an in-flight deposit or withdrawal is re-read on the simulator's clock pushes. */
const IN_FLIGHT_REREAD_MS = 2000;

/**
 * The wallet's reads (spec §7 Wallet). They belong to whoever is signed in, so nothing is kept
 * past its last reader; every one follows the owner's BALANCE pushes instead of polling. Deposits and withdrawals also
 * move without a balance change (a deposit's confirmations 2 to 6, a withdrawal leaving review):
 * while one is in flight they are re-read on the simulator's clock pushes too (a real server
 * sends none of those, so there they follow BALANCE only).
 */
export function walletQueries(api: ApiClient, socket: ChannelSource) {
  // Movements that change no balance yet (a deposit just seen on the chain): the page says so.
  const changed$ = new Subject<void>();
  // A reconnect too: the BALANCE pushes of the drop are lost.
  const pushes$ = () => merge(balancePushes$(socket), changed$, reconnects$(socket)).pipe(share());

  function inFlightStream<T>(
    load: (quiet: boolean) => Promise<RecordsPage<T>>,
    moving: (row: T) => boolean,
  ): Observable<Loadable<RecordsPage<T>>> {
    let inFlight = false;
    const clock$ = simClock$(socket).pipe(
      filter(() => inFlight),
      throttleTime(IN_FLIGHT_REREAD_MS),
    );
    return liveLoadable(
      async (quiet) => {
        const page = await load(quiet);
        inFlight = page.rows.some(moving);
        return page;
      },
      merge(pushes$(), clock$),
    );
  }

  // One account/list for everything on screen that shows or follows a balance (the table, a form
  // beside it): shared while any of them is subscribed, forgotten with the last (whoever signs in
  // next starts from a fresh load).
  const accounts$: Observable<Loadable<WalletGroup[]>> = liveLoadable(
    (quiet) => api.call('account/list', {}, { quiet }),
    pushes$(),
  ).pipe(
    share({
      connector: () => new ReplaySubject<Loadable<WalletGroup[]>>(1),
      resetOnError: true,
      resetOnComplete: true,
      resetOnRefCountZero: true,
    }),
  );

  return {
    /** Re-reads every wallet load now: after a movement no BALANCE push reports (a pending deposit). */
    changed: () => changed$.next(),
    /** Every account with its balances and currency terms (account/list). */
    accounts$: (): Observable<Loadable<WalletGroup[]>> => accounts$,
    /** One figure of one account's currency, each time it changes (account-balance.ts). */
    balance$: (account: WalletAccount, currencyId: number, figure: BalanceFigure): Observable<string> =>
      accountBalance$(accounts$, account, currencyId, figure),
    /** Every account's available balance of every currency, after each load. */
    holdings$: (): Observable<AccountHoldings> => accountHoldings$(accounts$),
    /** The user's deposit addresses of a currency, one per chain (wallet/wallet). */
    depositAddresses$: (currencyId: number): Observable<Loadable<DepositAddresses>> =>
      loadable(() => api.call('wallet/wallet', { currency_id: currencyId })),
    /** Deposits, newest first, following their confirmations. */
    deposits$: (currencyId: number | undefined, page = 1) =>
      inFlightStream<Deposit>(
        async (quiet) => {
          const answer = await api.call(
            'wallet/deposits',
            { page, limit: RECORDS_PAGE_SIZE, ...(currencyId ? { currency_id: currencyId } : {}) },
            { quiet },
          );
          return { rows: answer.data, total: answer.total, page: answer.current_page };
        },
        (deposit) => deposit.status === DEPOSIT_STATUS_PENDING || deposit.status === DEPOSIT_STATUS_CREDITED,
      ),
    /** Withdrawals, newest first, following their states. */
    withdrawals$: (currencyId: number | undefined, page = 1) =>
      inFlightStream<Withdrawal>(
        async (quiet) => {
          const answer = await api.call(
            'account/draw_list',
            { page, limit: RECORDS_PAGE_SIZE, ...(currencyId ? { currency_id: currencyId } : {}) },
            { quiet },
          );
          return { rows: answer.data, total: answer.total, page: answer.current_page };
        },
        (w) => w.status === WITHDRAWAL_STATUS_REVIEW || w.status === WITHDRAWAL_STATUS_BROADCAST,
      ),
    /**
     * One page of the transaction log (account_log/all): every movement of the user's money, the
     * accounts' records and the spot orders' settlements, newest first.
     */
    transactions$: (page: number) =>
      liveLoadable(async (quiet): Promise<RecordsPage<TransactionLine>> => {
        const answer = await api.call('account_log/all', { page, limit: RECORDS_PAGE_SIZE }, { quiet });
        return { rows: answer.data, total: answer.total, page: answer.current_page };
      }, pushes$()),
    /** One page of an account's records (account_log/<account>), of one currency or all. */
    records$: (account: WalletAccount, currencyId: number | undefined, page: number) =>
      liveLoadable(async (quiet): Promise<RecordsPage<LogLine>> => {
        const answer = await api.call(
          `account_log/${account}`,
          { page, limit: RECORDS_PAGE_SIZE, ...(currencyId ? { currency_id: currencyId } : {}) },
          { quiet },
        );
        return { rows: answer.data, total: answer.total, page: answer.current_page };
      }, pushes$()),
  };
}
