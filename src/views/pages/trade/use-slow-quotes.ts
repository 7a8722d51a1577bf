import { useMemo } from 'react';
import { auditTime, connect, merge, skip, skipWhile, takeWhile } from 'rxjs';
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

export function useSlowQuotes(): QuotesState {
  const services = useServices();
  const slow$ = useMemo(
    () =>
      quotesStoreOf(services).pipe(
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
      ),
    [services],
  );
  // The shared store replays its latest table at once, so a page that opens later shows it at once.
  return useObservable(slow$, useFirstQuotes());
}
