import { map } from 'rxjs';
import { fromEventObservable } from 'xstate';
import type { WalletAccount } from '../../domain/wallet/accounts.ts';
import type { BalanceFigure } from '../../streams/account-balance.ts';
import type { AppQueries } from '../../streams/queries/index.ts';

/** A balance pushed to a form machine: the figure it checks an amount against. */
export interface BalanceEvent {
  type: 'BALANCE';
  balance: string;
}

/**
 * The balances a form follows, as actors its machine invokes with the currency it is about (as the
 * trading screens invoke their balance pushes): the wallet's account/list read, which its BALANCE
 * pushes and every reconnect reload, so a form checks against the figure the page shows beside it.
 */
export function balanceFeeds(queries: AppQueries) {
  return {
    of: (account: WalletAccount, figure: BalanceFigure) =>
      fromEventObservable<BalanceEvent, { currencyId: number }>(({ input }) =>
        queries.wallet
          .balance$(account, input.currencyId, figure)
          .pipe(map((balance) => ({ type: 'BALANCE' as const, balance }))),
      ),
    /** Every account's holdings, for the transfer form (both sides of a pair). */
    holdings: fromEventObservable(() =>
      queries.wallet.holdings$().pipe(map((holdings) => ({ type: 'HOLDINGS' as const, holdings }))),
    ),
  };
}

export type BalanceFeeds = ReturnType<typeof balanceFeeds>;
