import type { ClientFacts } from './client-facts.ts';
import type { CallSpec } from '../api/catalogue.ts';
import { errorEnvelope, type Envelope } from '../api/envelope.ts';
import type { WireRequest } from '../api/transport.ts';
import type { Clock } from './clock.ts';
import { recordable, scopedRequestId, validRequestId, type RequestLog } from './request-log.ts';
import type { Routes } from './routes.ts';
import { admit, isEnvelope, requestHeaders, requestPath } from './strict-input.ts';
import type { SocketHub, SocketSession } from './socket-hub.ts';

export type MessageTable = Record<string, string>;

/**
 * Finds the catalogue's call at a path (own names only), at once or once its feature area's schemas
 * have loaded: the worker's first stage has the market's calls in its script and loads the other
 * areas when first asked (first-stage-calls.ts), a whole exchange opened at once (Node) looks
 * them up in the one table (api/catalogue.ts `callByPath`).
 */
export type CallLookup = (path: string) => CallSpec | undefined | Promise<CallSpec | undefined>;

export interface SimServerDeps {
  routes: Routes;
  calls: CallLookup;
  hub: SocketHub;
  clock: Clock;
  /** Server messages by spec language code; English is the fallback. */
  messages: (lang: string) => Promise<MessageTable>;
  /** Answers of requests that carried an id (exactly once); omitted: ids are ignored. */
  requests?: RequestLog;
}

export interface SimServer {
  /** `client`: the device the request came from, when the transport knows it (client-facts.ts). */
  handle(request: WireRequest, client?: ClientFacts): Promise<Envelope>;
  /**
   * `end`: how the server closes the socket itself, where it can (a cluster gateway's socket whose
   * session the core no longer has); the client reconnects and resyncs.
   */
  openSocket(send: (text: string) => void, end?: () => void): SocketSession;
}

function interpolate(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/**
 * Serves the contract: finds the call in the catalogue, checks the method and the payload against
 * the same schema the client uses, and hands the checked payload to the route. A catalogued call
 * whose feature has not landed answers code 0 "not available yet"; a throwing route answers code 0
 * too, never a hung request.
 */
export function createSimServer(deps: SimServerDeps): SimServer {
  /** One translator per message table (not per request: every request needs one). */
  const translators = new WeakMap<
    MessageTable,
    (key: string, vars?: Record<string, string | number>) => string
  >();

  async function translator(lang: string) {
    const own = await deps.messages(lang);
    let t = translators.get(own);
    if (!t) {
      const english = await deps.messages('en');
      t = (key: string, vars?: Record<string, string | number>) =>
        interpolate(own[key] ?? english[key] ?? key, vars);
      translators.set(own, t);
    }
    return t;
  }

  function specAt(request: WireRequest): ReturnType<CallLookup> {
    const path = requestPath(request);
    return path === undefined ? undefined : deps.calls(path);
  }

  /** Requests running now, by scoped id: the same request arriving twice shares one run. */
  const running = new Map<string, Promise<Envelope>>();

  /**
   * Exactly once: a request with an id is answered from the request log if it ran before, joins
   * its run if it is running, and otherwise runs with its scoped id in the call context.
   */
  function handle(request: WireRequest, client?: ClientFacts): Promise<Envelope> {
    const log = deps.requests;
    if (!log || !validRequestId(request.requestId)) return answer(request, client);
    // A request without headers is answered by `answer` like any malformed one.
    const headers = request.headers as WireRequest['headers'] | undefined;
    const id = scopedRequestId(request.requestId, headers?.authorization ?? '');
    const joined = running.get(id);
    if (joined) return joined;
    const run = (async () => {
      let recorded: Envelope | undefined;
      try {
        recorded = await log.answerOf(id);
      } catch (error) {
        // Fails closed: a request whose earlier answer cannot be read may have run already, so it
        // is refused (nothing done, safe to retry), never run a second time.
        console.error('sim: request log unreadable', error);
        return errorEnvelope((await translator(requestHeaders(request).lang))('requestLogUnavailable'));
      }
      if (recorded) return recorded;
      let stored: Envelope | undefined;
      const envelope = await answer(request, client, id, (answerOnFile) => (stored = answerOnFile));
      // The answer on file, once a commit stored one: what every retry of this request will get.
      if (stored) return stored;
      const found = specAt(request);
      const secret = (found instanceof Promise ? await found : found)?.secret === true;
      if (log.keepAfter && recordable(envelope, secret)) await log.keepAfter(id, deps.clock.now(), envelope);
      return envelope;
    })().finally(() => running.delete(id));
    running.set(id, run);
    return run;
  }

  async function answer(
    request: WireRequest,
    client: ClientFacts | undefined,
    requestId?: string,
    answerStored?: (answer: Envelope) => void,
  ): Promise<Envelope> {
    // Headers, call, method and payload are checked strictly first (strict-input.ts).
    const headers = requestHeaders(request);
    const t = await translator(headers.lang);
    // Awaited only where the lookup is lazy: the Node server's hot path takes no extra turn.
    const found = specAt(request);
    const admitted = admit(request, found instanceof Promise ? await found : found, t);
    if (isEnvelope(admitted)) return admitted;
    const { spec } = admitted;
    const handler = deps.routes.get(spec.path);
    if (!handler) return errorEnvelope(t('notAvailable'));
    try {
      return await handler(admitted.payload, {
        now: deps.clock.now(),
        lang: headers.lang,
        token: headers.authorization,
        t,
        ...(requestId === undefined ? {} : { requestId }),
        ...(answerStored === undefined ? {} : { answerStored }),
        ...(client === undefined ? {} : { client }),
      });
    } catch (error) {
      console.error(`sim: ${spec.path} failed`, error);
      return errorEnvelope(t('internal'));
    }
  }

  return {
    handle,
    openSocket(send) {
      return deps.hub.open(send);
    },
  };
}
