import {
  LEVER_STATUS_CLOSING,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
} from '../../../domain/contract-codes.ts';
import { compareDecimal, truncateDecimal } from '../../../domain/format.ts';
import { LEDGER_DECIMALS, toScaled, unitsPlainText } from '../../../domain/money.ts';
import { leverPnl } from '../../../domain/lever/rules.ts';
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
  /** A pending fixed-price order's line ("Order"). */
  order: string;
  /** A position's close order at a price ("Close ×2"). */
  closeOrder: (lots: string) => string;
  /** The pair's quote currency: the PnL at a line is in it. */
  quote: string;
}

type Line = 'entry' | 'tp' | 'sl' | 'liquidation';

/** A take-profit or stop-loss line of a position: the lines that may be dragged. */
export type DraggableLine = 'tp' | 'sl';

const LINES: ReadonlyArray<{ line: Line; field: keyof LeverPosition; tone: MarkTone }> = [
  { line: 'entry', field: 'price', tone: 'entry' },
  { line: 'tp', field: 'target_profit_price', tone: 'profit' },
  { line: 'sl', field: 'stop_loss_price', tone: 'loss' },
  { line: 'liquidation', field: 'liquidation_price', tone: 'danger' },
];

function isPendingOn(position: LeverPosition, matchId: number): boolean {
  return position.currency_match_id === matchId && position.status === LEVER_STATUS_PENDING;
}

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

/** The newest (highest id) LEVER_MARKED_POSITIONS of `rows`, in list order. */
function newestOf(rows: LeverPosition[]): LeverPosition[] {
  if (rows.length <= LEVER_MARKED_POSITIONS) return rows;
  const newest = new Set(
    rows
      .map((position) => position.id)
      .sort((a, b) => b - a)
      .slice(0, LEVER_MARKED_POSITIONS),
  );
  return rows.filter((position) => newest.has(position.id));
}

/** The positions whose lines are drawn: the newest (highest id) open ones of the pair, in list order. */
export function markedPositions(positions: readonly LeverPosition[], matchId: number): LeverPosition[] {
  return newestOf(positions.filter((position) => isOpenOn(position, matchId)));
}

/** The pending fixed-price orders drawn at their price: the newest of the pair, in list order. */
export function markedOrders(positions: readonly LeverPosition[], matchId: number): LeverPosition[] {
  return newestOf(positions.filter((position) => isPendingOn(position, matchId)));
}

/**
 * The rows the chart draws from: the open positions and the pending orders of the positions
 * machine, remembered per pair of lists so a selector's key function sees one array while neither
 * changed (leverMarksKeyOf reads a list once).
 */
export function chartRowsMemo(): (lists: {
  open: readonly LeverPosition[];
  pending: readonly LeverPosition[];
}) => readonly LeverPosition[] {
  let open: readonly LeverPosition[] | null = null;
  let pending: readonly LeverPosition[] | null = null;
  let rows: readonly LeverPosition[] = [];
  return (lists) => {
    if (lists.open !== open || lists.pending !== pending) {
      open = lists.open;
      pending = lists.pending;
      rows = [...lists.open, ...lists.pending];
    }
    return rows;
  };
}

/** The mark id of a position's line ("lever-12-tp"). */
export function leverMarkId(positionId: number, line: Line | 'order' | 'close'): string {
  return `lever-${positionId}-${line}`;
}

/** The position and leg of a draggable line's mark id; null for any other mark. */
export function draggedLineOf(markId: string): { id: number; leg: DraggableLine } | null {
  const match = /^lever-(\d+)-(tp|sl)$/.exec(markId);
  return match ? { id: Number(match[1]), leg: match[2] as DraggableLine } : null;
}

/**
 * The position's PnL if it closed at `price` (1e-8 units): leverPnl, the rule the exchange settles
 * with, on its entry and quantity. What each line's label says it would bring.
 */
