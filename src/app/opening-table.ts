import { decodeEnvelope } from '../api/envelope.ts';
import { marketCalls } from '../api/catalogue/market.ts';
import { encodeKeptQuotes } from '../streams/kept-quotes.ts';
import { INITIAL_QUOTES, reduceQuotes } from '../streams/quotes-store.ts';
import { OPENING_SOURCE } from './first-paint.ts';

/**
 * The quotes table a fresh exchange opens with, as the text the build writes into a prerendered
 * page: the exchange's first `market/currency_matches` envelope, decoded as the API client decodes
 * it and folded as the quotes store folds a snapshot, in the kept quotes' checked format. Null when
 * the envelope is not a good answer (the build then fails: scripts/prerender/plugin.ts).
 * `source`: the backend the table is kept for; a server's quotes written into its page
 * (served-quotes.ts) are kept under that server's name, never the simulator's.
 */
export function openingTableText(
  envelope: unknown,
  at: number,
  source: string = OPENING_SOURCE,
): string | null {
  const outcome = decodeEnvelope(envelope, marketCalls['market/currency_matches'].answer);
  if (outcome.kind !== 'ok') return null;
  const table = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: outcome.data });
  return encodeKeptQuotes(table, at, source);
}
