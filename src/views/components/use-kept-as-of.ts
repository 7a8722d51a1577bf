import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '../../domain/languages.ts';
import type { QuotesState } from '../../streams/quotes-store.ts';
import { KEPT_NOTE_ATTRIBUTE, KEPT_TIME_SLOT, keptNoteText } from './kept-note.ts';

/**
 * The line that says a table's quotes are the ones kept from the last visit ("Prices as of
 * 12:03:41, waiting for live quotes"), or null while they are live or not there yet. The markets
 * tables show it in place of the subtitle that calls their figures live, in the same place and size.
 */
export function useKeptAsOf(quotes: QuotesState): string | null {
  const { t, i18n } = useTranslation();
  if (quotes.status !== 'kept' || quotes.keptAt === null) return null;
  return keptNoteText(keptNoteTemplate(t), quotes.keptAt, resolveLanguage(i18n.language));
}

/**
 * The props of an element that shows the line, or would show it for kept quotes: its template
 * (kept-note.ts), for a held page's painter (app/held-quotes.ts), which writes the line there
 * before the app has loaded.
 */
export function useKeptNoteProps(): { [KEPT_NOTE_ATTRIBUTE]: string } {
  const { t } = useTranslation();
  return { [KEPT_NOTE_ATTRIBUTE]: keptNoteTemplate(t) };
}

function keptNoteTemplate(t: (key: 'markets.keptAsOf', options: { time: string }) => string): string {
  return t('markets.keptAsOf', { time: KEPT_TIME_SLOT });
}
