/**
 * What a page sent by the Node server (`npm run server -- --app <dir>`) carries for the app, written
 * in by the server (sim/node/served-page.ts) and read by the app (app/page-server.ts,
 * app/served-quotes.ts): the server is the page's backend, and its quotes as they stood when it
 * sent the page. Both sides name the same elements from here.
 */

/** `<meta name=... content="/">`: the API's base, relative to the page (the server's own origin). */
export const SERVER_API_META = 'tessera-api-base';

/** `<meta name=... content="/ws">`: the live socket's path on the same origin. */
export const SERVER_SOCKET_META = 'tessera-socket-url';

/** The `<script type="application/json">` holding the server's quotes (ServedQuotes as JSON). */
export const SERVED_QUOTES_ID = 'served-quotes';

/**
 * The id of the element in which the build writes the in-browser simulator's opening quotes
 * (app/first-paint.ts OPENING_QUOTES_ID, which the server may not import: a test keeps the two
 * equal). The server takes that element out of the pages it sends: those quotes are not its own.
 */
export const BUILD_QUOTES_ID = 'opening-quotes';

/**
 * The server's `market/currency_matches` answer, exactly as GET /api/market/currency_matches
 * answers it, and the wall-clock time (ms) it was asked for: the quotes are as of then, not live.
 */
export interface ServedQuotes {
  at: number;
  answer: unknown;
}

/**
 * The inline script a served page gets after the build's first-paint script (app/first-paint.ts,
 * FIRST_PAINT_SCRIPT): a page that script would hydrate as it stands is held instead, as a
 * returning visitor's is (its figures hidden until the app has drawn its own). The figures in a
 * prerendered page are the build's, the in-browser simulator's opening ones, never this server's
 * market. Plain ES5, like the script it follows.
 */
export const SERVED_PAGE_SCRIPT =
  "(function () { var page = document.documentElement.dataset; if (page.firstPaint === 'hydrate') page.firstPaint = 'held'; })();";
