import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import {
  CHART_HEIGHT,
  CHART_PERIODS,
  initialZoomStart,
  klinePeriodOf,
  visibleBars,
  parseChartPeriod,
  type ChartPeriod,
} from '../../../domain/spot/chart-period.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import {
  layoutKey,
  layoutOf,
  parseLayouts,
  withLayout,
  type ChartLayout,
  type ChartLayouts,
} from '../../../domain/chart-studies/chart-layouts.ts';
import {
  addDrawing,
  nextDrawingId,
  pixelPrice,
  removeDrawing,
  type ChartPoint,
  type DrawingTool,
} from '../../../domain/chart-studies/drawings.ts';
import { toggleStudy, type Study } from '../../../domain/chart-studies/studies.ts';
import { ChartStudiesMenu } from './ChartStudiesMenu.tsx';
import { onChartTap } from './chart-taps.ts';
import { EXCHANGE_TIME_ZONE, parseTimeZoneChoice } from '../../../domain/time-zone.ts';
import { localTimeZone, timeZonePref } from '../../../machines/time-zone-pref.ts';
import { useTimeZone, useZoneLabel } from '../../components/use-time-zone.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useServices } from '../../services-context.ts';
import { foldBars, toChartBar } from './chart-bars.ts';
import { focusWindow, NO_MARKS, type ChartMarks } from './chart-marks.ts';
import { dataOption, frameOption, type ChartBar, type ChartColors, type ChartFrame } from './chart-option.ts';
import { afterFirstPaint } from './after-first-paint.ts';
import { resizeWithBox } from './chart-resize.ts';
import { ChartLineGrips, type LineDrag } from './ChartLineGrips.tsx';
import { useChartPalette } from './use-chart-palette.ts';
import type { DealSnapshot } from '../../../streams/trade-feeds.ts';
import { useNumberText } from '../../use-number-text.ts';

type ChartStatus = 'loading' | 'ready' | 'empty' | 'failed';

/**
 * The chart redraws live candles at most this often (ms). A canvas redraw of the whole chart costs
 * a frame's worth of main-thread time on a slow machine; once a second keeps the candle live to
 * the eye while the order book and the tape, which carry the tick-by-tick picture, keep every frame.
 */
const CHART_REDRAW_MS = 1000;

/** The theme's colours, read from the design tokens so the chart follows both themes and the swap. */
function readColors(theme: 'dark' | 'light', _paletteKey: string): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    up: token('--up'),
    down: token('--down'),
    text: token('--text'),
    faint: token('--text-faint'),
    grid: token('--border'),
    panel: token('--bg-raised'),
    line: token('--brand'),
    // The second average needs a hue of its own, distinct from up, down and the brand in both themes.
    averages: [token('--brand'), theme === 'dark' ? '#a78bfa' : '#7c3aed'],
    // The EMA and the Bollinger middle: a teal apart from up, down, the brand and the violet.
    study: theme === 'dark' ? '#2dd4bf' : '#0f766e',
    drawing: theme === 'dark' ? '#fbbf24' : '#b45309',
    font: token('--font-chart'),
  };
}

/**
 * The candlestick chart (spec §9): periods 1 to 60 minutes, a day, a week, a month and a time line;
 * 5 minutes by default and remembered (chartPeriod); two moving averages and volume; about 7 hours
 * visible at first; the user's own time zone or the exchange's (Asia/Shanghai), as chosen in its
 * header and labelled with the UTC offset; 516 px high; an empty state when there are no bars.
 *
 * History comes from market/kline for a range ending at the market's last trade (the simulator's
 * clock may run ahead of the wall clock); live candles come from KLINE pushes and are folded in at
 * most once per animation frame, every bar of the frame kept (a closing bar's final state too).
 *
 * Studies (MA, EMA, Bollinger bands, volume, MACD, RSI) are added and removed in the header's
 * menu, and a horizontal or a trend line is drawn by clicking the chart: both are kept per pair and
 * period in local prefs (chart-layouts.ts); the spec's two moving averages and volume by default.
 *
 * A screen may draw its own marks over the candles (price levels, moments: see chart-marks.ts) and
 * ask for a moment to be brought into view once the history has loaded (`focusTime`, ms: a micro
 * contract's proof link opens the chart at its settling trade).
 */
