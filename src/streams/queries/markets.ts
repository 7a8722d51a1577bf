import type { ApiClient } from '../../api/client.ts';
import { earlyLoad } from '../early-load.ts';
import { type ChannelSource, quotes$ } from '../market.ts';
import type { KeptQuotes, KeptQuotesStorage } from '../kept-quotes.ts';
import { createQuotesStore, startingQuotes, type QuotesState } from '../quotes-store.ts';

/**
 * The markets' reads, shared by every page that shows markets. `keptQuotes`: where the last table
 * shown is kept; `openingQuotes`: the prerendered page's quotes, when the app hydrates that page.
 */
export function marketQueries(
  api: ApiClient,
  socket: ChannelSource,
  options: {
    keptQuotes?: KeptQuotesStorage;
    openingQuotes?: KeptQuotes | null;
    /** The live table a held page already shows (app/held-quotes.ts), to start from. */
    liveQuotes?: QuotesState | null;
  } = {},
) {
  // Asked for as the app starts: the trade screen's pairs and the quotes table share it.
  const snapshot = earlyLoad(() => api.call('market/currency_matches', {}, { quiet: true }));
  const start = startingQuotes({
    opening: options.openingQuotes,
    kept: options.keptQuotes,
    live: options.liveQuotes,
    now: Date.now(),
  });
  const quotes = createQuotesStore({
    load: () => snapshot.next(),
    updates$: quotes$(socket),
    kept: options.keptQuotes,
    start,
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
    startingQuotes: start,
  };
}
