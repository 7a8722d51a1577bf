import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { PriceMark } from './chart-marks.ts';

/** What a screen does with its draggable lines (price marks with a grip). */
export interface LineDrag {
  /** What the line being dragged says at `price` (its name, the price, the PnL there). */
  label: (id: string, price: number) => string;
  /** The line was let go at `price`: the screen asks the user to confirm the change. */
  drop: (id: string, price: number) => void;
}

/** A finger held this long (ms) on a grip, without moving, picks the line up (a phone's long-press). */
export const LONG_PRESS_MS = 400;
/** A finger that moves further (px) before then is scrolling or panning, not picking the line up. */
const PRESS_SLOP_PX = 8;
/** A mouse that moved less (px) between press and release only clicked: the line stays. */
const CLICK_SLOP_PX = 3;

interface Held {
  id: string;
  pointer: number;
  /** The grip's line where the press began (px from the chart's top) and the pointer's y there. */
  startLine: number;
  startY: number;
  /** Touch: waiting for the long-press; mouse and pen: picked up at once. */
  picked: boolean;
  timer: number;
  /** The price the dragged line was last drawn at inside the price grid (null: not moved yet). */
  drawn: number | null;
}

/** The line being dragged, where it is now (px from the chart's top) and the price there. */
interface Preview {
  id: string;
  y: number;
  price: number;
}

/**
 * Grips at the right end of a chart's draggable price lines (marks with a `grip`: a take-profit, a
 * stop-loss). A mouse drags a grip at once; a finger holds it for LONG_PRESS_MS first, so a swipe
 * across the chart still pans it. While dragged, a line and its label (the screen's words: the
 * price and the PnL there) follow the pointer; let go, the screen gets the price under it (drop)
 * and asks for a confirmation: nothing changes here. The grips follow the price axis after each
 * redraw of the chart (its zoom, a new bar), outside React. They are pointer-only, hidden from
 * assistive technology: the keyboard and screen readers change the same prices in the screen's
 * TP/SL dialog.
 */
export function ChartLineGrips({
  instance,
  marks,
  drag,
}: {
  instance: EChartsType | null;
  marks: readonly PriceMark[];
  drag: LineDrag;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const held = useRef<Held | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const grips = marks.filter((mark) => mark.grip !== undefined && Number.isFinite(mark.price));

  // Each grip sits on its line: the price axis moves with every redraw (zoom, live bars).
  useEffect(() => {
    const element = layer.current;
    if (!instance || !element) return undefined;
    const place = () => {
      const x = instance.getWidth() / 2;
      for (const grip of element.querySelectorAll<HTMLElement>('[data-grip]')) {
        const y = Number(instance.convertToPixel({ yAxisIndex: 0 }, Number(grip.dataset.price)));
        const inside = Number.isFinite(y) && instance.containPixel({ gridIndex: 0 }, [x, y]);
        const top = inside ? `${Math.round(y)}px` : '';
        if (grip.style.top !== top) grip.style.top = top;
        if (grip.hidden === inside) grip.hidden = !inside;
      }
    };
    place();
    instance.on('rendered', place);
    return () => {
      instance.off('rendered', place);
    };
  }, [instance, grips.length, marks]);

  useEffect(
    () => () => {
      if (held.current) clearTimeout(held.current.timer);
    },
    [],
  );

  /** The price at `y` (px from the chart's top), or null outside the price grid. */
  const priceAt = (y: number): number | null => {
    if (!instance || !instance.containPixel({ gridIndex: 0 }, [instance.getWidth() / 2, y])) return null;
    const price = Number(instance.convertFromPixel({ yAxisIndex: 0 }, y));
    return Number.isFinite(price) && price > 0 ? price : null;
  };

  const lineY = (event: ReactPointerEvent<HTMLElement>): number => {
    const state = held.current!;
    return state.startLine + event.clientY - state.startY;
  };

  const onDown = (event: ReactPointerEvent<HTMLElement>, mark: PriceMark) => {
    if (held.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const startLine = Number.parseFloat(event.currentTarget.style.top) || 0;
    const touch = event.pointerType === 'touch';
    const state: Held = {
      id: mark.id,
      pointer: event.pointerId,
      startLine,
      startY: event.clientY,
      picked: !touch,
      timer: 0,
      drawn: null,
    };
    held.current = state;
    if (touch) {
      state.timer = window.setTimeout(() => {
        state.picked = true;
        setPreview({ id: mark.id, y: startLine, price: mark.price });
      }, LONG_PRESS_MS);
    } else {
      setPreview({ id: mark.id, y: startLine, price: mark.price });
    }
  };

  const onMove = (event: ReactPointerEvent<HTMLElement>) => {
    const state = held.current;
    if (!state || state.pointer !== event.pointerId) return;
    if (!state.picked) {
      if (Math.abs(event.clientY - state.startY) > PRESS_SLOP_PX) end();
      return;
    }
    const y = lineY(event);
    const price = priceAt(y);
    // Outside the price grid the line stays at the last place it could be drawn.
    if (price === null) return;
    state.drawn = price;
    setPreview({ id: state.id, y, price });
  };

  const onUp = (event: ReactPointerEvent<HTMLElement>) => {
    const state = held.current;
    if (!state || state.pointer !== event.pointerId) return;
    const moved = Math.abs(event.clientY - state.startY) >= CLICK_SLOP_PX;
    // Let go outside the price grid, the line is where the user last saw it: that price is asked.
    const price = state.picked && moved ? (priceAt(lineY(event)) ?? state.drawn) : null;
    end();
    if (price !== null) drag.drop(state.id, price);
  };

  function end() {
    if (held.current) clearTimeout(held.current.timer);
    held.current = null;
    setPreview(null);
  }

  return (
    <div ref={layer} className="chart-grips" aria-hidden="true" data-testid="chart-grips">
      {grips.map((mark) => (
        <div
          key={mark.id}
          className={`chart-grip chart-grip-${mark.tone}${preview?.id === mark.id ? ' chart-grip-held' : ''}`}
          data-grip={mark.id}
          data-price={mark.price}
          data-testid={`chart-grip-${mark.id}`}
          hidden
          onPointerDown={(event) => onDown(event, mark)}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={end}
          onContextMenu={(event) => event.preventDefault()}
        >
          <span className="chart-grip-tag">{mark.grip} ⇕</span>
        </div>
      ))}
      {preview ? (
        <div
          className={`chart-drag-line chart-drag-line-${marks.find((mark) => mark.id === preview.id)?.tone ?? 'entry'}`}
          style={{ top: `${Math.round(preview.y)}px` }}
          data-testid="chart-drag-line"
          data-price={preview.price}
        >
          <span className="chart-drag-label num">{drag.label(preview.id, preview.price)}</span>
        </div>
      ) : null}
    </div>
  );
}