export function KlineChart({
  matchId,
  symbol,
  deal$,
  marks = NO_MARKS,
  focusTime,
  fill = false,
  lineDrag,
}: {
  matchId: number;
  symbol: string;
  deal$: Observable<DealSnapshot>;
  /** Keep the object stable (useMemo) while its content is the same: a new one redraws. */
  marks?: ChartMarks;
  focusTime?: number;
  /**
   * The chart takes the height its page's layout gives it (trade.css: what the window has left
   * once the forms are in view) instead of the spec's fixed height.
   */
  fill?: boolean;
  /** The marks with a grip may be dragged to a new price (ChartLineGrips); keep it stable too. */
  lineDrag?: LineDrag;
}) {
  const { t } = useTranslation();
  const { queries } = useServices();
  const palette = useChartPalette();
  const numbers = useNumberText();
  const { choice: zoneChoice, zone } = useTimeZone();
  const localLabel = useZoneLabel(localTimeZone());
  const exchangeLabel = useZoneLabel(EXCHANGE_TIME_ZONE);
  const [period, setPeriod] = useState<ChartPeriod>(() => parseChartPeriod(readPref('chartPeriod')));
  // The status of the chart for one pair and period; any other key is still loading.
  const key = `${matchId}/${period}`;
  const [layouts, setLayouts] = useState<ChartLayouts>(() => parseLayouts(readPref('chartLayouts')));
  const layoutId = layoutKey(symbol, period);
  const layout = layoutOf(layouts, layoutId);
  // A stable value for the frame's memo: the studies as text, not a new array each render.
  const studiesText = layout.studies.join(',');
  const [tool, setTool] = useState<DrawingTool | null>(null);
  // The first point of a trend line being drawn (its second click ends it).
  const [anchor, setAnchor] = useState<ChartPoint | null>(null);
  // The tool and the trend line's first end as the chart's clicks read them: set at once, not at the
  // next render. A click right after the tool was chosen, or right after the first end, reached the
  // previous render's handler (the CI run lost a trend line's first end so).
  const toolNow = useRef<DrawingTool | null>(null);
  const anchorNow = useRef<ChartPoint | null>(null);

  const [outcome, setOutcome] = useState<{ key: string; status: ChartStatus }>({
    key: '',
    status: 'loading',
  });
  const status = outcome.key === key ? outcome.status : 'loading';
  const chart = useRef<EChartsType | null>(null);
  // The same instance, for the line grips that follow its price axis (set once it exists).
  const [painted, setPainted] = useState<EChartsType | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const bars = useRef<ChartBar[]>([]);

  const frame = useMemo<ChartFrame>(
    () => ({
      period: klinePeriodOf(period),
      line: period === 'line',
      timeZone: zone,
      // Re-read when the theme or the up/down colours change: the tokens differ.
      colors: readColors(palette.theme, palette.key),
      labels: {
        open: t('trade.chart.open'),
        high: t('trade.chart.high'),
        low: t('trade.chart.low'),
        close: t('trade.chart.close'),
        volume: t('trade.chart.volume'),
        average: (window) => t('trade.chart.average', { window }),
        ema: (window) => t('trade.studies.ema', { window }),
        boll: (line) => t(`trade.studies.boll.${line}`),
        macd: (line) => t(`trade.studies.macd.${line}`),
        rsi: (window) => t('trade.studies.rsi', { window }),
      },
      studies: studiesText === '' ? [] : (studiesText.split(',') as Study[]),
      numbers,
    }),
    [period, zone, palette.theme, palette.key, t, numbers, studiesText],
  );
  const frameRef = useRef(frame);
  const marksRef = useRef(marks);
  const drawingsRef = useRef(layout.drawings);
  // The chart's click handler, set once at init, calls the latest `pick` (it reads this render's state).
  const pickRef = useRef<(x: number, y: number) => void>(() => undefined);
  const focusRef = useRef(focusTime);

  // The frame the instance was last built with: rebuilding it (notMerge) costs tens of
  // milliseconds on a slow machine, so a new history only moves the zoom.
  const drawnFrame = useRef<ChartFrame | null>(null);

  const draw = useCallback((resetZoom: boolean) => {
    const instance = chart.current;
    if (!instance) return;
    const current = frameRef.current;
    const zoomStart = initialZoomStart(bars.current.length, current.period);
    // lazyUpdate: ECharts takes the options now and paints once, in its next animation frame, a
    // task of its own rather than one more in the caller's (a React commit, a socket message).
    if (drawnFrame.current !== current) {
      instance.setOption(frameOption(current, zoomStart), { notMerge: true, lazyUpdate: true });
      drawnFrame.current = current;
    } else if (resetZoom) {
      instance.setOption({ dataZoom: [{ start: zoomStart, end: 100 }] }, { lazyUpdate: true });
    }
    instance.setOption(dataOption(bars.current, current, marksRef.current, drawingsRef.current), {
      lazyUpdate: true,
      silent: true,
    });
  }, []);

  /** Brings the focus moment's bar to the middle of the view (once per loaded history). */
  const focus = useCallback(() => {
    const instance = chart.current;
    const time = focusRef.current;
    if (!instance || time === undefined) return;
    const view = focusWindow(bars.current, time, visibleBars(frameRef.current.period));
    if (view) instance.dispatchAction({ type: 'dataZoom', start: view.start, end: view.end });
  }, []);

  // One ECharts instance for the component's life, sized to its box. ECharts (its module's start-up
  // and the first canvas) loads once the screen around it has painted, in tasks of its own: the
  // prices, the book and the forms do not wait for the chart library (a long task of its own).
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    let instance: EChartsType | null = null;
    let resize: ResizeObserver | null = null;
    let stopTaps: (() => void) | null = null;
    let cancelled = false;
    void afterFirstPaint()
      .then(() => (cancelled ? null : import('./echarts-kline.ts')))
      // The library's start-up (its module) and the chart's first draw, each a task of its own.
      .then((loaded) => afterFirstPaint().then(() => loaded))
      .then((loaded) => {
        if (!loaded || cancelled) return;
        const created = loaded.echarts.init(element, undefined, { renderer: 'canvas' });
        instance = created;
        chart.current = created;
        setPainted(created);
        draw(true);
        focus();
        stopTaps = onChartTap(element, (x, y) => pickRef.current(x, y));
        resize = resizeWithBox(element, created);
      })
      .catch(() => {
        // The chart's code did not load (the network): the rest of the screen works without it.
      });
    return () => {
      cancelled = true;
      resize?.disconnect();
      stopTaps?.();
      chart.current = null;
      setPainted(null);
      drawnFrame.current = null;
      instance?.dispose();
    };
  }, [draw, focus]);

  // A new frame (theme, language, period) redraws the whole chart.
  useEffect(() => {
    frameRef.current = frame;
    draw(true);
    focus();
  }, [frame, draw, focus]);

  // New marks redraw the data only: the zoom stays where the user left it.
  useEffect(() => {
    marksRef.current = marks;
    draw(false);
  }, [marks, draw]);

  // New drawings redraw the data only, like marks.
  useEffect(() => {
    drawingsRef.current = layout.drawings;
    draw(false);
  }, [layout.drawings, draw]);

  useEffect(() => {
    focusRef.current = focusTime;
    focus();
  }, [focusTime, focus]);

  useEffect(() => {
    const kline = klinePeriodOf(period);
    let loaded = false;
    let cancelled = false;
    const pending = new Map<number, ChartBar>();
    let raf = 0;
    bars.current = [];
    draw(true);
    // Told to React only when it changes: live bars arrive every frame.
    let shown: ChartStatus = 'loading';
    const settle = (next: ChartStatus) => {
      if (next === shown) return;
      shown = next;
      setOutcome({ key: `${matchId}/${period}`, status: next });
    };

    // Redraws wait for a frame and come at most every CHART_REDRAW_MS (see there).
    let timer = 0;
    let lastDraw = 0;
    const schedule = () => {
      if (raf !== 0 || timer !== 0 || !loaded) return;
      const wait = lastDraw + CHART_REDRAW_MS - performance.now();
      if (wait <= 0) raf = requestAnimationFrame(flush);
      else
        timer = window.setTimeout(() => {
          timer = 0;
          raf = requestAnimationFrame(flush);
        }, wait);
    };
    const flush = () => {
      raf = 0;
      lastDraw = performance.now();
      if (!loaded || pending.size === 0) return;
      foldBars(
        bars.current,
        [...pending.values()].sort((a, b) => a.time - b.time),
      );
      pending.clear();
      if (bars.current.length > 0) settle('ready');
      draw(false);
    };
    const live = queries.trade.kline$(symbol, kline).subscribe((bar) => {
      pending.set(bar.time, toChartBar(bar));
      schedule();
    });
    let reloaded = false;
    const history = queries.trade.klineHistory$(deal$, { matchId, symbol, period: kline }).subscribe({
      next: (answer) => {
        if (cancelled) return;
        bars.current = answer.map(toChartBar).sort((a, b) => a.time - b.time);
        loaded = true;
        foldBars(
          bars.current,
          [...pending.values()].sort((a, b) => a.time - b.time),
        );
        pending.clear();
        settle(bars.current.length > 0 ? 'ready' : 'empty');
        // A history loaded again after a reconnect keeps the zoom the user chose.
        draw(!reloaded);
        if (!reloaded) focus();
        reloaded = true;
      },
      error: () => {
        if (!cancelled) settle('failed');
      },
    });
    return () => {
      cancelled = true;
      live.unsubscribe();
      history.unsubscribe();
      if (raf !== 0) cancelAnimationFrame(raf);
      if (timer !== 0) clearTimeout(timer);
    };
  }, [queries, symbol, matchId, period, deal$, draw, focus]);

  function choose(next: ChartPeriod): void {
    setPeriod(next);
    toolNow.current = null;
    anchorNow.current = null;
    setTool(null);
    setAnchor(null);
    writePref('chartPeriod', next);
  }

  /** Keeps this pair and period's layout, merged into what other tabs may have stored meanwhile. */
  function keep(next: ChartLayout): void {
    const all = withLayout(parseLayouts(readPref('chartLayouts')), layoutId, next);
    writePref('chartLayouts', JSON.stringify(all));
    setLayouts(all);
  }

  function chooseTool(next: DrawingTool | null): void {
    toolNow.current = next;
    anchorNow.current = null;
    setTool(next);
    setAnchor(null);
  }

  /**
   * A click on the chart while a tool is chosen: the price grid's point under it (the bar it falls
   * in, six significant digits of the price) places a level, or a trend line's first or last end.
   */
  function pick(x: number, y: number): void {
    const instance = chart.current;
    const tool = toolNow.current;
    const anchor = anchorNow.current;
    if (!instance || tool === null || !instance.containPixel({ gridIndex: 0 }, [x, y])) return;
    const [index, value] = instance.convertFromPixel({ gridIndex: 0 }, [x, y]) as number[];
    const bar = bars.current[Math.round(index ?? -1)];
    const price = pixelPrice(value ?? Number.NaN);
    if (!bar || price === undefined) return;
    const id = nextDrawingId(layout.drawings);
    if (tool === 'level') {
      keep({ ...layout, drawings: addDrawing(layout.drawings, { kind: 'level', id, price }) });
      toolNow.current = null;
      setTool(null);
    } else if (anchor === null) {
      anchorNow.current = { time: bar.time, price };
      setAnchor(anchorNow.current);
    } else {
      const to = { time: bar.time, price };
      keep({ ...layout, drawings: addDrawing(layout.drawings, { kind: 'trend', id, from: anchor, to }) });
      toolNow.current = null;
      anchorNow.current = null;
      setAnchor(null);
      setTool(null);
    }
  }
  useEffect(() => {
    pickRef.current = pick;
  });

  // Escape puts the drawing tool down.
  useEffect(() => {
    if (tool === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') chooseTool(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tool]);

  return (
    <section
      className={`trade-panel chart${fill ? ' chart-fill' : ''}`}
      aria-labelledby="chart-title"
      data-testid="kline-chart"
    >
      <header className="panel-head chart-head">
        <h2 id="chart-title" className="visually-hidden">
          {t('trade.chart.title')}
        </h2>
        <div className="chart-periods" role="group" aria-label={t('trade.chart.periods')}>
          {CHART_PERIODS.map((option) => (
            <button
              key={option}
              type="button"
              className={`chart-period${option === period ? ' active' : ''}`}
              aria-pressed={option === period}
              onClick={() => choose(option)}
              data-testid={`period-${option}`}
            >
              {t(`trade.chart.period.${option}`)}
            </button>
          ))}
        </div>
        <ChartStudiesMenu
          studies={layout.studies}
          drawings={layout.drawings}
          tool={tool}
          onStudy={(study, on) => keep({ ...layout, studies: toggleStudy(layout.studies, study, on) })}
          onTool={chooseTool}
          onRemove={(id) => keep({ ...layout, drawings: removeDrawing(layout.drawings, id) })}
          onClear={() => keep({ ...layout, drawings: [] })}
        />
        <label className="chart-zone">
          <span className="visually-hidden">{t('trade.chart.timeZone')}</span>
          <select
            value={zoneChoice}
            onChange={(event) => timeZonePref.set(parseTimeZoneChoice(event.target.value))}
            data-testid="chart-time-zone"
          >
            <option value="local">{t('trade.chart.zoneLocal', { offset: localLabel })}</option>
            <option value="exchange">{t('trade.chart.zoneExchange', { offset: exchangeLabel })}</option>
          </select>
        </label>
      </header>
      <div
        className={`chart-body${tool === null ? '' : ' drawing'}`}
        style={fill ? undefined : { height: CHART_HEIGHT }}
        data-status={status}
      >
        <div ref={host} className="chart-canvas" style={fill ? undefined : { height: CHART_HEIGHT }} />
        {lineDrag && status === 'ready' ? (
          <ChartLineGrips instance={painted} marks={marks.prices} drag={lineDrag} />
        ) : null}
        {tool !== null && (
          <p className="chart-draw-hint" role="status" data-testid="chart-draw-hint">
            {t(anchor === null ? `trade.studies.hint.${tool}` : 'trade.studies.hint.trendEnd')}
          </p>
        )}
        {status === 'empty' && (
          <div className="chart-overlay">
            <EmptyState title={t('trade.chart.empty')} />
          </div>
        )}
        {status === 'failed' && (
          <div className="chart-overlay">
            <EmptyState title={t('trade.chart.failed')} />
          </div>
        )}
        {status === 'loading' && <div className="chart-overlay chart-loading" aria-busy="true" />}
      </div>
    </section>
  );
}
