import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Observable, of, shareReplay } from 'rxjs';
import { ownLevels } from '../../../domain/spot/own-levels.ts';
import { groupingSteps } from '../../../domain/spot/price-grouping.ts';
import { clockText } from '../../../domain/time-zone.ts';
import type { OwnOrder } from '../../../machines/spot-orders.machine.ts';
import { frameSampled } from '../../../streams/frame-sampled.ts';
import type { CompletedTrade, Depth } from '../../../streams/payloads.ts';
import { BOOK_ROWS, createBookPainter } from './book-painter.ts';
import type { Stamped } from '../../../streams/trade-feeds.ts';
import { setClass, setText } from './text-cells.ts';
import { DepthChart } from './DepthChart.tsx';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import { TAPE_WAY_BUY, TAPE_WAY_SELL } from '../../../domain/contract-codes.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';
import { useObservable } from '../../use-observable.ts';
import { useNumberText } from '../../use-number-text.ts';

const NEVER_STALE: Observable<number | null> = of(null);

const LEVELS = Array.from({ length: BOOK_ROWS }, (_, index) => index);

/** The panel shows the book's rows or, instead of them, the cumulative depth chart (DepthChart). */
type BookView = 'book' | 'depth';
const BOOK_VIEWS: readonly BookView[] = ['book', 'depth'];

interface OrderBookProps {
  depth$: Observable<Stamped<Depth>>;
  tape$: Observable<Stamped<readonly CompletedTrade[]>>;
  priceDecimals: number;
  base: string;
  quote: string;
  own: ReadonlyMap<number, OwnOrder>;
  onPick: (price: string) => void;
  /**
   * When the book last changed, once that is a few seconds ago (streams/staleness.ts); else null.
   * Without it the book never says (the lever screen does not pass one yet).
   */
  asOf$?: Observable<number | null>;
}

/**
 * The order book (spec §2): asks above, bids below, the last price between them. Rows are rendered
 * once and painted in place once per animation frame (book-painter.ts); choosing a grouping step or
 * a change in the user's orders repaints the latest snapshot. Clicking a row fills the forms' price.
 * A book that has not changed for a few seconds (a dropped socket) says as of when it is. A switch
 * in its head shows the cumulative depth chart (DepthChart.tsx) instead of the rows, at the same
 * grouping; the choice is remembered (bookView).
 */
