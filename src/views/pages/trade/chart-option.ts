import type { BarSeriesOption, CandlestickSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { axisLabel, fullLabel } from '../../../domain/spot/chart-time.ts';
import { visibleBars, type KlinePeriod } from '../../../domain/spot/chart-period.ts';
import type { Drawing } from '../../../domain/chart-studies/drawings.ts';
import type { Study } from '../../../domain/chart-studies/studies.ts';
import { draggableReach, markLineOption, NO_MARKS, type ChartMarks } from './chart-marks.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import { chartPanes } from './chart-panes.ts';
import {
  drawingsMarkLine,
  studyData,
  studySeries,
  studySeriesLabel,
  type StudyLabels,
} from './chart-studies-series.ts';

export type KlineOption = ComposeOption<
  | CandlestickSeriesOption
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

/** A candle as the chart keeps it (numbers: the chart only draws them). */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ChartColors {
  up: string;
  down: string;
  text: string;
  faint: string;
  grid: string;
  panel: string;
  line: string;
  averages: readonly string[];
  /** A hue for the EMA and the Bollinger middle, apart from the averages' and the brand's. */
  study: string;
  /** The user's own lines. */
  drawing: string;
  font: string;
}

export interface ChartLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface ChartFrame {
  period: KlinePeriod;
  /** The time line: a line of closes instead of candles. */
  line: boolean;
  timeZone: string;
  colors: ChartColors;
  labels: ChartLabels & StudyLabels;
  /** The studies shown (studies.ts), in the menu's order; a change rebuilds the chart. */
  studies: readonly Study[];
  /** The reader's number convention: ECharts would group every figure the English way. */
  numbers: NumberText;
}

const SERIES_IDS = {
  candles: 'candles',
  line: 'line',
  volume: 'volume',
  drawings: 'drawings',
  reach: 'reach',
} as const;

/**
 * The chart's frame: a price grid and one pane per study that has its own (chart-panes.ts), all
 * sharing one category axis of bar times shown in the chart's time zone (ECharts has none of its
 * own), inside zoom, a cross tooltip, and empty series with fixed ids that `dataOption` fills.
 * Animation is off: live bars must not tween.
 */
export function frameOption(frame: ChartFrame, zoomStart: number): KlineOption {
  const { colors, labels, numbers, period, timeZone } = frame;
  const studies = frame.studies;
  const { panes, grids } = chartPanes(studies);
  const last = grids.length - 1;
  // The pointer's price is a pixel's position, not a traded price: six significant digits of it.
  const pointerPrice = (params: { value: unknown }) =>
    numbers.exact(Number(Number(params.value).toPrecision(6)));
  const axisCommon = {
    type: 'category' as const,
    boundaryGap: true,
    axisLine: { lineStyle: { color: colors.grid } },
    axisTick: { show: false },
    splitLine: { show: false },
  };
  const timeAxis = {
    color: colors.faint,
    hideOverlap: true,
    formatter: (value: string) => axisLabel(Number(value), period, timeZone),
  };
  const all = grids.map((_, index) => index);
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: colors.font, color: colors.text },
    grid: grids,
    xAxis: grids.map((_, index) => ({
      ...axisCommon,
      gridIndex: index,
      axisLabel: index === last ? timeAxis : { show: false },
      axisPointer:
        index === last
          ? {
              label: { formatter: (params: { value: unknown }) => fullLabel(Number(params.value), timeZone) },
            }
          : { label: { show: false } },
    })),
    yAxis: [
      {
        gridIndex: 0,
        scale: true,
        position: 'right',
        splitNumber: 6,
        axisLabel: { color: colors.faint, inside: false, formatter: (value: number) => numbers.exact(value) },
        axisPointer: { label: { formatter: pointerPrice } },
        splitLine: { lineStyle: { color: colors.grid, opacity: 0.6 } },
      },
      ...panes.map((study, index) => ({
        gridIndex: index + 1,
        // RSI has a fixed scale; the others fit their values.
        ...(study === 'rsi' ? { min: 0, max: 100 } : { scale: true }),
        position: 'right' as const,
        splitNumber: 2,
        axisLabel: { show: false },
        axisPointer: { label: { show: false } },
        splitLine: { show: false },
      })),
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: all, start: zoomStart, end: 100, minValueSpan: 10 }],
    tooltip: {
      trigger: 'axis',
      // Inside the chart, and never in the way of a click that places a drawing.
      confine: true,
      enterable: false,
      axisPointer: { type: 'cross', lineStyle: { color: colors.faint }, crossStyle: { color: colors.faint } },
      backgroundColor: colors.panel,
      borderColor: colors.grid,
      textStyle: { color: colors.text, fontSize: 12 },
      formatter: (params) => tooltipHtml(params, labels, numbers, timeZone),
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    series: [
      {
        id: SERIES_IDS.candles,
        type: 'candlestick',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: [],
        itemStyle: {
          color: colors.up,
          color0: colors.down,
          borderColor: colors.up,
          borderColor0: colors.down,
        },
        barMaxWidth: 14,
      },
      ...studySeries(studies, colors, {
        pane: (study) => (panes.includes(study) ? panes.indexOf(study) + 1 : 0),
      }),
      {
        id: SERIES_IDS.line,
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: [],
        showSymbol: false,
        lineStyle: { width: 1.5, color: colors.line },
        areaStyle: { color: colors.line, opacity: 0.08 },
      },
      // Carries the user's drawings: an invisible line of the closes, so the lines sit on the
      // price axis whether candles or the time line are shown.
      invisiblePriceLine(SERIES_IDS.drawings),
      // Invisible points at the prices of the lines the user may drag, so the price axis reaches
      // them (draggableReach).
      invisiblePriceLine(SERIES_IDS.reach),
    ],
  };
}

