import { z } from 'zod';
import { num, text } from '../fields.ts';

/**
 * One call of the contract: the HTTP method, the path under /api/, the payload and the answer (both
 * validated at the boundary), whether it needs a token, and whether a success msg is toasted.
 */
export interface CallSpec<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  auth: boolean;
  toast?: boolean;
  /**
   * The call may also come as GET with its payload in the query (the family's clients send
   * `tx_in/cancel?id=` by GET; the spec leaves the method open). Tessera's client uses `method`.
   */
  alsoGet?: boolean;
  /** The answer is a secret (a session token): never kept in the request log (exactly once). */
  secret?: boolean;
  payload: P;
  answer: A;
}

/** Writes one call down, keeping its payload and answer types precise. */
export function call<P extends z.ZodType, A extends z.ZodType>(spec: CallSpec<P, A>): CallSpec<P, A> {
  return spec;
}

/** A page number of a paged list (1 when absent). */
export const page = num(z.number().int().min(1)).default(1);

/** The answer of a call that answers nothing in particular. */
export const ok = z.union([z.null(), z.string(), z.object({}).loose()]).optional();

/** The sending tab's demo-outbox key (simulator only; a real server ignores it). */
export const outboxKey = text.optional();
