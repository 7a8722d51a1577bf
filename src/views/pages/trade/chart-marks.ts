import type { MarkLineComponentOption } from 'echarts/components';
import type { ChartBar, ChartColors } from './chart-option.ts';

/**
 * What a screen draws over the candles: price levels (a lever position's entry, take-profit,
 * stop-loss and liquidation prices; a micro contract's open price) and moments (a contract's
 * expiry, the trade a proof link points at). The chart itself knows nothing of positions or
 * contracts: each screen turns its own rows into marks.
 */
export type MarkTone = 'entry' | 'profit' | 'loss' | 'danger' | 'neutral';

export interface PriceMark {
  /** Stable across redraws (a row id and what the line is), so React lists and tests can name it. */
  id: string;
  price: number;
  label: string;
  tone: MarkTone;
  /**
   * A line the user may drag to a new price (a take-profit, a stop-loss): the short name its grip
   * at the line's right end shows. Lines without one are drawn only.
   */
  grip?: string;
}

export interface MomentMark {
  id: string;
  /** Milliseconds, the market's clock (the same unit as the bars' times). */
  time: number;
  label: string;
  tone: MarkTone;
}

export interface ChartMarks {
  prices: readonly PriceMark[];
  moments: readonly MomentMark[];
  /**
   * Draws the last price (the last bar's close: candles are built from trades, so it is the last
   * trade's price) as a line across the chart with a tag on the price axis, written by this
   * function. The line moves with the candles, so it is never behind or ahead of them.
   */
  lastPrice?: (price: number) => string;
}

export const NO_MARKS: ChartMarks = { prices: [], moments: [] };

/** The name of the last-price line among the chart's mark lines. */
export const LAST_PRICE_MARK = 'last-price';

/**
 * The bar a moment falls in: the last bar that starts at or before it. Undefined when the moment is
 * before the loaded bars (nothing to point at) or there are no bars. Bars are sorted by time.
 */
