import type { LanguageCode } from './languages.ts';

/**
 * How every numeric field of the product reads what the user typed (DESIGN.md: "a numeric field
 * never turns what the user typed into something else").
 *
 * The field shows exactly what was typed; this reads it. It accepts digits with at most one decimal
 * separator: the point always, and the comma too where the user's language writes a decimal comma.
 * Anything else (a sign, an exponent, hex, a second separator, letters, a thousands separator) is
 * not a number and is refused with a message; more decimals than the field allows is a message,
 * never a truncation. Surrounding spaces are ignored (spec §5: inputs are trimmed).
 *
 * Japanese and Chinese input methods type full-width forms (１２．５): those are the same digits and
 * separators, so they read as their ASCII twins and the value does not change. Only these forms
 * are folded; any other script's digits (Arabic-Indic ١٫٥, for one) stay refused.
 */

/** Languages (spec codes) whose users write 0,5 for a half: Russian, French, German, Dutch, Spanish, Portuguese, Italian. */
export const DECIMAL_COMMA_LANGUAGES: readonly LanguageCode[] = ['ru', 'fr', 'gm', 'du', 'es', 'pt', 'ita'];

/** Whether a language writes a decimal comma (and so a comma in a number field is its separator). */
export function usesDecimalComma(language: LanguageCode): boolean {
  return DECIMAL_COMMA_LANGUAGES.includes(language);
}

/** Integer digits a field takes at most: beyond any amount this exchange handles. */
export const MAX_INTEGER_DIGITS = 12;

export type NumberEntry =
  /** Nothing typed (or only spaces). */
  | { readonly kind: 'empty' }
  /** A number; `value` is its canonical text: digits, a point, no sign ("0,5" and ".5" read "0.5"). */
  | { readonly kind: 'number'; readonly value: string }
  /** Not a number in this language. */
  | { readonly kind: 'notNumber' }
  /** A number with more decimals than the field allows. */
  | { readonly kind: 'tooManyDecimals'; readonly max: number }
  /** A number with more integer digits than any amount here has. */
  | { readonly kind: 'tooLarge' };

export interface NumberEntryRules {
  /** Decimals the field allows (0: whole numbers only). */
  readonly maxDecimals: number;
  /** Whether a comma is the decimal separator (usesDecimalComma of the user's language). */
  readonly decimalComma: boolean;
}

/** The full-width forms an East Asian input method types in a number, and what each is. */
const FULL_WIDTH_FORMS = /[\uFF10-\uFF19\uFF0E\uFF0C]/g;

/** Full-width digits, point and comma as the ASCII characters they are; every other character kept as typed. */
function foldFullWidth(text: string): string {
  // The full-width block sits at a fixed offset from ASCII (U+FF01..U+FF5E mirrors U+0021..U+007E).
  return text.replace(FULL_WIDTH_FORMS, (form) => String.fromCharCode(form.charCodeAt(0) - 0xfee0));
}

const POINT_ONLY = /^(\d*)(?:\.(\d*))?$/;
const POINT_OR_COMMA = /^(\d*)(?:[.,](\d*))?$/;

/** Reads a typed text by the field's rules. Pure: the same text always reads the same. */
export function readNumberEntry(text: string, rules: NumberEntryRules): NumberEntry {
  const trimmed = foldFullWidth(text).trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = (rules.decimalComma ? POINT_OR_COMMA : POINT_ONLY).exec(trimmed);
  if (!match) return { kind: 'notNumber' };
  const [, whole = '', fraction] = match;
  // A lone separator has no digit at all.
  if (whole === '' && (fraction ?? '') === '') return { kind: 'notNumber' };
  const integer = whole.replace(/^0+(?=\d)/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return { kind: 'tooLarge' };
  if (fraction !== undefined && fraction.length > rules.maxDecimals) {
    return { kind: 'tooManyDecimals', max: rules.maxDecimals };
  }
  const value = fraction ? `${integer || '0'}.${fraction}` : integer || '0';
  return { kind: 'number', value };
}

/** The canonical number of an entry, or '' when the entry is not a number (empty or refused). */
export function entryValue(entry: NumberEntry): string {
  return entry.kind === 'number' ? entry.value : '';
}

/** What is wrong with an entry, for the message under its field; null when nothing is. */
export type NumberEntryProblem = Exclude<NumberEntry, { kind: 'empty' } | { kind: 'number' }>;

export function entryProblem(entry: NumberEntry): NumberEntryProblem | null {
  return entry.kind === 'empty' || entry.kind === 'number' ? null : entry;
}
