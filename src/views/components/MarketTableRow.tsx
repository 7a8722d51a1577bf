import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { quoteVolumeOf } from '../../domain/market-sort.ts';
import type { MarketRow } from '../../streams/quotes-store.ts';
import { LivePrice } from './LivePrice.tsx';
import { PriceChange } from './PriceChange.tsx';
import { tradeHref } from './links.ts';
import { useNumberText } from '../use-number-text.ts';

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
      onClick={() => void navigate(tradeHref(row.symbol))}
    >
      {children}
    </tr>
  );
}

/** A market row's quote cells (home and markets tables): price, 24 h change, high, low, volume. */
export function QuoteCells({ row }: { row: MarketRow }) {
  const numbers = useNumberText();
  return (
    <>
      <td data-col="price">
        <LivePrice value={row.close} decimals={row.priceDecimals} tick={row.tick} tickSeq={row.tickSeq} />
      </td>
      <td data-col="change">
        <PriceChange change={row.change} variant="pill" />
      </td>
      <td data-col="high" className="num muted">
        {numbers.price(row.high, row.priceDecimals)}
      </td>
      <td data-col="low" className="num muted">
        {numbers.price(row.low, row.priceDecimals)}
      </td>
      <td data-col="volume" className="num muted">
        <span className="volume-quote" title={`${numbers.exact(quoteVolumeOf(row))} ${row.quote}`}>
          {`${numbers.compact(quoteVolumeOf(row))} ${row.quote}`}
        </span>
        <span className="volume-base" title={`${numbers.exact(row.volume)} ${row.base}`}>
          {`${numbers.compact(row.volume)} ${row.base}`}
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