/** A line series on the price grid that nobody sees or points at: it only carries or stretches. */
function invisiblePriceLine(id: string): LineSeriesOption {
  return {
    id,
    type: 'line',
    xAxisIndex: 0,
    yAxisIndex: 0,
    data: [],
    showSymbol: false,
    silent: true,
    lineStyle: { opacity: 0 },
    tooltip: { show: false },
  };
}

/**
 * The data of every series for `bars`, merged into the frame by series id (no zoom: it stays). The
 * screen's marks ride on whichever price series is shown (candles, or the time line); the user's
 * drawings on a series of their own.
 */
export function dataOption(
  bars: readonly ChartBar[],
  frame: ChartFrame,
  marks: ChartMarks = NO_MARKS,
  drawings: readonly Drawing[] = [],
): KlineOption {
  const times = bars.map((bar) => String(bar.time));
  const closes = bars.map((bar) => bar.close);
  const candles = frame.line ? [] : bars.map((bar) => [bar.open, bar.close, bar.low, bar.high]);
  const markLine = markLineOption(bars, marks, frame.colors, visibleBars(frame.period));
  const noMarkLine = markLineOption(bars, NO_MARKS, frame.colors);
  const studies = frame.studies;
  const axes = chartPanes(studies).grids.map(() => ({ data: times }));
  return {
    xAxis: axes,
    series: [
      { id: SERIES_IDS.candles, data: candles, markLine: frame.line ? noMarkLine : markLine },
      ...studyData(studies, bars, frame.colors, frame.line),
      { id: SERIES_IDS.line, data: frame.line ? closes : [], markLine: frame.line ? markLine : noMarkLine },
      {
        id: SERIES_IDS.drawings,
        data: closes,
        markLine: drawingsMarkLine(drawings, bars, frame.colors, frame.numbers),
      },
      { id: SERIES_IDS.reach, data: draggableReach(bars, marks, visibleBars(frame.period)) },
    ] as KlineOption['series'],
  };
}

interface TooltipParam {
  seriesId?: string;
  axisValue?: string | number;
  value?: unknown;
  data?: unknown;
}

/** RSI is an index from 0 to 100: two places, as the big exchanges show it. */
const RSI_PLACES = 2;
/** Places of a study's value when the bar says nothing (no candle in the tooltip). */
const FALLBACK_PLACES = 4;

/**
 * The places a price-valued study (MA, EMA, Bollinger, MACD) is written with: those of the bar's
 * own prices. The bars' prices are the pair's ticks, so the most places among open, high, low and
 * close is the pair's price precision (all four ending in 0 is 1 bar in 10,000, and then one place
 * fewer shows). Written to six places, an average read "89,427.995714" beside a close of 89,279.3.
 */
function studyPlaces(params: readonly TooltipParam[]): number {
  const bar = params.find(
    (param) => param.seriesId === SERIES_IDS.candles || param.seriesId === SERIES_IDS.line,
  )?.value;
  const prices = Array.isArray(bar) ? (bar as number[]).slice(1) : typeof bar === 'number' ? [bar] : [];
  if (prices.length === 0) return FALLBACK_PLACES;
  return Math.min(8, Math.max(...prices.map((price) => String(price).split('.')[1]?.length ?? 0)));
}

function tooltipHtml(
  raw: unknown,
  labels: ChartLabels & StudyLabels,
  numbers: NumberText,
  timeZone: string,
): string {
  const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
  const first = params[0];
  if (!first) return '';
  const rows: string[] = [`<strong>${fullLabel(Number(first.axisValue), timeZone)}</strong>`];
  const places = studyPlaces(params);
  for (const param of params) {
    const value = param.value;
    if (param.seriesId === SERIES_IDS.candles && Array.isArray(value)) {
      // Candlestick values arrive as [index, open, close, low, high].
      const [, open, close, low, high] = value as number[];
      rows.push(
        `${labels.open} ${numbers.exact(open)}  ${labels.high} ${numbers.exact(high)}`,
        `${labels.low} ${numbers.exact(low)}  ${labels.close} ${numbers.exact(close)}`,
      );
    } else if (param.seriesId === SERIES_IDS.line && typeof value === 'number') {
      rows.push(`${labels.close} ${numbers.exact(value)}`);
    } else if (param.seriesId === SERIES_IDS.volume) {
      const volume =
        typeof value === 'number' ? value : (param.data as { value?: number } | undefined)?.value;
      rows.push(`${labels.volume} ${volume === undefined ? '' : numbers.exact(volume)}`);
    } else if (param.seriesId !== undefined) {
      const label = studySeriesLabel(param.seriesId, labels);
      const number = typeof value === 'number' ? value : (param.data as { value?: number } | null)?.value;
      if (label !== undefined && typeof number === 'number') {
        const fixed = param.seriesId === 'rsi' ? RSI_PLACES : places;
        rows.push(`${label} ${numbers.exact(number.toFixed(fixed))}`);
      }
    }
  }
  return rows.join('<br/>');
}
