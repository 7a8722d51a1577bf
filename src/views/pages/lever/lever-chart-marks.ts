import { LEVER_STATUS_CLOSING, LEVER_STATUS_OPEN, LEVER_TYPE_LONG } from '../../../domain/contract-codes.ts';
import { compareDecimal, formatPrice } from '../../../domain/format.ts';
import type { LeverPosition } from '../../../machines/lever-positions.machine.ts';
import { NO_MARKS, type ChartMarks, type MarkTone, type PriceMark } from '../trade/chart-marks.ts';

/** The words a mark's label is made of, in the user's language. */
export interface LeverMarkWords {
  long: string;
  short: string;
  entry: string;
  tp: string;
  sl: string;
  liquidation: string;
}

type Line = 'entry' | 'tp' | 'sl' | 'liquidation';

const LINES: ReadonlyArray<{ line: Line; field: keyof LeverPosition; tone: MarkTone }> = [
  { line: 'entry', field: 'price', tone: 'entry' },
  { line: 'tp', field: 'target_profit_price', tone: 'profit' },
  { line: 'sl', field: 'stop_loss_price', tone: 'loss' },
  { line: 'liquidation', field: 'liquidation_price', tone: 'danger' },
];

function isOpenOn(position: LeverPosition, matchId: number): boolean {
  return (
    position.currency_match_id === matchId &&
    (position.status === LEVER_STATUS_OPEN || position.status === LEVER_STATUS_CLOSING)
  );
}

/**
 * What moves a line: for each open position of the pair, its id and the four prices. Two lists
 * with the same key draw the same marks, so the page rebuilds them (and the chart redraws) only
 * when a line moved, never on a PnL tick.
 */
export function leverMarksKey(positions: readonly LeverPosition[], matchId: number): string {
  return positions
    .filter((position) => isOpenOn(position, matchId))
    .map((position) => [position.id, position.type, ...LINES.map(({ field }) => position[field])].join(':'))
    .join('|');
}

/**
 * Issue 13 item 8: the entry, take-profit, stop-loss and liquidation prices of the user's open
 * positions on the pair on screen, as chart price marks (a price of 0 is a leg not set, and is not
 * drawn). Labels name the side and the price, so two positions' lines can be told apart.
 */
export function leverChartMarks(
  positions: readonly LeverPosition[],
  matchId: number,
  priceDecimals: number,
  words: LeverMarkWords,
): ChartMarks {
  const prices: PriceMark[] = [];
  for (const position of positions) {
    if (!isOpenOn(position, matchId)) continue;
    const side = position.type === LEVER_TYPE_LONG ? words.long : words.short;
    for (const { line, field, tone } of LINES) {
      const price = String(position[field]);
      if (compareDecimal(price, '0') <= 0) continue;
      const name = line === 'entry' ? `${side} ×${position.multiple} ${words.entry}` : words[line];
      prices.push({
        id: `lever-${position.id}-${line}`,
        price: Number(price),
        label: `${name} ${formatPrice(price, priceDecimals)}`,
        tone,
      });
    }
  }
  return prices.length === 0 ? NO_MARKS : { prices, moments: [] };
}
