import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME_QUOTE, selectGainers, selectHomeRows } from '../../../domain/home-table.ts';
import { allRows, showsFigures, type QuotesState } from '../../../streams/quotes-store.ts';
import { CoinIcon, PairName } from '../../components/CoinIcon.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LivePrice } from '../../components/LivePrice.tsx';
import { MarketTableRow, QuoteCells, TradeCell } from '../../components/MarketTableRow.tsx';
import { PriceChange } from '../../components/PriceChange.tsx';
import { tradeHref } from '../../components/links.ts';
import { useKeptAsOf, useKeptNoteProps } from '../../components/use-kept-as-of.ts';

/**
 * Spec §9 home table: BTC, ETH, TRX, DOT and BIB against USDT, by change, largest first, each
 * with a Trade button opening that pair.
 */
export function HomeMarketTable({ quotes }: { quotes: QuotesState }) {
  const { t } = useTranslation();
  const rows = useMemo(() => selectHomeRows(allRows(quotes)), [quotes]);
  const keptAsOf = useKeptAsOf(quotes);
  const keptNote = useKeptNoteProps();

  return (
    <section className="home-section" aria-labelledby="home-markets-title">
      <div className="section-head">
        <div>
          <h2 id="home-markets-title">{t('home.markets.title')}</h2>
          {/* Kept quotes say so where the subtitle would call them live. */}
          <p data-testid={keptAsOf === null ? undefined : 'kept-quotes-note'} {...keptNote}>
            {keptAsOf ?? t('home.markets.subtitle', { quote: HOME_QUOTE })}
          </p>
        </div>
        <Link className="section-link" to="/markets">
          {t('home.markets.viewAll')}
          <Arrow />
        </Link>
      </div>
      <div className="panel home-table-panel">
        <table
          className={quotes.status === 'kept' ? 'mkt-table home-table quotes-kept' : 'mkt-table home-table'}
          data-testid="home-table"
          data-quotes={quotes.status}
          aria-busy={quotes.status === 'loading' || quotes.status === 'kept'}
        >
          <thead>
            <tr>
              <th scope="col" className="align-start">
                {t('markets.col.pair')}
              </th>
              <th scope="col">{t('markets.col.price')}</th>
              <th scope="col">{t('markets.col.change')}</th>
              <th scope="col">{t('markets.col.high')}</th>
              <th scope="col">{t('markets.col.low')}</th>
              <th scope="col">{t('markets.col.volume')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('markets.col.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.status === 'loading' &&
              [0, 1, 2, 3, 4].map((index) => (
                <tr key={index} aria-hidden="true" className="skeleton-row">
                  <td className="align-start">
                    <span className="skeleton" style={{ width: 120, height: 16 }} />
                  </td>
                  {[90, 70, 80, 80, 60, 64].map((width, cell) => (
                    <td key={cell}>
                      <span className="skeleton" style={{ width, height: 14 }} />
                    </td>
                  ))}
                </tr>
              ))}
            {rows.map((row) => (
              <MarketTableRow key={row.id} row={row} testId="home-row">
                <td className="align-start">
                  <div className="cell-pair">
                    <CoinIcon code={row.base} logo={row.logo} size={30} />
                    <PairName base={row.base} quote={row.quote} />
                  </div>
                </td>
                <QuoteCells row={row} />
                <TradeCell symbol={row.symbol} className="btn btn-sm btn-primary" testId="home-trade" />
              </MarketTableRow>
            ))}
            {quotes.status !== 'loading' && rows.length === 0 && (
              <tr>
                <td colSpan={7} className="markets-empty">
                  <EmptyState title={t('markets.unavailable')}>
                    <p>{t('markets.unavailableHint')}</p>
                  </EmptyState>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The hero's live card: the biggest 24 h gainers of every market. */
export function GainersCard({ quotes }: { quotes: QuotesState }) {
  const { t } = useTranslation();
  const rows = useMemo(() => selectGainers(allRows(quotes), 5), [quotes]);
  return (
    <section
      className={quotes.status === 'kept' ? 'hero-card panel quotes-kept' : 'hero-card panel'}
      aria-labelledby="gainers-title"
      data-testid="home-gainers"
    >
      <div className="hero-card-head">
        <h2 id="gainers-title">{t('home.gainers.title')}</h2>
        <Link to="/markets" className="section-link">
          {t('home.gainers.more')}
          {/* "More" alone does not say where it leads (screen readers list links out of context). */}
          <span className="visually-hidden">: {t('home.gainers.title')}</span>
          <Arrow />
        </Link>
      </div>
      <ol className="gainers-list">
        {rows.map((row, index) => (
          <li key={row.id}>
            <Link to={tradeHref(row.symbol)}>
              <span className="gainer-rank num" aria-hidden="true">
                {index + 1}
              </span>
              <CoinIcon code={row.base} logo={row.logo} size={24} />
              <PairName base={row.base} quote={row.quote} />
              <LivePrice
                value={row.close}
                decimals={row.priceDecimals}
                tick={row.tick}
                tickSeq={row.tickSeq}
              />
              <PriceChange change={row.change} variant="pill" />
            </Link>
          </li>
        ))}
        {quotes.status === 'loading' &&
          [0, 1, 2, 3, 4].map((index) => (
            <li key={index} aria-hidden="true" className="gainer-skeleton">
              <span className="skeleton skeleton-text" />
            </li>
          ))}
      </ol>
      {quotes.status === 'unavailable' && rows.length === 0 && (
        <p className="hero-card-empty">{t('markets.unavailable')}</p>
      )}
      {showsFigures(quotes.status) && rows.length === 0 && (
        <p className="hero-card-empty">{t('markets.noGainers')}</p>
      )}
    </section>
  );
}

export function Arrow() {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}
