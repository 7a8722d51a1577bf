import type { z } from 'zod';
import { loadCallSpec } from './call-specs.ts';
import type { AnswerOf, CallName, PayloadOf } from './catalogue.ts';
import { decodeEnvelope } from './envelope.ts';
import { REQUEST_TIMEOUT_MS, TransportError, type Transport } from './transport.ts';

/**
 * What the client tells the rest of the app about an answer, so the envelope rules of spec §8 live
 * in one place: errors and successes become toasts, 999 becomes a session event.
 */
export type ApiNotice =
  | { kind: 'error'; msg: string }
  | { kind: 'success'; msg: string }
  | { kind: 'expired'; hadToken: boolean }
  | { kind: 'server-error' }
  | { kind: 'malformed'; path: string; detail: string };

export class ApiError extends Error {
  constructor(
    readonly kind: 'error' | 'expired' | 'ignored' | 'server-error' | 'malformed' | 'bad-payload',
    message: string,
    /** The refusal's `data` (empty for most; user/login's `{ two_factor: 1 }` asks for the code). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientDeps {
  transport: Transport;
  getToken: () => string | null;
  getLang: () => string;
  notify: (notice: ApiNotice) => void;
  timeoutMs?: number;
  /** Ids of mutating requests (see WireRequest.requestId); default crypto.randomUUID. */
  newRequestId?: () => string;
}

export interface CallOptions {
  /** Background calls (polls) do not toast their errors. */
  quiet?: boolean;
  /**
   * Sends this token instead of the session's: signing in reads `user/info` with the token
   * `user/login` just answered, before the session holds it.
   */
  token?: string;
}

export interface ApiClient {
  call<N extends CallName>(name: N, payload: PayloadOf<N>, options?: CallOptions): Promise<AnswerOf<N>>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  return {
    async call(name, payload, options = {}) {
      // The call's feature area brings its schemas the first time (no catalogue up front).
      const spec = await loadCallSpec(name);
      const checked = (spec.payload as z.ZodType).safeParse(payload);
      if (!checked.success) {
        // A view sent what the contract does not allow: a bug, never the user's fault.
        throw new ApiError(
          'bad-payload',
          `${name}: ${checked.error.issues[0]?.message ?? 'invalid payload'}`,
        );
      }
      const token = options.token ?? deps.getToken();
      let raw: unknown;
      try {
        raw = await deps.transport.request({
          method: spec.method,
          path: spec.path,
          payload: checked.data as Record<string, unknown>,
          headers: { lang: deps.getLang(), authorization: token ?? '' },
          timeoutMs: deps.timeoutMs ?? REQUEST_TIMEOUT_MS,
          ...(spec.method === 'POST'
            ? { requestId: (deps.newRequestId ?? (() => crypto.randomUUID()))() }
            : {}),
        });
      } catch (error) {
        if (!options.quiet) deps.notify({ kind: 'server-error' });
        throw new ApiError('server-error', error instanceof TransportError ? error.message : String(error));
      }
      const outcome = decodeEnvelope(raw, spec.answer as z.ZodType);
      switch (outcome.kind) {
        case 'ok':
          if (spec.toast && outcome.msg && !options.quiet) deps.notify({ kind: 'success', msg: outcome.msg });
          return outcome.data as AnswerOf<typeof name>;
        case 'error':
          if (!options.quiet) deps.notify({ kind: 'error', msg: outcome.msg });
          throw new ApiError('error', outcome.msg, outcome.data);
        case 'expired':
          deps.notify({ kind: 'expired', hadToken: token !== null && token !== '' });
          throw new ApiError('expired', 'session expired');
        case 'ignored':
          throw new ApiError('ignored', 'ignored');
        case 'malformed':
          deps.notify({ kind: 'malformed', path: spec.path, detail: outcome.detail });
          throw new ApiError('malformed', `${spec.path}: ${outcome.detail}`);
      }
    },
  };
}
