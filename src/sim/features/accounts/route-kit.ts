import type { z } from 'zod';
import type { CallName, Catalogue } from '../../../api/catalogue.ts';
import { errorEnvelope, expiredEnvelope, okEnvelope, type Envelope } from '../../../api/envelope.ts';
import type { Problem } from '../../../domain/validation/problem.ts';
import type { Routes } from '../../routes.ts';
import type { CallContext } from '../../routes.ts';
import { storedTo } from '../../answer-once.ts';
import type { CommandRequest, ExecuteResult } from '../../store/event-sourced.ts';
import type { Accounts } from './accounts.ts';
import { REFUSALS } from './decide/decision.ts';
import { isRefusalReply } from './decide/attempts.ts';
import type { AccountEvent } from './events.ts';
import type { AccountsState, UserRecord } from './state.ts';

/** A call's payload after the server checked it against the catalogue (defaults applied). */
export type PayloadIn<N extends CallName> = z.output<Catalogue[N]['payload']>;

export type TypedHandler<N extends CallName> = (
  payload: PayloadIn<N>,
  ctx: CallContext,
) => Envelope | Promise<Envelope>;

export type UserHandler<N extends CallName> = (
  payload: PayloadIn<N>,
  ctx: CallContext,
  user: UserRecord,
) => Envelope | Promise<Envelope>;

/** Registers a handler under its catalogue name, typed by the catalogue's payload schema. */
export function on<N extends CallName>(routes: Routes, name: N, handler: TypedHandler<N>): void {
  // The server validated the payload with this call's schema before the handler runs.
  routes.add(name, (payload, ctx) => handler(payload as PayloadIn<N>, ctx));
}

/** Like `on`, for calls that need a signed-in user: a missing or expired token answers 999. */
export function onUser<N extends CallName>(
  routes: Routes,
  accounts: Accounts,
  name: N,
  handler: UserHandler<N>,
): void {
  on(routes, name, async (payload, ctx) => {
    const userId = accounts.userIdOf(ctx.token, ctx.now);
    if (userId === null) return expiredEnvelope();
    await accounts.settleReviews(ctx.now);
    const user = accounts.state().users.get(userId);
    return user ? handler(payload, ctx, user) : expiredEnvelope();
  });
}

/**
 * The request of an accounts command whose answer is known before it runs: `outcome`'s, stored with
 * the command (exactly once, answer-once.ts). A wrong try the command records is answered as the
 * refusal it is, and a retry of it gets that refusal instead of counting again.
 */
export function answered(
  ctx: CallContext,
  success: { msg?: string; data?: unknown } = {},
): CommandRequest<AccountsState> | undefined {
  if (ctx.requestId === undefined) return undefined;
  return {
    id: ctx.requestId,
    answer: (_next, reply) => outcome({ ok: true, reply, seq: 0, events: [] }, ctx, success),
    ...storedTo(ctx),
  };
}

/** code 0 with the translated message of a validation problem. */
export function problemEnvelope(problem: Problem | null, ctx: CallContext): Envelope | null {
  return problem ? errorEnvelope(ctx.t(problem.code)) : null;
}

/**
 * The envelope of a command's outcome: the success message, or the refusal's translated message. A
 * failure that is not a refusal (storage) reads as the generic internal error, never as raw text.
 */
export function outcome(
  result: ExecuteResult<AccountEvent>,
  ctx: CallContext,
  success: { msg?: string; data?: unknown } = {},
): Envelope {
  // Accepted only to record a wrong try (decide/attempts.ts): still a refusal for the caller.
  if (result.ok && isRefusalReply(result.reply)) {
    return errorEnvelope(ctx.t(result.reply.refusal, result.reply.vars));
  }
  if (result.ok) return okEnvelope(success.data ?? null, success.msg ?? '');
  if (!(REFUSALS as readonly string[]).includes(result.error)) {
    console.error('sim accounts: command failed', result.error);
    return errorEnvelope(ctx.t('internal'));
  }
  return errorEnvelope(ctx.t(result.error));
}
