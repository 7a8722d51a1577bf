import { depthBarRatios } from '../../../domain/spot/depth-bars.ts';
import { levelValue } from '../../../domain/spot/level-value.ts';
import { groupLevels, stepDecimals, type BookLevel } from '../../../domain/spot/price-grouping.ts';
import type { Depth } from '../../../streams/payloads.ts';
import { markPainted, setClass, setText } from './text-cells.ts';
import { toScaled } from '../../../domain/money.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import { createFixedTextMemo } from './fixed-text-memo.ts';

/** Rows per side: the depth pushes carry 20 levels a side. */
export const BOOK_ROWS = 20;

interface RowCells {
  row: HTMLElement;
  price: HTMLElement;
  number: HTMLElement;
  total: HTMLElement;
  bar: HTMLElement;
  /** What the row shows now, so an unchanged value is not written (no style or layout work). */
  shown: { price: string; width: string };
}

export interface BookPaint {
  depth: Depth;
  seq: number | null;
  step: string;
  priceDecimals: number;
  own: { bids: ReadonlySet<string>; asks: ReadonlySet<string> };
}

function cellsOf(row: HTMLElement): RowCells {
  return {
    row,
    price: row.querySelector<HTMLElement>('.book-price')!,
    number: row.querySelector<HTMLElement>('.book-number')!,
    total: row.querySelector<HTMLElement>('.book-total')!,
    bar: row.querySelector<HTMLElement>('.book-bar')!,
    shown: { price: '', width: '' },
  };
}

/** Places of a quantity as the server spells it (it pads to the pair's lot). */
function placesOf(levels: readonly BookLevel[]): number {
  const sample = levels[0]?.number ?? '';
  const point = sample.indexOf('.');
  return point < 0 ? 0 : sample.length - point - 1;
}

/**
 * Paints a depth snapshot into the book's fixed rows: asks above (best at the bottom, next to the
 * spread), bids below (best on top). Levels are grouped to the chosen step; bars are relative to
 * the largest amount (the level's quantity) on either side (spec §9); the total column is the
 * level's quote value; the user's levels are marked. Numbers are written in the reader's language.
 */
export function createBookPainter(root: HTMLElement, numbers: NumberText): (paint: BookPaint) => void {
  const asks = [...root.querySelectorAll<HTMLElement>('[data-side="ask"]')]
    .sort((a, b) => Number(a.dataset.level) - Number(b.dataset.level))
    .map(cellsOf);
  const bids = [...root.querySelectorAll<HTMLElement>('[data-side="bid"]')]
    .sort((a, b) => Number(a.dataset.level) - Number(b.dataset.level))
    .map(cellsOf);
  // Each column's texts, written once per distinct value (most levels are the frame before's).
  const prices = createFixedTextMemo(numbers);
  const quantities = createFixedTextMemo(numbers);
  const totals = createFixedTextMemo(numbers);
  // Whether the step is the pair's tick, for the step and places it was worked out for.
  let tick = { step: '', priceDecimals: Number.NaN, atTick: false };

  return ({ depth, seq, step, priceDecimals, own }) => {
    // At the pair's own tick there is nothing to merge: the server's levels are already spelled so.
    if (tick.step !== step || tick.priceDecimals !== priceDecimals)
      tick = { step, priceDecimals, atTick: toScaled(step, priceDecimals) === 1n };
    const atTick = tick.atTick;
    const priceShown = Math.min(priceDecimals, stepDecimals(step));
    const askLevels = atTick ? depth.out : groupLevels(depth.out, step, 'ask');
    const bidLevels = atTick ? depth.in : groupLevels(depth.in, step, 'bid');
    const ratios = depthBarRatios(askLevels, bidLevels);
    const places = placesOf(depth.in.length > 0 ? depth.in : depth.out);
    const paintSide = (
      rows: RowCells[],
      levels: readonly BookLevel[],
      widths: number[],
      mine: ReadonlySet<string>,
    ) => {
      for (let i = 0; i < rows.length; i++) {
        const cells = rows[i]!;
        const level = levels[i];
        if (!level) {
          setText(cells.price, '');
          setText(cells.number, '');
          setText(cells.total, '');
          setBar(cells, '0');
          setPrice(cells, '');
          setClass(cells.row, 'own', false);
          setClass(cells.row, 'empty', true);
          continue;
        }
        setClass(cells.row, 'empty', false);
        setPrice(cells, level.price);
        setText(cells.price, prices.fixed(level.price, priceShown));
        setText(cells.number, quantities.fixed(level.number, places));
        setText(
          cells.total,
          totals.fixed(level.total ?? levelValue(level.price, level.number, priceDecimals), priceDecimals),
        );
        setBar(cells, (widths[i] ?? 0).toFixed(3));
        setClass(cells.row, 'own', mine.has(level.price));
      }
    };
    paintSide(asks, askLevels, ratios.asks, own.asks);
    paintSide(bids, bidLevels, ratios.bids, own.bids);
    markPainted(root, seq);
  };
}

function setPrice(cells: RowCells, price: string): void {
  if (cells.shown.price === price) return;
  cells.shown.price = price;
  cells.row.dataset.price = price;
}

function setBar(cells: RowCells, width: string): void {
  if (cells.shown.width === width) return;
  cells.shown.width = width;
  cells.bar.style.transform = `scaleX(${width})`;
}
