import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAVOURITES_TAB, listedPairs, toggleFavourite } from '../../../domain/spot/pair-list.ts';
import { readFavourites, writeFavourites } from '../../../machines/spot-favourites.ts';
import type { MarketRow } from '../../../streams/quotes-store.ts';
import { PairName } from '../../components/CoinIcon.tsx';
import { PriceChange } from '../../components/PriceChange.tsx';
import { quoteFieldText } from '../../components/quote-fields.ts';
import { useSlowQuotes } from './use-slow-quotes.ts';
import { useNumberText } from '../../use-number-text.ts';

/**
 * The pair list (spec §2): a tab per quote currency plus starred pairs, a search box, and the
 * pairs open for spot trading with their live price and change. The pair on screen is marked.
 * It reads the app's live quotes table itself, so their updates stay inside this panel.
 */
export function PairList({ activeId, onSelect }: { activeId: number; onSelect: (row: MarketRow) => void }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  // The live quotes re-render this list (a few times a second), not the whole screen.
  const quotes = useSlowQuotes();
  const active = quotes.rows.get(activeId);
  const [tab, setTab] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [favourites, setFavourites] = useState(readFavourites);
  const shownTab = tab ?? active?.quote ?? quotes.groups[0]?.code ?? FAVOURITES_TAB;
  const tabs = [FAVOURITES_TAB, ...quotes.groups.map((group) => group.code)];
  const rows = useMemo(
    () =>
      listedPairs(
        quotes.groups.flatMap((group) =>
          group.rowIds.map((id) => quotes.rows.get(id)).filter((row) => row !== undefined),
        ),
        shownTab,
        query,
        favourites,
      ),
    [quotes, shownTab, query, favourites],
  );

  function star(id: number): void {
    const next = toggleFavourite(favourites, id);
    setFavourites(next);
    writeFavourites(next);
  }

  return (
    <section
      className={quotes.status === 'kept' ? 'trade-panel pairs quotes-kept' : 'trade-panel pairs'}
      aria-labelledby="pairs-title"
      data-testid="pair-list"
      data-quotes={quotes.status}
    >
      <h2 id="pairs-title" className="visually-hidden">
        {t('trade.pairs.title')}
      </h2>
      <label className="pairs-search">
        <svg
          aria-hidden="true"
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="visually-hidden">{t('trade.pairs.search')}</span>
        <input
          type="search"
          value={query}
          placeholder={t('trade.pairs.search')}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="pair-search"
        />
      </label>
      <div className="pairs-tabs" role="tablist" aria-label={t('trade.pairs.tabs')}>
        {tabs.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={code === shownTab}
            className={code === shownTab ? 'active' : ''}
            onClick={() => setTab(code)}
            data-testid={`pair-tab-${code === FAVOURITES_TAB ? 'favourites' : code}`}
          >
            {code === FAVOURITES_TAB ? (
              <StarIcon filled={code === shownTab} label={t('trade.pairs.favourites')} />
            ) : (
              code
            )}
          </button>
        ))}
      </div>
      <div className="pairs-columns" aria-hidden="true">
        <span>{t('trade.pairs.pair')}</span>
        <span>{t('trade.pairs.price')}</span>
        <span>{t('trade.pairs.change')}</span>
      </div>
      <ul className="pairs-rows" aria-label={t('trade.pairs.title')}>
        {rows.map((row) => (
          <li key={row.id} className={row.id === activeId ? 'active' : ''}>
            <button
              type="button"
              className="pairs-star"
              aria-pressed={favourites.has(row.id)}
              aria-label={t(favourites.has(row.id) ? 'trade.pairs.unstar' : 'trade.pairs.star', {
                symbol: row.symbol,
              })}
              onClick={() => star(row.id)}
            >
              <StarIcon filled={favourites.has(row.id)} />
            </button>
            <button
              type="button"
              className="pairs-row"
              aria-current={row.id === activeId ? 'true' : undefined}
              onClick={() => onSelect(row)}
              data-testid={`pair-${row.symbol}`}
              data-pair-id={row.id}
            >
              <PairName base={row.base} quote={row.quote} />
              {/* Figures named as quote fields: a held page's painter writes them (quote-fields.ts). */}
              <span className="num" data-quote-field="close">
                {quoteFieldText(numbers, row, 'close').text}
              </span>
              <PriceChange change={row.change} field="change" />
            </button>
          </li>
        ))}
        {rows.length === 0 && (
          <li className="pairs-empty">
            {t(
              shownTab === FAVOURITES_TAB && query === ''
                ? 'trade.pairs.noFavourites'
                : 'trade.pairs.noMatch',
            )}
          </li>
        )}
      </ul>
    </section>
  );
}

function StarIcon({ filled, label }: { filled: boolean; label?: string }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={filled ? 'star filled' : 'star'}
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}
