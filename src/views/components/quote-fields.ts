import { changeDirection, type Direction } from '../../domain/format.ts';
import { quoteVolumeOf } from '../../domain/market-sort.ts';
import type { NumberText } from '../../domain/number-locale.ts';
import type { MarketRow } from '../../streams/quotes-store.ts';

/**
 * The figures of a pair's quote that the market tables and the trade screen's header show, each
 * written by one function for both who write it: the views (QuoteCells, MarketHeader) and the
 * painter of a held page's kept quotes before the app has loaded (app/held-quotes.ts), so the two
 * cannot show the same quote differently. An element showing one says which in `data-quote-field`,
 * inside an element naming its pair in `data-pair-id`.
 */
export type QuoteField = 'close' | 'change' | 'high' | 'low' | 'volume' | 'volumeWithBase' | 'quoteVolume';

export const QUOTE_FIELD_ATTRIBUTE = 'data-quote-field';
export const PAIR_ID_ATTRIBUTE = 'data-pair-id';

export interface QuoteFieldText {
  readonly text: string;
  /** The exact figure, where the text is a compact one (1.2M). */
  readonly title?: string;
  /** Up, down or flat: a change's colour. */
  readonly direction?: Direction;
}

export function quoteFieldText(numbers: NumberText, row: MarketRow, field: QuoteField): QuoteFieldText {
  switch (field) {
    case 'close':
      return { text: numbers.price(row.close, row.priceDecimals) };
    case 'change':
      return { text: numbers.change(row.change), direction: changeDirection(row.change) };
    case 'high':
      return { text: numbers.price(row.high, row.priceDecimals) };
    case 'low':
      return { text: numbers.price(row.low, row.priceDecimals) };
    case 'volume':
      return { text: numbers.compact(row.volume) };
    case 'volumeWithBase':
      return {
        text: `${numbers.compact(row.volume)} ${row.base}`,
        title: `${numbers.exact(row.volume)} ${row.base}`,
      };
    case 'quoteVolume': {
      const volume = quoteVolumeOf(row);
      return {
        text: `${numbers.compact(volume)} ${row.quote}`,
        title: `${numbers.exact(volume)} ${row.quote}`,
      };
    }
  }
}
