import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_VALUE } from '../../../domain/format.ts';
import { CoinIcon, PairName } from '../../components/CoinIcon.tsx';
import { RowLivePrice } from '../../components/LivePrice.tsx';
import { PriceChange } from '../../components/PriceChange.tsx';
import { useKeptAsOf } from '../../components/use-kept-as-of.ts';
import { useSlowQuotes } from './use-slow-quotes.ts';
import { useNumberText } from '../../use-number-text.ts';
import { quoteFieldText } from '../../components/quote-fields.ts';

/**
 * The chart header (spec §2): symbol, last price, change %, 24 h high, low and volume, from the
 * app's live quotes table (read here, so a quote update re-renders only this header).
 */
export function MarketHeader({
  pairId,
  base,
  quote,
  logo,
  actions,
}: {
  pairId: number;
  base: string;
  quote: string;
  logo: string;
  /** The signed-in user's tools for the pair (the price-alert button). */
  actions?: ReactNode;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const quotes = useSlowQuotes();
  const row = quotes.rows.get(pairId);
  // Quotes kept from the last visit: greyed, and their time on hover and for screen readers.
  const keptAsOf = useKeptAsOf(quotes);
  return (
    <section
      className={keptAsOf === null ? 'trade-panel market-header' : 'trade-panel market-header quotes-kept'}
      aria-label={t('trade.header.title')}
      data-testid="market-header"
      data-quotes={quotes.status}
      data-pair-id={pairId}
      title={keptAsOf ?? undefined}
    >
      {keptAsOf !== null && <span className="visually-hidden">{keptAsOf}</span>}
      <div className="market-symbol">
        <CoinIcon code={base} logo={logo} size={28} />
        <h1>
          <PairName base={base} quote={quote} />
        </h1>
      </div>
      <div className="market-last">
        {row ? <RowLivePrice row={row} /> : <span className="num">{NO_VALUE}</span>}
      </div>
      <dl className="market-stats">
        <div>
          <dt>{t('trade.header.change')}</dt>
          <dd>{row ? <PriceChange change={row.change} field="change" /> : NO_VALUE}</dd>
        </div>
        <div>
          <dt>{t('trade.header.high')}</dt>
          <dd className="num" data-quote-field="high">
            {row ? quoteFieldText(numbers, row, 'high').text : NO_VALUE}
          </dd>
        </div>
        <div>
          <dt>{t('trade.header.low')}</dt>
          <dd className="num" data-quote-field="low">
            {row ? quoteFieldText(numbers, row, 'low').text : NO_VALUE}
          </dd>
        </div>
        <div>
          <dt>{t('trade.header.volume', { code: base })}</dt>
          <dd className="num" data-testid="header-volume" data-quote-field="volume">
            {row ? quoteFieldText(numbers, row, 'volume').text : NO_VALUE}
          </dd>
        </div>
      </dl>
      {actions && <div className="market-actions">{actions}</div>}
    </section>
  );
}
