import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NO_VALUE } from '../../../domain/format.ts';
import { marketBreadth, selectGainers, selectLosers } from '../../../domain/home-table.ts';
import {
  filterRows,
  SEARCH_MAX_LENGTH,
  showsSearchCounter,
  sortRows,
  toggleSort,
  type SortKey,
  type SortState,
} from '../../../domain/market-sort.ts';
import {
  allRows,
  groupRows,
  showsFigures,
  type MarketGroup,
  type MarketRow,
  type QuotesState,
} from '../../../streams/quotes-store.ts';
import { CoinIcon, PairName } from '../../components/CoinIcon.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { MarketTableRow, QuoteCells, TradeCell } from '../../components/MarketTableRow.tsx';
import { PriceChange } from '../../components/PriceChange.tsx';
import { SortHeader } from '../../components/SortHeader.tsx';
import { tradeHref } from '../../components/links.ts';
import { useKeptAsOf, useKeptNoteProps } from '../../components/use-kept-as-of.ts';
import { useQuotes } from '../../components/use-quotes.ts';
import './markets.css';
import { useNumberText } from '../../use-number-text.ts';
import { useTypedBeforeApp } from '../../use-typed-before-app.ts';

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; align: 'start' | 'end' }> = [
  { key: 'pair', label: 'markets.col.pair', align: 'start' },
  { key: 'price', label: 'markets.col.price', align: 'end' },
  { key: 'change', label: 'markets.col.change', align: 'end' },
  { key: 'high', label: 'markets.col.high', align: 'end' },
  { key: 'low', label: 'markets.col.low', align: 'end' },
  { key: 'volume', label: 'markets.col.volume', align: 'end' },
];

/** The search text as the field keeps it: at most SEARCH_MAX_LENGTH characters. */
const clipSearch = (text: string) => text.slice(0, SEARCH_MAX_LENGTH);

/** Spec §2 "All markets": a tab per quote currency, a sortable live table, search. */
export default function MarketsPage() {
  const { t } = useTranslation();
  const quotes = useQuotes();
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<SortState | null>(null);
  // Text typed into the prerendered page's field before the app took it over is kept.
  const [query, setQuery, searchField] = useTypedBeforeApp('markets-search', clipSearch);
  const keptAsOf = useKeptAsOf(quotes);
  const keptNote = useKeptNoteProps();

  const requested = params.get('quote');
  const active = quotes.groups.find((group) => group.code === requested) ?? quotes.groups[0] ?? null;

  function selectGroup(code: string): void {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('quote', code);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="markets-page">
      <header className="markets-head">
        <div>
          <h1>{t('markets.title')}</h1>
          {/* Kept quotes say so where the subtitle would call them live. */}
          <p data-testid={keptAsOf === null ? undefined : 'kept-quotes-note'} {...keptNote}>
            {keptAsOf ?? t('markets.subtitle')}
          </p>
        </div>
      </header>

      <MarketHighlights quotes={quotes} />

      <section className="markets-panel panel" aria-labelledby="markets-table-title">
        <h2 id="markets-table-title" className="visually-hidden">
          {t('markets.tableTitle')}
        </h2>
        <div className="markets-toolbar">
          <QuoteTabs groups={quotes.groups} active={active} onSelect={selectGroup} />
          <label className="markets-search">
            <svg
              aria-hidden="true"
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <span className="visually-hidden">{t('markets.search')}</span>
            <input
              ref={searchField}
              type="search"
              value={query}
              placeholder={t('markets.searchPlaceholder')}
              onChange={(event) => setQuery(clipSearch(event.target.value))}
              maxLength={SEARCH_MAX_LENGTH}
              aria-describedby={showsSearchCounter(query) ? 'markets-search-count' : undefined}
              data-testid="markets-search"
              autoComplete="off"
              spellCheck={false}
            />
            {showsSearchCounter(query) && (
              // Hidden from the field's name (the label), read as its description instead.
              <span
                id="markets-search-count"
                className="markets-search-count num"
                aria-hidden="true"
                data-testid="markets-search-count"
              >
                {t('markets.searchCount', { length: query.length, max: SEARCH_MAX_LENGTH })}
              </span>
            )}
          </label>
        </div>
        <div
          role="tabpanel"
          id="markets-tabpanel"
          aria-labelledby={active ? `markets-tab-${active.code}` : undefined}
          className="markets-table-wrap"
        >
          <MarketsTable
            quotes={quotes}
            group={active}
            query={query}
            sort={sort}
            onSort={(key) => setSort((current) => toggleSort(current, key))}
          />
        </div>
      </section>
    </div>
  );
}

