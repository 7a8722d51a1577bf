import { DEFAULT_LANGUAGE } from '../domain/languages.ts';
import { PREF_KEYS } from '../machines/local-prefs.ts';
import { decodeKeptQuotes, type KeptQuotes } from '../streams/kept-quotes.ts';
import { decodeOpeningAnswers, type OpeningAnswers } from '../streams/opening-answers.ts';
import type { QuotesState } from '../streams/quotes-store.ts';

/**
 * How a prerendered page meets its visitor (DESIGN.md "First paint"). The build prerenders each
 * public page once, as a fresh visitor sees it: the default language and theme, signed out, the
 * exchange's opening quotes. An inline script in the page's head (FIRST_PAINT_SCRIPT) decides
 * before the first paint, from what this browser stored, and writes the answer on <html>:
 * - `hydrate`: this visitor sees exactly the prerendered page; React hydrates it in place.
 * - `held`: something shown differs (signed in, the light theme, a pair in the address...), or this
 *   profile's exchange has moved on from the opening quotes: the page stands, its quotes are
 *   hidden (never shown as if live), and React renders the app over it.
 * - `held-text`: another language is stored: the layout stands with its text transparent until
 *   React renders the app in that language. One page per route rather than one per language
 *   (13 times the pages, and a script choosing among them before paint) keeps the build, the
 *   service worker's cache and the HTML the same for everyone; a returning visitor in another
 *   language sees the frame at once and the words with the app, never the English ones.
 * The attribute goes when the app's first page has mounted (views/first-page.ts): from then on the
 * page on screen is the app's and answers input.
 */
export type FirstPaint = 'hydrate' | 'held' | 'held-text';

/** The source name the simulator's quotes are kept under (services.ts keptQuotes). */
export const OPENING_SOURCE = 'sim';

/** The id of the script element holding a prerendered page's opening quotes (JSON text). */
export const OPENING_QUOTES_ID = 'opening-quotes';

/** The id of the script element holding a prerendered page's news answers (streams/opening-answers.ts). */
export const OPENING_ANSWERS_ID = 'opening-answers';

/**
 * The attribute of what a prerendered page shows for its bare address only (the newest notice of
 * /notice): the address asked for another (`?id=`), so it is hidden until the app shows that one,
 * rather than showing the wrong one first (`data-address-query` on <html>, FIRST_PAINT_SCRIPT).
 */
export const SHOWS_BARE_ADDRESS = 'data-shows-bare-address';

/**
 * The attributes of a prerendered form page's root until the app has it (scripts/prerender
 * PAGES `form`; views/first-page.ts removes them): nothing can be typed that the app would lose.
 */
export const LOCKED_PAGE = 'inert aria-disabled="true"';

/**
 * The attribute of a page's root whose HTML is another page standing in for it (scripts/prerender
 * PAGES `standIn`: the sign-in page for a page behind a sign-in). A signed-in visitor
 * (`data-signed-in` on <html>, FIRST_PAINT_SCRIPT) sees its header only, never a sign-in form
 * that is not for them; views/first-page.ts removes both once the app's page is up.
 */
export const STAND_IN = 'data-stand-in';

/**
 * The attribute of a prerendered page whose content is the visitor's own tab's (/inspect: the
 * machines running in this tab, scripts/prerender PAGES `drawnOver`): it paints at once as the tab
 * starts (its one actor, no events yet), and the app draws over it rather than hydrating it, since
 * by then the tab's machines have moved on.
 */
export const DRAWN_OVER = 'data-drawn-over';

/** Stored values that change what a page shows, or say this profile's exchange has moved on. */
const DIFFERING_KEYS = [
  PREF_KEYS.token,
  PREF_KEYS.apiBase,
  PREF_KEYS.lastQuotes,
  PREF_KEYS.exchangeOpened,
  PREF_KEYS.spotPair,
  PREF_KEYS.chartPeriod,
  PREF_KEYS.timeZone,
  PREF_KEYS.swapColors,
  PREF_KEYS.bookView,
  PREF_KEYS.depthUnit,
  PREF_KEYS.tradeShortcuts,
  PREF_KEYS.skipConfirm,
];

