import type { Observable } from 'rxjs';
import { quotes$ } from '../../streams/market.ts';
import { createQuotesStore, INITIAL_QUOTES, type QuotesState } from '../../streams/quotes-store.ts';
import { type Services, useServices } from '../services-context.ts';
import { useObservable } from '../use-observable.ts';

/** One live quotes table per app instance, shared by every page that shows markets. */
const stores = new WeakMap<Services, Observable<QuotesState>>();

export function quotesStoreOf(services: Services): Observable<QuotesState> {
  let store = stores.get(services);
  if (store === undefined) {
    store = createQuotesStore({
      load: () => services.api.call('market/currency_matches', {}, { quiet: true }),
      updates$: quotes$(services.socket),
    });
    stores.set(services, store);
  }
  return store;
}

/**
 * Every pair's live quote. The store emits at most once per animation frame, so this hook
 * re-renders its page at most once per frame however fast DAY_MARKET pushes.
 */
export function useQuotes(): QuotesState {
  const services = useServices();
  return useObservable(quotesStoreOf(services), INITIAL_QUOTES);
}
