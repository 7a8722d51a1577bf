import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { TAPE_LIMIT } from '../../../domain/spot/tape.ts';
import { frameSampled } from '../../../streams/frame-sampled.ts';
import type { CompletedTrade } from '../../../streams/payloads.ts';
import type { Stamped } from '../../../streams/trade-feeds.ts';
import { useTimeZone, useZoneLabel } from '../../components/use-time-zone.ts';
import { createTapePainter } from './tape-painter.ts';
import { useNumberText } from '../../use-number-text.ts';

const ROWS = Array.from({ length: TAPE_LIMIT }, (_, index) => index);
/**
 * Recent trades (spec §2, §9): the latest 30, newest on top; a buyer-taken trade (way 2) in the up
 * colour, a seller-taken one in the down colour. Thirty fixed rows painted in place once per
 * animation frame (tape-painter.ts); times in the chosen time zone (the user's own by default),
 * the same as the chart's, labelled with its UTC offset.
 */
export function RecentTrades({
  tape$,
  priceDecimals,
  base,
  quote,
}: {
  tape$: Observable<Stamped<readonly CompletedTrade[]>>;
  priceDecimals: number;
  base: string;
  quote: string;
}) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  const numbers = useNumberText();

  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return undefined;
    const paint = createTapePainter(body, priceDecimals, numbers, zone);
    const subscription = frameSampled(tape$).subscribe(({ value, seq }) => paint(value, seq));
    return () => subscription.unsubscribe();
  }, [tape$, priceDecimals, numbers, zone]);

  return (
    <section className="trade-panel tape" aria-labelledby="tape-title" data-testid="recent-trades">
      <header className="panel-head">
        <h2 id="tape-title">{t('trade.tape.title')}</h2>
      </header>
      <div className="tape-columns" aria-hidden="true">
        <span>{t('trade.book.price', { code: quote })}</span>
        <span>{t('trade.book.amount', { code: base })}</span>
        {/* The narrow time column names its zone only; the title says it in words. */}
        <span data-testid="tape-time-zone" title={t('trade.tape.timeIn', { zone: zoneLabel })}>
          {zoneLabel}
        </span>
      </div>
      {/* Scrolls: focusable so a keyboard can scroll it too. */}
      <div
        ref={bodyRef}
        className="tape-body"
        tabIndex={0}
        aria-label={t('trade.tape.title')}
        data-testid="tape-body"
      >
        {ROWS.map((index) => (
          // The painter moves these rows around (the oldest become the newest): keys only, no indices.
          <div key={index} className="tape-row empty">
            <span className="tape-price num" />
            <span className="tape-number num" />
            <span className="tape-time num" />
          </div>
        ))}
      </div>
    </section>
  );
}
