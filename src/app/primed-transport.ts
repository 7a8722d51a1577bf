import type { Transport, WireRequest } from '../api/transport.ts';

/** How long a primed answer stands in for the app's own request once it has arrived. */
export const PRIMED_ANSWER_FRESH_MS = 2_000;

/** Two requests ask the same thing: same call, same payload, same language and token. */
function sameRequest(a: WireRequest, b: WireRequest): boolean {
  return (
    a.method === b.method &&
    a.path === b.path &&
    a.headers.lang === b.headers.lang &&
    a.headers.authorization === b.headers.authorization &&
    JSON.stringify(a.payload) === JSON.stringify(b.payload)
  );
}

/**
 * A transport with one GET call sent ahead: `primedAnswer` is that call's answer as it comes;
 * `primedAnswerGiven()` says whether the app's own identical request has been handed it.
 */
export interface PrimedTransport extends Transport {
  readonly primedAnswer: Promise<unknown>;
  primedAnswerGiven(): boolean;
}

/**
 * Sends `primed` at once, before anything has asked for it, and hands its answer to the first
 * identical request the app makes (the first page's quotes, asked for by the entry module while
 * the app's libraries are still loading). The answer is given once: a second identical request,
 * one made more than `freshMs` after the answer came, or any request after the primed one failed
 * goes to the backend as usual. Only GET calls may be primed: a command must never run unasked.
 */
export function primeRequest(
  transport: Transport,
  primed: WireRequest,
  options: { freshMs?: number; now?: () => number } = {},
): PrimedTransport {
  if (primed.method !== 'GET') throw new Error(`${primed.path}: only a GET call can be asked for early`);
  const { freshMs = PRIMED_ANSWER_FRESH_MS, now = () => performance.now() } = options;
  const primedAnswer = transport.request(primed);
  let answer: Promise<unknown> | null = primedAnswer;
  let answeredAt: number | null = null;
  let given = false;
  answer.then(
    () => (answeredAt = now()),
    () => (answer = null),
  );
  return {
    name: transport.name,
    socketUrl: transport.socketUrl,
    WebSocketCtor: transport.WebSocketCtor,
    primedAnswer,
    primedAnswerGiven: () => given,
    request(request) {
      if (answer && answeredAt !== null && now() - answeredAt > freshMs) answer = null;
      if (answer && sameRequest(request, primed)) {
        const primedOne = answer;
        answer = null;
        given = true;
        return primedOne;
      }
      return transport.request(request);
    },
  };
}
