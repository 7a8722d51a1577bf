import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { distinctUntilChanged, map, share } from 'rxjs';
import { fromPromise } from 'xstate';
import { bestPrices } from '../../../domain/spot/best-price.ts';
import { choosePair } from '../../../domain/spot/pair-list.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import { spotEntryMachine, type SpotPair } from '../../../machines/spot-entry.machine.ts';
import { orderPushes$ } from '../../../machines/spot-order-pushes.ts';
import { spotOrdersMachine } from '../../../machines/spot-orders.machine.ts';
import { frameSampled } from '../../../streams/frame-sampled.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { parseIdParam, tradeHref } from '../../components/links.ts';
import { useServices } from '../../services-context.ts';
import { useSignedIn } from '../../use-session.ts';
import { dealSnapshot$, depthFeed$, tapeFeed$ } from './feeds.ts';
import { KlineChart } from './KlineChart.tsx';
import { MarketHeader } from './MarketHeader.tsx';
import { OrderBook } from './OrderBook.tsx';
import { OrderForms } from './OrderForms.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PairList } from './PairList.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { useTradePairs, type TradePair } from './use-trade-pairs.ts';
import '../../components/components.css';
import './trade.css';

/** account/detail's account type on the spot page (spec §7). */
const TRADE_ACCOUNT = 1;

function spotPairOf(pair: TradePair): SpotPair {
  return {
    matchId: pair.id,
    baseCurrencyId: pair.baseCurrencyId,
    quoteCurrencyId: pair.quoteCurrencyId,
    priceDecimals: pair.priceDecimals,
  };
}

/**
 * Spec §2 "Spot trade", full width: pairs on the left; the market header, the chart and the order
 * forms in the middle; the order book and recent trades on the right; the orders panel below. The
 * pair comes from ?symbol= or ?id=, else the one last chosen here (spotPair), else the first.
 */
export default function TradePage() {
  const { t } = useTranslation();
  const pairs = useTradePairs();
  const [params] = useSearchParams();
  const pair = useMemo(
    () =>
      choosePair(pairs.pairs, {
        symbol: params.get('symbol'),
        id: parseIdParam(params.get('id')),
        stored: readPref('spotPair'),
      }),
    [pairs.pairs, params],
  );

  useEffect(() => {
    if (pair) writePref('spotPair', pair.symbol);
  }, [pair]);

  if (pairs.status === 'failed') {
    return (
      <div className="trade-unavailable">
        <EmptyState title={t('trade.unavailable')} />
      </div>
    );
  }
  if (!pair) return <div className="page-loading" aria-busy="true" />;
  return <TradeScreen pair={pair} />;
}

