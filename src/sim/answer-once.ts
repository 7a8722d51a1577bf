import type { Envelope } from '../api/envelope.ts';
import type { CallContext } from './routes.ts';
import type { CommandRequest } from './store/event-sourced.ts';

/**
 * A route's answer to a request that carried an id, worked out from its command's outcome and the
 * state that command led to. The feature hands it to the log with the command, so the answer is
 * stored in the same commit as the events: a request retried after a crash finds its answer and
 * never runs twice (exactly once, DESIGN.md). Reading the state the command led to, not the live
 * one, matters: the answer is worked out before the commit makes that state current.
 */
export interface AnswerOnce<Outcome, State> {
  id: string;
  answer: (outcome: Outcome, state: State) => Envelope;
  stored?: (answer: unknown) => void;
}

/** The route's side: its answer for this request, or nothing when the request carried no id. */
export function answerOnce<Outcome, State>(
  ctx: CallContext,
  answer: (outcome: Outcome, state: State) => Envelope,
): AnswerOnce<Outcome, State> | undefined {
  if (ctx.requestId === undefined) return undefined;
  return { id: ctx.requestId, answer, ...storedTo(ctx) };
}

/**
 * The request's `stored` hook: the call context's, when the server asked to be told. What it is
 * told is the value the same request's `answer` returned, an Envelope, which the log keeps untyped.
 */
export function storedTo(ctx: CallContext): { stored?: (answer: unknown) => void } {
  const told = ctx.answerStored;
  return told ? { stored: (answer) => told(answer as Envelope) } : {};
}

/**
 * The feature's side: how its command's reply, in the state the command led to, becomes the outcome
 * the route answers from. The result goes to `CommandLog.execute` with the command.
 */
export function commandRequest<Outcome, State>(
  once: AnswerOnce<Outcome, State> | undefined,
  outcomeOf: (next: State, reply: unknown) => Outcome,
): CommandRequest<State> | undefined {
  return (
    once && {
      id: once.id,
      answer: (next, reply) => once.answer(outcomeOf(next, reply), next),
      ...(once.stored ? { stored: once.stored } : {}),
    }
  );
}
