import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { resolveLanguage } from '../../../domain/languages.ts';
import { usesDecimalComma } from '../../../domain/number-entry.ts';
import { choosePair } from '../../../domain/spot/pair-list.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import type { SpotPair } from '../../../machines/spot-entry.machine.ts';
import type { TradePair } from '../../../streams/queries/trade-pairs.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { parseIdParam, parseMomentParam, parsePriceParam, tradeHref } from '../../components/links.ts';
import { useServices } from '../../services-context.ts';
import { useSignedIn } from '../../use-session.ts';
import { useMediaQuery } from '../home/use-media-query.ts';
import { fullLabel } from '../../../domain/spot/chart-time.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';
import type { ChartMarks } from './chart-marks.ts';
import { KlineChart } from './KlineChart.tsx';
import { spotOrderMarks } from './spot-order-marks.ts';
import { MarketHeader } from './MarketHeader.tsx';
import { PriceAlertButton } from './alerts/PriceAlerts.tsx';
import { OrderBook } from './OrderBook.tsx';
import { OrderForms } from './OrderForms.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PairList } from './PairList.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { TradeShortcuts } from './TradeShortcuts.tsx';
import { PHONE_TRADE_QUERY, TradePhone } from './TradePhone.tsx';
import { TradeFrame } from './TradeFrame.tsx';
import { useTradePairs } from './use-trade-pairs.ts';
import { useNumberText } from '../../use-number-text.ts';
import '../../components/components.css';
import './trade.css';

function spotPairOf(pair: TradePair): SpotPair {
  return {
    matchId: pair.id,
    baseCurrencyId: pair.baseCurrencyId,
    quoteCurrencyId: pair.quoteCurrencyId,
    priceDecimals: pair.priceDecimals,
    quantityDecimals: pair.quantityDecimals,
    ...(pair.priceBand ? { priceBand: pair.priceBand } : {}),
    ...(pair.minNotional === undefined ? {} : { minNotional: pair.minNotional }),
  };
}

/**
 * Spec §2 "Spot trade", full width: pairs on the left; the market header, the chart and the order
 * forms in the middle; the order book and recent trades on the right; the orders panel below. On a
 * phone (TradePhone.tsx) the same panels sit behind tabs and the forms open in a bottom sheet. The
 * pair comes from ?symbol= or ?id=, else the one last chosen here (spotPair), else the first.
 * Until the pairs are in, the screen's frame stands in its place (TradeFrame.tsx).
 */
