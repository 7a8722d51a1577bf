import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { resolveLanguage } from '../../../domain/languages.ts';
import { usesDecimalComma } from '../../../domain/number-entry.ts';
import { choosePair } from '../../../domain/spot/pair-list.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import { type LeverPair } from '../../../machines/lever-screen.machine.ts';
import { LOADING, type Loadable } from '../../../streams/loadable.ts';
import type { TradePair } from '../../../streams/queries/trade-pairs.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PriceChange } from '../../components/PriceChange.tsx';
import { useServices } from '../../services-context.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useObservable } from '../../use-observable.ts';
import { useSignedIn } from '../../use-session.ts';
import { useMediaQuery } from '../home/use-media-query.ts';
import { NO_MARKS } from '../trade/chart-marks.ts';
import { KlineChart } from '../trade/KlineChart.tsx';
import { MarketHeader } from '../trade/MarketHeader.tsx';
import { OrderBook } from '../trade/OrderBook.tsx';
import { useSlowQuotes } from '../trade/use-slow-quotes.ts';
import { LeverForm } from './LeverForm.tsx';
import { LeverPositions } from './LeverPositions.tsx';
import { LeverSheet } from './LeverSheet.tsx';
import { LeverSummary } from './LeverSummary.tsx';
import { chartRowsMemo, leverChartMarks, leverMarksKeyOf } from './lever-chart-marks.ts';
import { useLeverLineDrag } from './use-lever-line-drag.ts';
import '../../components/components.css';
import '../trade/trade.css';
import './lever.css';
import { useNumberText } from '../../use-number-text.ts';

/** Below this width /lever is a phone screen: one market view at a time behind tabs. */
const PHONE_LEVER_QUERY = '(max-width: 899px)';
const NO_OWN = new Map();

function leverPairOf(pair: TradePair): LeverPair {
  return { matchId: pair.id, quoteCurrencyId: pair.quoteCurrencyId, priceDecimals: pair.priceDecimals ?? 4 };
}

/**
 * Spec §2 "Lever": the pairs open for lever (code, last price, change %), the chart and
 * the order book of the pair, the order form (market or fixed price, lots, multiple, take-profit and
 * stop-loss, long and short with a confirm), the lever account summary painted live from the market,
 * and the positions panel. The page renders the screen machine's children and sends it events. The
 * pair comes from ?symbol=, else the one last chosen here (leverPair), else the first.
 */
export default function LeverPage() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const pairs = useObservable<Loadable<readonly TradePair[]>>(queries.lever.pairs$, LOADING);
  const [params] = useSearchParams();
  const pair = useMemo(
    () =>
      choosePair(pairs.status === 'ready' ? pairs.data : [], {
        symbol: params.get('symbol'),
        id: null,
        stored: readPref('leverPair'),
      }),
    [pairs, params],
  );
  useEffect(() => {
    if (pair) writePref('leverPair', pair.symbol);
  }, [pair]);

  if (pairs.status === 'failed' || (pairs.status === 'ready' && pairs.data.length === 0))
    return (
      <div className="trade-unavailable">
        <EmptyState title={t('trade.unavailable')} />
      </div>
    );
  if (!pair || pairs.status !== 'ready') return <div className="page-loading" aria-busy="true" />;
  return <LeverScreen pair={pair} pairs={pairs.data} />;
}

type PhoneView = 'chart' | 'book' | 'pairs';

