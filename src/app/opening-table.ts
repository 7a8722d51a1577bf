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
 */
export function openingTableText(envelope: unknown, at: number): string | null {
  const outcome = decodeEnvelope(envelope, marketCalls['market/currency_matches'].answer);
  if (outcome.kind !== 'ok') return null;
  const table = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: outcome.data });
  return encodeKeptQuotes(table, at, OPENING_SOURCE);
}
