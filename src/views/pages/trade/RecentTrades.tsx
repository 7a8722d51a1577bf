import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { formatPrice, groupThousands } from '../../../domain/format.ts';
import { CHART_TIME_ZONE } from '../../../domain/spot/chart-period.ts';
import { TAPE_LIMIT, timeOf } from '../../../domain/spot/tape.ts';
import { frameSampled } from '../../../streams/frame-sampled.ts';
import type { CompletedTrade } from '../../../streams/payloads.ts';
import type { Stamped } from './feeds.ts';
import { markPainted, setClass, setText } from './text-cells.ts';

const ROWS = Array.from({ length: TAPE_LIMIT }, (_, index) => index);
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHART_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Recent trades (spec §2, §9): the latest 30, newest on top; a buyer-taken trade (way 2) in the up
 * colour, a seller-taken one in the down colour. Thirty fixed rows painted in place once per
 * animation frame; times in the chart's time zone, so the tape and the candles agree.
 */
export function RecentTrades({ tape$, priceDecimals, base, quote }: {
  tape$: Observable<Stamped<readonly CompletedTrade[]>>;
  priceDecimals: number;
  base: string;
  quote: string;
}) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return undefined;
    const rows = [...body.querySelectorAll<HTMLElement>('.tape-row')].map((row) => ({
      row,
      price: row.querySelector<HTMLElement>('.tape-price')!,
      number: row.querySelector<HTMLElement>('.tape-number')!,
      time: row.querySelector<HTMLElement>('.tape-time')!,
    }));
    const subscription = frameSampled(tape$).subscribe(({ value, seq }) => {
      for (let i = 0; i < rows.length; i++) {
        const cells = rows[i]!;
        const trade = value[i];
        setClass(cells.row, 'empty', trade === undefined);
        setText(cells.price, trade ? formatPrice(trade.price, priceDecimals) : '');
        setText(cells.number, trade ? groupThousands(trade.number) : '');
        setText(cells.time, trade ? clock.format(timeOf(trade)) : '');
        setClass(cells.price, 'up', trade?.way === 2);
        setClass(cells.price, 'down', trade?.way === 1);
      }
      markPainted(body, seq);
    });
    return () => subscription.unsubscribe();
  }, [tape$, priceDecimals]);

  return (
    <section className="trade-panel tape" aria-labelledby="tape-title" data-testid="recent-trades">
      <header className="panel-head">
        <h2 id="tape-title">{t('trade.tape.title')}</h2>
      </header>
      <div className="tape-columns" aria-hidden="true">
        <span>{t('trade.book.price', { code: quote })}</span>
        <span>{t('trade.book.amount', { code: base })}</span>
        <span>{t('trade.tape.time')}</span>
      </div>
      <div ref={bodyRef} className="tape-body" data-testid="tape-body">
        {ROWS.map((index) => (
          <div key={index} className="tape-row empty" data-testid={`tape-row-${index}`}>
            <span className="tape-price num" />
            <span className="tape-number num" />
            <span className="tape-time num" />
          </div>
        ))}
      </div>
    </section>
  );
}