export function barIndexAt(bars: readonly ChartBar[], time: number): number | undefined {
  let low = 0;
  let high = bars.length - 1;
  let found: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (bars[middle]!.time <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function toneColor(tone: MarkTone, colors: ChartColors): string {
  switch (tone) {
    case 'entry':
      return colors.line;
    case 'profit':
      return colors.up;
    case 'loss':
    case 'danger':
      return colors.down;
    case 'neutral':
      return colors.faint;
  }
}

/** Where a price line's label sits: above or below its line, at the chart's left or right end. */
export type PriceLabelPosition = 'insideStartTop' | 'insideStartBottom' | 'insideEndTop' | 'insideEndBottom';

/** The places a label may take, in the order they are tried. */
const LABEL_PLACES: readonly PriceLabelPosition[] = [
  'insideStartTop',
  'insideStartBottom',
  'insideEndTop',
  'insideEndBottom',
];

/**
 * A label's height as a share of the price span: a 10 px label takes some 14 px with its padding,
 * and the price grid is about 200 px high on a phone (more on wider screens, where this errs on
 * the side of room).
 */
export const LABEL_HEIGHT_SHARE = 0.07;

/** The price interval a label covers at its place: just above or just below its line. */
export function labelInterval(
  price: number,
  place: PriceLabelPosition,
  height: number,
): { end: 'start' | 'end'; low: number; high: number } {
  const end = place.startsWith('insideStart') ? 'start' : 'end';
  return place.endsWith('Top')
    ? { end, low: price, high: price + height }
    : { end, low: price - height, high: price };
}

/**
 * Label positions for price lines, by mark id. From the highest line down, each label takes the
 * first of the four places (above or below its line, at the chart's left or right end) where it
 * covers no label placed before it, so a long and a short opened at nearly the same price, or a
 * stop-loss just under them, no longer print over each other. A line with room keeps its label
 * above its left end. Only when all four places are taken (five lines within a label's height)
 * does a label share one, cycling through them.
 */
export function priceLabelPositions(
  marks: readonly PriceMark[],
  span: number,
): Map<string, PriceLabelPosition> {
  const sorted = marks.filter((mark) => Number.isFinite(mark.price)).sort((a, b) => b.price - a.price);
  const height = Number.isFinite(span) && span > 0 ? span * LABEL_HEIGHT_SHARE : 0;
  const placed: { end: 'start' | 'end'; low: number; high: number }[] = [];
  const positions = new Map<string, PriceLabelPosition>();
  sorted.forEach((mark, index) => {
    const free = LABEL_PLACES.find((place) => {
      const box = labelInterval(mark.price, place, height);
      return placed.every((other) => other.end !== box.end || other.high <= box.low || box.high <= other.low);
    });
    const place = free ?? LABEL_PLACES[index % LABEL_PLACES.length]!;
    positions.set(mark.id, place);
    placed.push(labelInterval(mark.price, place, height));
  });
  return positions;
}

/**
 * The price span the y axis shows: the shown bars' lows to highs. The chart opens on the latest
 * bars (`shown` of them) and its y axis scales to those and to the draggable lines (draggableReach):
 * a line only drawn does not stretch it (a liquidation price far away is simply not drawn), and
 * the span is the bars' alone.
 */
function priceSpan(bars: readonly ChartBar[], shown: number): number {
  let low = Infinity;
  let high = -Infinity;
  for (const bar of bars.slice(-Math.max(1, shown))) {
    low = Math.min(low, bar.low);
    high = Math.max(high, bar.high);
  }
  return high - low;
}

/**
 * The marks as one ECharts markLine. A moment is drawn on the bar it falls in (the x axis is a
 * category axis of bar times); a moment outside the loaded bars is left out rather than drawn at
 * the wrong place. Danger (liquidation) is a solid line, everything else dashed, so the one line
 * that costs the whole bond stands out in both themes and for colour-blind users.
 */
export function markLineOption(
  bars: readonly ChartBar[],
  marks: ChartMarks,
  colors: ChartColors,
  /** How many of the latest bars the chart shows (its opening zoom); default all. */
  shown: number = bars.length,
): MarkLineComponentOption {
  const data: NonNullable<MarkLineComponentOption['data']> = [];
  const labelAt = priceLabelPositions(marks.prices, priceSpan(bars, shown));
  for (const mark of marks.prices) {
    if (!Number.isFinite(mark.price)) continue;
    const color = toneColor(mark.tone, colors);
    data.push({
      name: mark.id,
      yAxis: mark.price,
      lineStyle: { color, width: 1, type: mark.tone === 'danger' ? 'solid' : 'dashed' },
      label: {
        formatter: mark.label,
        position: labelAt.get(mark.id) ?? 'insideStartTop',
        color,
        fontSize: 10,
      },
    });
  }
  const last = bars[bars.length - 1];
  if (marks.lastPrice && last && Number.isFinite(last.close)) {
    // On the price axis, like the axis's own labels, so it never takes a place a mark's label needs.
    data.push({
      name: LAST_PRICE_MARK,
      yAxis: last.close,
      lineStyle: { color: colors.faint, width: 1, type: 'solid' },
      label: {
        formatter: marks.lastPrice(last.close),
        position: 'end',
        color: colors.panel,
        backgroundColor: colors.text,
        padding: [2, 4],
        borderRadius: 2,
        fontSize: 10,
      },
    });
  }
  for (const mark of marks.moments) {
    const index = barIndexAt(bars, mark.time);
    if (index === undefined) continue;
    // A moment past the last bar (an expiry still to come) has no bar to stand on yet: the x axis
    // only has the bars there are. Screens show such a moment in a price mark's label instead.
    if (index === bars.length - 1 && !isInsideLast(bars, mark.time)) continue;
    const color = toneColor(mark.tone, colors);
    data.push({
      name: mark.id,
      xAxis: String(bars[index]!.time),
      lineStyle: { color, width: 1, type: 'dotted' },
      label: { formatter: mark.label, position: 'end', color, fontSize: 10 },
    });
  }
  return { silent: true, symbol: ['none', 'none'], animation: false, data };
}

/**
 * Whether `time` falls inside the last bar, judged by the spacing of the last two bars (a lone bar
 * has no spacing: only its own start counts).
 */
function isInsideLast(bars: readonly ChartBar[], time: number): boolean {
  const last = bars[bars.length - 1];
  const before = bars[bars.length - 2];
  if (!last) return false;
  if (!before) return time === last.time;
  return time < last.time + (last.time - before.time);
}

/**
 * The dataZoom window (percent of the loaded bars) that centres `time`'s bar with `visible` bars in
 * view, clamped to the loaded range. Undefined when the moment is not among the loaded bars.
 */
export function focusWindow(
  bars: readonly ChartBar[],
  time: number,
  visible: number,
): { start: number; end: number } | undefined {
  const index = barIndexAt(bars, time);
  if (index === undefined || bars.length === 0) return undefined;
  const total = bars.length;
  const span = Math.min(total, Math.max(1, visible));
  let first = index - Math.floor(span / 2);
  first = Math.max(0, Math.min(first, total - span));
  return { start: (100 * first) / total, end: (100 * (first + span)) / total };
}

/** Room kept beyond a draggable line, as a share of the shown bars' price span. */
const REACH_MARGIN = 0.08;

/**
 * Points at the last bar for an invisible series, so the price axis fits the lines the user may
 * drag (a take-profit, a stop-loss) as it fits the bars: a line set beyond the bars' range is still
 * on the chart to be seen and dragged (a take-profit 0.3 % up, with the price at the top of its
 * range, sat above the axis with its grip hidden), with room on either side to drag it further.
 * Lines that are only drawn (a liquidation price far away) do not stretch the axis.
 */
export function draggableReach(
  bars: readonly ChartBar[],
  marks: ChartMarks,
  /** How many of the latest bars the chart shows (its opening zoom); default all. */
  shown: number = bars.length,
): Array<[number, number]> {
  const last = bars.length - 1;
  if (last < 0) return [];
  const margin = priceSpan(bars, shown) * REACH_MARGIN;
  return marks.prices
    .filter((mark) => mark.grip !== undefined && Number.isFinite(mark.price))
    .flatMap((mark): Array<[number, number]> => [
      [last, mark.price + margin],
      [last, Math.max(0, mark.price - margin)],
    ]);
}
