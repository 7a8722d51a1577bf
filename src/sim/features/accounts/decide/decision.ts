import type { Decision } from '../../../store/aggregate.ts';
import type { AccountCommand } from '../commands.ts';
import type { AccountEvent } from '../events.ts';
import type { Policy } from '../policy.ts';
import type { AccountsState } from '../state.ts';

/** Refusals are server message keys (locales, section "server"): the route translates them. */
export const REFUSALS = [
  'accountExists',
  'codeWrong',
  'codeTooSoon',
  'codeTooMany',
  'inviteUnknown',
  'inviteTaken',
  'userMissing',
  'reviewPending',
  'reviewDone',
  'uploadMissing',
  'payMethodUnknown',
  'emailTaken',
  'emailSame',
  'badName',
  'emptyType',
  'emptyTitle',
  'longTitle',
  'shortContent',
  'longContent',
  'badPhrase',
  'sessionNotFound',
  'totpOn',
  'totpOff',
  'totpNotStarted',
  'totpUsed',
  'totpWrong',
] as const;
export type Refusal = (typeof REFUSALS)[number];

export function isRefusal(code: string): code is Refusal {
  return (REFUSALS as readonly string[]).includes(code);
}

export function refuse(error: Refusal): Decision<AccountEvent> {
  return { ok: false, error };
}

export function accept(events: AccountEvent[], reply?: unknown): Decision<AccountEvent> {
  return { ok: true, events, reply };
}

/** The command of one kind. */
export type CommandOf<K extends AccountCommand['kind']> = Extract<AccountCommand, { kind: K }>;

/** Decides one kind of command: pure, like the aggregate's decide(). */
export type Decider<K extends AccountCommand['kind']> = (
  policy: Policy,
  state: AccountsState,
  command: CommandOf<K>,
) => Decision<AccountEvent>;
