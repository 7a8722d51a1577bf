import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { resolveLanguage } from '../../../domain/languages.ts';
import { usesDecimalComma } from '../../../domain/number-entry.ts';
import { choosePair } from '../../../domain/spot/pair-list.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import { LOADING, type Loadable } from '../../../streams/loadable.ts';
import type { TradePair } from '../../../streams/queries/trade-pairs.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useServices } from '../../services-context.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useObservable } from '../../use-observable.ts';
import { useSignedIn } from '../../use-session.ts';
import { MarketHeader } from '../trade/MarketHeader.tsx';
import { RecentTrades } from '../trade/RecentTrades.tsx';
import { MicroChart } from './MicroChart.tsx';
import { MicroContracts } from './MicroContracts.tsx';
import { MicroOrderPanel } from './MicroOrderPanel.tsx';
import { MicroPairTabs } from './MicroPairTabs.tsx';
import '../../components/components.css';
import '../trade/trade.css';
import './micro.css';

/**
 * Spec §2 "Micro (second)": pair tabs; the pair's live price and 24 h change (the spot screen's
 * header); the pair's chart with its last price and the running contracts drawn on it; the order
 * panel; the in-progress and closed contracts with their countdown and, once closed, their proof;
 * and the public tape they open and settle on (the spot screen's recent trades). The pair comes from ?symbol=, else the one
 * last chosen here (microPair), else the first open for micro trading.
 */
export default function MicroPage() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const pairs = useObservable<Loadable<readonly TradePair[]>>(queries.micro.pairs$, LOADING);
  const [params] = useSearchParams();
  const pair = useMemo(
    () =>
      choosePair(pairs.status === 'ready' ? pairs.data : [], {
        symbol: params.get('symbol'),
        id: null,
        stored: readPref('microPair'),
      }),
    [pairs, params],
  );
  useEffect(() => {
    if (pair) writePref('microPair', pair.symbol);
  }, [pair]);

  if (pairs.status === 'failed')
    return (
      <div className="trade-unavailable">
        <EmptyState title={t('trade.unavailable')} />
      </div>
    );
  if (!pair || pairs.status !== 'ready') return <div className="page-loading" aria-busy="true" />;
  return <MicroScreen pair={pair} pairs={pairs.data} />;
}

/** One pair's screen: the screen machine runs here and every panel renders a part of it. */
function MicroScreen({ pair, pairs }: { pair: TradePair; pairs: readonly TradePair[] }) {
  const { t } = useTranslation();
  const { machines, queries } = useServices();
  const signedIn = useSignedIn();
  const [, setParams] = useSearchParams();
  // A language change reloads the page (spec §1), so the language read at start is the one shown.
  const decimalComma = usesDecimalComma(resolveLanguage(readPref('lang')));
  const screen = useActorRef(machines.trading.micro, {
    input: { matchId: pair.id, signedIn, decimalComma },
  });
  useEffect(() => screen.send({ type: 'PAIR', matchId: pair.id }), [pair, screen]);
  const feeds = useMemo(() => queries.trade.market(pair), [queries, pair]);
  const form = useSelector(screen, (s) => s.context.form);
  const priceDecimals = pair.priceDecimals ?? 4;

  return (
    <div className="micro-page" data-testid="micro-page">
      <h1 className="visually-hidden">{t('micro.title')}</h1>
      <MicroPairTabs
        pairs={pairs}
        activeId={pair.id}
        onChoose={(each) => setParams({ symbol: each.symbol })}
      />
      <MarketHeader pairId={pair.id} base={pair.base} quote={pair.quote} logo={pair.logo} />
      <div className="micro-main">
        <MicroChart
          screen={screen}
          matchId={pair.id}
          symbol={pair.symbol}
          priceDecimals={priceDecimals}
          deal$={feeds.deal$}
        />
        {signedIn ? (
          <MicroOrderPanel form={form} symbol={pair.symbol} />
        ) : (
          <section className="trade-panel micro-form">
            <p className="form-auth">
              <Link to={`/login?redirect=${encodeURIComponent('/second')}`} className="btn btn-primary">
                {t('micro.login')}
              </Link>
              <Link to="/register" className="btn">
                {t('micro.register')}
              </Link>
            </p>
          </section>
        )}
      </div>
      <div className="micro-lower">
        {signedIn ? <MicroContracts screen={screen} /> : null}
        <RecentTrades
          key={`tape-${pair.id}`}
          tape$={feeds.tape$}
          priceDecimals={priceDecimals}
          base={pair.base}
          quote={pair.quote}
        />
      </div>
    </div>
  );
}
