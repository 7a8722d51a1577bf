import type { Transport } from '../api/transport.ts';
import type { LanguageCode } from '../domain/languages.ts';
import { numberTextFor, type NumberText } from '../domain/number-locale.ts';
import { readPref } from '../machines/local-prefs.ts';
import { INITIAL_QUOTES, reduceQuotes, startingQuotes, type QuotesState } from '../streams/quotes-store.ts';
import { KEPT_NOTE_ATTRIBUTE, keptNoteText } from '../views/components/kept-note.ts';
import {
  PAIR_ID_ATTRIBUTE,
  QUOTE_FIELD_ATTRIBUTE,
  quoteFieldText,
  type QuoteField,
} from '../views/components/quote-fields.ts';
import { firstPaint, OPENING_SOURCE, pageStillAsBuilt, showLiveTable } from './first-paint.ts';
import { PRIMED_ANSWER_FRESH_MS, type PrimedTransport } from './primed-transport.ts';

/**
 * A returning visitor's kept quotes on the held page, before the app has loaded (DESIGN.md "First
 * paint", issue 27 item 2). A held page hides its figures (they are the build's opening quotes,
 * not this visitor's), and the kept quotes came only with the app: 1.3-2.5 s after the first paint
 * at load 4-7. Here, as soon as this module is in (the entry module loads it at once on a held
 * page), the figures of the market tables and of the trade screen's header are written with the
 * table the app will start from (`startingQuotes`, the same kept quotes), each by the function the
 * views write it with (quote-fields.ts), marked painted (FIRST_PAINT_STYLE shows painted figures)
 * and greyed as kept (`quotes-kept`, `data-quotes="kept"`), never as live, and the line that says so
 * with their time ("Prices as of 12:03:41 · waiting for live quotes") is written where the app
 * writes it, from the template the page carries in its own language (kept-note.ts).
 *
 * Then the entry module's early answer (the exchange's quotes of this moment, asked for before the
 * app loaded: early-backend.ts) is written the same way and marked live (`ready`), as a fresh
 * visitor's page is confirmed live by it (early-live-quotes.ts). The app starts its table from
 * that same answer (first-paint.ts liveTableOfPage), so its page shows what this one did. If the
 * app has not taken the answer within PRIMED_ANSWER_FRESH_MS (after which it asks again), the
 * answer no longer stands for now: the page goes back to the kept quotes, greyed.
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

/** What a note's element showed as built, while the kept-quotes line is written over it. */
interface BuiltNote {
  readonly text: string;
  readonly hidden: boolean;
  readonly testId: string | null;
}
const builtNotes = new WeakMap<HTMLElement, BuiltNote>();

/**
 * Writes the kept-quotes line, for quotes kept at `keptAt`, into every element under `root` that
 * carries its template (`data-kept-note`), shown and named as the app names it; with `keptAt`
 * null, gives those elements back what they were built with. Returns how many show the line.
 */
export function paintKeptNote(root: ParentNode, keptAt: number | null, langCode: LanguageCode): number {
  let shown = 0;
  for (const element of root.querySelectorAll<HTMLElement>(`[${KEPT_NOTE_ATTRIBUTE}]`)) {
    const built = builtNotes.get(element) ?? {
      text: element.textContent ?? '',
      hidden: element.hasAttribute('hidden'),
      testId: element.getAttribute('data-testid'),
    };
    if (keptAt === null) {
      builtNotes.delete(element);
      element.textContent = built.text;
      element.hidden = built.hidden;
      if (built.testId === null) element.removeAttribute('data-testid');
      else element.setAttribute('data-testid', built.testId);
      continue;
    }
    builtNotes.set(element, built);
    element.textContent = keptNoteText(element.getAttribute(KEPT_NOTE_ATTRIBUTE) ?? '', keptAt, langCode);
    element.hidden = false;
    element.setAttribute('data-testid', 'kept-quotes-note');
    shown++;
  }
  return shown;
}

/** Takes back what `paintQuotes` wrote: the figures hidden again, the tables as built. */
function unpaint(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-painted]')) delete element.dataset.painted;
  for (const table of root.querySelectorAll<HTMLElement>('[data-quotes]')) {
    table.dataset.quotes = 'opening';
    table.classList.remove('quotes-kept');
  }
}

/** The held page's root while it may be painted: still as built, at its own address; else null. */
function heldRoot(): HTMLElement | null {
  // The app has begun to render: the page is React's.
  if (!pageStillAsBuilt()) return null;
  if (firstPaint() !== 'held' || document.documentElement.dataset.addressQuery !== undefined) return null;
  return document.getElementById('root');
}

/**
 * Paints the early answer's quotes as live on a held page (see above), once it has come, if it is
 * a whole and valid `market/currency_matches` answer; the kept ones again if the app has not taken
 * it in `freshMs`.
 */
export function paintLiveQuotes(
  transport: Pick<PrimedTransport, 'name' | 'socketUrl' | 'primedAnswer' | 'primedAnswerGiven'>,
  langCode: LanguageCode,
  freshMs = PRIMED_ANSWER_FRESH_MS,
): void {
  // The answer's schema (zod, with the catalogue's) is loaded with the answer, on a held page only:
  // the app's own start does not wait for it.
  const schema = () =>
    Promise.all([import('../api/catalogue/market.ts'), import('../api/envelope.ts')]).then(
      ([{ marketCalls }, { decodeEnvelope }]) =>
        (envelope: unknown) =>
          decodeEnvelope(envelope, marketCalls['market/currency_matches'].answer),
    );
  void Promise.all([transport.primedAnswer, schema()]).then(
    ([envelope, decode]) => {
      const root = heldRoot();
      if (!root) return;
      const outcome = decode(envelope);
      if (outcome.kind !== 'ok') return;
      const live = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: outcome.data });
      if (live.status !== 'ready') return;
      showLiveTable(live);
      paintQuotes(root, live, numberTextFor(langCode));
      paintKeptNote(root, null, langCode);
      setTimeout(() => {
        // Taken: the app's store has this very answer, and starts from it.
        if (transport.primedAnswerGiven()) return;
        showLiveTable(null);
        const still = heldRoot();
        if (!still) return;
        unpaint(still);
        paintKeptQuotes(transport, langCode);
      }, freshMs);
    },
    () => undefined,
  );
}

/**
 * Paints the kept quotes of this backend on a held page (see above); called by the entry module
 * as soon as this module is in, beside the app's load. Returns how many figures it wrote.
 */
export function paintKeptQuotes(
  transport: Pick<Transport, 'name' | 'socketUrl'>,
  langCode: LanguageCode,
): number {
  const root = heldRoot();
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
  paintKeptNote(root, kept.keptAt, langCode);
  return paintQuotes(root, kept, numberTextFor(langCode));
}
