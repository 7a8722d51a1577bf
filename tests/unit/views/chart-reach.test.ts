import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberTextFor } from '../../../src/domain/number-locale.ts';
import type { ChartMarks, PriceMark } from '../../../src/views/pages/trade/chart-marks.ts';
import {
  dataOption,
  frameOption,
  type ChartBar,
  type ChartFrame,
} from '../../../src/views/pages/trade/chart-option.ts';

/**
 * The price axis reaches the lines the user may drag (a take-profit, a stop-loss), whatever the
 * bars in view: a line beyond their range had no place on the chart, its grip hidden, and could be
 * neither seen nor dragged. Drawn by the real ECharts (its server-side SVG renderer), so the axis's
 * extent is the library's own.
 */
echarts.use([
  CandlestickChart,
  LineChart,
  BarChart,
  GridComponent,
  DataZoomComponent,
  TooltipComponent,
  MarkLineComponent,
  SVGRenderer,
]);

const COLORS = {
  up: '#0f0',
  down: '#f00',
  text: '#fff',
  faint: '#999',
  grid: '#333',
  panel: '#111',
  line: '#ff0',
  averages: ['#ff0', '#a0f'],
  study: '#0ff',
  drawing: '#fa0',
  font: 'sans-serif',
};
const LABELS = {
  open: 'O',
  high: 'H',
  low: 'L',
  close: 'C',
  volume: 'V',
  average: (window: number) => `MA${window}`,
  ema: (window: number) => `EMA${window}`,
  boll: (line: string) => `BOLL-${line}`,
  macd: (line: string) => `MACD-${line}`,
  rsi: (window: number) => `RSI${window}`,
};
const FRAME: ChartFrame = {
  period: '5min',
  line: false,
  timeZone: 'UTC',
  colors: COLORS,
  labels: LABELS,
  studies: ['ma', 'volume'],
  numbers: numberTextFor('en'),
};

/** Bars whose prices stay within 100 ± 1. */
function flatBars(count: number): ChartBar[] {
  return Array.from({ length: count }, (_, index) => {
    const close = 100 + Math.sin(index) * 0.5;
    return { time: index * 300_000, open: 100, high: close + 0.5, low: close - 0.5, close, volume: 1 };
  });
}

/** The price axis's extent as ECharts drew it with these marks. */
function priceExtent(bars: ChartBar[], marks: ChartMarks): [number, number] {
  const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: 800, height: 500 });
  try {
    chart.setOption(frameOption(FRAME, 0));
    chart.setOption(dataOption(bars, FRAME, marks));
    const model = (
      chart as unknown as {
        getModel(): {
          getComponent(type: string, index: number): { axis: { scale: { getExtent(): [number, number] } } };
        };
      }
    ).getModel();
    return model.getComponent('yAxis', 0).axis.scale.getExtent();
  } finally {
    chart.dispose();
  }
}

const mark = (id: string, price: number, grip?: string): PriceMark => ({
  id,
  price,
  label: id,
  tone: grip === 'TP' ? 'profit' : 'loss',
  ...(grip ? { grip } : {}),
});

describe('the price axis and the lines the user may drag', () => {
  it('reaches a take-profit above the bars and a stop-loss below them, with room beyond each', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 101.5, max: 160, noNaN: true }),
        fc.double({ min: 40, max: 98.5, noNaN: true }),
        (takeProfit, stopLoss) => {
          const bars = flatBars(60);
          const [low, high] = priceExtent(bars, {
            prices: [mark('tp', takeProfit, 'TP'), mark('sl', stopLoss, 'SL')],
            moments: [],
          });
          // With room beyond each line to drag it further: 8 % of the bars' own span.
          const room =
            0.08 * (Math.max(...bars.map((bar) => bar.high)) - Math.min(...bars.map((bar) => bar.low)));
          expect(high).toBeGreaterThanOrEqual(takeProfit + room);
          expect(low).toBeLessThanOrEqual(stopLoss - room);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a line that is only drawn (a liquidation price) does not stretch the axis', () => {
    const [low, high] = priceExtent(flatBars(60), { prices: [mark('liq', 150)], moments: [] });
    expect(high).toBeLessThan(110);
    expect(low).toBeGreaterThan(90);
  });
});
