import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { MarkLineComponentOption } from 'echarts/components';
import { bollingerBands } from '../../../domain/chart-studies/bollinger-bands.ts';
import { barIndexAt } from './chart-marks.ts';
import type { Drawing } from '../../../domain/chart-studies/drawings.ts';
import { exponentialAverage } from '../../../domain/chart-studies/exponential-average.ts';
import { macd } from '../../../domain/chart-studies/macd.ts';
import { relativeStrength } from '../../../domain/chart-studies/relative-strength.ts';
import { STUDY_SETTINGS, type Study } from '../../../domain/chart-studies/studies.ts';
import { movingAverage, MOVING_AVERAGES } from '../../../domain/spot/moving-average.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import type { ChartBar, ChartColors } from './chart-option.ts';

/** The names the chart gives its studies' lines (in the tooltip), in the reader's language. */
export interface StudyLabels {
  average: (window: number) => string;
  ema: (window: number) => string;
  boll: (line: 'upper' | 'middle' | 'lower') => string;
  macd: (line: 'macd' | 'signal' | 'histogram') => string;
  rsi: (window: number) => string;
}

/** Where a study's series sit: the price grid (0) or its own pane. */
export interface StudyAxes {
  pane: (study: Study) => number;
}

/** The id of each study's series, so data merges into the frame's series and the tooltip names them. */
export function studySeriesIds(study: Study): string[] {
  switch (study) {
    case 'ma':
      return MOVING_AVERAGES.map((window) => `ma${window}`);
    case 'ema':
      return [`ema${STUDY_SETTINGS.ema}`];
    case 'boll':
      return ['boll-upper', 'boll-middle', 'boll-lower'];
    case 'volume':
      return ['volume'];
    case 'macd':
      return ['macd-histogram', 'macd', 'macd-signal'];
    case 'rsi':
      return ['rsi'];
  }
}

/** The tooltip's name for one series, or undefined for a series that is not a study's. */
export function studySeriesLabel(id: string, labels: StudyLabels): string | undefined {
  if (/^ma\d+$/.test(id)) return labels.average(Number(id.slice(2)));
  if (/^ema\d+$/.test(id)) return labels.ema(Number(id.slice(3)));
  if (id === 'boll-upper') return labels.boll('upper');
  if (id === 'boll-middle') return labels.boll('middle');
  if (id === 'boll-lower') return labels.boll('lower');
  if (id === 'macd') return labels.macd('macd');
  if (id === 'macd-signal') return labels.macd('signal');
  if (id === 'macd-histogram') return labels.macd('histogram');
  if (id === 'rsi') return labels.rsi(STUDY_SETTINGS.rsi);
  return undefined;
}

function line(id: string, color: string, axis: number, dashed = false): LineSeriesOption {
  return {
    id,
    type: 'line',
    xAxisIndex: axis,
    yAxisIndex: axis,
    data: [],
    showSymbol: false,
    lineStyle: { width: 1, color, type: dashed ? 'dashed' : 'solid' },
    itemStyle: { color },
  };
}

/**
 * The empty series of the studies shown (the price's on grid 0, the others on their panes), in the
 * order they draw. The volume pane's bars are coloured per bar with the data.
 */
export function studySeries(
  studies: readonly Study[],
  colors: ChartColors,
  axes: StudyAxes,
): Array<LineSeriesOption | BarSeriesOption> {
  const out: Array<LineSeriesOption | BarSeriesOption> = [];
  const second = colors.averages[1] ?? colors.line;
  for (const study of studies) {
    const axis = axes.pane(study);
    switch (study) {
      case 'ma':
        MOVING_AVERAGES.forEach((window, index) =>
          out.push(line(`ma${window}`, colors.averages[index] ?? colors.line, axis)),
        );
        break;
      case 'ema':
        out.push(line(`ema${STUDY_SETTINGS.ema}`, colors.study, axis));
        break;
      case 'boll':
        out.push(
          line('boll-upper', colors.faint, axis, true),
          line('boll-middle', colors.study, axis),
          line('boll-lower', colors.faint, axis, true),
        );
        break;
      case 'volume':
        out.push({
          id: 'volume',
          type: 'bar',
          xAxisIndex: axis,
          yAxisIndex: axis,
          data: [],
          barMaxWidth: 14,
        });
        break;
      case 'macd':
        out.push(
          {
            id: 'macd-histogram',
            type: 'bar',
            xAxisIndex: axis,
            yAxisIndex: axis,
            data: [],
            barMaxWidth: 14,
          },
          line('macd', colors.line, axis),
          line('macd-signal', second, axis),
        );
        break;
      case 'rsi':
        out.push({
          ...line('rsi', colors.study, axis),
          markLine: {
            silent: true,
            symbol: ['none', 'none'],
            animation: false,
            label: { show: false },
            lineStyle: { color: colors.faint, type: 'dotted', width: 1 },
            data: [{ yAxis: 30 }, { yAxis: 70 }],
          },
        });
        break;
    }
  }
  return out;
}

