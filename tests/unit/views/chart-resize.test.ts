import { afterEach, describe, expect, it } from 'vitest';
import { resizeWithBox } from '../../../src/views/pages/trade/chart-resize.ts';

/** A ResizeObserver that reports when told to, as the browser does (once on observe, then on changes). */
class FakeResizeObserver {
  static last: FakeResizeObserver | null = null;
  constructor(readonly report: () => void) {
    FakeResizeObserver.last = this;
  }
  observe(): void {
    // The browser's first report of an observed box, whatever its size.
    this.report();
  }
  disconnect(): void {}
}

const realObserver = globalThis.ResizeObserver;
afterEach(() => {
  globalThis.ResizeObserver = realObserver;
});

describe('resizeWithBox', () => {
  it('redraws a chart only when its box has changed size since the chart was drawn', () => {
    globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
    const box = { clientWidth: 390, clientHeight: 516 } as HTMLElement;
    let resized = 0;
    resizeWithBox(box, { resize: () => resized++ });
    // The report on observe: the chart was drawn at this size a moment ago.
    expect(resized).toBe(0);
    Object.assign(box, { clientWidth: 1024 });
    FakeResizeObserver.last?.report();
    expect(resized).toBe(1);
    // A report without a change (another observed box moved): no second draw.
    FakeResizeObserver.last?.report();
    expect(resized).toBe(1);
    Object.assign(box, { clientHeight: 400 });
    FakeResizeObserver.last?.report();
    expect(resized).toBe(2);
  });
});
