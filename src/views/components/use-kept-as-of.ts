import { useTranslation } from 'react-i18next';
import { resolveLanguage, tagOf } from '../../domain/languages.ts';
import type { QuotesState } from '../../streams/quotes-store.ts';

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockOf(tag: string): Intl.DateTimeFormat {
  let format = clockFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    clockFormats.set(tag, format);
  }
  return format;
}

/**
 * The line that says a table's quotes are the ones kept from the last visit ("Prices as of
 * 12:03:41, waiting for live quotes"), or null while they are live or not there yet. The markets
 * tables show it in place of the subtitle that calls their figures live, in the same place and size.
 */
export function useKeptAsOf(quotes: QuotesState): string | null {
  const { t, i18n } = useTranslation();
  if (quotes.status !== 'kept' || quotes.keptAt === null) return null;
  const time = clockOf(tagOf(resolveLanguage(i18n.language))).format(quotes.keptAt);
  return t('markets.keptAsOf', { time });
}
