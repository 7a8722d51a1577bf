import type { ClientFacts } from './client-facts.ts';
import type { Envelope } from '../api/envelope.ts';

/** What a handler knows about the call it answers. */
export interface CallContext {
  /** Simulated time, ms. */
  now: number;
  /** Spec language code from the `lang` header (en, jp, ...). */
  lang: string;
  /** Raw token from the `authorization` header ('' when none). */
  token: string;
  /** Translates a server message key (locales/<lang>.json, section "server"). */
  t: (key: string, vars?: Record<string, string | number>) => string;
  /**
   * The request's id, scoped to its caller (see WireRequest.requestId), when the call carries one.
   * A handler that stores a command passes it to the log with the answer, in the same commit.
   */
  requestId?: string;
  /**
   * Told the answer stored with the request's command once that commit succeeded: the server then
   * answers with it, so a first answer and a retried one are the same to the byte (a route that
   * worked its answer out again after the commit could read a later clock or state).
   */
  answerStored?: (answer: Envelope) => void;
  /** The device the call came from (user agent, address), when the transport knows it. */
  client?: ClientFacts;
}

/** A handler gets the payload already checked against the contract's payload schema. */
export type Handler = (payload: Record<string, unknown>, ctx: CallContext) => Envelope | Promise<Envelope>;

/** path -> handler. A catalogued path with no handler answers "not available yet". */
export class Routes {
  private readonly handlers = new Map<string, Handler>();

  add(path: string, handler: Handler): this {
    if (this.handlers.has(path)) throw new Error(`route ${path} registered twice`);
    this.handlers.set(path, handler);
    return this;
  }

  get(path: string): Handler | undefined {
    return this.handlers.get(path);
  }

  paths(): string[] {
    return [...this.handlers.keys()];
  }
}
