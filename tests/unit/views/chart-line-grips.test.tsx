// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceMark } from '../../../src/views/pages/trade/chart-marks.ts';
import { ChartLineGrips, LONG_PRESS_MS } from '../../../src/views/pages/trade/ChartLineGrips.tsx';

/**
 * The grips' drop rule: the price proposed on release is the one under the line, and a line let go
 * outside the price grid proposes the price it was last drawn at, the one the user saw. The chart
 * is a stand-in for ECharts' pixel conversions: a grid from y = 0 to 200 px where price = 300 - y.
 */
const GRID_BOTTOM = 200;
const chart = {
  getWidth: () => 400,
  containPixel: (_finder: unknown, [, y]: number[]) => y! >= 0 && y! <= GRID_BOTTOM,
  convertToPixel: (_finder: unknown, price: number) => 300 - price,
  convertFromPixel: (_finder: unknown, y: number) => 300 - y,
  on: () => undefined,
  off: () => undefined,
} as unknown as EChartsType;

const takeProfit = { id: 'tp', price: 290, tone: 'profit', label: 'TP', grip: 'TP' } as unknown as PriceMark;

function pointer(type: 'pointerDown' | 'pointerMove' | 'pointerUp', grip: HTMLElement, clientY: number) {
  fireEvent[type](grip, { pointerId: 7, pointerType: 'mouse', button: 0, clientY });
}

let dropped: Array<[string, number]> = [];
beforeEach(() => {
  dropped = [];
  Element.prototype.setPointerCapture = () => undefined;
});
afterEach(cleanup);

function grips() {
  const view = render(
    <ChartLineGrips
      instance={chart}
      marks={[takeProfit]}
      drag={{ label: (id, price) => `${id} ${price}`, drop: (id, price) => void dropped.push([id, price]) }}
    />,
  );
  const grip = view.getByTestId('chart-grip-tp');
  // The grip stands on its line: price 290 is 10 px below the grid's top.
  expect(grip.style.top).toBe('10px');
  return { view, grip };
}

describe('ChartLineGrips', () => {
  it('proposes the price under the line where it is let go', () => {
    const { grip } = grips();
    pointer('pointerDown', grip, 500);
    pointer('pointerMove', grip, 540);
    pointer('pointerUp', grip, 560);
    // 60 px down from 10 px: the line at 70 px, price 230.
    expect(dropped).toEqual([['tp', 230]]);
  });

  it('let go above the grid, proposes the price the line was last drawn at', () => {
    const { view, grip } = grips();
    pointer('pointerDown', grip, 500);
    pointer('pointerMove', grip, 495);
    expect(view.getByTestId('chart-drag-line').dataset.price).toBe('295');
    // Out of the grid: the line stays at 5 px (price 295) and that price is asked on release.
    pointer('pointerMove', grip, 480);
    expect(view.getByTestId('chart-drag-line').dataset.price).toBe('295');
    pointer('pointerUp', grip, 470);
    expect(dropped).toEqual([['tp', 295]]);
  });

  it('let go outside the grid without ever being drawn elsewhere, proposes nothing', () => {
    const { grip } = grips();
    pointer('pointerDown', grip, 500);
    pointer('pointerMove', grip, 480);
    pointer('pointerUp', grip, 470);
    expect(dropped).toEqual([]);
  });

  it('a click without a move proposes nothing', () => {
    const { grip } = grips();
    pointer('pointerDown', grip, 500);
    pointer('pointerUp', grip, 501);
    expect(dropped).toEqual([]);
  });

  it('a finger picks the line up only after the long-press', () => {
    vi.useFakeTimers();
    try {
      const { view, grip } = grips();
      fireEvent.pointerDown(grip, { pointerId: 3, pointerType: 'touch', clientY: 500 });
      expect(view.queryByTestId('chart-drag-line')).toBeNull();
      act(() => void vi.advanceTimersByTime(LONG_PRESS_MS));
      fireEvent.pointerMove(grip, { pointerId: 3, pointerType: 'touch', clientY: 520 });
      fireEvent.pointerUp(grip, { pointerId: 3, pointerType: 'touch', clientY: 520 });
      expect(dropped).toEqual([['tp', 270]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
