import './components.css';
import { useNumberText } from '../use-number-text.ts';
import type { MarketRow } from '../../streams/quotes-store.ts';
import type { QuoteField } from './quote-fields.ts';

/**
 * A latest price that flashes up or down when a push moves it. `tickSeq` changes with every move,
 * and keying the span on it restarts the CSS animation without any timer in JavaScript.
 */
export function LivePrice({
  value,
  decimals,
  tick,
  tickSeq,
  field,
}: {
  value: string;
  decimals?: number | undefined;
  tick: 'up' | 'down' | null;
  tickSeq: number;
  /** The quote figure it shows, for a held page's painter (quote-fields.ts). */
  field?: QuoteField;
}) {
  const numbers = useNumberText();
  const tone = tick === null ? '' : ` tick-${tick}`;
  const flash = tick !== null && tickSeq > 0 ? ` flash-${tick}` : '';
  return (
    <span key={tickSeq} className={`num live-price${tone}${flash}`} data-quote-field={field}>
      {numbers.price(value, decimals)}
    </span>
  );
}

/** A quote row's latest price as the market tables and the trade header show it (its `close` field). */
export function RowLivePrice({ row }: { row: MarketRow }) {
  return (
    <LivePrice
      value={row.close}
      decimals={row.priceDecimals}
      tick={row.tick}
      tickSeq={row.tickSeq}
      field="close"
    />
  );
}