export function OrderBook({ depth$, tape$, priceDecimals, base, quote, own, onPick, asOf$ }: OrderBookProps) {
  const { t } = useTranslation();
  const { zone } = useTimeZone();
  const asOf = useObservable(asOf$ ?? NEVER_STALE, null);
  const numbers = useNumberText();
  const steps = useMemo(() => groupingSteps(priceDecimals), [priceDecimals]);
  const [step, setStep] = useState(steps[0] ?? '0.01');
  const [view, setView] = useState<BookView>(() => (readPref('bookView') === 'depth' ? 'depth' : 'book'));
  const activeStep = steps.includes(step) ? step : (steps[0] ?? step);
  const rootRef = useRef<HTMLDivElement>(null);
  const lastRef = useRef<HTMLSpanElement>(null);
  const latest = useRef<Stamped<Depth> | null>(null);
  const lastTrade = useRef<CompletedTrade | null>(null);
  const painter = useRef<ReturnType<typeof createBookPainter> | null>(null);
  const marks = useMemo(() => ownLevels([...own.values()], activeStep), [own, activeStep]);
  const settings = useRef({ step: activeStep, marks, priceDecimals });
  useLayoutEffect(() => {
    settings.current = { step: activeStep, marks, priceDecimals };
  }, [activeStep, marks, priceDecimals]);
  /** Writes the last trade's price between the sides, when the rows are shown. */
  const paintLast = useCallback(() => {
    const cell = lastRef.current;
    if (!cell) return;
    const last = lastTrade.current;
    setText(cell, last ? numbers.fixed(last.price, priceDecimals) : '');
    setClass(cell, 'up', last?.way === TAPE_WAY_BUY);
    setClass(cell, 'down', last?.way === TAPE_WAY_SELL);
  }, [numbers, priceDecimals]);

  // The feed is shared, not replayed: the book's own subscription (kept whichever view is shown)
  // holds the latest snapshot for the depth chart, which shows it at once, even while the market
  // stands still.
  const kept$ = useMemo(() => depth$.pipe(shareReplay({ bufferSize: 1, refCount: true })), [depth$]);
  useEffect(() => {
    const subscription = frameSampled(kept$).subscribe((stamped) => {
      latest.current = stamped;
      const { step: chosen, marks: mine, priceDecimals: decimals } = settings.current;
      painter.current?.({
        depth: stamped.value,
        seq: stamped.seq,
        step: chosen,
        priceDecimals: decimals,
        own: mine,
      });
    });
    return () => {
      subscription.unsubscribe();
      latest.current = null;
    };
  }, [kept$]);

  // The rows' painter, while the rows are shown.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const paint = createBookPainter(root, numbers);
    painter.current = paint;
    const shown = latest.current;
    if (shown) {
      const { step: chosen, marks: mine, priceDecimals: decimals } = settings.current;
      paint({ depth: shown.value, seq: shown.seq, step: chosen, priceDecimals: decimals, own: mine });
    }
    return () => {
      painter.current = null;
    };
  }, [numbers, view]);

  // A new step or new own orders: repaint what is on screen now, without waiting for a push.
  useEffect(() => {
    const shown = latest.current;
    if (shown && painter.current) {
      painter.current({ depth: shown.value, seq: null, step: activeStep, priceDecimals, own: marks });
    }
  }, [activeStep, marks, priceDecimals]);

  useEffect(() => {
    const subscription = frameSampled(tape$).subscribe(({ value }) => {
      lastTrade.current = value[0] ?? null;
      paintLast();
    });
    return () => subscription.unsubscribe();
  }, [tape$, paintLast]);
  useEffect(paintLast, [paintLast, view]);

  function chooseView(next: BookView): void {
    setView(next);
    writePref('bookView', next);
  }

  function pick(event: MouseEvent<HTMLDivElement>): void {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.book-row');
    const price = row?.dataset.price;
    if (price) onPick(price);
  }

  const row = (side: 'ask' | 'bid', level: number) => (
    <button
      key={`${side}-${level}`}
      type="button"
      tabIndex={-1}
      className={`book-row book-${side} empty`}
      data-side={side}
      data-level={level}
      data-testid={`book-${side}-${level}`}
    >
      <span className="book-bar" aria-hidden="true" />
      <span className="book-price num" />
      <span className="book-number num" />
      <span className="book-total num" />
    </button>
  );

  return (
    <section className="trade-panel book" aria-labelledby="book-title" data-testid="order-book">
      <header className="panel-head">
        <h2 id="book-title">{t('trade.book.title')}</h2>
        {asOf !== null && (
          <span className="panel-as-of" data-testid="book-as-of">
            {t('trade.asOf', { time: clockText(asOf, zone) })}
          </span>
        )}
        <div className="book-views" role="group" aria-label={t('trade.depth.views')}>
          {BOOK_VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              className={`book-view${option === view ? ' active' : ''}`}
              aria-pressed={option === view}
              onClick={() => chooseView(option)}
              data-testid={`book-view-${option}`}
            >
              {t(option === 'book' ? 'trade.depth.showBook' : 'trade.depth.showDepth')}
            </button>
          ))}
        </div>
        <label className="book-step">
          <span className="visually-hidden">{t('trade.book.grouping')}</span>
          <select
            value={activeStep}
            onChange={(event) => setStep(event.target.value)}
            data-testid="book-step"
          >
            {steps.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </header>
      {view === 'depth' ? (
        <DepthChart
          depth$={kept$}
          step={activeStep}
          priceDecimals={priceDecimals}
          base={base}
          quote={quote}
        />
      ) : (
        <>
          <div className="book-columns" aria-hidden="true">
            <span>{t('trade.book.price', { code: quote })}</span>
            <span>{t('trade.book.amount', { code: base })}</span>
            <span>{t('trade.book.total', { code: quote })}</span>
          </div>
          <div ref={rootRef} className="book-body" onClick={pick} data-testid="book-body">
            <div className="book-asks">{[...LEVELS].reverse().map((level) => row('ask', level))}</div>
            <div className="book-mid">
              <span ref={lastRef} className="book-last num" data-testid="book-last" />
              <span className="book-mid-label">{t('trade.book.last')}</span>
            </div>
            <div className="book-bids">{LEVELS.map((level) => row('bid', level))}</div>
          </div>
        </>
      )}
    </section>
  );
}
