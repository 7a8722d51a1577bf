import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { addressProblem, labelProblem } from '../domain/address-book/address.ts';
import { chainsOf, optionOn, type ChainCode } from '../domain/address-book/chains.ts';
import { codeProblem } from '../domain/validation/code.ts';
import type { Problem } from '../domain/validation/problem.ts';
import { clean } from '../domain/validation/text.ts';
import type { CodeRequest } from './code-request.ts';
import { ADDRESS_BINDING_COUNTDOWN_SECONDS, sendCodeMachine } from './send-code.machine.ts';

export type BindField = 'coin' | 'chain' | 'address' | 'label' | 'code' | 'via';

export interface BindValues {
  coin: string;
  chain: ChainCode;
  address: string;
  label: string;
  code: string;
  /** Where the code goes: the user's own bound e-mail or phone. */
  via: 'email' | 'mobile';
}

/** What the bind actor signs and sends. */
export interface BindRequest {
  coin: string;
  contract: string;
  address: string;
  label: string;
  code: string;
}

export interface BindContext {
  values: BindValues;
  /** Which contacts the user has bound (the code can only go to one of them). */
  contacts: { email: boolean; mobile: boolean };
  problem: Problem<BindField> | null;
}

export type BindEvent =
  { type: 'SET'; values: Partial<BindValues> } | { type: 'SEND_CODE' } | { type: 'SUBMIT' };

/** What the form sends its parent (the address book) after a binding. */
export type BindParentEvent = { type: 'BOUND'; id: number };

export const BIND_DEFAULTS: BindValues = {
  coin: 'USDT',
  chain: 'TRC20',
  address: '',
  label: '',
  code: '',
  via: 'email',
};

/** The first problem of the bind form, in field order; the server checks the same rules again. */
export function bindProblem(values: BindValues): Problem<BindField> | null {
  const option = optionOn(values.coin, values.chain);
  if (!option) return { field: 'coin', code: 'emptyCoin' };
  const address = addressProblem(option.chain, values.address);
  if (address) return { field: 'address', code: address };
  const label = labelProblem(values.label);
  if (label) return { field: 'label', code: label };
  const code = codeProblem(values.code);
  return code ? { field: 'code', code } : null;
}

function codeRequest(context: BindContext): CodeRequest | Problem<BindField> {
  const { via } = context.values;
  if (!context.contacts[via]) return { field: 'via', code: via === 'email' ? 'emptyEmail' : 'emptyPhone' };
  return { channel: 'bindAddress', via };
}

function isProblem(value: CodeRequest | Problem<BindField>): value is Problem<BindField> {
  return 'field' in value;
}

/** A coin change picks the coin's first chain when the chosen one does not carry it. */
function withChain(values: BindValues): BindValues {
  if (optionOn(values.coin, values.chain)) return values;
  const first = chainsOf(values.coin)[0];
  return first ? { ...values, chain: first.chain } : values;
}

/**
 * The bind-address form: coin and chain, address, label, and a code sent to the
 * user's own e-mail or phone with the 59 s countdown (spec §9). SUBMIT checks the domain rules and
 * sends nothing on a problem; a success tells the parent BOUND and clears the address, label and
 * code. Changing where the code goes resets the countdown (spec §4).
 */
export const bindAddressMachine = setup({
  types: {
    context: {} as BindContext,
    events: {} as BindEvent,
    input: {} as { contacts: { email: boolean; mobile: boolean }; values?: Partial<BindValues> },
  },
  actors: {
    sendCode: sendCodeMachine,
    bind: fromPromise<{ id: number }, BindRequest>(async () => {
      throw new Error('bind actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
  },
  guards: {
    invalid: ({ context }) => bindProblem(context.values) !== null,
    cannotSendCode: ({ context }) => isProblem(codeRequest(context)),
    viaChanged: ({ context, event }) =>
      event.type === 'SET' && event.values.via !== undefined && event.values.via !== context.values.via,
  },
}).createMachine({
  id: 'bindAddress',
  context: ({ input }) => ({
    values: withChain({
      ...BIND_DEFAULTS,
      via: input.contacts.email ? 'email' : 'mobile',
      ...input.values,
    }),
    contacts: input.contacts,
    problem: null,
  }),
  invoke: { id: 'sendCode', src: 'sendCode', input: { seconds: ADDRESS_BINDING_COUNTDOWN_SECONDS } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET: [
          {
            guard: 'viaChanged',
            actions: [
              assign({
                values: ({ context, event }) => withChain({ ...context.values, ...event.values }),
                problem: null,
              }),
              sendTo('sendCode', { type: 'RESET' }),
            ],
          },
          {
            actions: assign({
              values: ({ context, event }) => withChain({ ...context.values, ...event.values }),
              problem: null,
            }),
          },
        ],
        SEND_CODE: [
          {
            guard: 'cannotSendCode',
            actions: [
              assign({ problem: ({ context }) => codeRequest(context) as Problem<BindField> }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          {
            actions: sendTo('sendCode', ({ context }) => ({
              type: 'SEND' as const,
              request: codeRequest(context) as CodeRequest,
            })),
          },
        ],
        SUBMIT: [
          {
            guard: 'invalid',
            actions: [
              assign({ problem: ({ context }) => bindProblem(context.values) }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'bind',
        input: ({ context }) => {
          const option = optionOn(context.values.coin, context.values.chain);
          return {
            coin: context.values.coin,
            contract: option?.contract ?? '',
            address: clean(context.values.address),
            label: clean(context.values.label),
            code: clean(context.values.code),
          };
        },
        onDone: {
          target: 'editing',
          actions: [
            sendParent(({ event }) => ({ type: 'BOUND', id: event.output.id }) satisfies BindParentEvent),
            assign({ values: ({ context }) => ({ ...context.values, address: '', label: '', code: '' }) }),
            sendTo('sendCode', { type: 'RESET' }),
          ],
        },
        onError: { target: 'editing' },
      },
    },
  },
});
