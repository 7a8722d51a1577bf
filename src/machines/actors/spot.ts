import { filter, map } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { balancePushes$ } from '../../streams/balance-pushes.ts';
import { reachable$, reconnects$ } from '../../streams/reconnects.ts';
import { orderPushes$ } from '../../streams/spot-order-pushes.ts';
import type { PairBalances, PushedBalance, SpotPair } from '../spot-entry.machine.ts';
import type { LoadedPage, LoadInput, SpotOrderAnswer } from '../spot-orders.machine.ts';
import type { Way } from '../../domain/spot/order-kind.ts';
import type { PayloadOf } from '../../api/catalogue.ts';
import { ACCOUNT_TYPE_TRADE, FLAG_ON, WAY_BUY } from '../../domain/contract-codes.ts';

/** The open orders of one pair that the order book marks, at most (both sides). */
const OWN_ORDERS_LIMIT = 100;

/** The spot screen's API actors (spec §7 spot calls), for the entry, orders and screen machines. */
export function spotActors(api: ApiClient, socket: ChannelSource) {
  return {
    loadBalances: fromPromise<PairBalances, SpotPair>(async ({ input }) => {
      const detail = (currencyId: number) =>
        api.call(
          'account/detail',
          { currency_id: currencyId, account_type_id: ACCOUNT_TYPE_TRADE },
          { quiet: true },
        );
      const [quote, base] = await Promise.all([detail(input.quoteCurrencyId), detail(input.baseCurrencyId)]);
      return {
        quote: quote.balance,
        base: base.balance,
        quoteLocked: quote.lock_balance,
        baseLocked: base.lock_balance,
      };
    }),
    placeOrder: fromPromise<SpotOrderAnswer, { side: 'buy' | 'sell'; payload: PayloadOf<'tx_in/add'> }>(
      ({ input }) => api.call(input.side === 'buy' ? 'tx_in/add' : 'tx_out/add', input.payload),
    ),
    loadPage: fromPromise<LoadedPage, LoadInput>(async ({ input: { view } }) => {
      const scope = {
        page: view.page,
        limit: 10,
        ...(view.tab === 'all' ? {} : { currency_match_id: view.matchId }),
      };
      // "All delegations" is every order of the side, finished ones too; "current" only the open ones.
      const side = view.tab === 'all' ? { ...scope, include_finished: FLAG_ON } : scope;
      const answer =
        view.tab === 'history'
          ? await api.call('tx_history/list', scope, { quiet: true })
          : await api.call(view.side === 'buy' ? 'tx_in/list' : 'tx_out/list', side, { quiet: true });
      return { rows: answer.data, total: answer.total };
    }),
    loadOwn: fromPromise<SpotOrderAnswer[], { matchId: number }>(async ({ input }) => {
      const scope = { page: 1, limit: OWN_ORDERS_LIMIT, currency_match_id: input.matchId };
      const [buys, sells] = await Promise.all([
        api.call('tx_in/list', scope, { quiet: true }),
        api.call('tx_out/list', scope, { quiet: true }),
      ]);
      return [...buys.data, ...sells.data];
    }),
    cancelOrder: fromPromise<SpotOrderAnswer, { id: number; way: Way }>(({ input }) =>
      api.call(input.way === WAY_BUY ? 'tx_in/cancel' : 'tx_out/cancel', { id: input.id }),
    ),
    /** The owner's TX_SUBMIT and TX_MATCHED pushes, as PUSHED events of the screen machine. */
    orderPushes: fromEventObservable(() =>
      orderPushes$(socket).pipe(map(({ order }) => ({ type: 'PUSHED' as const, order }))),
    ),
    /** The trade (change) account's BALANCE pushes, as BALANCE_PUSHED events of the screen machine. */
    balancePushes: fromEventObservable(() =>
      balancePushes$(socket).pipe(
        filter((push) => push.account === 'change'),
        map((push) => ({
          type: 'BALANCE_PUSHED' as const,
          balance: {
            currencyId: push.currency_id,
            balance: push.balance,
            locked: push.lock_balance,
          } satisfies PushedBalance,
        })),
      ),
    ),
    /** One RESYNC per reconnect of the socket. */
    reconnects: fromEventObservable(() => reconnects$(socket).pipe(map(() => ({ type: 'RESYNC' as const })))),
    /** REACHABLE whenever the backend becomes reachable or stops being so. */
    reachability: fromEventObservable(() =>
      reachable$(socket).pipe(map((reachable) => ({ type: 'REACHABLE' as const, reachable }))),
    ),
  };
}

export type SpotActors = ReturnType<typeof spotActors>;
