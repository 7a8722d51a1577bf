import { CODE_OK, readCode } from '../../api/envelope.ts';
import {
  BUILD_QUOTES_ID,
  SERVED_PAGE_SCRIPT,
  SERVED_QUOTES_ID,
  SERVER_API_META,
  SERVER_SOCKET_META,
  type ServedQuotes,
} from '../../api/served-page.ts';
import { REQUEST_TIMEOUT_MS } from '../../api/transport.ts';
import type { SimServer } from '../server.ts';
import { SOCKET_PATH } from './http-server.ts';

/**
 * An HTML page of the built app as this server sends it (`--app`, DESIGN.md "First paint": "in
 * server mode the server writes its own current snapshot into the HTML it serves"):
 * - its head names this server as the page's backend (api/served-page.ts): the app speaks to it
 *   over HTTP and its socket, and never starts the in-browser simulator;
 * - a prerendered page is held, not hydrated as it stands (SERVED_PAGE_SCRIPT): its figures are
 *   the build's opening quotes of the in-browser simulator;
 * - a page that shows quotes carries this exchange's own instead, as GET
 *   /api/market/currency_matches answers them now, with the time they were asked for; the app
 *   starts from them as quotes of a known time ("as of"), dimmed, until live ones come
 *   (app/served-quotes.ts). The build's quotes are taken out.
 */

/** A page waits this long at most for the exchange's quotes, then goes without them. */
const QUOTES_WAIT_MS = 2_000;

/** The build's quotes element, whole (its JSON never holds `<`: the build escapes it). */
const BUILD_QUOTES = new RegExp(`<script type="application/json" id="${BUILD_QUOTES_ID}">[^<]*</script>`);

/** JSON inside a <script> element: no `</script>` or `<!--` can appear in it. */
function scriptSafe(text: string): string {
  return text.replace(/</g, '\\u003c');
}

/** Whether a page shows quotes: the build wrote its opening quotes into it. */
export function showsQuotes(html: string): boolean {
  return BUILD_QUOTES.test(html);
}

/**
 * `html` with this server's marker and held-page script before `</head>`, and in place of the
 * build's quotes element, `quotes` (or nothing when there are none).
 */
export function servedPageHtml(html: string, quotes: ServedQuotes | null): string {
  const own =
    `<meta name="${SERVER_API_META}" content="/">` +
    `<meta name="${SERVER_SOCKET_META}" content="${SOCKET_PATH}">` +
    `<script>${SERVED_PAGE_SCRIPT}</script>`;
  const head = html.indexOf('</head>');
  const marked = head < 0 ? own + html : `${html.slice(0, head)}${own}\n  ${html.slice(head)}`;
  const served =
    quotes === null
      ? ''
      : `<script type="application/json" id="${SERVED_QUOTES_ID}">${scriptSafe(JSON.stringify(quotes))}</script>`;
  // A function, so a `$` in the quotes is never read as a replacement pattern.
  return marked.replace(BUILD_QUOTES, () => served);
}

/**
 * This exchange's quotes now: its `market/currency_matches` answer, asked for as GET
 * /api/market/currency_matches asks (no session), with the wall-clock time it was asked at (the
 * quotes are no older than that). Null when the exchange did not answer well within
 * QUOTES_WAIT_MS: the page goes without quotes rather than wait.
 */
export async function currentQuotes(
  server: Pick<SimServer, 'handle'>,
  now: () => number,
): Promise<ServedQuotes | null> {
  const at = now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUOTES_WAIT_MS)));
  const answer = await Promise.race([
    server.handle({
      method: 'GET',
      path: 'market/currency_matches',
      payload: {},
      headers: { lang: '', authorization: '' },
      timeoutMs: REQUEST_TIMEOUT_MS,
    }),
    late,
  ])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  if (answer === null || readCode(answer.code) !== CODE_OK) return null;
  return { at, answer };
}

/** The page as this server sends it, with `server`'s quotes when it shows quotes. */
export async function servedPage(
  html: string,
  server: Pick<SimServer, 'handle'>,
  now: () => number,
): Promise<string> {
  return servedPageHtml(html, showsQuotes(html) ? await currentQuotes(server, now) : null);
}
