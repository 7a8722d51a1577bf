import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { CallName, PayloadOf } from '../api/catalogue.ts';
import type { Problem } from '../domain/validation/problem.ts';
import type { CodeRequest } from './code-request.ts';
import { sendCodeMachine } from './send-code.machine.ts';

export type FormValues = Record<string, string | number | boolean | null>;

/** One form: its rule (from src/domain), the call it makes and its payload, and maybe a code. */
export interface FormSpec<V extends FormValues, F extends string, N extends CallName> {
  id: string;
  call: N;
  validate: (values: V) => Problem<F> | null;
  payload: (values: V) => PayloadOf<N>;
  /** The code this form asks for, or why it cannot ask yet. Absent: the form has no code. */
  codeFor?: (values: V) => CodeRequest | Problem<F>;
  /** Fields whose change makes a code already sent meaningless (spec §4: the account or the tab). */
  codeResetBy?: ReadonlyArray<keyof V>;
  /** After a success the form starts over (feedback: ready for the next one). */
  resetOnSuccess?: boolean;
}

export interface FormContext<V extends FormValues, F extends string> {
  values: V;
  initial: V;
  problem: Problem<F> | null;
}

export type FormEvent<V extends FormValues> =
  { type: 'SET'; values: Partial<V> } | { type: 'SEND_CODE' } | { type: 'SUBMIT' };

function isProblem<F extends string>(value: CodeRequest | Problem<F>): value is Problem<F> {
  return 'code' in value && 'field' in value;
}

/**
 * The machine shared by the simpler forms (forgot password, change password, trade password, bind
 * e-mail, feedback): editing -> submitting -> editing, with the send-code button as a child when the
 * form has a code. SUBMIT reports the first problem of the form's rule and sends nothing; a success
 * reports `succeeded` (the page decides where to go).
 */
export function createForm<V extends FormValues, F extends string, N extends CallName>(
  spec: FormSpec<V, F, N>,
) {
  return { call: spec.call, machine: createFormMachine(spec) };
}

function createFormMachine<V extends FormValues, F extends string, N extends CallName>(
  spec: FormSpec<V, F, N>,
) {
  const codeFor = spec.codeFor;
  const resetBy = spec.codeResetBy ?? [];
  return setup({
    types: {
      context: {} as FormContext<V, F>,
      events: {} as FormEvent<V>,
      input: {} as { values: V },
    },
    actors: {
      sendCode: sendCodeMachine,
      // Typed `unknown` inside: XState cannot check a generic payload; `submitWith` restores it.
      submit: fromPromise<unknown, unknown>(async () => {
        throw new Error(`${spec.id}: submit actor not provided`);
      }),
    },
    actions: {
      reportProblem: (_, _params: { problem: Problem }) => {},
      succeeded: (_, _params: { output: unknown }) => {},
    },
    guards: {
      invalid: ({ context }) => spec.validate(context.values) !== null,
      hasCode: () => codeFor !== undefined,
      cannotSendCode: ({ context }) => codeFor !== undefined && isProblem(codeFor(context.values)),
      codeTargetChanged: ({ context, event }) =>
        event.type === 'SET' &&
        resetBy.some(
          (field) =>
            field in event.values &&
            // A default filling an empty field (the country list arriving late) is not a change.
            context.values[field] !== null &&
            event.values[field] !== context.values[field],
        ),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => ({ values: input.values, initial: input.values, problem: null }),
    invoke: { id: 'sendCode', src: 'sendCode', input: {} },
    initial: 'editing',
    states: {
      editing: {
        on: {
          SET: [
            {
              guard: 'codeTargetChanged',
              actions: [
                assign({
                  values: ({ context, event }) => ({ ...context.values, ...event.values }),
                  problem: null,
                }),
                sendTo('sendCode', { type: 'RESET' }),
              ],
            },
            {
              actions: assign({
                values: ({ context, event }) => ({ ...context.values, ...event.values }),
                problem: null,
              }),
            },
          ],
          SEND_CODE: [
            {
              guard: 'cannotSendCode',
              actions: [
                assign({
                  problem: ({ context }) => (codeFor ? (codeFor(context.values) as Problem<F>) : null),
                }),
                { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
              ],
            },
            {
              guard: 'hasCode',
              actions: sendTo('sendCode', ({ context }) => ({
                type: 'SEND' as const,
                request: (codeFor as (values: V) => CodeRequest)(context.values),
              })),
            },
          ],
          SUBMIT: [
            {
              guard: 'invalid',
              actions: [
                assign({ problem: ({ context }) => spec.validate(context.values) }),
                { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
              ],
            },
            { target: 'submitting' },
          ],
        },
      },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }: { context: FormContext<V, F> }): unknown => spec.payload(context.values),
          onDone: {
            target: 'editing',
            actions: [
              { type: 'succeeded', params: ({ event }) => ({ output: event.output }) },
              assign({ values: ({ context }) => (spec.resetOnSuccess ? context.initial : context.values) }),
              // The code was used up: the next one needs a fresh send.
              sendTo('sendCode', { type: 'RESET' }),
            ],
          },
          onError: { target: 'editing' },
        },
      },
    },
  });
}

export type FormDefinition<V extends FormValues, F extends string, N extends CallName> = ReturnType<
  typeof createForm<V, F, N>
>;

/**
 * The submit actor of a form whose call is N: the only place the payload's type is asserted, and it
 * holds because the machine's submit input is `spec.payload(values)`, a PayloadOf<N>.
 */
export function submitWith<N extends CallName>(send: (payload: PayloadOf<N>) => Promise<unknown>) {
  return fromPromise<unknown, unknown>(({ input }) => send(input as PayloadOf<N>));
}
