import { assign, fromPromise, setup } from 'xstate';
import type { AnswerOf, PayloadOf } from '../api/catalogue.ts';
import type { Problem } from '../domain/validation/problem.ts';
import {
  pickPayMethodFields,
  validatePayMethod,
  type PayMethodCode,
  type PayMethodField,
  type PayMethodFields,
} from '../domain/validation/pay-method.ts';

export type PayMethodType = AnswerOf<'pay_method/types'>[number];
type SavedMethod = AnswerOf<'pay_method/get_method_by_type'>;

export interface PayMethodContext {
  types: readonly PayMethodType[];
  typeId: number | null;
  values: PayMethodFields;
  problem: Problem<PayMethodField> | null;
}

export type PayMethodEvent =
  | { type: 'CHOOSE'; typeId: number }
  | { type: 'SET'; values: Partial<PayMethodFields> }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export const EMPTY_PAY_METHOD: PayMethodFields = {
  real_name: '',
  account: '',
  qrcode: '',
  bank_name: '',
  card_no: '',
  bank_address: '',
};

function codeOf(context: PayMethodContext): PayMethodCode | null {
  return context.types.find((type) => type.id === context.typeId)?.code ?? null;
}

function problemOf(context: PayMethodContext): Problem<PayMethodField> | null {
  const code = codeOf(context);
  return code ? validatePayMethod(code, context.values) : null;
}

/**
 * Collection settings (spec §2, §5): choose a method type, see what is saved for it, fill the
 * fields that type needs (alipay and wxpay: real name, account, QR code; bank: real name, bank,
 * branch, card number), save.
 */
export const payMethodMachine = setup({
  types: {
    context: {} as PayMethodContext,
    events: {} as PayMethodEvent,
  },
  actors: {
    loadTypes: fromPromise<PayMethodType[]>(async () => []),
    loadMethod: fromPromise<SavedMethod, { type: number }>(async () => null),
    save: fromPromise<unknown, PayloadOf<'pay_method/save'>>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
  },
  guards: {
    invalid: ({ context }) => codeOf(context) === null || problemOf(context) !== null,
  },
}).createMachine({
  id: 'payMethod',
  context: { types: [], typeId: null, values: EMPTY_PAY_METHOD, problem: null },
  initial: 'loadingTypes',
  states: {
    loadingTypes: {
      invoke: {
        src: 'loadTypes',
        onDone: {
          target: 'loadingMethod',
          actions: assign({
            types: ({ event }) => event.output,
            typeId: ({ event }) => event.output[0]?.id ?? null,
          }),
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loadingTypes' } },
    },
    loadingMethod: {
      invoke: {
        src: 'loadMethod',
        input: ({ context }) => ({ type: context.typeId ?? 0 }),
        onDone: {
          target: 'editing',
          actions: assign({ values: ({ event }) => ({ ...EMPTY_PAY_METHOD, ...event.output?.raw_data }) }),
        },
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        CHOOSE: {
          guard: ({ context, event }) => context.typeId !== event.typeId,
          target: 'loadingMethod',
          actions: assign({ typeId: ({ event }) => event.typeId, values: EMPTY_PAY_METHOD, problem: null }),
        },
        SET: {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, ...event.values }),
            problem: null,
          }),
        },
        SUBMIT: [
          {
            guard: 'invalid',
            actions: [
              assign({ problem: ({ context }) => problemOf(context) }),
              {
                type: 'reportProblem',
                params: ({ context }) => ({
                  problem: context.problem ?? { field: 'real_name', code: 'emptyType' },
                }),
              },
            ],
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          type: context.typeId ?? 0,
          raw_data: pickPayMethodFields(codeOf(context) ?? 'bank', context.values),
        }),
        onDone: { target: 'editing' },
        onError: { target: 'editing' },
      },
    },
  },
});
