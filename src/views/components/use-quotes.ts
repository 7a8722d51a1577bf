import type { Observable } from 'rxjs';
import { INITIAL_QUOTES, type QuotesState } from '../../streams/quotes-store.ts';
import type { Services } from '../../app/app-services.ts';
import { useServices } from '../services-context.ts';
import { useObservable } from '../use-observable.ts';

/** The one live quotes table of an app instance, shared by every page that shows markets. */
export function quotesStoreOf(services: Services): Observable<QuotesState> {
  return services.queries.markets.quotes$;
}

/**
 * Every pair's live quote. The store emits at most once per animation frame, so this hook
 * re-renders its page at most once per frame however fast DAY_MARKET pushes.
 */
export function useQuotes(): QuotesState {
  const services = useServices();
  return useObservable(quotesStoreOf(services), INITIAL_QUOTES);
}
