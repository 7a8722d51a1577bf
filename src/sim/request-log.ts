import type { Envelope } from '../api/envelope.ts';
import type { EventLog } from './store/event-log.ts';

/**
 * Exactly once (DESIGN.md): the answers of requests that carried an id (WireRequest.requestId).
 * A request seen again is answered from here and does not run again.
 *
 * Ids are scoped to their caller (`scopedRequestId`), so nobody reads another caller's answer by
 * sending its id. In a durable store, a command that changes state stores its request's answer in
 * the same commit as its events (answer-once.ts), and that is the only way an answer gets there: an
 * answer written afterwards would leave a window (a kill between the two writes) in which the command
 * is applied with no answer on file, and its retry would run it again. A request that stored nothing
 * changed nothing durable, so running it again is safe. A refusal is kept only when its command was
 * stored (a wrong code counted against its limit): its retry gets the refusal, not another count.
 */
export interface RequestLog {
  answerOf(id: string): Promise<Envelope | undefined>;
  /**
   * Only a log with nothing durable behind it (the in-memory simulator) keeps answers after the
   * handler returned: there is no crash to survive, and its commands take no request.
   */
  keepAfter?(id: string, at: number, answer: Envelope): Promise<void>;
}

/**
 * Whether a successful answer may be kept: never one that carries a session token (sign-in: the
 * catalogue marks it `secret`, since `user/login` answers the token string itself), since secrets
 * are stored only as hashes; such a call runs again if it is replayed.
 */
export function recordable(answer: Envelope, secret = false): boolean {
  if (answer.code !== 1 || secret) return false;
  const data: unknown = answer.data;
  return !(typeof data === 'object' && data !== null && 'token' in data);
}

/** A request id as the client may send it: 1 to 64 letters, digits, '-' or '_'. */
export function validRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/** The key a request's answer is kept under: the caller (a hash of its token) and the request id. */
export function scopedRequestId(requestId: string, authorization: string): string {
  // FNV-1a: only scopes ids per caller; the token itself is never stored.
  let hash = 0x811c9dc5;
  for (let i = 0; i < authorization.length; i++) {
    hash ^= authorization.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}:${requestId}`;
}

/** Answers kept in the simulator's event store (the `requests` table), each by its command's commit. */
export function storeRequestLog(store: EventLog): RequestLog {
  return {
    async answerOf(id) {
      const text = await store.answerOf(id);
      return text === undefined ? undefined : (JSON.parse(text) as Envelope);
    },
  };
}

/** In memory (no IndexedDB), the latest `limit` answers. */
export class MemoryRequestLog implements RequestLog {
  private readonly answers = new Map<string, string>();
  constructor(private readonly limit = 10_000) {}

  answerOf(id: string): Promise<Envelope | undefined> {
    const text = this.answers.get(id);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as Envelope));
  }

  keepAfter(id: string, _at: number, answer: Envelope): Promise<void> {
    if (!this.answers.has(id)) {
      this.answers.set(id, JSON.stringify(answer));
      if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
    }
    return Promise.resolve();
  }
}
