import type { Transport } from '../api/transport.ts';
import type { LanguageCode } from '../domain/languages.ts';
import { numberTextFor, type NumberText } from '../domain/number-locale.ts';
import { readPref } from '../machines/local-prefs.ts';
import { startingQuotes, type QuotesState } from '../streams/quotes-store.ts';
import {
  PAIR_ID_ATTRIBUTE,
  QUOTE_FIELD_ATTRIBUTE,
  quoteFieldText,
  type QuoteField,
} from '../views/components/quote-fields.ts';
import { firstPaint, OPENING_SOURCE, pageStillAsBuilt } from './first-paint.ts';

/**
 * A returning visitor's kept quotes on the held page, before the app has loaded (DESIGN.md "First
 * paint", issue 27 item 2). A held page hides its figures (they are the build's opening quotes,
 * not this visitor's), and the kept quotes came only with the app: 1.2 s after the first paint on
 * a quiet machine, 2.6 s at load 6. Here, once the page has painted, the figures of the market
 * tables and of the trade screen's header are written with the table the app will start from
 * (`startingQuotes`, the same kept quotes), each by the function the views write it with
 * (quote-fields.ts), marked painted (FIRST_PAINT_STYLE shows painted figures) and dimmed as kept
 * (`quotes-kept`, `data-quotes="kept"`). They are never marked live: live quotes come with the
 * app, which renders its page over this one from the same kept table, so nothing changes then.
 *
 * Not painted: a page that is not held (a fresh visitor's is hydrated with its own quotes; in
 * another language its words are transparent until the app), an address naming another pair
 * (`data-address-query`: the page shows the bare address's pair), and figures other than a
 * quote's (the market summaries, derived from the whole table, stay hidden until the app).
 */

/** Writes `state`'s figures into every element naming a quote field under `root`; returns how many. */
export function paintQuotes(root: ParentNode, state: QuotesState, numbers: NumberText): number {
  let painted = 0;
  const tables = new Set<HTMLElement>();
  for (const holder of root.querySelectorAll<HTMLElement>(`[${PAIR_ID_ATTRIBUTE}]`)) {
    const row = state.rows.get(Number(holder.getAttribute(PAIR_ID_ATTRIBUTE)));
    if (!row) continue;
    for (const element of holder.querySelectorAll<HTMLElement>(`[${QUOTE_FIELD_ATTRIBUTE}]`)) {
      const shown = quoteFieldText(numbers, row, element.getAttribute(QUOTE_FIELD_ATTRIBUTE) as QuoteField);
      element.textContent = shown.text;
      if (shown.title !== undefined) element.title = shown.title;
      if (shown.direction !== undefined) {
        element.classList.remove('change-up', 'change-down', 'change-flat');
        element.classList.add(`change-${shown.direction}`);
        element.dataset.direction = shown.direction;
      }
      element.dataset.painted = '';
      painted++;
    }
    const table = holder.closest<HTMLElement>('[data-quotes]');
    if (table) tables.add(table);
  }
  for (const table of tables) {
    table.dataset.quotes = state.status;
    table.classList.toggle('quotes-kept', state.status === 'kept');
  }
  return painted;
}

/**
 * Paints the kept quotes of this backend on a held page (see above); called by the entry module
 * once the page has painted, beside the app's load. Returns how many figures it wrote.
 */
export function paintKeptQuotes(
  transport: Pick<Transport, 'name' | 'socketUrl'>,
  langCode: LanguageCode,
): number {
  const html = document.documentElement;
  // The app has begun to render: the page is React's (and shows the same kept quotes soon).
  if (!pageStillAsBuilt()) return 0;
  if (firstPaint() !== 'held' || html.dataset.addressQuery !== undefined) return 0;
  const root = document.getElementById('root');
  if (!root) return 0;
  // The table the app's quotes store starts from (streams/queries/markets.ts), read the same way.
  const kept = startingQuotes({
    kept: {
      source: transport.name === 'sim' ? OPENING_SOURCE : transport.socketUrl,
      read: () => readPref('lastQuotes'),
      write: () => undefined,
    },
    now: Date.now(),
  });
  if (kept.status !== 'kept') return 0;
  return paintQuotes(root, kept, numberTextFor(langCode));
}
