import { assign, fromPromise, setup } from 'xstate';
import type { AnswerOf } from '../api/catalogue.ts';
import { twoFactorCodeProblem } from '../domain/security/two-factor.ts';
import type { Problem } from '../domain/validation/problem.ts';

export type TwoFactorSeed = AnswerOf<'security/two_factor_start'>;

export interface TwoFactorEnrolContext {
  /** The seed to scan or type into the app, while enrolling; null otherwise. */
  seed: TwoFactorSeed | null;
  code: string;
  /** The recovery codes, shown once after the confirmation, until the user says they kept them. */
  recovery: string[];
  problem: Problem<'totpCode'> | null;
}

export type TwoFactorEnrolEvent =
  | { type: 'START' }
  | { type: 'SET'; code: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'DONE' };

const EMPTY: TwoFactorEnrolContext = { seed: null, code: '', recovery: [], problem: null };

/** A code that confirms enrolment: six digits from the app (no recovery code exists yet). */
function codeProblem(code: string): Problem<'totpCode'> | null {
  const problem = twoFactorCodeProblem(code, false);
  return problem === null ? null : { field: 'totpCode', code: problem };
}

/**
 * Turning two-factor sign-in on (security/two_factor_start, security/two_factor_enable): a new seed
 * to scan (QR) or type, a code from the app to prove it holds the seed, then the recovery codes,
 * shown once. The seed and codes live only in this machine's context and are dropped when it
 * leaves them (cancel, or the user done with the recovery codes).
 */
export const twoFactorEnrolMachine = setup({
  types: { context: {} as TwoFactorEnrolContext, events: {} as TwoFactorEnrolEvent },
  actors: {
    start: fromPromise<TwoFactorSeed>(async () => {
      throw new Error('start actor not provided');
    }),
    enable: fromPromise<AnswerOf<'security/two_factor_enable'>, { code: string }>(async () => {
      throw new Error('enable actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
    /** The server turned it on (the recovery codes are on screen, not yet put away). */
    confirmed: () => {},
    enrolled: () => {},
  },
}).createMachine({
  id: 'twoFactorEnrol',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: { on: { START: 'starting' } },
    starting: {
      invoke: {
        src: 'start',
        onDone: { target: 'scanning', actions: assign({ seed: ({ event }) => event.output, code: '' }) },
        onError: 'idle',
      },
    },
    scanning: {
      on: {
        SET: { actions: assign({ code: ({ event }) => event.code, problem: null }) },
        SUBMIT: [
          {
            guard: ({ context }) => codeProblem(context.code) !== null,
            actions: [
              assign({ problem: ({ context }) => codeProblem(context.code) }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          { target: 'confirming' },
        ],
        CANCEL: { target: 'idle', actions: assign(EMPTY) },
      },
    },
    confirming: {
      invoke: {
        src: 'enable',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'showingRecovery',
          actions: [
            assign({ recovery: ({ event }) => event.output.recovery_codes, seed: null, code: '' }),
            'confirmed',
          ],
        },
        // The server's message is toasted; the next code from the app is typed in the same step.
        onError: { target: 'scanning', actions: assign({ code: '' }) },
      },
    },
    showingRecovery: {
      on: { DONE: { target: 'idle', actions: [assign(EMPTY), 'enrolled'] } },
    },
  },
});
