import { SVGRenderer } from 'echarts/renderers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChartMarks, PriceMark } from '../../../src/views/pages/trade/chart-marks.ts';
import { dataOption, frameOption, type ChartBar } from '../../../src/views/pages/trade/chart-option.ts';
import { echarts } from '../../../src/views/pages/trade/echarts-kline.ts';
import { chartFrame } from './chart-frame-fixture.ts';

/**
 * The price axis reaches the lines the user may drag (a take-profit, a stop-loss), whatever the
 * bars in view: a line beyond their range had no place on the chart, its grip hidden, and could be
 * neither seen nor dragged. Drawn by the real ECharts with the chart's own parts (echarts-kline.ts)
 * and its server-side SVG renderer, so the axis's extent is the library's own.
 */
// The kline chart's own ECharts parts, drawn to SVG in Node (server-side rendering).
echarts.use([SVGRenderer]);

const FRAME = chartFrame();

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