function TradeScreen({ pair }: { pair: TradePair }) {
  const { t } = useTranslation();
  const { api, socket, toasts } = useServices();
  const signedIn = useSignedIn();
  const [, setParams] = useSearchParams();

  const orders = useActorRef(
    spotOrdersMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input: { view } }) => {
          const scope = {
            page: view.page,
            limit: 10,
            ...(view.tab === 'all' ? {} : { currency_match_id: view.matchId }),
          };
          const answer =
            view.tab === 'history'
              ? await api.call('tx_history/list', scope, { quiet: true })
              : await api.call(view.side === 'buy' ? 'tx_in/list' : 'tx_out/list', scope, { quiet: true });
          return { rows: answer.data, total: answer.total };
        }),
        loadOwn: fromPromise(async ({ input }) => {
          const scope = { page: 1, limit: 100, currency_match_id: input.matchId };
          const [buys, sells] = await Promise.all([
            api.call('tx_in/list', scope, { quiet: true }),
            api.call('tx_out/list', scope, { quiet: true }),
          ]);
          return [...buys.data, ...sells.data];
        }),
        cancelOrder: fromPromise(async ({ input }) =>
          api.call(input.way === 1 ? 'tx_in/cancel' : 'tx_out/cancel', { id: input.id }),
        ),
      },
    }),
    { input: { matchId: pair.id, signedIn } },
  );

  const entry = useActorRef(
    spotEntryMachine.provide({
      actors: {
        loadBalances: fromPromise(async ({ input }) => {
          const [quote, base] = await Promise.all([
            api.call(
              'account/detail',
              { currency_id: input.quoteCurrencyId, account_type_id: TRADE_ACCOUNT },
              { quiet: true },
            ),
            api.call(
              'account/detail',
              { currency_id: input.baseCurrencyId, account_type_id: TRADE_ACCOUNT },
              { quiet: true },
            ),
          ]);
          return {
            quote: quote.balance,
            base: base.balance,
            quoteLocked: quote.lock_balance,
            baseLocked: base.lock_balance,
          };
        }),
        placeOrder: fromPromise(async ({ input }) =>
          api.call(input.side === 'buy' ? 'tx_in/add' : 'tx_out/add', input.payload),
        ),
      },
    }),
    { input: { pair: spotPairOf(pair), signedIn } },
  );
  // What the machines report: problems become toasts; placed and cancelled orders reach the list
  // at once (the push follows) and move the balances.
  useEffect(() => {
    const subscriptions = [
      entry.on('problem', ({ code }) => toasts.show('error', t(`trade.${code}`))),
      entry.on('placed', ({ order }) => orders.send({ type: 'ORDER', order })),
      orders.on('cancelled', () => entry.send({ type: 'REFRESH_BALANCES' })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [entry, orders, toasts, t]);

  // The pair or the session changed: both machines start over on it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    entry.send({ type: 'PAIR', pair: spotPairOf(pair) });
    orders.send({ type: 'PAIR', matchId: pair.id });
  }, [pair, entry, orders]);
  const signedInBefore = useRef(signedIn);
  useEffect(() => {
    if (signedInBefore.current === signedIn) return;
    signedInBefore.current = signedIn;
    entry.send({ type: 'SIGNED_IN', signedIn });
    orders.send({ type: 'SIGNED_IN', signedIn });
  }, [signedIn, entry, orders]);

  // The owner's pushes: orders change in the panel, and balances move with every fill.
  useEffect(() => {
    if (!signedIn) return undefined;
    const subscription = orderPushes$(socket).subscribe(({ order }) => {
      orders.send({ type: 'ORDER', order });
      entry.send({ type: 'REFRESH_BALANCES' });
    });
    return () => subscription.unsubscribe();
  }, [signedIn, socket, orders, entry]);

  const feeds = useMemo(() => {
    const deal$ = dealSnapshot$(api, pair.id);
    return {
      deal$,
      depth$: depthFeed$(socket, pair.symbol, deal$).pipe(share()),
      tape$: tapeFeed$(socket, pair.symbol, deal$).pipe(share()),
    };
  }, [api, socket, pair.id, pair.symbol]);

  // Market mode prices follow the best opposite price, sampled once per frame.
  useEffect(() => {
    const subscription = frameSampled(feeds.depth$)
      .pipe(
        map(({ value }) => bestPrices(value)),
        distinctUntilChanged((a, b) => a.bid === b.bid && a.ask === b.ask),
      )
      .subscribe((best) => entry.send({ type: 'BEST', ...best }));
    return () => subscription.unsubscribe();
  }, [feeds, entry]);

  const own = useSelector(orders, (snapshot) => snapshot.context.own);
  const priceDecimals = pair.priceDecimals ?? 4;
  const loginHref = `/login?redirect=${encodeURIComponent(tradeHref(pair.symbol))}`;

  return (
    <div className="trade-page" data-testid="trade-page">
      <div className="trade-col">
        <PairList activeId={pair.id} onSelect={(row) => setParams({ symbol: row.symbol })} />
        <RecentTrades
          key={`tape-${pair.id}`}
          tape$={feeds.tape$}
          priceDecimals={priceDecimals}
          base={pair.base}
          quote={pair.quote}
        />
      </div>
      <div className="trade-col">
        <MarketHeader pairId={pair.id} base={pair.base} quote={pair.quote} logo={pair.logo} />
        <KlineChart key={`chart-${pair.id}`} matchId={pair.id} symbol={pair.symbol} deal$={feeds.deal$} />
        <OrderForms
          entry={entry}
          base={pair.base}
          quote={pair.quote}
          priceDecimals={priceDecimals}
          signedIn={signedIn}
          loginHref={loginHref}
        />
      </div>
      <div className="trade-col">
        <OrderBook
          key={`book-${pair.id}`}
          depth$={feeds.depth$}
          tape$={feeds.tape$}
          priceDecimals={priceDecimals}
          base={pair.base}
          quote={pair.quote}
          own={own}
          onPick={(price) => entry.send({ type: 'PICK_PRICE', price })}
        />
      </div>
      <OrdersPanel orders={orders} signedIn={signedIn} loginHref={loginHref} />
    </div>
  );
}
