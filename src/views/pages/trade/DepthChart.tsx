import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { cumulativeDepth } from '../../../domain/spot/cumulative-depth.ts';
import { groupLevels, stepDecimals } from '../../../domain/spot/price-grouping.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import { frameSampled } from '../../../streams/frame-sampled.ts';
import type { Depth } from '../../../streams/payloads.ts';
import type { Stamped } from '../../../streams/trade-feeds.ts';
import { useNumberText } from '../../use-number-text.ts';
import { afterFirstPaint } from './after-first-paint.ts';
import { resizeWithBox } from './chart-resize.ts';
import {
  depthDataOption,
  depthFrameOption,
  type DepthCurves,
  type DepthFrame,
  type DepthUnit,
} from './depth-chart-option.ts';
import { useChartPalette } from './use-chart-palette.ts';
import './depth-chart.css';

/**
 * The curve redraws at most this often (ms). The book beside it repaints every frame; a canvas
 * redraw costs more than a row's text, and four a second keep the picture live to the eye.
 */
const DEPTH_REDRAW_MS = 250;

const NO_CURVES: DepthCurves = { bids: [], asks: [], quantityPlaces: 0 };

function parseUnit(text: string | null): DepthUnit {
  return text === 'quote' ? 'quote' : 'base';
}

/** Places of a quantity as the server spells it (it pads to the pair's lot), as the book shows it. */
function quantityPlaces(depth: Depth): number {
  const sample = (depth.in[0] ?? depth.out[0])?.number ?? '';
  const point = sample.indexOf('.');
  return point < 0 ? 0 : sample.length - point - 1;
}

/** The theme's colours, read from the design tokens (the palette key says when they change). */
function readColors(_paletteKey: string): DepthFrame['colors'] {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    up: token('--up'),
    down: token('--down'),
    text: token('--text'),
    faint: token('--text-faint'),
    grid: token('--border'),
    panel: token('--bg-raised'),
    font: token('--font-chart'),
  };
}

interface DepthChartProps {
  depth$: Observable<Stamped<Depth>>;
  /** The book's price grouping: the curve steps at the same buckets the book's rows show. */
  step: string;
  priceDecimals: number;
  base: string;
  quote: string;
}

/**
 * The cumulative depth chart shown instead of the book's rows (OrderBook's view switch): bids and
 * asks summed outwards from the spread at the book's grouping, in the base currency or its value in
 * the quote one (the unit is remembered: depthUnit). Hovering reads a level's price, cumulative
 * quantity and value in exact ledger digits. Depth snapshots never reach React state: the latest is
 * kept in a ref and drawn at most every DEPTH_REDRAW_MS, in an animation frame; ECharts loads after
 * the screen has painted, as the candlestick chart does.
 */