/**
 * The data of the studies shown, by series id. Price studies are left empty on the time line (it
 * draws closes alone, as before studies existed).
 */
export function studyData(
  studies: readonly Study[],
  bars: readonly ChartBar[],
  colors: ChartColors,
  timeLine: boolean,
): Array<{ id: string; data: unknown[] }> {
  const closes = bars.map((bar) => bar.close);
  const out: Array<{ id: string; data: unknown[] }> = [];
  for (const study of studies) {
    switch (study) {
      case 'ma':
        for (const window of MOVING_AVERAGES)
          out.push({ id: `ma${window}`, data: timeLine ? [] : movingAverage(closes, window) });
        break;
      case 'ema':
        out.push({
          id: `ema${STUDY_SETTINGS.ema}`,
          data: timeLine ? [] : exponentialAverage(closes, STUDY_SETTINGS.ema),
        });
        break;
      case 'boll': {
        const bands = bollingerBands(closes, STUDY_SETTINGS.boll.window, STUDY_SETTINGS.boll.width);
        out.push(
          { id: 'boll-upper', data: timeLine ? [] : bands.upper },
          { id: 'boll-middle', data: timeLine ? [] : bands.middle },
          { id: 'boll-lower', data: timeLine ? [] : bands.lower },
        );
        break;
      }
      case 'volume':
        out.push({
          id: 'volume',
          data: bars.map((bar) => ({
            value: bar.volume,
            itemStyle: { color: bar.close >= bar.open ? colors.up : colors.down, opacity: 0.55 },
          })),
        });
        break;
      case 'macd': {
        const { fast, slow, signal } = STUDY_SETTINGS.macd;
        const lines = macd(closes, fast, slow, signal);
        out.push(
          {
            id: 'macd-histogram',
            data: lines.histogram.map((value) =>
              value === null
                ? null
                : { value, itemStyle: { color: value >= 0 ? colors.up : colors.down, opacity: 0.55 } },
            ),
          },
          { id: 'macd', data: lines.macd },
          { id: 'macd-signal', data: lines.signal },
        );
        break;
      }
      case 'rsi':
        out.push({ id: 'rsi', data: relativeStrength(closes, STUDY_SETTINGS.rsi) });
        break;
    }
  }
  return out;
}

/**
 * The user's drawings as one markLine: a level across the chart with its price at the right end,
 * a trend line between the bars its two points fall in. A point before the loaded bars has no bar
 * to stand on: that line waits until it is in the loaded history again.
 */
export function drawingsMarkLine(
  drawings: readonly Drawing[],
  bars: readonly ChartBar[],
  colors: ChartColors,
  numbers: NumberText,
): MarkLineComponentOption {
  const data: NonNullable<MarkLineComponentOption['data']> = [];
  const style = { color: colors.drawing, width: 1.5, type: 'solid' as const };
  for (const drawing of drawings) {
    if (drawing.kind === 'level') {
      data.push({
        name: drawing.id,
        yAxis: drawing.price,
        lineStyle: style,
        label: {
          formatter: numbers.exact(Number(drawing.price.toPrecision(6))),
          position: 'insideEndTop',
          color: colors.drawing,
          fontSize: 10,
        },
      });
    } else {
      const from = barIndexAt(bars, drawing.from.time);
      const to = barIndexAt(bars, drawing.to.time);
      if (from === undefined || to === undefined) continue;
      data.push([
        { name: drawing.id, coord: [String(bars[from]!.time), drawing.from.price], lineStyle: style },
        { coord: [String(bars[to]!.time), drawing.to.price] },
      ]);
    }
  }
  return { silent: true, symbol: ['none', 'none'], animation: false, label: { show: false }, data };
}
