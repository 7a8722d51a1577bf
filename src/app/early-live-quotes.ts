import { CODE_OK, readCode } from '../api/envelope.ts';
import type { KeptQuotes } from '../streams/kept-quotes.ts';
import { firstPaint, openingQuotesOfPage } from './first-paint.ts';
import { PRIMED_ANSWER_FRESH_MS, type PrimedTransport } from './primed-transport.ts';

/**
 * The first live quote without waiting for the app (DESIGN.md "First paint", issue 27). A fresh
 * visitor's prerendered page shows the exchange's opening quotes, its tables marked `opening`
 * until the exchange has answered. The entry module's early answer (early-backend.ts) comes before
 * the app has loaded and hydrated the page (0.3-1 s before, on a loaded 2-core machine). When
 * that answer gives exactly the figures the page shows, those figures are the exchange's live ones:
 * the tables say `ready` at once. The app's quotes store gets that same answer as its first
 * snapshot (primed-transport.ts) and says `ready` too once it has rendered; hydration does not
 * compare attributes, so it keeps the page's `ready` meanwhile.
 *
 * Nothing stale is shown as live: an answer that differs from the page in any figure, row or
 * group changes nothing (the app replaces the figures); a page not shown as prerendered (`held`:
 * a returning visitor, whose figures are hidden) or already the app's is not touched; and if the
 * app has not taken the answer within PRIMED_ANSWER_FRESH_MS (after which it asks the exchange
 * again), the tables say `opening` again until the app's own answer lands.
 */

/** The pages' quote tables (MarketsPage, MarketBlocks, MarketHeader) while they say `opening`. */
const OPENING_TABLES = '#root [data-quotes="opening"]';

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a `market/currency_matches` envelope gives exactly the table of `opening`: the same
 * groups in the same order with the same USD price, the same pairs in each, and for every pair the
 * same symbol, price decimals and 24 h figures. Any other answer, or one that is not an answer at
 * all, is not the page's table.
 */
export function answersOpeningTable(envelope: unknown, opening: KeptQuotes): boolean {
  if (!isFields(envelope) || readCode(envelope.code) !== CODE_OK || !Array.isArray(envelope.data))
    return false;
  const groups: unknown[] = envelope.data;
  if (groups.length !== opening.groups.length) return false;
  const rows = new Map(opening.rows.map((row) => [row.id, row]));
  let matched = 0;
  for (const [index, group] of groups.entries()) {
    const shown = opening.groups[index]!;
    if (!isFields(group) || group.id !== shown.id || group.code !== shown.code) return false;
    if (group.usd_price !== shown.usdPrice || !Array.isArray(group.matches)) return false;
    const matches: unknown[] = group.matches;
    if (matches.length !== shown.rowIds.length) return false;
    for (const [position, match] of matches.entries()) {
      if (!isFields(match) || typeof match.id !== 'number' || match.id !== shown.rowIds[position])
        return false;
      const row = rows.get(match.id);
      const quote = match.currency_quotation;
      if (!row || !isFields(quote) || match.symbol !== row.symbol) return false;
      if (match.price_decimals !== row.priceDecimals) return false;
      if (quote.close !== row.close || quote.change !== row.change) return false;
      if (quote.high !== row.high || quote.low !== row.low || quote.volume !== row.volume) return false;
      if ((quote.quote_volume ?? '') !== row.quoteVolume) return false;
      matched++;
    }
  }
  // Each row of the page is in some group of the answer (a row in no group is not shown anyway).
  return matched >= rows.size;
}

/** The app has not taken the page yet (views/first-page.ts ends the first paint when it has). */
function pageStillPrerendered(): boolean {
  return document.documentElement.dataset.firstPaint !== undefined;
}

/**
 * Called by the entry module once it has asked for the first page's quotes: on a page shown as
 * prerendered (`hydrate`) whose opening quotes the early answer confirms, the quote tables say
 * `ready` from that answer on, and again `opening` if the app has not taken it in `freshMs`.
 */
export function showOpeningAsLive(
  transport: Pick<PrimedTransport, 'primedAnswer' | 'primedAnswerGiven'>,
  freshMs = PRIMED_ANSWER_FRESH_MS,
): void {
  if (firstPaint() !== 'hydrate') return;
  const opening = openingQuotesOfPage();
  if (!opening) return;
  transport.primedAnswer.then(
    (envelope) => {
      if (!pageStillPrerendered() || !answersOpeningTable(envelope, opening)) return;
      const marked = [...document.querySelectorAll<HTMLElement>(OPENING_TABLES)];
      for (const table of marked) table.dataset.quotes = 'ready';
      setTimeout(() => {
        // Taken: the app's store has this very answer, and renders `ready` from it.
        if (transport.primedAnswerGiven()) return;
        // Not taken in time: the app will ask again, so this answer no longer stands for now.
        for (const table of marked) if (table.dataset.quotes === 'ready') table.dataset.quotes = 'opening';
      }, freshMs);
    },
    () => undefined,
  );
}
