import { useSearchParams } from 'react-router-dom';
import { choosePair } from '../../../domain/spot/pair-list.ts';
import { readPref } from '../../../machines/local-prefs.ts';
import { allRows, type MarketRow } from '../../../streams/quotes-store.ts';
import { parseIdParam } from '../../components/links.ts';
import { useKeptAsOf, useKeptNoteProps } from '../../components/use-kept-as-of.ts';
import { MarketHeader } from './MarketHeader.tsx';
import { PairList } from './PairList.tsx';
import { useSlowQuotes } from './use-slow-quotes.ts';
import './trade-frame.css';

/**
 * /trade until the pairs' trading details (currency ids, sizes, fees, filters) are in: the screen's
 * frame with what the quotes table already says, the market header and the pair list of the pair
 * the screen will show, and panels of the screen's size where the chart, the forms, the book, the
 * tape and the orders will be. The build prerenders it with the exchange's opening quotes
 * (DESIGN.md "First paint"), so a phone shows the price before any script has run; a returning
 * visitor's app draws it with the kept quotes, greyed and timed (MarketHeader), until live ones come.
 *
 * Its layout follows the screen's by CSS alone (trade-frame.css), never by a media query read in
 * script: the one prerendered page is right at every width, and hydrating it on a phone finds
 * what it was built with.
 */
export function TradeFrame({ onSelect }: { onSelect: (row: MarketRow) => void }) {
  const quotes = useSlowQuotes();
  // Quotes kept from the last visit say so where the chart will be, as the markets tables say it
  // in place of their subtitle; the header greys them (MarketHeader). The frame stands exactly
  // until the exchange's first answer (the pairs and the quotes come in one), so the note goes with it.
  const keptAsOf = useKeptAsOf(quotes);
  const keptNote = useKeptNoteProps();
  const [params] = useSearchParams();
  // The rule the screen chooses its pair by, on the quotes' rows: the same pairs, in the same order.
  const pair = choosePair(allRows(quotes), {
    symbol: params.get('symbol'),
    id: parseIdParam(params.get('id')),
    stored: readPref('spotPair'),
  });
  return (
    <div className="trade-page trade-frame" data-layout="wide" data-testid="trade-frame" aria-busy="true">
      <div className="trade-col">
        {pair ? (
          <PairList activeId={pair.id} onSelect={onSelect} />
        ) : (
          <div className="trade-panel pairs frame-part" />
        )}
        <div className="trade-panel tape frame-part" />
      </div>
      <div className="trade-col">
        {pair ? (
          <MarketHeader pairId={pair.id} base={pair.base} quote={pair.quote} logo={pair.logo} />
        ) : (
          <div className="trade-panel market-header frame-part" />
        )}
        <div className="trade-panel frame-tabs frame-part" />
        <div className="trade-panel chart chart-fill frame-part">
          <div className="panel-head chart-head" />
          <div className="chart-body">
            <div className="chart-overlay chart-loading" />
            {/* Always there, hidden while the quotes are live: a held page's painter shows it (kept-note.ts). */}
            <p
              className="chart-overlay frame-kept"
              data-testid={keptAsOf === null ? undefined : 'kept-quotes-note'}
              hidden={keptAsOf === null}
              {...keptNote}
            >
              {keptAsOf}
            </p>
          </div>
        </div>
        <div className="trade-panel forms frame-part" />
      </div>
      <div className="trade-col">
        <div className="trade-panel book frame-part" />
      </div>
      <div className="trade-panel orders frame-part" />
      <div className="phone-actions frame-actions" aria-hidden="true">
        <span className="skeleton" />
        <span className="skeleton" />
      </div>
    </div>
  );
}
