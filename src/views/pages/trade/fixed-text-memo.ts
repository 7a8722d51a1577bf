import type { NumberText } from '../../../domain/number-locale.ts';

/**
 * `numbers.fixed` remembered per value, for a painter that writes the same few dozen decimal
 * strings every animation frame (the order book: 40 levels of price, quantity and total, at 60
 * depth pushes a second, most of them unchanged from the frame before). Each call of `fixed` parses,
 * cuts and localises its text with regular expressions and new strings: under the benchmark's storm
 * that was an eighth of everything the page allocated, and so of its garbage collections.
 *
 * The memo answers exactly what `numbers.fixed(value, decimals)` answers; it forgets everything when
 * the places change (a new pair or price step) and when it holds `limit` values (a moving market
 * brings new prices for ever), so it never grows past `limit` entries.
 */
export interface FixedTextMemo {
  fixed(value: string, decimals: number): string;
}

export function createFixedTextMemo(numbers: NumberText, limit = 512): FixedTextMemo {
  const texts = new Map<string, string>();
  let places = Number.NaN;
  return {
    fixed(value, decimals) {
      if (decimals !== places) {
        texts.clear();
        places = decimals;
      }
      const known = texts.get(value);
      if (known !== undefined) return known;
      if (texts.size >= limit) texts.clear();
      const text = numbers.fixed(value, decimals);
      texts.set(value, text);
      return text;
    },
  };
}