function LeverScreen({ pair, pairs }: { pair: TradePair; pairs: readonly TradePair[] }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { machines, queries } = useServices();
  const signedIn = useSignedIn();
  const [, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE_LEVER_QUERY);
  const [view, setView] = useState<PhoneView>('chart');
  // Phones: the order form opens in a bottom sheet from the Long / Short bar, as /trade does.
  const [sheet, setSheet] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const closeSheet = () => {
    setSheet(false);
    opener.current?.focus();
  };
  // A language change reloads the page (spec §1), so the language read at start is the one shown.
  const decimalComma = usesDecimalComma(resolveLanguage(readPref('lang')));
  const screen = useActorRef(machines.trading.lever, {
    input: { pair: leverPairOf(pair), signedIn, decimalComma },
  });
  useEffect(() => screen.send({ type: 'PAIR', pair: leverPairOf(pair) }), [pair, screen]);
  const feeds = useMemo(() => queries.trade.market(pair), [queries, pair]);
  // The last trade price, at most once per frame (the screen machine follows the same feed itself).
  const last$ = useMemo(() => queries.trade.lastPrice$(pair.id), [queries, pair.id]);
  const { form, positions } = screen.getSnapshot().context;
  // A placed order closes the sheet: the new position shows in the panel behind it.
  useEffect(() => {
    const subscription = form.on('placed', () => setSheet(false));
    return () => subscription.unsubscribe();
  }, [form]);

  const live = useSelector(screen, (s) => s.context.live?.account ?? null);
  const priceDecimals = pair.priceDecimals ?? 4;
  // The chart's lines: rebuilt only when one moved (leverMarksKey), never on a PnL tick.
  // The key is worked out once per new open list, not on each snapshot (a frame's last price is one),
  // and the page re-renders only when it changes.
  const keyOf = useMemo(() => leverMarksKeyOf(pair.id, priceDecimals), [pair.id, priceDecimals]);
  const chartRowsOf = useMemo(() => chartRowsMemo(), []);
  const marksKey = useSelector(positions, (s) => keyOf(chartRowsOf(s.context)));
  const words = useMemo(
    () => ({
      long: t('lever.long'),
      short: t('lever.short'),
      entry: t('lever.mark.entry'),
      tp: t('lever.mark.tp'),
      sl: t('lever.mark.sl'),
      liquidation: t('lever.mark.liquidation'),
      order: t('lever.mark.order'),
      closeOrder: (lots: string) => t('lever.mark.closeOrder', { lots }),
      quote: pair.quote,
    }),
    [t, pair.quote],
  );
  const marks = useMemo(
    () =>
      // The key stands for the open list's lines: the marks follow it, not the list's identity.
      marksKey === ''
        ? NO_MARKS
        : leverChartMarks(
            chartRowsOf(positions.getSnapshot().context),
            pair.id,
            priceDecimals,
            words,
            numbers,
          ),
    [marksKey, chartRowsOf, positions, pair.id, priceDecimals, words, numbers],
  );
  const lineDrag = useLeverLineDrag(positions, priceDecimals, words, numbers);
  const onSelect = (symbol: string) => {
    setParams({ symbol });
    setView('chart');
  };
  const header = <MarketHeader pairId={pair.id} base={pair.base} quote={pair.quote} logo={pair.logo} />;
  const chart = (
    <section className="trade-panel lever-chart" aria-label={t('trade.chart.title')}>
      <KlineChart
        key={`chart-${pair.id}`}
        matchId={pair.id}
        symbol={pair.symbol}
        deal$={feeds.deal$}
        marks={marks}
        lineDrag={signedIn ? lineDrag : undefined}
      />
    </section>
  );
  const book = (
    <OrderBook
      key={`book-${pair.id}`}
      depth$={feeds.depth$}
      tape$={feeds.tape$}
      priceDecimals={priceDecimals}
      base={pair.base}
      quote={pair.quote}
      own={NO_OWN}
      onPick={(price) => {
        form.send({ type: 'MODE', mode: 'fixed' });
        form.send({ type: 'PRICE', text: price });
      }}
    />
  );
  const list = <LeverPairList pairs={pairs} activeId={pair.id} onSelect={onSelect} />;
  const summary = <LeverSummary form={form} positions={positions} live={live} last$={last$} />;
  const orderForm = signedIn ? (
    <LeverForm form={form} base={pair.base} quote={pair.quote} symbol={pair.symbol} />
  ) : (
    <section className="trade-panel lever-form">
      <p className="form-auth">
        <Link to={`/login?redirect=${encodeURIComponent('/lever')}`} className="btn btn-primary">
          {t('lever.login')}
        </Link>
      </p>
    </section>
  );
  const positionsPanel = signedIn ? (
    <LeverPositions
      positions={positions}
      last$={last$}
      matchId={pair.id}
      priceDecimals={priceDecimals}
      base={pair.base}
      quote={pair.quote}
    />
  ) : null;

  if (phone) {
    const views: Record<PhoneView, ReactNode> = { chart, book, pairs: list };
    return (
      <div className="lever-page lever-phone" data-testid="lever-page" data-layout="phone">
        <h1 className="visually-hidden">{t('lever.title')}</h1>
        {header}
        <section className="trade-panel lever-views">
          <div className="mode-tabs lever-view-tabs" role="tablist" aria-label={t('trade.phone.views')}>
            {(['chart', 'book', 'pairs'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={view === name}
                className={view === name ? 'active' : ''}
                onClick={() => setView(name)}
                data-testid={`lever-view-${name}`}
              >
                {t(`trade.phone.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" className={`lever-view lever-view-${view}`}>
            {views[view]}
          </div>
        </section>
        {summary}
        {signedIn ? null : orderForm}
        {positionsPanel}
        {signedIn ? (
          <div className="phone-actions lever-phone-actions">
            {(['long', 'short'] as const).map((side) => (
              <button
                key={side}
                type="button"
                className={`btn form-submit lever-${side}`}
                aria-haspopup="dialog"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setSheet(true);
                }}
                data-testid={`lever-phone-${side}`}
              >
                {t(`lever.${side}`)}
              </button>
            ))}
          </div>
        ) : null}
        {sheet ? <LeverSheet onClose={closeSheet}>{orderForm}</LeverSheet> : null}
      </div>
    );
  }
  return (
    <div className="lever-page" data-testid="lever-page" data-layout="wide">
      <h1 className="visually-hidden">{t('lever.title')}</h1>
      <div className="lever-col lever-col-pairs">{list}</div>
      <div className="lever-col lever-col-main">
        {header}
        {chart}
        {positionsPanel}
      </div>
      <div className="lever-col lever-col-side">
        {summary}
        {orderForm}
        {book}
      </div>
    </div>
  );
}

/** Spec §2 Lever: the pairs open for lever, each with its last price and change, the one on screen marked. */
function LeverPairList({
  pairs,
  activeId,
  onSelect,
}: {
  pairs: readonly TradePair[];
  activeId: number;
  onSelect: (symbol: string) => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const quotes = useSlowQuotes();
  return (
    <section
      className={quotes.status === 'kept' ? 'trade-panel lever-pairs quotes-kept' : 'trade-panel lever-pairs'}
      aria-labelledby="lever-pairs-title"
      data-testid="lever-pairs"
    >
      <h2 id="lever-pairs-title" className="lever-heading">
        {t('lever.pairs')}
      </h2>
      <ul className="lever-pair-list">
        {pairs.map((each) => {
          const row = quotes.rows.get(each.id);
          return (
            <li key={each.id}>
              <button
                type="button"
                aria-current={each.id === activeId ? 'true' : undefined}
                className={each.id === activeId ? 'lever-pair active' : 'lever-pair'}
                onClick={() => onSelect(each.symbol)}
                data-testid={`lever-pair-${each.symbol}`}
              >
                <span className="lever-pair-symbol">{each.symbol}</span>
                <span className="num lever-pair-price">
                  {row ? numbers.price(row.close, row.priceDecimals) : '—'}
                </span>
                {row ? <PriceChange change={row.change} /> : <span />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
