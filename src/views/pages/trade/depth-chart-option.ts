import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { DepthPoint } from '../../../domain/spot/cumulative-depth.ts';
import type { NumberText } from '../../../domain/number-locale.ts';

export type DepthOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

/** What the curve's height measures: the base quantity, or its value in the quote currency. */
export type DepthUnit = 'base' | 'quote';

export interface DepthCurves {
  /** Best (highest) price first, as cumulativeDepth gives them. */
  bids: readonly DepthPoint[];
  /** Best (lowest) price first. */
  asks: readonly DepthPoint[];
  /** Places of the quantities as the server spells them (it pads to the pair's lot). */
  quantityPlaces: number;
}

export interface DepthFrame {
  colors: {
    up: string;
    down: string;
    text: string;
    faint: string;
    grid: string;
    panel: string;
    font: string;
  };
  labels: { price: string; quantity: string; value: string; bids: string; asks: string };
  numbers: NumberText;
  /** Places of the grouped prices and of values (the book's total column). */
  places: { price: number; value: number };
}

const SERIES = { bids: 'bids', asks: 'asks' } as const;

/** A point as the chart holds it: [price, height, index into its side's curve]. */
type Datum = [number, number, number];

function heightOf(point: DepthPoint, unit: DepthUnit): number {
  return Number(unit === 'base' ? point.quantity : point.value);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The depth chart's frame: one value axis of prices, one of heights, a bid and an ask area drawn as
 * steps (a side's depth changes only at its levels), a line pointer whose tooltip reads the exact
 * strings of the nearest level (`curves()`: the ones drawn last, so the tooltip is never older
 * than the picture). No animation: the book changes many times a second.
 */
export function depthFrameOption(frame: DepthFrame, curves: () => DepthCurves): DepthOption {
  const { colors, labels, numbers } = frame;
  const area = (color: string): Pick<LineSeriesOption, 'lineStyle' | 'areaStyle' | 'itemStyle'> => ({
    lineStyle: { width: 1.5, color },
    areaStyle: { color, opacity: 0.18 },
    itemStyle: { color },
  });
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: colors.font, color: colors.text },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      scale: true,
      axisLine: { lineStyle: { color: colors.grid } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: {
        color: colors.faint,
        hideOverlap: true,
        formatter: (value: number) => numbers.exact(Number(value.toPrecision(8))),
      },
      axisPointer: { label: { show: false } },
    },
    yAxis: {
      type: 'value',
      position: 'right',
      splitNumber: 4,
      axisLabel: { color: colors.faint, formatter: (value: number) => numbers.compact(value) },
      splitLine: { lineStyle: { color: colors.grid, opacity: 0.6 } },
    },
    tooltip: {
      trigger: 'axis',
      // Kept inside the chart: the panel around it clips what overflows (trade.css: contain).
      confine: true,
      axisPointer: { type: 'line', lineStyle: { color: colors.faint } },
      backgroundColor: colors.panel,
      borderColor: colors.grid,
      textStyle: { color: colors.text, fontSize: 12 },
      className: 'depth-tooltip',
      formatter: (params) => tooltipHtml(params, curves(), frame),
    },
    series: [
      {
        id: SERIES.bids,
        name: labels.bids,
        type: 'line',
        step: 'start',
        showSymbol: false,
        data: [],
        ...area(colors.up),
      },
      {
        id: SERIES.asks,
        name: labels.asks,
        type: 'line',
        step: 'end',
        showSymbol: false,
        data: [],
        ...area(colors.down),
      },
    ],
  };
}

/**
 * The curves' data, merged into the frame by series id. Bids are drawn from the lowest price up, so
 * with a step at the start of each segment the height left of a level is everything at or above it.
 */
export function depthDataOption(curves: DepthCurves, unit: DepthUnit): DepthOption {
  const bids: Datum[] = curves.bids.map((point, index) => [
    Number(point.price),
    heightOf(point, unit),
    index,
  ]);
  bids.reverse();
  const asks: Datum[] = curves.asks.map((point, index) => [
    Number(point.price),
    heightOf(point, unit),
    index,
  ]);
  return {
    series: [
      { id: SERIES.bids, data: bids },
      { id: SERIES.asks, data: asks },
    ],
  };
}

interface TooltipParam {
  seriesId?: string;
  axisValue?: string | number;
  data?: unknown;
}

/** The level nearest the pointer, of whichever side it is on: its price, depth and value, exactly. */
function tooltipHtml(raw: unknown, curves: DepthCurves, frame: DepthFrame): string {
  const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
  const pointer = Number(params[0]?.axisValue);
  let best: { side: 'bids' | 'asks'; point: DepthPoint; distance: number } | null = null;
  for (const param of params) {
    const side = param.seriesId === SERIES.bids ? 'bids' : param.seriesId === SERIES.asks ? 'asks' : null;
    const datum = param.data as Datum | undefined;
    if (!side || !Array.isArray(datum)) continue;
    const point = curves[side][datum[2]];
    if (!point) continue;
    const distance = Math.abs(datum[0] - pointer);
    if (best === null || distance < best.distance) best = { side, point, distance };
  }
  if (!best) return '';
  const { labels, numbers, places } = frame;
  const row = (label: string, value: string) =>
    `<span class="depth-tip-label">${escapeHtml(label)}</span> <b class="depth-tip-value">${escapeHtml(value)}</b>`;
  return [
    `<strong>${escapeHtml(best.side === 'bids' ? labels.bids : labels.asks)}</strong>`,
    row(labels.price, numbers.fixed(best.point.price, places.price)),
    row(labels.quantity, numbers.fixed(best.point.quantity, curves.quantityPlaces)),
    row(labels.value, numbers.fixed(best.point.value, places.value)),
  ].join('<br/>');
}
