import type { ApiClient } from '../../api/client.ts';
import { type ChannelSource, quotes$ } from '../market.ts';
import { createQuotesStore } from '../quotes-store.ts';

/** The markets' reads, shared by every page that shows markets. */
export function marketQueries(api: ApiClient, socket: ChannelSource) {
  return {
    /**
     * Every pair's live quote: the market/currency_matches snapshot (retried while it fails) with
     * the DAY_MARKET pushes, one table per animation frame. Cold and shared: one per app.
     */
    quotes$: createQuotesStore({
      load: () => api.call('market/currency_matches', {}, { quiet: true }),
      updates$: quotes$(socket),
    }),
  };
}
