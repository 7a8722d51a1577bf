import type { Decision } from '../../../store/aggregate.ts';
import { codeTriesLeft, CODE_MAX_TRIES } from '../../../../domain/attempts.ts';
import type { AccountEvent } from '../events.ts';
import type { AccountsState } from '../state.ts';
import { refuse } from './decision.ts';

/**
 * A refusal that still records something (a wrong code try, a wrong password): the command is
 * accepted so its events are stored, and its reply tells the route to answer code 0 with this
 * server message (route-kit.ts `outcome`).
 */
export interface RefusalReply {
  refusal: 'codeWrongLeft' | 'codeDead' | 'loginFailedLeft' | 'loginLocked';
  vars?: Record<string, number>;
}

export function isRefusalReply(reply: unknown): reply is RefusalReply {
  return typeof reply === 'object' && reply !== null && typeof (reply as RefusalReply).refusal === 'string';
}

export function refuseRecording(events: AccountEvent[], reply: RefusalReply): Decision<AccountEvent> {
  return { ok: true, events, reply };
}

/**
 * A wrong code for any of `keys`: each live code under them counts one wrong try (the fifth kills
 * it), and the answer says how many tries are left. With no live code it is the plain refusal.
 */
export function wrongCode(state: AccountsState, keys: readonly string[], at: number): Decision<AccountEvent> {
  const live = keys.filter((key) => {
    const issued = state.codes.get(key);
    return issued !== undefined && at < issued.expiresAt;
  });
  if (live.length === 0) return refuse('codeWrong');
  const left = Math.min(...live.map((key) => codeTriesLeft((state.codes.get(key)?.wrong ?? 0) + 1)));
  const events: AccountEvent[] = live.map((key) => ({ type: 'CodeTried', at, key }));
  return refuseRecording(
    events,
    left === 0
      ? { refusal: 'codeDead', vars: { max: CODE_MAX_TRIES } }
      : { refusal: 'codeWrongLeft', vars: { left } },
  );
}
