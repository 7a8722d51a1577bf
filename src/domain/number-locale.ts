import { displayDecimals } from './display-decimals.ts';
import { DEFAULT_PRICE_DECIMALS, formatCompact, NO_VALUE, truncateDecimal } from './format.ts';
import { tagOf, type LanguageCode } from './languages.ts';
import { rescale, scaledToText, toScaled } from './money.ts';

/**
 * Every number the product shows, written the way the reader's language writes numbers: "10,000.00"
 * in English, "10 000,00" in Russian, "10.000,00" in German. The inputs of a decimal-comma language
 * take "0,5" (number-entry.ts), so a comma that meant a thousands separator on the screen beside it
 * would mean the opposite of what the user types.
 *
 * The digits are the ledger's, never a float's: the amount stays a decimal string, its integer part
 * goes through Intl.NumberFormat as a BigInt (exact at any size, and grouped by the language's own
 * rule: Spanish and Italian leave four digits ungrouped), and its fraction digits are appended as
 * they are after the language's decimal separator (read from formatToParts). The minus is the
 * ASCII hyphen-minus in every language, as the sign of a decimal string has always been here.
 *
 * readLocalizedDecimal is the inverse, for reading a shown number back (tests of the screens do).
 */

/** The platform's number conventions of a language, with Latin digits (the ledger's digits). */
interface LanguageNumbers {
  readonly grouped: Intl.NumberFormat;
  readonly decimal: string;
  readonly group: string;
  /** What follows a percentage's digits: "%" in English, " %" (a no-break space) in French. */
  readonly percentSuffix: string;
}

const cache = new Map<LanguageCode, LanguageNumbers>();

function numbersOf(language: LanguageCode): LanguageNumbers {
  const known = cache.get(language);
  if (known) return known;
  const tag = tagOf(language);
  const grouped = new Intl.NumberFormat(tag, { numberingSystem: 'latn', maximumFractionDigits: 20 });
  const parts = grouped.formatToParts(1234567.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const percent = new Intl.NumberFormat(tag, { numberingSystem: 'latn', style: 'percent' }).formatToParts(
    0.5,
  );
  const afterDigits = percent.slice(percent.findLastIndex((part) => part.type === 'integer') + 1);
  const percentSuffix = afterDigits.map((part) => part.value).join('') || '%';
  const numbers = { grouped, decimal, group, percentSuffix };
  cache.set(language, numbers);
  return numbers;
}

/** The decimal and grouping separators a language writes ("," and " " in Russian). */
export function numberSeparators(language: LanguageCode): { decimal: string; group: string } {
  const { decimal, group } = numbersOf(language);
  return { decimal, group };
}

const PLAIN_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * A plain decimal text ("-1234567.50", as the contract and the formatters write it) in the
 * language's convention ("-1 234 567,50" in Russian), every digit kept, trailing zeros too. A text
 * that is not a plain decimal (NO_VALUE, an empty string) is returned as it is.
 */
export function localizeDecimal(text: string, language: LanguageCode): string {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac] = match;
  const numbers = numbersOf(language);
  const grouped = numbers.grouped.format(BigInt(int));
  return `${sign}${grouped}${frac === undefined ? '' : `${numbers.decimal}${frac}`}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A number as the language writes it read back to a plain decimal text: "1 234,50" in Russian ->
 * "1234.50" (digits as shown, trailing zeros kept). Null when it is not one: a misplaced group
 * separator, the other language's decimal point, a letter.
 */
export function readLocalizedDecimal(text: string, language: LanguageCode): string | null {
  const { decimal, group } = numbersOf(language);
  const g = escapeRegExp(group);
  const d = escapeRegExp(decimal);
  const shape = new RegExp(`^([+-]?)(\\d{1,3}(?:${g}\\d{3})*|\\d+)(?:${d}(\\d+))?$`);
  const match = shape.exec(text);
  if (!match) return null;
  const [, sign = '', int = '', frac] = match;
  const digits = int.split(group).join('');
  const plain = `${sign}${digits}${frac === undefined ? '' : `.${frac}`}`;
  // Only the grouping the language itself writes reads back ("12.34" is no German thousand).
  return localizeDecimal(plain, language) === text ? plain : null;
}

/**
 * The number formatters of one language, bound once: what the views call. Each takes a value as the
 * contract sends it (a decimal string, or a number from the engine's integers) and answers NO_VALUE
 * when it is not a number.
 */
export interface NumberText {
  readonly language: LanguageCode;
  /** A plain decimal exactly as given, in the language's convention. */
  exact(value: string | number | null | undefined): string;
  /** Cut towards zero to `decimals` places, every one shown (prices, quantities, the book). */
  fixed(value: string | number | null | undefined, decimals: number): string;
  /** A price cut to the pair's decimals (spec §9: 4 unless the pair says otherwise). */
  price(value: string | number | null | undefined, decimals?: number): string;
  /** An amount of `currency`: the currency's one display rule (display-decimals.ts). */
  amount(value: string | number | null | undefined, currency: string): string;
  /**
   * A cost in `currency` (a bond, a fee, paid or still to pay): the currency's display decimals
   * like every amount, but rounded up where places are dropped, so a cost is never understated.
   */
  cost(value: string | number | null | undefined, currency: string): string;
  /** A volume in short form ("1,23M"). */
  compact(value: string | number | null | undefined, decimals?: number): string;
  /** A change in percent ("2.5" -> "+2,50 %"), two places cut towards zero, plus for gains. */
  change(value: string | number | null | undefined): string;
  /** A percentage as given ("12.5" -> "12,5 %"). */
  percent(value: string | number | null | undefined): string;
}

function plainOf(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE;
  // Trims and expands an exponent; keeps every digit and the trailing zeros as written.
  const text = typeof value === 'number' ? value.toString() : value.trim();
  if (PLAIN_DECIMAL.test(text)) return text;
  const cut = truncateDecimal(text, 20);
  return cut === NO_VALUE ? NO_VALUE : cut.replace(/\.?0+$/, '');
}

/** Places a cost is read with before it is rounded up: beyond any amount of the contract. */
const COST_PLACES = 24;

export function numberTextFor(language: LanguageCode): NumberText {
  const local = (text: string) => localizeDecimal(text, language);
  const { percentSuffix } = numbersOf(language);
  const percent = (text: string) => (text === NO_VALUE ? NO_VALUE : `${local(text)}${percentSuffix}`);
  return {
    language,
    exact: (value) => local(plainOf(value)),
    fixed: (value, decimals) => local(truncateDecimal(value, decimals)),
    price: (value, decimals = DEFAULT_PRICE_DECIMALS) => local(truncateDecimal(value, decimals)),
    amount: (value, currency) => local(truncateDecimal(value, displayDecimals(currency))),
    cost: (value, currency) => {
      const units = toScaled(plainOf(value), COST_PLACES);
      if (units === null) return NO_VALUE;
      const decimals = displayDecimals(currency);
      return local(scaledToText(rescale(units, COST_PLACES, decimals, 'ceil'), decimals));
    },
    compact: (value, decimals = 2) => {
      const text = formatCompact(value, decimals);
      const match = /^(-?\d+(?:\.\d+)?)([KMBT]?)$/.exec(text.replaceAll(',', ''));
      return match ? `${local(match[1] ?? '')}${match[2] ?? ''}` : text;
    },
    change: (value) => {
      const text = truncateDecimal(value, 2);
      const gain = !text.startsWith('-') && /[1-9]/.test(text);
      return percent(gain ? `+${text}` : text);
    },
    percent: (value) => percent(plainOf(value)),
  };
}
