import { tagOf, type LanguageCode } from '../../domain/languages.ts';

/**
 * The line that says a table's quotes are the ones kept from the last visit ("Prices as of
 * 12:03:41 · waiting for live quotes"), written by both who write it: the views, once the app runs
 * (use-kept-as-of.ts), and the painter of a held page before the app has loaded
 * (app/held-quotes.ts), which has no translations of its own. So every element that shows the line
 * carries it as a template in `data-kept-note`, translated into the page's language with the time
 * left as KEPT_TIME_SLOT, and the painter fills the time in with the same clock as the views.
 */
export const KEPT_NOTE_ATTRIBUTE = 'data-kept-note';

/** Where the template's time goes: not a word of any language, and not interpolated by i18next. */
export const KEPT_TIME_SLOT = '{time}';

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A kept table's time as the line says it: the wall clock's hours, minutes and seconds. */
export function keptClockText(at: number, lang: LanguageCode): string {
  const tag = tagOf(lang);
  let format = clockFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    clockFormats.set(tag, format);
  }
  return format.format(at);
}

/** The line from its template (`data-kept-note`) and the table's time. */
export function keptNoteText(template: string, at: number, lang: LanguageCode): string {
  return template.split(KEPT_TIME_SLOT).join(keptClockText(at, lang));
}
