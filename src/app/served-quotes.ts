import { SERVED_QUOTES_ID, type ServedQuotes } from '../api/served-page.ts';
import type { Transport } from '../api/transport.ts';
import { readPref, writePref } from '../machines/local-prefs.ts';
import { decodeKeptQuotes } from '../streams/kept-quotes.ts';
import { openingTableText } from './opening-table.ts';
import { pageServer } from './page-server.ts';

/**
 * The quotes a page sent by the server carries (`npm run server -- --app`: sim/node/served-page.ts),
 * and what the app makes of them. They are the server's own market as it stood when it sent the
 * page, at a time the page names: not live, and not the simulator's opening quotes either (which
 * a fresh visitor's page shows as `opening`). So they are what a returning visitor's kept quotes
 * are (streams/kept-quotes.ts): the app starts from them as `kept`, dimmed and labelled "Prices as
 * of <time>, waiting for live quotes", until the server's live answer replaces them. They are kept
 * as this server's last quotes, with their time, when they are newer than those kept before, and
 * the app (services.ts) reads them back from there.
 */

/** The page's served quotes with a usable time, or null (their answer is checked when it is read). */
export function servedQuotesOfPage(doc: Pick<Document, 'getElementById'> = document): ServedQuotes | null {
  const text = doc.getElementById(SERVED_QUOTES_ID)?.textContent;
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('at' in value) || !('answer' in value)) return null;
  const { at, answer } = value;
  return typeof at === 'number' && Number.isSafeInteger(at) && at > 0 ? { at, answer } : null;
}

/**
 * Keeps the page's served quotes as the last ones seen from `transport`'s server (as services.ts
 * keeps them: under the socket's URL) when that server sent the page and they are newer than
 * what is kept. Their time is never later than this browser's clock (a table from the future is
 * not read back). Returns whether they were kept.
 */
export function keepServedQuotes(
  transport: Pick<Transport, 'name' | 'socketUrl'>,
  now: number = Date.now(),
  doc: Pick<Document, 'getElementById' | 'querySelector'> = document,
): boolean {
  if (transport.name !== 'http' || pageServer(doc)?.socketUrl !== transport.socketUrl) return false;
  const served = servedQuotesOfPage(doc);
  if (!served) return false;
  const at = Math.min(served.at, now);
  const kept = decodeKeptQuotes(readPref('lastQuotes'), transport.socketUrl);
  if (kept && kept.at >= at) return false;
  const text = openingTableText(served.answer, at, transport.socketUrl);
  if (text === null) return false;
  writePref('lastQuotes', text);
  return true;
}
