import type { z } from 'zod';

/**
 * The answer envelope of spec §8: { code, msg, data }. The servers of this family send success as
 * the number 1 and the session codes as the strings "999" and "996" (their clients compare
 * `code === "999"`), so Tessera's server does the same (DESIGN.md "Real servers and clients").
 */
export interface Envelope {
  code: EnvelopeCode;
  msg: string;
  data: unknown;
}

export const CODE_OK = 1;
export const CODE_ERROR = 0;
/** As the wire carries them: strings, like the family's servers. */
export const CODE_EXPIRED = '999';
export const CODE_IGNORED = '996';

/** What a server sends as `code`: a number, or the session codes as strings. */
export type EnvelopeCode = number | typeof CODE_EXPIRED | typeof CODE_IGNORED;

/**
 * `code` as the client reads it: an integer JSON number, or the same integer
 * written as a string of digits ("999", "996", "1", "0"), since these servers type it loosely.
 * Anything else (true, null, "1.0", " 1", "", "0x1", 1.5) is not a code, and the body is no envelope.
 */
export function readCode(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,9}$/.test(value)) return Number(value);
  return null;
}

/**
 * Empty `data` in every spelling these servers use: `[]`, `{}` and `null` (and a missing `data`), in
 * the order they are tried (see parseData).
 */
const EMPTY_SPELLINGS: readonly unknown[] = [null, [], {}, undefined];

function isEmptyData(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(data);
  return (proto === Object.prototype || proto === null) && Object.keys(data).length === 0;
}

/** What one answer means to the app, after the envelope rules and the answer schema. */
export type Outcome<T> =
  | { kind: 'ok'; data: T; msg: string }
  | { kind: 'error'; msg: string; data: unknown }
  | { kind: 'expired' }
  | { kind: 'ignored' }
  | { kind: 'malformed'; detail: string };

interface RawEnvelope {
  code: number;
  msg: string | undefined;
  data: unknown;
}

function readEnvelope(raw: unknown): RawEnvelope | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const candidate = raw as Record<string, unknown>;
  const code = readCode(candidate.code);
  if (code === null) return null;
  if (candidate.msg !== undefined && typeof candidate.msg !== 'string') return null;
  return { code, msg: candidate.msg, data: candidate.data };
}

/**
 * `data` checked against the call's answer schema. Empty data in any spelling reads as the first of
 * null, [], {}, undefined that the schema accepts, so `[]`, `{}` and `null` mean the same "nothing"
 * (and the same value) to every call; data that is not empty is read as it is.
 */
function parseData<S extends z.ZodType>(answer: S, data: unknown) {
  if (isEmptyData(data)) {
    for (const spelling of EMPTY_SPELLINGS) {
      const parsed = answer.safeParse(spelling);
      if (parsed.success) return parsed;
    }
  }
  return answer.safeParse(data);
}

/**
 * Applies the envelope rules, then validates `data` against the call's answer schema, so a
 * malformed answer becomes one clear outcome here instead of a crash deep in a view.
 */
export function decodeEnvelope<S extends z.ZodType>(raw: unknown, answer: S): Outcome<z.output<S>> {
  const envelope = readEnvelope(raw);
  if (!envelope) return { kind: 'malformed', detail: 'the answer is not a {code, msg, data} envelope' };
  const msg = envelope.msg ?? '';
  switch (envelope.code) {
    case CODE_OK: {
      const parsed = parseData(answer, envelope.data);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first?.path.join('.') || '(root)';
        return { kind: 'malformed', detail: `data.${where}: ${first?.message ?? 'invalid'}` };
      }
      return { kind: 'ok', data: parsed.data, msg };
    }
    case Number(CODE_EXPIRED):
      return { kind: 'expired' };
    case Number(CODE_IGNORED):
      return { kind: 'ignored' };
    default:
      return { kind: 'error', msg, data: envelope.data };
  }
}

export function okEnvelope(data: unknown, msg = ''): Envelope {
  return { code: CODE_OK, msg, data };
}

/** `data` is empty ([]) but for a refusal a client acts on (user/login's `{ two_factor: 1 }`). */
export function errorEnvelope(msg: string, data: unknown = []): Envelope {
  return { code: CODE_ERROR, msg, data };
}

export function expiredEnvelope(): Envelope {
  return { code: CODE_EXPIRED, msg: 'login timeout', data: [] };
}
