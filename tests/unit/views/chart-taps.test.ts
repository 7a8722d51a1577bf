import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTap, onChartTap, TAP_SLOP_PX, type TapHost } from '../../../src/views/pages/trade/chart-taps.ts';

/** A chart's host placed on the page at (left, top), with the browser's event dispatch. */
function hostAt(left: number, top: number): TapHost & EventTarget {
  const target = new EventTarget();
  return Object.assign(target, {
    getBoundingClientRect: () => ({ left, top }) as DOMRect,
  });
}

function pointer(type: string, x: number, y: number, more: Record<string, unknown> = {}): Event {
  return Object.assign(new Event(type), { clientX: x, clientY: y, button: 0, isPrimary: true, ...more });
}

describe('chart taps', () => {
  it('places the tap at its point in the host, whatever happened between press and release', () => {
    const host = hostAt(300, 160);
    const taps: Array<[number, number]> = [];
    onChartTap(host, (x, y) => taps.push([x, y]));
    host.dispatchEvent(pointer('pointerdown', 700, 230));
    // What dropped ZRender's click: the chart redrew between press and release. Nothing here knows.
    host.dispatchEvent(pointer('click', 701, 231));
    expect(taps).toEqual([[401, 71]]);
  });

  it('is not a tap when the press moved further than the slop (a pan), nor without a press', () => {
    const host = hostAt(0, 0);
    const taps: Array<[number, number]> = [];
    onChartTap(host, (x, y) => taps.push([x, y]));
    host.dispatchEvent(pointer('pointerdown', 100, 100));
    host.dispatchEvent(pointer('click', 100 + TAP_SLOP_PX + 1, 100));
    // A click with no press of its own (the press was used): not a second tap.
    host.dispatchEvent(pointer('click', 100, 100));
    // A second finger's press, or the right button's, places nothing.
    host.dispatchEvent(pointer('pointerdown', 50, 50, { isPrimary: false }));
    host.dispatchEvent(pointer('click', 50, 50));
    host.dispatchEvent(pointer('pointerdown', 50, 50, { button: 2 }));
    host.dispatchEvent(pointer('click', 50, 50));
    expect(taps).toEqual([]);
  });

  it('hears nothing once stopped', () => {
    const host = hostAt(0, 0);
    let taps = 0;
    const stop = onChartTap(host, () => taps++);
    stop();
    host.dispatchEvent(pointer('pointerdown', 10, 10));
    host.dispatchEvent(pointer('click', 10, 10));
    expect(taps).toBe(0);
  });

  it('a release is a tap exactly when it is within the slop of its press', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -20, max: 20 }),
        (x, y, dx, dy) => {
          const moved = dx * dx + dy * dy;
          const tap = isTap({ clientX: x, clientY: y }, { clientX: x + dx, clientY: y + dy });
          expect(tap).toBe(moved <= TAP_SLOP_PX * TAP_SLOP_PX);
        },
      ),
    );
  });
});
