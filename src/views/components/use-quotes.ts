import { useState } from 'react';
import type { Observable } from 'rxjs';
import { INITIAL_QUOTES, type QuotesState } from '../../streams/quotes-store.ts';
import type { Services } from '../../app/app-services.ts';
import { useServices } from '../services-context.ts';
import { isFirstPage } from '../first-page.ts';
import { useObservable } from '../use-observable.ts';

/** The one live quotes table of an app instance, shared by every page that shows markets. */
export function quotesStoreOf(services: Services): Observable<QuotesState> {
  return services.queries.markets.quotes$;
}

/**
 * What a quotes view renders before its subscription answers: on the app's first page, the table
 * the app started from (a prerendered page's opening quotes, which hydration must find again, or
 * the kept ones); on later pages, nothing yet (the shared store replays its table at once).
 */
export function useFirstQuotes(): QuotesState {
  const services = useServices();
  const [first] = useState(() => (isFirstPage() ? services.queries.markets.startingQuotes : INITIAL_QUOTES));
  return first;
}

/**
 * Every pair's live quote. The store emits at most once per animation frame, so this hook
 * re-renders its page at most once per frame however fast DAY_MARKET pushes.
 */
export function useQuotes(): QuotesState {
  const services = useServices();
  return useObservable(quotesStoreOf(services), useFirstQuotes());
}
