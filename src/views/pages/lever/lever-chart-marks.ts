import { LEVER_STATUS_CLOSING, LEVER_STATUS_OPEN, LEVER_TYPE_LONG } from '../../../domain/contract-codes.ts';
import { compareDecimal, truncateDecimal } from '../../../domain/format.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
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
 * At most this many positions have their lines drawn: the newest open ones of the pair. A book of
 * 100 positions would be 400 lines nobody can read, each handed to the chart whenever one moved
 *; the positions panel lists them all.
 */
export const LEVER_MARKED_POSITIONS = 8;

/** The positions whose lines are drawn: the newest (highest id) open ones of the pair, in list order. */
export function markedPositions(positions: readonly LeverPosition[], matchId: number): LeverPosition[] {
  const open = positions.filter((position) => isOpenOn(position, matchId));
  if (open.length <= LEVER_MARKED_POSITIONS) return open;
  const newest = new Set(
    open
      .map((position) => position.id)
      .sort((a, b) => b - a)
      .slice(0, LEVER_MARKED_POSITIONS),
  );
  return open.filter((position) => newest.has(position.id));
}

/**
 * What moves a line: for each position drawn, its id, side and the four prices as its label shows
 * them (the pair's decimals). Two lists with the same key draw the same marks, so the page rebuilds
 * them (and the chart redraws) only when a line moved as far as the eye can tell, never on a PnL
 * tick nor on a cross-margin liquidation price moving below the price's last decimal.
 */
export function leverMarksKey(
  positions: readonly LeverPosition[],
  matchId: number,
  priceDecimals: number,
): string {
  return markedPositions(positions, matchId)
    .map((position) =>
      [
        position.id,
        position.type,
        position.multiple,
        ...LINES.map(({ field }) => truncateDecimal(String(position[field]), priceDecimals)),
      ].join(':'),
    )
    .join('|');
}

/**
 * leverMarksKey of a pair, remembered for the last open list it was given: a selector runs on every
 * snapshot of the positions machine (a frame's last price makes one), the list changes far less.
 */
export function leverMarksKeyOf(
  matchId: number,
  priceDecimals: number,
): (positions: readonly LeverPosition[]) => string {
  let seen: readonly LeverPosition[] | null = null;
  let key = '';
  return (positions) => {
    if (positions !== seen) {
      seen = positions;
      key = leverMarksKey(positions, matchId, priceDecimals);
    }
    return key;
  };
}

/**
 * The entry, take-profit, stop-loss and liquidation prices of the user's open
 * positions on the pair on screen (the newest LEVER_MARKED_POSITIONS of them), as chart price marks (a price of 0 is a leg not set, and is not
 * drawn). Labels name the side and the price, so two positions' lines can be told apart.
 */
export function leverChartMarks(
  positions: readonly LeverPosition[],
  matchId: number,
  priceDecimals: number,
  words: LeverMarkWords,
  numbers: NumberText,
): ChartMarks {
  const prices: PriceMark[] = [];
  for (const position of markedPositions(positions, matchId)) {
    const side = position.type === LEVER_TYPE_LONG ? words.long : words.short;
    for (const { line, field, tone } of LINES) {
      const price = String(position[field]);
      if (compareDecimal(price, '0') <= 0) continue;
      const name = line === 'entry' ? `${side} ×${position.multiple} ${words.entry}` : words[line];
      prices.push({
        id: `lever-${position.id}-${line}`,
        // At the price its label shows: the key (leverMarksKey) reads it to that precision too.
        price: Number(truncateDecimal(price, priceDecimals)),
        label: `${name} ${numbers.price(price, priceDecimals)}`,
        tone,
      });
    }
  }
  return prices.length === 0 ? NO_MARKS : { prices, moments: [] };
}
