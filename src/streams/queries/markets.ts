import type { ApiClient } from '../../api/client.ts';
import { earlyLoad } from '../early-load.ts';
import { type ChannelSource, quotes$ } from '../market.ts';
import type { KeptQuotesStorage } from '../kept-quotes.ts';
import { createQuotesStore } from '../quotes-store.ts';

/** The markets' reads, shared by every page that shows markets. */
export function marketQueries(api: ApiClient, socket: ChannelSource, keptQuotes?: KeptQuotesStorage) {
  // Asked for as the app starts: the trade screen's pairs and the quotes table share it.
  const snapshot = earlyLoad(() => api.call('market/currency_matches', {}, { quiet: true }));
  const quotes = createQuotesStore({
    load: () => snapshot.next(),
    updates$: quotes$(socket),
    kept: keptQuotes,
  });
  // The table goes live with the app, not with the first page that shows it (the first
  // live quote): its keep-alive holds it a few seconds, so that page gets a ready table at once.
  quotes.subscribe().unsubscribe();
  return {
    /** The pairs and their 24 h quotes (market/currency_matches), from the early load while fresh. */
    snapshot: () => snapshot.next(),
    /**
     * Every pair's live quote: the market/currency_matches snapshot (retried while it fails) with
     * the DAY_MARKET pushes, one table per animation frame. Cold and shared: one per app.
     */
    quotes$: quotes,
  };
}
