import type { z } from 'zod';

/** The answer envelope of spec §8: { code, msg, data }. */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export const CODE_OK = 1;
export const CODE_ERROR = 0;
export const CODE_EXPIRED = 999;
export const CODE_IGNORED = 996;

/** What one answer means to the app, after the envelope rules and the answer schema. */
export type Outcome<T> =
  | { kind: 'ok'; data: T; msg: string }
  | { kind: 'error'; msg: string }
  | { kind: 'expired' }
  | { kind: 'ignored' }
  | { kind: 'malformed'; detail: string };

function isEnvelope(raw: unknown): raw is Envelope {
  if (typeof raw !== 'object' || raw === null) return false;
  const candidate = raw as Record<string, unknown>;
  return (
    typeof candidate.code === 'number' && (candidate.msg === undefined || typeof candidate.msg === 'string')
  );
}

/**
 * Applies the envelope rules, then validates `data` against the call's answer schema, so a
 * malformed answer becomes one clear outcome here instead of a crash deep in a view.
 */
export function decodeEnvelope<S extends z.ZodType>(raw: unknown, answer: S): Outcome<z.output<S>> {
  if (!isEnvelope(raw))
    return { kind: 'malformed', detail: 'the answer is not a {code, msg, data} envelope' };
  const msg = raw.msg ?? '';
  switch (raw.code) {
    case CODE_OK: {
      const parsed = answer.safeParse(raw.data);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first?.path.join('.') || '(root)';
        return { kind: 'malformed', detail: `data.${where}: ${first?.message ?? 'invalid'}` };
      }
      return { kind: 'ok', data: parsed.data, msg };
    }
    case CODE_EXPIRED:
      return { kind: 'expired' };
    case CODE_IGNORED:
      return { kind: 'ignored' };
    default:
      return { kind: 'error', msg };
  }
}

export function okEnvelope(data: unknown, msg = ''): Envelope {
  return { code: CODE_OK, msg, data };
}

export function errorEnvelope(msg: string): Envelope {
  return { code: CODE_ERROR, msg, data: [] };
}

export function expiredEnvelope(): Envelope {
  return { code: CODE_EXPIRED, msg: 'login timeout', data: [] };
}
