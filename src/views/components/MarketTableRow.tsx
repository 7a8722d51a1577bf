import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { MarketRow } from '../../streams/quotes-store.ts';
import { RowLivePrice } from './LivePrice.tsx';
import { PriceChange } from './PriceChange.tsx';
import { tradeHref } from './links.ts';
import { useNumberText } from '../use-number-text.ts';
import { quoteFieldText } from './quote-fields.ts';

/** A row of a market table (home and markets): a click anywhere opens that pair's trade page. */
export function MarketTableRow({
  row,
  testId,
  children,
}: {
  row: MarketRow;
  testId: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <tr
      className="clickable"
      data-testid={testId}
      data-symbol={row.symbol}
      data-pair-id={row.id}
      onClick={() => void navigate(tradeHref(row.symbol))}
    >
      {children}
    </tr>
  );
}

/** A market row's quote cells (home and markets tables): price, 24 h change, high, low, volume. */
export function QuoteCells({ row }: { row: MarketRow }) {
  const numbers = useNumberText();
  const quoteVolume = quoteFieldText(numbers, row, 'quoteVolume');
  const baseVolume = quoteFieldText(numbers, row, 'volumeWithBase');
  return (
    <>
      <td data-col="price">
        <RowLivePrice row={row} />
      </td>
      <td data-col="change">
        <PriceChange change={row.change} variant="pill" field="change" />
      </td>
      <td data-col="high" className="num muted" data-quote-field="high">
        {quoteFieldText(numbers, row, 'high').text}
      </td>
      <td data-col="low" className="num muted" data-quote-field="low">
        {quoteFieldText(numbers, row, 'low').text}
      </td>
      <td data-col="volume" className="num muted">
        <span className="volume-quote" title={quoteVolume.title} data-quote-field="quoteVolume">
          {quoteVolume.text}
        </span>
        <span className="volume-base" title={baseVolume.title} data-quote-field="volumeWithBase">
          {baseVolume.text}
        </span>
      </td>
    </>
  );
}

/** A market row's last cell: the Trade button, which opens the pair without the row's own click. */
export function TradeCell({
  symbol,
  className,
  testId,
}: {
  symbol: string;
  className: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <td>
      <Link
        className={className}
        to={tradeHref(symbol)}
        onClick={(event) => event.stopPropagation()}
        aria-label={t('markets.tradePair', { pair: symbol })}
        data-testid={testId}
      >
        {t('markets.trade')}
      </Link>
    </td>
  );
}