export function DepthChart({ depth$, step, priceDecimals, base, quote }: DepthChartProps) {
  const { t } = useTranslation();
  const numbers = useNumberText();
  const palette = useChartPalette();
  const [unit, setUnit] = useState<DepthUnit>(() => parseUnit(readPref('depthUnit')));
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef<Depth | null>(null);
  const drawn = useRef<DepthCurves>(NO_CURVES);

  const frame = useMemo<DepthFrame>(
    () => ({
      // Re-read when the theme or the up/down colours change: the tokens differ.
      colors: readColors(palette.key),
      labels: {
        price: t('trade.depth.price', { code: quote }),
        quantity: t('trade.depth.quantity', { code: base }),
        value: t('trade.depth.value', { code: quote }),
        bids: t('trade.depth.bids'),
        asks: t('trade.depth.asks'),
      },
      numbers,
      places: { price: Math.min(priceDecimals, stepDecimals(step)), value: priceDecimals },
    }),
    [palette.key, t, base, quote, numbers, priceDecimals, step],
  );
  // What a redraw reads: the latest settings, without restarting the subscription.
  const settings = useRef({ frame, unit, step, priceDecimals });
  const frameDrawn = useRef<DepthFrame | null>(null);
  useLayoutEffect(() => {
    settings.current = { frame, unit, step, priceDecimals };
  }, [frame, unit, step, priceDecimals]);

  const redraw = useCallback(() => {
    const instance = chart.current;
    const element = host.current;
    if (!instance || !element) return;
    const current = settings.current;
    const depth = latest.current;
    if (depth) {
      drawn.current = {
        bids: cumulativeDepth(groupLevels(depth.in, current.step, 'bid'), current.priceDecimals),
        asks: cumulativeDepth(groupLevels(depth.out, current.step, 'ask'), current.priceDecimals),
        quantityPlaces: quantityPlaces(depth),
      };
    }
    if (frameDrawn.current !== current.frame) {
      instance.setOption(
        depthFrameOption(current.frame, () => drawn.current),
        { notMerge: true, lazyUpdate: true },
      );
      frameDrawn.current = current.frame;
    }
    instance.setOption(depthDataOption(drawn.current, current.unit), { lazyUpdate: true, silent: true });
  }, []);

  // One ECharts instance for the component's life, loaded once the screen around it has painted.
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    let instance: EChartsType | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void afterFirstPaint()
      .then(() => (cancelled ? null : import('./echarts-depth.ts')))
      // The library's start-up (its module) and the chart's first draw, each a task of its own.
      .then((loaded) => afterFirstPaint().then(() => loaded))
      .then((loaded) => {
        if (!loaded || cancelled) return;
        instance = loaded.echarts.init(element, undefined, { renderer: 'canvas' });
        // How many points are on the canvas, once they are: the options are taken lazily and drawn
        // in the next frame, and a pointer over the chart before then finds nothing to show (an
        // e2e hovered as soon as the points were handed over and got an empty tooltip).
        instance.on('finished', () => {
          element.dataset.points = String(drawn.current.bids.length + drawn.current.asks.length);
        });
        chart.current = instance;
        frameDrawn.current = null;
        redraw();
        resize = resizeWithBox(element, instance);
      })
      .catch(() => {
        // The chart's code did not load (the network): the book view still works.
      });
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart.current = null;
      instance?.dispose();
    };
  }, [redraw]);

  // Live depth: kept in a ref, drawn in a frame at most every DEPTH_REDRAW_MS.
  useEffect(() => {
    let raf = 0;
    let timer = 0;
    let lastDraw = 0;
    const flush = () => {
      raf = 0;
      lastDraw = performance.now();
      redraw();
    };
    const schedule = () => {
      if (raf !== 0 || timer !== 0) return;
      const wait = lastDraw + DEPTH_REDRAW_MS - performance.now();
      if (wait <= 0) raf = requestAnimationFrame(flush);
      else
        timer = window.setTimeout(() => {
          timer = 0;
          raf = requestAnimationFrame(flush);
        }, wait);
    };
    const subscription = frameSampled(depth$).subscribe(({ value }) => {
      latest.current = value;
      schedule();
    });
    return () => {
      subscription.unsubscribe();
      if (raf !== 0) cancelAnimationFrame(raf);
      if (timer !== 0) clearTimeout(timer);
    };
  }, [depth$, redraw]);

  // A new unit, grouping, theme or language: redraw what is shown now, without waiting for a push.
  useEffect(() => {
    redraw();
  }, [frame, unit, step, redraw]);

  function choose(next: DepthUnit): void {
    setUnit(next);
    writePref('depthUnit', next);
  }

  return (
    <div className="depth-chart" data-testid="depth-chart">
      <div className="depth-units" role="group" aria-label={t('trade.depth.unit')}>
        {(['base', 'quote'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={`depth-unit${option === unit ? ' active' : ''}`}
            aria-pressed={option === unit}
            onClick={() => choose(option)}
            data-testid={`depth-unit-${option}`}
          >
            {option === 'base' ? base : quote}
          </button>
        ))}
      </div>
      <div
        ref={host}
        className="depth-canvas"
        role="img"
        aria-label={t('trade.depth.summary', { base, quote })}
        data-testid="depth-canvas"
      />
    </div>
  );
}
