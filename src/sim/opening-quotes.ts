import type { Envelope } from '../api/envelope.ts';
import { REQUEST_TIMEOUT_MS } from '../api/transport.ts';
import { openFirstStage } from './first-stage.ts';
import { loadServerMessages } from './server-messages.ts';

/**
 * The `market/currency_matches` envelope a fresh profile's exchange answers first, when its page
 * loads at wall time `visitedAt` from a build whose opening instant is `openingAt`: the worker's
 * own first stage (first-stage.ts), in memory. The build writes the answer at
 * `visitedAt = openingAt` into the prerendered pages (scripts/prerender); a test checks that a
 * later visit is answered the same.
 */
export async function freshOpeningQuotes(
  openingAt: number,
  visitedAt: number = openingAt,
): Promise<Envelope> {
  const first = await openFirstStage({
    fresh: true,
    store: null,
    realNow: () => visitedAt,
    openingAt,
    messages: loadServerMessages,
  });
  // The worker's second stage may move the clock on before the page's request comes: the answer
  // is asked for after that, as the latest a page can ask (the market stays held meanwhile).
  first.catchUpWithWallClock();
  return first.stage.server.handle({
    method: 'GET',
    path: 'market/currency_matches',
    payload: {},
    headers: { lang: 'en', authorization: '' },
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
}
