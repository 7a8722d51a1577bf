import { useMemo, useState } from 'react';
import { auditTime, connect, defer, finalize, merge, skip, skipWhile, takeWhile, tap } from 'rxjs';
import type { Services } from '../../../app/app-services.ts';
import type { QuotesState } from '../../../streams/quotes-store.ts';
import { quotesStoreOf, useFirstQuotes } from '../../components/use-quotes.ts';
import { useServices } from '../../services-context.ts';
import { useObservable } from '../../use-observable.ts';

/**
 * The live quotes table, at most four times a second. On the trade screen the order book and the
 * tape carry the frame-by-frame picture; the pair list and the 24 h header change slowly to the eye,
 * and re-rendering them every frame would take the time the book and the tape need.
 */
export const SLOW_QUOTES_MS = 250;

/**
 * The table the slow readers of an app last got, while one of them still reads: a header or pair
 * list that mounts beside it (the trade screen taking over from its frame, TradeFrame.tsx) starts
 * from what is on screen, not from an empty table it would show for a frame before its own
 * subscription answers. With no reader left it is not used: it may be old by then.
 */
interface ShownQuotes {
  readers: number;
  latest: QuotesState | null;
}
const shownByApp = new WeakMap<Services, ShownQuotes>();

function shownOf(services: Services): ShownQuotes {
  let shown = shownByApp.get(services);
  if (!shown) {
    shown = { readers: 0, latest: null };
    shownByApp.set(services, shown);
  }
  return shown;
}

export function useSlowQuotes(): QuotesState {
  const services = useServices();
  const slow$ = useMemo(() => {
    const shown = shownOf(services);
    return defer(() => {
      shown.readers += 1;
      return quotesStoreOf(services).pipe(
        // The first live table goes out at once (the header's first quote must not wait
        // out a quarter second); later ones at most every SLOW_QUOTES_MS.
        connect((tables$) =>
          merge(
            tables$.pipe(takeWhile((table) => table.status !== 'ready', true)),
            tables$.pipe(
              skipWhile((table) => table.status !== 'ready'),
              skip(1),
              auditTime(SLOW_QUOTES_MS),
            ),
          ),
        ),
        tap((table) => (shown.latest = table)),
        finalize(() => (shown.readers -= 1)),
      );
    });
  }, [services]);
  const first = useFirstQuotes();
  const [start] = useState(() => {
    const shown = shownOf(services);
    return shown.readers > 0 && shown.latest !== null ? shown.latest : first;
  });
  // The shared store replays its latest table at once, so a page that opens later shows it at once.
  return useObservable(slow$, start);
}
