import type { TFunction } from 'i18next';
import type { Notice } from '../../domain/notices/notice-list.ts';
import type { NumberText } from '../../domain/number-locale.ts';

/** Values that are amounts or prices: written in the reader's number format, digits untouched. */
const NUMBER_VARS = new Set(['price', 'trade', 'quantity', 'pnl', 'amount', 'profit', 'percent']);

/** Values that are amounts of the notice's `currency`. */
const CURRENCY_VARS = new Set(['amount', 'profit']);

/** A notice's sentence in the reader's language and number format (the list and the toast alike). */
export function noticeText(notice: Notice, t: TFunction, numbers: NumberText): string {
  const vars: Record<string, string | number> = {};
  const currency = typeof notice.vars.currency === 'string' ? notice.vars.currency : null;
  for (const [name, value] of Object.entries(notice.vars)) {
    // An amount of a named currency at that currency's places ("100,000.00 USDT", not 8 zeros).
    if (currency !== null && CURRENCY_VARS.has(name)) vars[name] = numbers.amount(String(value), currency);
    else vars[name] = NUMBER_VARS.has(name) ? numbers.exact(String(value)) : value;
  }
  if (typeof notice.vars.status === 'string') vars.status = t(`p2p.status.${notice.vars.status}`);
  // A move alert's window, in minutes, as the dialog names it ("1 h").
  if (typeof notice.vars.window === 'number') vars.window = t(`alerts.windows.${notice.vars.window}`);
  return t(`notices.text.${notice.text}`, vars);
}