function QuoteTabs({
  groups,
  active,
  onSelect,
}: {
  groups: readonly MarketGroup[];
  active: MarketGroup | null;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (active === null || groups.length === 0) return;
    const index = groups.findIndex((group) => group.code === active.code);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % groups.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + groups.length) % groups.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = groups.length - 1;
    const group = groups[next];
    if (group === undefined) return;
    event.preventDefault();
    onSelect(group.code);
    refs.current.get(group.code)?.focus();
  }

  return (
    <div className="quote-tabs" role="tablist" aria-label={t('markets.quoteTabs')} onKeyDown={onKeyDown}>
      {groups.map((group) => {
        const selected = group.code === active?.code;
        return (
          <button
            key={group.code}
            ref={(node) => {
              if (node) refs.current.set(group.code, node);
              else refs.current.delete(group.code);
            }}
            type="button"
            role="tab"
            id={`markets-tab-${group.code}`}
            aria-selected={selected}
            aria-controls="markets-tabpanel"
            tabIndex={selected ? 0 : -1}
            className={selected ? 'active' : undefined}
            onClick={() => onSelect(group.code)}
            data-testid={`quote-tab-${group.code}`}
          >
            {group.code}
          </button>
        );
      })}
    </div>
  );
}

function MarketsTable({
  quotes,
  group,
  query,
  sort,
  onSort,
}: {
  quotes: QuotesState;
  group: MarketGroup | null;
  query: string;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  const rows = useMemo(
    () => (group === null ? [] : sortRows(filterRows(groupRows(quotes, group), query), sort)),
    [quotes, group, query, sort],
  );

  return (
    <table
      className={quotes.status === 'kept' ? 'mkt-table markets-table quotes-kept' : 'mkt-table markets-table'}
      data-testid="markets-table"
      data-quotes={quotes.status}
      aria-busy={quotes.status === 'loading' || quotes.status === 'kept'}
    >
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortHeader
              key={column.key}
              label={t(column.label)}
              sortKey={column.key}
              sort={sort}
              onSort={onSort}
              align={column.align}
            />
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('markets.col.action')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {quotes.status === 'loading' && <SkeletonRows />}
        {rows.map((row) => (
          <MarketTableRow key={row.id} row={row} testId="market-row">
            <td className="align-start">
              <div className="cell-pair">
                <CoinIcon code={row.base} logo={row.logo} size={26} />
                <Link to={tradeHref(row.symbol)} onClick={(event) => event.stopPropagation()}>
                  <PairName base={row.base} quote={row.quote} />
                </Link>
              </div>
            </td>
            <QuoteCells row={row} />
            <TradeCell symbol={row.symbol} className="btn btn-sm btn-outline" />
          </MarketTableRow>
        ))}
        {quotes.status !== 'loading' && rows.length === 0 && (
          <tr>
            <td colSpan={COLUMNS.length + 1} className="markets-empty">
              <MarketsEmpty status={quotes.status} query={query} />
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function MarketsEmpty({ status, query }: { status: QuotesState['status']; query: string }) {
  const { t } = useTranslation();
  if (status === 'unavailable') {
    return (
      <EmptyState title={t('markets.unavailable')}>
        <p>{t('markets.unavailableHint')}</p>
      </EmptyState>
    );
  }
  if (query.trim() !== '') return <EmptyState title={t('markets.noMatch', { query: query.trim() })} />;
  return <EmptyState title={t('markets.noPairs')} />;
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 8 }, (_, index) => (
        <tr key={index} aria-hidden="true" className="skeleton-row">
          <td className="align-start">
            <div className="cell-pair">
              <span className="skeleton skeleton-circle" />
              <span className="skeleton" style={{ width: 96, height: 14 }} />
            </div>
          </td>
          {[88, 72, 80, 80, 60, 56].map((width, cell) => (
            <td key={cell}>
              <span className="skeleton" style={{ width, height: 14 }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** Three cards above the table: top gainers, top losers and how many markets are up or down. */
function MarketHighlights({ quotes }: { quotes: QuotesState }) {
  const { t } = useTranslation();
  const rows = useMemo(() => allRows(quotes), [quotes]);
  const gainers = useMemo(() => selectGainers(rows, 3), [rows]);
  const losers = useMemo(() => selectLosers(rows, 3), [rows]);
  const breadth = useMemo(() => marketBreadth(rows), [rows]);
  const total = breadth.up + breadth.down + breadth.flat;
  const upShare = total === 0 ? 50 : (breadth.up / total) * 100;
  // Kept quotes count as figures too: the table beside them says how old they are.
  const shown = showsFigures(quotes.status);
  const figure = (value: number) => (shown ? value : NO_VALUE);

  return (
    <div
      className={shown && quotes.status === 'kept' ? 'markets-highlights quotes-kept' : 'markets-highlights'}
      data-testid="markets-highlights"
    >
      <HighlightCard
        title={t('markets.topGainers')}
        empty={t('markets.noGainers')}
        rows={gainers}
        status={quotes.status}
        testId="top-gainers"
      />
      <HighlightCard
        title={t('markets.topLosers')}
        empty={t('markets.noLosers')}
        rows={losers}
        status={quotes.status}
        testId="top-losers"
      />
      <section className="highlight-card panel" aria-labelledby="breadth-title">
        <h2 id="breadth-title">{t('markets.breadth')}</h2>
        <div className="breadth-figures">
          <div>
            <span className="breadth-value num change-up">{figure(breadth.up)}</span>
            <span className="breadth-label">{t('markets.breadthUp')}</span>
          </div>
          <div>
            <span className="breadth-value num change-down">{figure(breadth.down)}</span>
            <span className="breadth-label">{t('markets.breadthDown')}</span>
          </div>
          <div>
            <span className="breadth-value num">{figure(total)}</span>
            <span className="breadth-label">{t('markets.breadthTotal')}</span>
          </div>
        </div>
        <div
          className="breadth-bar"
          role="img"
          aria-label={t('markets.breadthBar', { up: breadth.up, down: breadth.down })}
        >
          <span className="breadth-bar-up" style={{ width: `${upShare}%` }} />
        </div>
      </section>
    </div>
  );
}

/** A gainers or losers card: only pairs that moved that way, with a line when none did. */
function HighlightCard({
  title,
  empty,
  rows,
  status,
  testId,
}: {
  title: string;
  empty: string;
  rows: readonly MarketRow[];
  status: QuotesState['status'];
  testId: string;
}) {
  const numbers = useNumberText();
  const loading = status === 'loading';
  return (
    <section className="highlight-card panel" data-testid={testId}>
      <h2>{title}</h2>
      {showsFigures(status) && rows.length === 0 && <p className="highlight-empty">{empty}</p>}
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={tradeHref(row.symbol)}>
              <CoinIcon code={row.base} logo={row.logo} size={20} />
              <PairName base={row.base} quote={row.quote} />
              <span className="num highlight-price">{numbers.price(row.close, row.priceDecimals)}</span>
              <PriceChange change={row.change} />
            </Link>
          </li>
        ))}
        {loading &&
          [0, 1, 2].map((index) => (
            <li key={index} aria-hidden="true">
              <span className="skeleton skeleton-text" />
            </li>
          ))}
      </ul>
    </section>
  );
}
