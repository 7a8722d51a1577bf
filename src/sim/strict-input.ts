import type { z } from 'zod';
import type { CallSpec } from '../api/catalogue.ts';
import { errorEnvelope, type Envelope } from '../api/envelope.ts';

/**
 * Strict input at the server (DESIGN.md "every payload validated strictly"): what a request
 * must look like before any handler sees it. Every refusal is an envelope (code 0) whose message
 * names the contract's field, never repeats what was sent, and changes nothing.
 *
 * - The call is looked up among the catalogue's own names only (`__proto__`, `toString` are unknown).
 * - The method is the call's (or GET for a call marked `alsoGet`); anything else (PUT, a number) is
 *   refused with an envelope.
 * - Missing or malformed headers read as none (English, no token).
 * - The payload is an object; keys the call does not define are ignored (real clients add `t=<ms>`
 *   cache-busters to GETs), so they can neither reach a handler nor be echoed. A GET's empty values
 *   read as absent (the family's clients send unset filters empty).
 * - Numbers are plain decimal strings or JSON numbers (fields.ts `num`).
 * - Every text field has a length cap and refuses control and bidi-override characters.
 */

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export interface Admitted {
  spec: CallSpec;
  payload: Record<string, unknown>;
}

/** Any text field: at most this many characters (UTF-16 units), unless TEXT_CAPS says otherwise. */
export const TEXT_CAP = 512;
/** Longer fields, by name, and the only ones where a line break or tab is text. */
export const TEXT_CAPS: Readonly<Record<string, number>> = { content: 10_000 };
const MULTI_LINE: ReadonlySet<string> = new Set(['content']);

/**
 * C0 controls (tab, line feed and carriage return only in multi-line fields), DEL, C1 controls, the
 * Arabic letter mark, LRM/RLM, bidi embeddings and overrides (U+202A-U+202E) and isolates
 * (U+2066-U+2069), the line and paragraph separators, and the BOM / zero-width no-break space.
 */
function forbidden(code: number, multiLine: boolean): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return !multiLine;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

function hasForbidden(text: string, multiLine: boolean): boolean {
  for (let i = 0; i < text.length; i++) if (forbidden(text.charCodeAt(i), multiLine)) return true;
  return false;
}

export function requestHeaders(request: unknown): { lang: string; authorization: string } {
  const headers = isRecord(request) ? request.headers : undefined;
  const read = (name: string): string => {
    const value = isRecord(headers) ? headers[name] : undefined;
    return typeof value === 'string' && value.length <= TEXT_CAP ? value : '';
  };
  return { lang: read('lang') || 'en', authorization: read('authorization') };
}

/** The path a request names, if it names one: the server looks its call up with it. */
export function requestPath(request: unknown): string | undefined {
  const path = isRecord(request) ? request.path : undefined;
  return typeof path === 'string' ? path : undefined;
}

/**
 * The call and its checked payload (the schema's output), or the envelope that refuses it. `spec`:
 * the catalogue's call at the request's path (requestPath), undefined where it has none.
 */
export function admit(request: unknown, spec: CallSpec | undefined, t: Translate): Admitted | Envelope {
  const { method, payload } = isRecord(request) ? request : ({} as Record<string, unknown>);
  if (!spec) return errorEnvelope(t('unknownCall'));
  // A call marked alsoGet is served by GET too (the family's clients cancel with GET ?id=).
  const allowed = method === spec.method || (spec.alsoGet === true && method === 'GET');
  if (!allowed) return errorEnvelope(t('wrongMethod', { method: spec.method }));
  if (payload !== undefined && !isRecord(payload)) return errorEnvelope(t('badPayload'));
  const given = method === 'GET' ? withoutEmptyValues(payload ?? {}) : (payload ?? {});
  const known = knownKeys(spec.payload as z.ZodType, given);
  const parsed = (spec.payload as z.ZodType).safeParse(known);
  if (!parsed.success) {
    const field = fieldName(parsed.error.issues[0]?.path ?? []);
    return errorEnvelope(field ? t('badField', { field }) : t('badPayload'));
  }
  if (!isRecord(parsed.data)) return errorEnvelope(t('badPayload'));
  const problem = textProblem(parsed.data, []);
  if (problem) return errorEnvelope(t(problem.key, problem.vars));
  return { spec, payload: parsed.data };
}

export function isEnvelope(value: Admitted | Envelope): value is Envelope {
  return 'code' in value;
}

/**
 * A query without its empty values: the family's clients send every filter of a GET, empty when
 * unset (`account/draw_list?currency_id=&page=1` means all currencies), so empty reads as absent.
 */
function withoutEmptyValues(query: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(query)) if (query[key] !== '') kept[key] = query[key];
  return kept;
}

/** The payload's own keys that the call's schema defines (all of them when it is not an object). */
function knownKeys(schema: z.ZodType, payload: Record<string, unknown>): Record<string, unknown> {
  const shape = (schema as { shape?: unknown }).shape;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(payload)) {
    if (isRecord(shape) ? Object.hasOwn(shape, key) : true) kept[key] = payload[key];
  }
  return kept;
}

/** A schema path as a field name ("raw_data.account"); only schema keys and indexes reach it. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? String(part) : typeof part === 'string' ? part : ''))
    .filter((part) => /^[A-Za-z0-9_]{1,40}$/.test(part))
    .join('.');
}

function textProblem(
  value: unknown,
  path: string[],
): { key: string; vars: Record<string, string | number> } | null {
  if (typeof value === 'string') {
    const name = path.at(-1) ?? '';
    const field = fieldName(path) || '-';
    const cap = TEXT_CAPS[name] ?? TEXT_CAP;
    if (value.length > cap) return { key: 'fieldTooLong', vars: { field, max: cap } };
    if (hasForbidden(value, MULTI_LINE.has(name))) {
      return { key: 'fieldBadChars', vars: { field } };
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = textProblem(item, [...path, String(index)]);
      if (problem) return problem;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(item, [...path, key]);
      if (problem) return problem;
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
