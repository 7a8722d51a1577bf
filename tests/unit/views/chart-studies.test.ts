import { describe, expect, it } from 'vitest';
import { STUDIES, type Study } from '../../../src/domain/chart-studies/studies.ts';
import type { Drawing } from '../../../src/domain/chart-studies/drawings.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';
import {
  dataOption,
  frameOption,
  type ChartBar,
  type ChartFrame,
} from '../../../src/views/pages/trade/chart-option.ts';

const frame = (studies: Study[], line = false): ChartFrame => ({
  period: '5min',
  line,
  timeZone: 'UTC',
  colors: {
    up: 'up',
    down: 'down',
    text: 'text',
    faint: 'faint',
    grid: 'grid',
    panel: 'panel',
    line: 'brand',
    averages: ['a', 'b'],
    study: 'study',
    drawing: 'drawing',
    font: 'sans',
  },
  labels: {
    open: 'O',
    high: 'H',
    low: 'L',
    close: 'C',
    volume: 'V',
    average: (window) => `MA${window}`,
    ema: (window) => `EMA${window}`,
    boll: (line) => `BOLL-${line}`,
    macd: (line) => `MACD-${line}`,
    rsi: (window) => `RSI${window}`,
  },
  studies,
  numbers: numberTextFor('en'),
});

const bars: ChartBar[] = Array.from({ length: 60 }, (_, i) => ({
  time: 1_000_000 + i * 300_000,
  open: 100 + i,
  high: 102 + i,
  low: 99 + i,
  close: 101 + i,
  volume: 5,
}));

type Series = {
  id?: string;
  type?: string;
  xAxisIndex?: number;
  yAxisIndex?: number;
  markLine?: { data?: unknown[] };
};

/** Every subset of the studies, so each combination of panes is drawn at least once. */
const SUBSETS: Study[][] = Array.from({ length: 1 << STUDIES.length }, (_, mask) =>
  STUDIES.filter((_, bit) => mask & (1 << bit)),
);

describe('the chart with studies', () => {
  it('gives each pane study a grid of its own, and the data only series the frame has', () => {
    for (const studies of SUBSETS) {
      const built = frameOption(frame(studies), 0);
      const grids = built.grid as unknown[];
      const panes = studies.filter((s) => s === 'volume' || s === 'macd' || s === 'rsi');
      expect(grids).toHaveLength(1 + panes.length);
      expect(built.xAxis as unknown[]).toHaveLength(grids.length);
      expect(built.yAxis as unknown[]).toHaveLength(grids.length);
      const series = built.series as Series[];
      for (const one of series) {
        expect(one.type).toBeDefined();
        expect(one.xAxisIndex!).toBeLessThan(grids.length);
        expect(one.yAxisIndex).toBe(one.xAxisIndex);
      }
      // Data merges into the frame by id: a data series the frame lacks would be a series with no type.
      const ids = new Set(series.map((one) => one.id));
      const data = dataOption(bars, frame(studies)).series as Series[];
      for (const one of data) expect(ids.has(one.id)).toBe(true);
      expect(dataOption(bars, frame(studies)).xAxis as unknown[]).toHaveLength(grids.length);
    }
  });

  it('keeps the spec default: MA7, MA25 and volume, and no MACD or RSI', () => {
    const ids = (frameOption(frame(['ma', 'volume']), 0).series as Series[]).map((one) => one.id);
    expect(ids).toEqual(expect.arrayContaining(['ma7', 'ma25', 'volume']));
    expect(ids).not.toContain('macd');
    expect(ids).not.toContain('rsi');
  });

  it('draws price studies over candles only, pane studies on the time line too', () => {
    const data = dataOption(bars, frame(['ema', 'rsi'], true)).series as Array<{
      id: string;
      data: unknown[];
    }>;
    expect(data.find((one) => one.id === 'ema20')!.data).toEqual([]);
    expect(data.find((one) => one.id === 'rsi')!.data.filter((v) => v !== null).length).toBeGreaterThan(0);
  });

  it("names each study's value in the tooltip, at the bar's price places (RSI at 2), not the MACD as a moving average", () => {
    const tooltip = frameOption(frame(STUDIES.slice()), 0).tooltip as {
      formatter: (params: unknown) => string;
    };
    const html = tooltip.formatter([
      { seriesId: 'candles', axisValue: 0, value: [0, 1.05, 2, 0.5, 3] },
      { seriesId: 'ma7', axisValue: 0, value: 1.5 },
      { seriesId: 'ema20', axisValue: 0, value: 1.234567 },
      { seriesId: 'boll-upper', axisValue: 0, value: 4 },
      { seriesId: 'macd', axisValue: 0, value: -0.5 },
      { seriesId: 'macd-histogram', axisValue: 0, value: 0.25, data: { value: 0.25 } },
      { seriesId: 'rsi', axisValue: 0, value: 70.1234 },
      { seriesId: 'drawings', axisValue: 0, value: 2 },
    ]);
    for (const row of [
      'MA7 1.50',
      'EMA20 1.23',
      'BOLL-upper 4.00',
      'MACD-macd -0.50',
      'MACD-histogram 0.25',
      'RSI14 70.12',
    ])
      expect(html).toContain(row);
    expect(html).not.toContain('MA0');
    expect(html.split('<br/>')).toHaveLength(1 + 2 + 6);
  });

  it("draws the user's level and trend lines, and leaves out a trend line whose end is before the bars", () => {
    const drawings: Drawing[] = [
      { kind: 'level', id: 'd1', price: 120 },
      {
        kind: 'trend',
        id: 'd2',
        from: { time: bars[3]!.time + 1, price: 103 },
        to: { time: bars[40]!.time, price: 140 },
      },
      { kind: 'trend', id: 'd3', from: { time: 5, price: 103 }, to: { time: bars[40]!.time, price: 140 } },
    ];
    const data = dataOption(bars, frame(['ma']), undefined, drawings).series as Series[];
    const lines = data.find((one) => one.id === 'drawings')!.markLine!.data as unknown[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ name: 'd1', yAxis: 120 });
    expect(lines[1]).toEqual([
      expect.objectContaining({ name: 'd2', coord: [String(bars[3]!.time), 103] }),
      { coord: [String(bars[40]!.time), 140] },
    ]);
  });
});
