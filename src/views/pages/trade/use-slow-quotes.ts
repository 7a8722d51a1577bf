import { useMemo } from 'react';
import { auditTime } from 'rxjs';
import { INITIAL_QUOTES, type QuotesState } from '../../../streams/quotes-store.ts';
import { quotesStoreOf } from '../../components/use-quotes.ts';
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
  const slow$ = useMemo(() => quotesStoreOf(services).pipe(auditTime(SLOW_QUOTES_MS)), [services]);
  // The shared store replays its latest table at once, so the first value arrives with the first tick.
  return useObservable(slow$, INITIAL_QUOTES);
}
