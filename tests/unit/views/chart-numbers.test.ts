import { describe, expect, it } from 'vitest';
import { frameOption } from '../../../src/views/pages/trade/chart-option.ts';
import { chartFrame } from './chart-frame-fixture.ts';

/** The price axis (the first y axis) of a frame, as ECharts receives it. */
function priceAxis(option: ReturnType<typeof frameOption>) {
  const axes = option.yAxis as Array<{
    axisLabel: { formatter: (value: number) => string };
    axisPointer: { label: { formatter: (params: { value: unknown }) => string } };
  }>;
  return axes[0]!;
}

describe('the chart writes its numbers in the reader’s language', () => {
  it('the price axis and its pointer: ECharts alone would group them the English way', () => {
    expect(priceAxis(frameOption(chartFrame('en'), 0)).axisLabel.formatter(89400)).toBe('89,400');
    expect(priceAxis(frameOption(chartFrame('ru'), 0)).axisLabel.formatter(89400)).toBe('89\u00a0400');
    expect(priceAxis(frameOption(chartFrame('gm'), 0)).axisLabel.formatter(0.0583)).toBe('0,0583');
    // The pointer sits on a pixel, not a price: six significant digits of it.
    expect(
      priceAxis(frameOption(chartFrame('gm'), 0)).axisPointer.label.formatter({ value: 89233.123456 }),
    ).toBe('89.233,1');
  });

  it('the tooltip writes open, high, low, close and volume the same way', () => {
    const option = frameOption(chartFrame('ru'), 0);
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    const html = tooltip.formatter([
      { seriesId: 'candles', axisValue: 0, value: [0, 89000.5, 89100.25, 88900, 89200] },
      { seriesId: 'volume', axisValue: 0, value: 1234.5 },
    ]);
    expect(html).toContain('O 89\u00a0000,5');
    expect(html).toContain('C 89\u00a0100,25');
    expect(html).toContain('V 1\u00a0234,5');
  });
});
