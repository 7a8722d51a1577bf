/**
 * Number and text formatting for display (spec §9). Money travels as decimal strings, so every
 * function here works on the digits themselves: no float ever rounds a price, and "rounds down"
 * is exact.
 *
 * "Rounds down" means towards zero (big.js ROUND_DOWN, BigDecimal.ROUND_DOWN): -1.239 shows as
 * -1.23, the mirror image of 1.239, so a loss never looks bigger than the same gain.
 */

/** What the views show for a value that is missing or not a number. */
export const NO_VALUE = '--';

/** A decimal split into its sign and digits; `int` has no leading zeros except a lone "0". */
export interface DecimalParts {
  readonly negative: boolean;
  readonly int: string;
  readonly frac: string;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const EXPONENT_RE = /^([+-]?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i;

/** Expands "1.5e-7" into "0.00000015" (JavaScript prints small and huge numbers that way). */
function expandExponent(text: string): string | null {
  const match = EXPONENT_RE.exec(text);
  if (!match) return null;
  const [, sign = '', intDigits = '', fracDigits = '', exponentText = '0'] = match;
  const digits = intDigits + fracDigits;
  const point = intDigits.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Parses a decimal string (or a finite number); null for anything else. */
export function parseDecimal(value: string | number | null | undefined): DecimalParts | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else {
    text = value.trim();
  }
  const expanded = expandExponent(text) ?? text;
  const match = DECIMAL_RE.exec(expanded);
  if (!match) return null;
  const [, sign = '', intDigits = '', fracDigits = ''] = match;
  if (intDigits === '' && fracDigits === '') return null;
  const int = intDigits.replace(/^0+(?=\d)/, '') || '0';
  const frac = fracDigits.replace(/0+$/, '');
  const zero = int === '0' && frac === '';
  return { negative: sign === '-' && !zero, int, frac };
}

function isZero(parts: DecimalParts): boolean {
  return parts.int === '0' && /^0*$/.test(parts.frac);
}

/**
 * Exact comparison of two decimals: -1, 0 or 1. Values that do not parse sort before every
 * number (and equal to each other), so a missing quote sinks to one end of a sorted table.
 */
export function compareDecimal(
  a: string | number | null | undefined,
  b: string | number | null | undefined,
): -1 | 0 | 1 {
  // Prices as the contract spells them are compared where they stand, without parsing them into
  // new strings: the best bid and ask are found this way in every animation frame of a live book.
  if (typeof a === 'string' && typeof b === 'string') {
    const aPoint = plainPoint(a);
    const bPoint = plainPoint(b);
    if (aPoint >= 0 && bPoint >= 0) return comparePlain(a, aPoint, b, bPoint);
  }
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) {
    if (x === null && y === null) return 0;
    return x === null ? -1 : 1;
  }
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const magnitude = compareMagnitude(x, y);
  // Equal negatives compare as 0, never -0 (which Object.is tells apart from 0).
  if (magnitude === 0) return 0;
  return (x.negative ? -magnitude : magnitude) as -1 | 1;
}

const ZERO = 48;
const NINE = 57;
const POINT = 46;

/**
 * Where the point of an unsigned plain decimal stands ("012.50": 3; "7": 1, its length), or -1 for
 * any other text (a sign, an exponent, spaces, "5." or ".5"), which compareDecimal parses instead.
 */
function plainPoint(text: string): number {
  let point = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === POINT && point < 0 && i > 0 && i < text.length - 1) point = i;
    else if (code < ZERO || code > NINE) return -1;
  }
  return text.length === 0 ? -1 : point < 0 ? text.length : point;
}

