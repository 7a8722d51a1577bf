import { SERVED_QUOTES_ID, SERVER_API_META, SERVER_SOCKET_META } from '../api/served-page.ts';
import type { Transport } from '../api/transport.ts';
import { readPref, writePref } from '../machines/local-prefs.ts';

/**
 * The server that sent this page, when `npm run server -- --app` did (api/served-page.ts): its
 * API's base and its socket's URL on the page's own origin, read from the page's <meta> marker.
 * Null on any other page (the build served by a static host, `vite preview`, the dev server).
 */
export function pageServer(
  doc: Pick<Document, 'querySelector'> = document,
  at: string = window.location.href,
): { base: string; socketUrl: string } | null {
  const api = doc.querySelector(`meta[name="${SERVER_API_META}"]`)?.getAttribute('content');
  const socket = doc.querySelector(`meta[name="${SERVER_SOCKET_META}"]`)?.getAttribute('content');
  if (!api || !socket) return null;
  try {
    const base = new URL(api, at);
    const socketUrl = new URL(socket, at);
    // Only the page's own server: a marker naming another origin is not this page's server.
    const origin = new URL(at).origin;
    if (base.origin !== origin || socketUrl.origin !== origin) return null;
    socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:';
    return { base: base.href.replace(/\/+$/, ''), socketUrl: socketUrl.href };
  } catch {
    return null;
  }
}

/**
 * The page's server, remembered as the app's backend (`api_base`, `socket_url`) unless one is
 * chosen already: a later visit whose page comes from the service worker's cache, or from
 * anywhere without the marker, still speaks to this server and never starts the in-browser
 * simulator. Its figures are then held like a returning visitor's (first-paint.ts reads
 * `api_base`). Returns the page's server, or null.
 */
export function rememberPageServer(): { base: string; socketUrl: string } | null {
  const server = pageServer();
  if (server && readPref('apiBase') === null) {
    writePref('apiBase', server.base);
    if (readPref('socketUrl') === null) writePref('socketUrl', server.socketUrl);
  }
  return server;
}

/**
 * Before the app starts: the quotes the page's server wrote into it kept for the app to start from
 * (served-quotes.ts, whose module loads only on a page that has them). Never fails: without them
 * the app starts as it would have.
 */
export function keepPageQuotes(transport: Pick<Transport, 'name' | 'socketUrl'>): Promise<void> {
  if (document.getElementById(SERVED_QUOTES_ID) === null) return Promise.resolve();
  return import('./served-quotes.ts')
    .then(({ keepServedQuotes }) => void keepServedQuotes(transport))
    .catch(() => undefined);
}
