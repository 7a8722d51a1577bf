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
import { movingAverage, MOVING_AVERAGES } from '../../../domain/spot/moving-average.ts';
import { markLineOption, NO_MARKS, type ChartMarks } from './chart-marks.ts';
import type { NumberText } from '../../../domain/number-locale.ts';

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
  font: string;
}

export interface ChartLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  average: (window: number) => string;
}

export interface ChartFrame {
  period: KlinePeriod;
  /** The time line: a line of closes instead of candles. */
  line: boolean;
  timeZone: string;
  colors: ChartColors;
  labels: ChartLabels;
  /** The reader's number convention: ECharts would group every figure the English way. */
  numbers: NumberText;
}

const SERIES_IDS = { candles: 'candles', line: 'line', volume: 'volume' } as const;

/**
 * The chart's frame: two grids (price above, volume below) sharing one category axis of bar times
 * shown in the chart's time zone (ECharts has none of its own), inside zoom, a cross tooltip, and
 * empty series with fixed ids that `dataOption` fills. Animation is off: live bars must not tween.
 */
export function frameOption(frame: ChartFrame, zoomStart: number): KlineOption {
  const { colors, labels, numbers, period, timeZone } = frame;
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
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: colors.font, color: colors.text },
    grid: [
      { left: 8, right: 64, top: 24, bottom: 112 },
      { left: 8, right: 64, height: 72, bottom: 28 },
    ],
    xAxis: [
      {
        ...axisCommon,
        gridIndex: 0,
        axisLabel: { show: false },
        axisPointer: { label: { show: false } },
      },
      {
        ...axisCommon,
        gridIndex: 1,
        axisLabel: {
          color: colors.faint,
          hideOverlap: true,
          formatter: (value: string) => axisLabel(Number(value), period, timeZone),
        },
        axisPointer: {
          label: { formatter: (params: { value: unknown }) => fullLabel(Number(params.value), timeZone) },
        },
      },
    ],
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
      {
        gridIndex: 1,
        scale: true,
        position: 'right',
        splitNumber: 2,
        axisLabel: { show: false },
        splitLine: { show: false },
      },
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], start: zoomStart, end: 100, minValueSpan: 10 }],
    tooltip: {
      trigger: 'axis',
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
      ...MOVING_AVERAGES.map((window, index): LineSeriesOption => ({
        id: `ma${window}`,
        name: labels.average(window),
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: [],
        showSymbol: false,
        lineStyle: { width: 1, color: colors.averages[index] ?? colors.line },
        itemStyle: { color: colors.averages[index] ?? colors.line },
      })),
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
      {
        id: SERIES_IDS.volume,
        type: 'bar',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: [],
        barMaxWidth: 14,
      },
    ],
  };
}

/**
 * The data of every series for `bars`, merged into the frame by series id (no zoom: it stays). The
 * screen's marks ride on whichever price series is shown (candles, or the time line).
 */
export function dataOption(
  bars: readonly ChartBar[],
  frame: ChartFrame,
  marks: ChartMarks = NO_MARKS,
): KlineOption {
  const times = bars.map((bar) => String(bar.time));
  const closes = bars.map((bar) => bar.close);
  const candles = frame.line ? [] : bars.map((bar) => [bar.open, bar.close, bar.low, bar.high]);
  const markLine = markLineOption(bars, marks, frame.colors, visibleBars(frame.period));
  const noMarkLine = markLineOption(bars, NO_MARKS, frame.colors);
  return {
    xAxis: [{ data: times }, { data: times }],
    series: [
      { id: SERIES_IDS.candles, data: candles, markLine: frame.line ? noMarkLine : markLine },
      ...MOVING_AVERAGES.map((window) => ({
        id: `ma${window}`,
        data: frame.line ? [] : movingAverage(closes, window),
      })),
      { id: SERIES_IDS.line, data: frame.line ? closes : [], markLine: frame.line ? markLine : noMarkLine },
      {
        id: SERIES_IDS.volume,
        data: bars.map((bar) => ({
          value: bar.volume,
          itemStyle: { color: bar.close >= bar.open ? frame.colors.up : frame.colors.down, opacity: 0.55 },
        })),
      },
    ] as KlineOption['series'],
  };
}

interface TooltipParam {
  seriesId?: string;
  axisValue?: string | number;
  value?: unknown;
  data?: unknown;
}

function tooltipHtml(raw: unknown, labels: ChartLabels, numbers: NumberText, timeZone: string): string {
  const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
  const first = params[0];
  if (!first) return '';
  const rows: string[] = [`<strong>${fullLabel(Number(first.axisValue), timeZone)}</strong>`];
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
    } else if (param.seriesId?.startsWith('ma') && typeof value === 'number') {
      rows.push(
        `${labels.average(Number(param.seriesId.slice(2)))} ${numbers.exact(value.toFixed(6).replace(/\.?0+$/, ''))}`,
      );
    }
  }
  return rows.join('<br/>');
}