/** Two unsigned plain decimals compared digit by digit (leading and trailing zeros aside). */
function comparePlain(a: string, aPoint: number, b: string, bPoint: number): -1 | 0 | 1 {
  let aStart = 0;
  while (aStart < aPoint && a.charCodeAt(aStart) === ZERO) aStart++;
  let bStart = 0;
  while (bStart < bPoint && b.charCodeAt(bStart) === ZERO) bStart++;
  if (aPoint - aStart !== bPoint - bStart) return aPoint - aStart < bPoint - bStart ? -1 : 1;
  for (let i = 0; i < aPoint - aStart; i++) {
    const x = a.charCodeAt(aStart + i);
    const y = b.charCodeAt(bStart + i);
    if (x !== y) return x < y ? -1 : 1;
  }
  const aPlaces = Math.max(0, a.length - aPoint - 1);
  const bPlaces = Math.max(0, b.length - bPoint - 1);
  for (let i = 0; i < Math.max(aPlaces, bPlaces); i++) {
    const x = i < aPlaces ? a.charCodeAt(aPoint + 1 + i) : ZERO;
    const y = i < bPlaces ? b.charCodeAt(bPoint + 1 + i) : ZERO;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function compareMagnitude(x: DecimalParts, y: DecimalParts): -1 | 0 | 1 {
  if (x.int.length !== y.int.length) return x.int.length < y.int.length ? -1 : 1;
  if (x.int !== y.int) return x.int < y.int ? -1 : 1;
  const width = Math.max(x.frac.length, y.frac.length);
  const xf = x.frac.padEnd(width, '0');
  const yf = y.frac.padEnd(width, '0');
  if (xf === yf) return 0;
  return xf < yf ? -1 : 1;
}

/**
 * The value with exactly `decimals` decimals, cut towards zero; NO_VALUE when it does not parse.
 * A result that cuts to zero loses its minus sign ("-0.001" -> "0.00").
 */
export function truncateDecimal(value: string | number | null | undefined, decimals: number): string {
  const parts = parseDecimal(value);
  if (parts === null) return NO_VALUE;
  const places = Math.max(0, Math.floor(decimals));
  const frac = parts.frac.slice(0, places).padEnd(places, '0');
  const cut = { negative: parts.negative, int: parts.int, frac };
  const sign = cut.negative && !isZero(cut) ? '-' : '';
  return places === 0 ? `${sign}${cut.int}` : `${sign}${cut.int}.${frac}`;
}

/** Spec §9 amount filter: 2 decimals by default, rounded down. */
export function formatAmount(value: string | number | null | undefined, decimals = 2): string {
  return truncateDecimal(value, decimals);
}

/** Spec §9 ellipsis filter: a string over 9 characters loses its last 4 (shown as "…"). */
export const ELLIPSIS_LIMIT = 9;
export function ellipsis(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= ELLIPSIS_LIMIT) return text;
  return `${chars.slice(0, -4).join('')}…`;
}

/** "1234567.5" -> "1,234,567.5". Leaves NO_VALUE and anything without digits alone. */
export function groupThousands(text: string): string {
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac = ''] = match;
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`;
}

/** Spec §9: prices show 4 decimals unless the pair says otherwise. */
export const DEFAULT_PRICE_DECIMALS = 4;

/** A price for a table: cut to the pair's decimals, with thousands separators. */
export function formatPrice(
  value: string | number | null | undefined,
  decimals: number = DEFAULT_PRICE_DECIMALS,
): string {
  return groupThousands(truncateDecimal(value, decimals));
}

export type Direction = 'up' | 'down' | 'flat';

/** Whether a change is a gain, a loss or neither (a missing value is flat). */
export function changeDirection(change: string | number | null | undefined): Direction {
  const sign = compareDecimal(change, 0);
  if (parseDecimal(change) === null || sign === 0) return 'flat';
  return sign > 0 ? 'up' : 'down';
}

/**
 * A 24 h change, which the contract gives in percent ("2.5" = 2.5 %), as "+2.50%" / "-1.23%" /
 * "0.00%": two decimals, rounded down, with an explicit plus for gains.
 */
export function formatChangePercent(change: string | number | null | undefined): string {
  const text = truncateDecimal(change, 2);
  if (text === NO_VALUE) return NO_VALUE;
  const positive = !text.startsWith('-') && /[1-9]/.test(text);
  return `${positive ? '+' : ''}${text}%`;
}

const COMPACT_STEPS: ReadonlyArray<{ digits: number; suffix: string }> = [
  { digits: 12, suffix: 'T' },
  { digits: 9, suffix: 'B' },
  { digits: 6, suffix: 'M' },
  { digits: 3, suffix: 'K' },
];

/**
 * A large quantity in short form, for volume columns: "1234567.8" -> "1.23M". Below a thousand the
 * value is shown with `decimals` decimals. Always rounded down, like the amount filter.
 */
export function formatCompact(value: string | number | null | undefined, decimals = 2): string {
  const parts = parseDecimal(value);
  if (parts === null) return NO_VALUE;
  for (const step of COMPACT_STEPS) {
    if (parts.int.length > step.digits) {
      const cut = parts.int.length - step.digits;
      const shifted = `${parts.negative ? '-' : ''}${parts.int.slice(0, cut)}.${parts.int.slice(cut)}${parts.frac}`;
      return `${truncateDecimal(shifted, decimals)}${step.suffix}`;
    }
  }
  return groupThousands(truncateDecimal(value, decimals));
}

/**
 * The calendar date of a server timestamp: "YYYY-MM-DD HH:mm:ss" strings keep their own date,
 * epoch numbers (seconds or milliseconds) are read in UTC. Anything else is shown as it came.
 */
export function formatNewsDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'string') {
    const match = /^(\d{4}-\d{2}-\d{2})(?:[ T]|$)/.exec(value.trim());
    return match?.[1] ?? value;
  }
  if (!Number.isFinite(value)) return NO_VALUE;
  // Ten-digit epochs are seconds; thirteen-digit ones are milliseconds.
  const ms = Math.abs(value) < 1e11 ? value * 1000 : value;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  return date.toISOString().slice(0, 10);
}
