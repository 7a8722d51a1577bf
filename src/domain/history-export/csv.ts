/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field that holds a
 * comma, a double quote, a CR or an LF is enclosed in double quotes, its quotes doubled.
 *
 * A spreadsheet runs a cell that starts with = + - or @ (or a tab or CR, which some read past) as a
 * formula: a memo or a pair name from elsewhere could then run one on the reader's machine (CSV
 * injection). Such a cell gets a leading apostrophe, which the spreadsheet shows as text. A plain
 * number (the ledger's "-12.5") is left as it is: it is a number, not a formula, and a tax tool
 * must read it as one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text made safe for a spreadsheet (see above). */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One field as RFC 4180 writes it, after the formula guard. */
export function csvField(value: string): string {
  const safe = guardFormula(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: the header row, then each row, every record ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