export function leverPnlAtLine(position: LeverPosition, price: string): bigint {
  const scaled = (text: string) => toScaled(text, LEDGER_DECIMALS) ?? 0n;
  const side = position.type === LEVER_TYPE_LONG ? 'long' : 'short';
  return leverPnl(side, scaled(String(position.price)), scaled(price), scaled(String(position.number)));
}

/** A PnL as a label says it: signed ("+12.50 USDT", "-3.20 USDT"), in the reader's convention. */
export function pnlText(pnl: bigint, quote: string, numbers: NumberText): string {
  const text = numbers.amount(unitsPlainText(pnl), quote);
  return `${pnl > 0n ? '+' : ''}${text} ${quote}`;
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
  const lines = markedPositions(positions, matchId).map((position) =>
    [
      position.id,
      position.type,
      position.multiple,
      // The PnL a line's label says follows the quantity (a partial close changes it).
      position.number,
      ...LINES.map(({ field }) => truncateDecimal(String(position[field]), priceDecimals)),
      position.close_order_share ?? '',
      position.close_order_price ?? '',
    ].join(':'),
  );
  const orders = markedOrders(positions, matchId).map((order) =>
    [order.id, order.type, order.multiple, truncateDecimal(String(order.price), priceDecimals)].join(':'),
  );
  return [...lines, ...orders].join('|');
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
 * The entry, take-profit, stop-loss and liquidation prices of the user's open positions on the pair
 * on screen (the newest LEVER_MARKED_POSITIONS of them), and the price of each pending fixed-price
 * order, as chart price marks (a price of 0 is a leg not set, and is not drawn). Labels name the
 * side and the price, so two positions' lines can be told apart, and for a take-profit, a
 * stop-loss and a liquidation the PnL the position closes with there. Take-profit and stop-loss
 * lines carry a grip: they may be dragged (ChartLineGrips), to a price the TP/SL dialog confirms.
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
      // At the price its label shows: the key (leverMarksKey) reads it to that precision too.
      const shown = truncateDecimal(price, priceDecimals);
      const pnl =
        line === 'entry' ? '' : ` · ${pnlText(leverPnlAtLine(position, shown), words.quote, numbers)}`;
      prices.push({
        id: leverMarkId(position.id, line),
        price: Number(shown),
        label: `${name} ${numbers.price(price, priceDecimals)}${pnl}`,
        tone,
        ...(line === 'tp' || line === 'sl' ? { grip: words[line] } : {}),
      });
    }
  }
  // Each position's close order at a price, with the PnL its lots close with there.
  for (const position of markedPositions(positions, matchId)) {
    const lots = position.close_order_share;
    const price = position.close_order_price;
    if (!lots || !price || compareDecimal(price, '0') <= 0) continue;
    const shown = truncateDecimal(price, priceDecimals);
    // The part's quantity as the exchange splits it (domain leverSplit): its share, rounded down.
    const held = BigInt(Math.max(1, Math.trunc(Number(position.share))));
    const closing = BigInt(Math.min(Number(held), Math.max(0, Math.trunc(Number(lots)))));
    const quantity = toScaled(String(position.number), LEDGER_DECIMALS) ?? 0n;
    const part = { ...position, number: unitsPlainText((quantity * closing) / held) };
    prices.push({
      id: leverMarkId(position.id, 'close'),
      price: Number(shown),
      label: `${words.closeOrder(lots)} ${numbers.price(price, priceDecimals)} · ${pnlText(leverPnlAtLine(part, shown), words.quote, numbers)}`,
      tone: 'neutral',
    });
  }
  for (const order of markedOrders(positions, matchId)) {
    const side = order.type === LEVER_TYPE_LONG ? words.long : words.short;
    const price = String(order.price);
    if (compareDecimal(price, '0') <= 0) continue;
    prices.push({
      id: leverMarkId(order.id, 'order'),
      price: Number(truncateDecimal(price, priceDecimals)),
      label: `${side} ×${order.multiple} ${words.order} ${numbers.price(price, priceDecimals)}`,
      tone: 'neutral',
    });
  }
  return prices.length === 0 ? NO_MARKS : { prices, moments: [] };
}
