import { REQUEST_TIMEOUT_MS, type WireRequest } from '../api/transport.ts';
import { resolveLanguage, type LanguageCode } from '../domain/languages.ts';
import { readPref } from '../machines/local-prefs.ts';
import { showOpeningAsLive } from './early-live-quotes.ts';
import { primeRequest, type PrimedTransport } from './primed-transport.ts';
import { chooseTransport } from './transport-choice.ts';

/**
 * `market/currency_matches` as the API client sends it (the catalogue's method and path, the empty
 * payload, the stored language and token): every page's first answer, since the quotes table and
 * the trade screens' pair lists start from it. A test keeps it equal to the catalogue's entry.
 */
export function firstQuotesRequest(lang: string, token: string): WireRequest {
  return {
    method: 'GET',
    path: 'market/currency_matches',
    payload: {},
    headers: { lang, authorization: token },
    timeoutMs: REQUEST_TIMEOUT_MS,
  };
}

/**
 * Opens the backend and asks for the first page's quotes: called by the entry module before the
 * app's libraries load, so the simulator's worker boots beside them (not after them) and the
 * quotes are on their way while React starts. Their answer confirms a prerendered page's opening
 * quotes as live before the app has loaded (early-live-quotes.ts).
 */
export function openBackendEarly(): { transport: PrimedTransport; langCode: LanguageCode } {
  const langCode = resolveLanguage(readPref('lang'));
  const transport = primeRequest(chooseTransport(), firstQuotesRequest(langCode, readPref('token') ?? ''));
  // A fresh visitor's page can say its quotes are live as soon as the exchange has confirmed them.
  showOpeningAsLive(transport);
  return { transport, langCode };
}