/**
 * The inline script of a prerendered page's head (written in by scripts/prerender/plugin.ts),
 * plain ES5 so it runs before anything else loads. Storage that cannot be read counts as empty.
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var get = function (key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  };
  var lang = get(${JSON.stringify(PREF_KEYS.lang)});
  var differs = location.search !== '' || get(${JSON.stringify(PREF_KEYS.theme)}) === 'light' ||
    ${JSON.stringify(DIFFERING_KEYS)}.some(function (key) { return get(key) !== null; });
  if (get(${JSON.stringify(PREF_KEYS.token)}) !== null) document.documentElement.dataset.signedIn = '';
  if (location.search !== '') document.documentElement.dataset.addressQuery = '';
  document.documentElement.dataset.firstPaint =
    lang !== null && lang !== ${JSON.stringify(DEFAULT_LANGUAGE)} ? 'held-text' : differs ? 'held' : 'hydrate';
})();`;

/**
 * This page's first paint, or null when it was not prerendered (the SPA's own index.html) or is
 * drawn over whatever the visitor (DRAWN_OVER).
 */
export function firstPaint(): FirstPaint | null {
  const mode = document.documentElement.dataset.firstPaint;
  const root = document.getElementById('root');
  const prerendered =
    root?.dataset.prerendered === window.location.pathname && !root.hasAttribute(DRAWN_OVER);
  return prerendered && (mode === 'hydrate' || mode === 'held' || mode === 'held-text') ? mode : null;
}

let appRendering = false;
/** The live quotes a held page shows (held-quotes.ts), while they stand for now. */
let liveTable: QuotesState | null = null;

/** Says which live quotes the held page shows now (none: null). */
export function showLiveTable(table: QuotesState | null): void {
  liveTable = table;
}

/** The live quotes the held page shows, for the app to start from; null when it shows none. */
export function liveTableOfPage(): QuotesState | null {
  return liveTable;
}

/**
 * Called by the app just before it renders into the prerendered page (hydrating it or drawing
 * over it): from then on the DOM under #root is React's, and nothing else may write into it.
 */
export function appTakesPage(): void {
  appRendering = true;
}

/** Whether the DOM under #root is still the prerendered page's (the app has not begun to render). */
export function pageStillAsBuilt(): boolean {
  return !appRendering;
}

/** An opening table read back from a page's text (checked field by field), or null. */
export function readOpeningTable(text: string | null): KeptQuotes | null {
  return decodeKeptQuotes(text, OPENING_SOURCE);
}

/** The opening quotes the page was prerendered with, or null. */
export function openingQuotesOfPage(): KeptQuotes | null {
  return readOpeningTable(document.getElementById(OPENING_QUOTES_ID)?.textContent ?? null);
}

/** The news answers the page was prerendered with (in the default language), or null. */
export function openingAnswersOfPage(): OpeningAnswers | null {
  return decodeOpeningAnswers(document.getElementById(OPENING_ANSWERS_ID)?.textContent ?? null);
}

/**
 * The page's rules while it is held (written into a prerendered page's head beside the script):
 * its figures are hidden in place (they are the opening quotes, not this visitor's), and in another
 * language every word is transparent while the layout stands.
 */
export const FIRST_PAINT_STYLE = `html[data-first-paint='held'] #root .num,
html[data-first-paint='held-text'] #root .num { visibility: hidden; }
html[data-first-paint='held'] #root [data-painted] { visibility: visible; }
html[data-first-paint='held-text'] #root * { color: transparent !important; }
#root[inert] { cursor: progress; }
html[data-signed-in] #root[${STAND_IN}] .app-main { visibility: hidden; }
html[data-address-query] #root [${SHOWS_BARE_ADDRESS}] { visibility: hidden; }`;
