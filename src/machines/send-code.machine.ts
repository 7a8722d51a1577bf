import { assign, fromPromise, setup } from 'xstate';
import type { CodeRequest } from './code-request.ts';

/** Spec §4, §9: 60 s after a code was sent on login, register and password flows... */
export const CODE_COUNTDOWN_SECONDS = 60;
/** ...and 59 s on withdrawal-address binding. */
export const ADDRESS_BINDING_COUNTDOWN_SECONDS = 59;

export interface SendCodeContext {
  /** The countdown's length for this form. */
  seconds: number;
  /** Seconds left while counting down; 0 otherwise. */
  remaining: number;
  request: CodeRequest | null;
}

export type SendCodeEvent =
  | { type: 'SEND'; request: CodeRequest }
  /** The account or tab changed: a code for the old one means nothing, so start over. */
  | { type: 'RESET' };

export interface SendCodeInput {
  seconds?: number;
}

/**
 * The send-code button (spec §4): idle -> sending -> countdown -> idle. While sending or counting
 * down another SEND is ignored (the button is disabled and the server rate-limits anyway). A failed
 * send returns to idle at once so the user can retry. The delivery is an injected actor.
 */
export const sendCodeMachine = setup({
  types: {
    context: {} as SendCodeContext,
    events: {} as SendCodeEvent,
    input: {} as SendCodeInput,
  },
  actors: {
    deliver: fromPromise<void, CodeRequest>(async () => {}),
  },
  guards: {
    lastSecond: ({ context }) => context.remaining <= 1,
  },
}).createMachine({
  id: 'sendCode',
  context: ({ input }) => ({
    seconds: input.seconds ?? CODE_COUNTDOWN_SECONDS,
    remaining: 0,
    request: null,
  }),
  initial: 'idle',
  on: {
    RESET: { target: '.idle' },
  },
  states: {
    idle: {
      entry: assign({ remaining: 0 }),
      on: {
        SEND: { target: 'sending', actions: assign({ request: ({ event }) => event.request }) },
      },
    },
    sending: {
      invoke: {
        id: 'deliver',
        src: 'deliver',
        input: ({ context }) => context.request as CodeRequest,
        onDone: { target: 'countdown', actions: assign({ remaining: ({ context }) => context.seconds }) },
        onError: { target: 'idle' },
      },
    },
    countdown: {
      after: {
        1000: [
          { guard: 'lastSecond', target: 'idle' },
          {
            target: 'countdown',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
        ],
      },
    },
  },
});