export default function TradePage() {
  const { t } = useTranslation();
  const pairs = useTradePairs();
  const [params, setParams] = useSearchParams();
  const pair = useMemo(
    () =>
      choosePair(pairs.status === 'ready' ? pairs.data : [], {
        symbol: params.get('symbol'),
        id: parseIdParam(params.get('id')),
        stored: readPref('spotPair'),
      }),
    [pairs, params],
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
  // Until the pairs' trading details are in, the screen's frame with the quotes already known
  // (the prerendered page's, or the kept ones): never a blank page (TradeFrame.tsx).
  if (!pair) return <TradeFrame onSelect={(row) => setParams({ symbol: row.symbol })} />;
  return (
    <TradeScreen
      pair={pair}
      at={parseMomentParam(params.get('at'))}
      from={parseMomentParam(params.get('from'))}
      price={parsePriceParam(params.get('price'))}
    />
  );
}

/**
 * `at` (?at=, ms) is the moment a link points at, e.g. the trade that settled a micro contract: the
 * chart opens with it in view and marked, so its price can be checked against the candles. `from`
 * (?from=, ms, only with `at`) is where that span began, e.g. the contract's opening trade: marked
 * too, by a plain line, so the two moments read as one span and the labels never sit on each other.
 * `price` (?price=, only with `at`) is the price of the trade at `at`, e.g. the one that closed a lever
 * position: drawn as a labelled line, so the trade is marked where it printed, not only when.
 */
function TradeScreen({
  pair,
  at,
  from,
  price,
}: {
  pair: TradePair;
  at: number | null;
  from: number | null;
  price: string | null;
}) {
  const { t } = useTranslation();
  const { machines, queries, toasts } = useServices();
  // A language change reloads the page (spec §1), so the language read at start is the one shown.
  const decimalComma = usesDecimalComma(resolveLanguage(readPref('lang')));
  const signedIn = useSignedIn();
  const [, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE_TRADE_QUERY);

  const screen = useActorRef(machines.trading.spot, {
    input: { pair: spotPairOf(pair), signedIn, decimalComma },
  });
  const { entry, orders } = screen.getSnapshot().context;

  // The form's problems, and cancels refused while the backend is away, are the page's to show.
  useEffect(() => {
    const subscriptions = [
      entry.on('problem', ({ code, max }) => toasts.show('error', t(`trade.${code}`, { max }))),
      orders.on('refused', () => toasts.show('error', t('trade.unreachable'))),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [entry, orders, toasts, t]);

  // What the page knows and the screen needs: the pair in the address (the session reaches it as an actor).
  useEffect(() => screen.send({ type: 'PAIR', pair: spotPairOf(pair) }), [pair, screen]);

  const feeds = useMemo(() => queries.trade.market(pair), [queries, pair]);

  const own = useSelector(orders, (snapshot) => snapshot.context.own);
  const { zone } = useTimeZone();
  const numbers = useNumberText();
  const priceDecimals = pair.priceDecimals ?? 4;
  // The user's open orders as lines at their price; a proof link's moment and price instead, alone.
  const marks = useMemo<ChartMarks | undefined>(
    () =>
      at === null
        ? spotOrderMarks(
            own,
            priceDecimals,
            { buy: t('trade.orders.buy'), sell: t('trade.orders.sell') },
            numbers,
          )
        : {
            prices:
              price === null
                ? []
                : [
                    {
                      id: 'at-price',
                      price: Number(price),
                      label: numbers.exact(price),
                      tone: 'entry' as const,
                    },
                  ],
            moments: [
              ...(from !== null && from <= at
                ? [{ id: 'from', time: from, label: '', tone: 'neutral' as const }]
                : []),
              { id: 'at', time: at, label: fullLabel(at, zone), tone: 'entry' },
            ],
          },
    [at, from, price, zone, numbers, own, priceDecimals, t],
  );
  const loginHref = `/login?redirect=${encodeURIComponent(tradeHref(pair.symbol))}`;

  const onSelect = (row: { symbol: string }) => setParams({ symbol: row.symbol });
  const pairs = <PairList activeId={pair.id} onSelect={onSelect} />;
  const tape = (
    <RecentTrades
      key={`tape-${pair.id}`}
      tape$={feeds.tape$}
      priceDecimals={priceDecimals}
      base={pair.base}
      quote={pair.quote}
    />
  );
  const header = (
    <MarketHeader
      pairId={pair.id}
      base={pair.base}
      quote={pair.quote}
      logo={pair.logo}
      actions={
        signedIn ? (
          <PriceAlertButton pairId={pair.id} symbol={pair.symbol} priceDecimals={priceDecimals} />
        ) : undefined
      }
    />
  );
  const chart = (
    <KlineChart
      key={`chart-${pair.id}`}
      matchId={pair.id}
      symbol={pair.symbol}
      deal$={feeds.deal$}
      marks={marks}
      focusTime={at ?? undefined}
      fill={!phone}
    />
  );
  const forms = (
    <OrderForms
      entry={entry}
      base={pair.base}
      quote={pair.quote}
      feePercent={pair.feePercent}
      signedIn={signedIn}
      loginHref={loginHref}
    />
  );
  const book = (
    <OrderBook
      key={`book-${pair.id}`}
      depth$={feeds.depth$}
      tape$={feeds.tape$}
      priceDecimals={priceDecimals}
      base={pair.base}
      quote={pair.quote}
      own={own}
      onPick={(price) => entry.send({ type: 'PICK_PRICE', price })}
      asOf$={feeds.bookAsOf$}
    />
  );
  const ordersPanel = <OrdersPanel orders={orders} signedIn={signedIn} loginHref={loginHref} />;

  if (phone) {
    return (
      <TradePhone
        pairKey={pair.id}
        header={header}
        views={{ chart, book, trades: tape, pairs }}
        forms={forms}
        orders={ordersPanel}
      />
    );
  }
  // Wide screens: three columns. Between a tablet and a laptop (trade.css) the columns dissolve
  // into a two-column grid of the same panels.
  return (
    <div className="trade-page" data-testid="trade-page" data-layout="wide">
      <div className="trade-col">
        {pairs}
        {tape}
      </div>
      <div className="trade-col">
        {header}
        {chart}
        {forms}
      </div>
      <div className="trade-col">{book}</div>
      {ordersPanel}
      <TradeShortcuts entry={entry} orders={orders} signedIn={signedIn} base={pair.base} quote={pair.quote} />
    </div>
  );
}
