import { z } from 'zod';
import { FLAG_OFF, FLAG_ON } from '../domain/contract-codes.ts';

/**
 * Field kinds shared by the whole contract. Money and quantities travel as decimal strings
 * (DESIGN.md); a real server may send plain JSON numbers for them, so the boundary accepts both
 * and normalises to a string. Ids and enums travel as numbers.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A JSON number as a plain decimal string: its shortest round-trip digits, with the exponent that
 * JavaScript uses below 1e-6 and from 1e21 written out (1e-7 -> "0.0000001", not "1e-7").
 */
export function numberToDecimalText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, head, tail = '', exponentText] = match;
  const digits = `${head}${tail}`;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

// A finite number is written as its decimal text first, then every value is checked as a string:
// the same values pass and read the same as through a union of the two with a transform, and a bad
// one fails at the same path, at about half the cost (a union parses every value once per option,
// and the book's frames carry 160 decimals each, 60 frames a second in a storm).
export const decimal = z
  .preprocess(
    // Typed as what a payload may send (the docs' input type); at run time it is handed anything.
    (value: string | number) =>
      typeof value === 'number' && Number.isFinite(value) ? numberToDecimalText(value) : value,
    z.string().regex(DECIMAL, 'expected a decimal string'),
  )
  .meta({ kind: 'decimal' });

/**
 * A number field of a payload: a JSON number, or a plain decimal string as query strings and forms
 * carry them ("12", "-3", "0.5"). Nothing else is a number: not "0x10", "1e3", " 5 ", "+5", "",
 * true or [1] (which `z.coerce.number()` turned into 16, 1000, 5, 5, 0, 1 and 1).
 */
export function num<T extends z.ZodType>(inner: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    inner,
  );
}

/**
 * An id: a JSON integer, or the same integer as a string of digits ("42"), which these servers send
 * for some ids and which query strings and forms carry. Read as the number; nothing else is an id
 * ("4.2", "0x2a", " 42", "", true).
 */
export const id = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^-?\d{1,16}$/, 'expected an integer id')
      .refine((text) => Number.isSafeInteger(Number(text)), 'expected an integer id'),
  ])
  .transform((value) => (typeof value === 'string' ? Number(value) : value))
  .meta({ kind: 'id' });

/**
 * An optional field of a form: an HTML form (form-urlencoded) cannot leave a field out, so the
 * family's clients send `area_id=`; an empty string reads as absent. Any other value is checked as usual.
 */
export function blankAsAbsent<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), inner.optional()).optional();
}

export const flag = z.union([z.literal(FLAG_OFF), z.literal(FLAG_ON)]);
export const text = z.string();
/** Server timestamps are either "YYYY-MM-DD HH:mm:ss" strings or epoch numbers. */
export const timestamp = z.union([z.string(), z.number()]);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Epoch ms of a "YYYY-MM-DD HH:mm:ss" UTC text, or null when it is not one (or no such instant). */
export function utcDateTimeMs(text: string): number | null {
  const parts = DATE_TIME.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // "2026-02-30 25:61:00" would roll over into another day: not a time.
  const exact =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return exact ? ms : null;
}

/** The instants a Date can hold: ±8.64e15 ms around the epoch. */
const MAX_DATE_MS = 8.64e15;
/** Seconds kept (a power of two): a second's text goes to the slot of its number modulo this. */
const TIME_TEXT_SLOTS = 256;
const timeTextSeconds = new Float64Array(TIME_TEXT_SLOTS).fill(Number.NaN);
const timeTexts: string[] = Array.from({ length: TIME_TEXT_SLOTS }, () => '');

/** "YYYY-MM-DD HH:mm:ss" UTC of an instant (what the family's clients read for order rows). */
export function utcDateTimeText(ms: number): string {
  // The text names the second only, so it is kept per second: a server writes the same few seconds
  // into every order row it answers (two per row), and the Date, its ISO text and the two string
  // copies cost more than the rest of the row. Only whole ms within Date's range are kept: a
  // fraction is cut towards zero by Date (not floored), and past the range Date throws.
  if (!Number.isSafeInteger(ms) || ms > MAX_DATE_MS || ms < -MAX_DATE_MS) return isoDateTimeText(ms);
  const second = Math.floor(ms / 1000);
  const slot = second & (TIME_TEXT_SLOTS - 1);
  if (timeTextSeconds[slot] === second) return timeTexts[slot]!;
  const text = isoDateTimeText(ms);
  timeTextSeconds[slot] = second;
  timeTexts[slot] = text;
  return text;
}

function isoDateTimeText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * An order row's time: the family's servers send "YYYY-MM-DD HH:mm:ss" (Tessera's: UTC), others
 * epoch ms. Either reads as epoch ms, so views and sorting see one kind; any other text is refused.
 */
export const serverTime = z
  .union([z.number().finite(), z.string()])
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const ms = utcDateTimeMs(value);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: 'expected "YYYY-MM-DD HH:mm:ss" or epoch ms' });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ kind: 'time' });

/** Paged lists: { current_page, data: [...], last_page, per_page, total } (DESIGN.md). */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    current_page: z.number().int(),
    data: z.array(item),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export const empty = z.object({}).strict();
