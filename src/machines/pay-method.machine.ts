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

/** One saved collection method, as the list of saved methods shows it. */
export interface SavedPayMethod {
  typeId: number;
  raw: Partial<PayMethodFields>;
}

export interface PayMethodContext {
  types: readonly PayMethodType[];
  /** The type the page was opened for (the user's last choice), if any. */
  preferred: number | null;
  typeId: number | null;
  /** Every saved method, in the order of the types. */
  saved: readonly SavedPayMethod[];
  values: PayMethodFields;
  /**
   * What the user typed since choosing the type: typing may start before the saved method has
   * loaded, and the load must not wipe it (it fills only the fields not typed in).
   */
  typed: Partial<PayMethodFields>;
  problem: Problem<PayMethodField> | null;
}

export interface PayMethodInput {
  /** Open on this type when it is a listed one; otherwise on the first saved one, else the first. */
  typeId?: number | null;
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

/** The type to open on: the one chosen, else the first saved one, else the first type. */
export function openingType(
  types: readonly PayMethodType[],
  saved: readonly SavedPayMethod[],
  preferred: number | null,
): number | null {
  if (preferred !== null && types.some((type) => type.id === preferred)) return preferred;
  const first = types.find((type) => saved.some((method) => method.typeId === type.id));
  return first?.id ?? types[0]?.id ?? null;
}

/** The saved list with one type's entry replaced (or removed when nothing is saved for it). */
function withSaved(
  context: PayMethodContext,
  typeId: number,
  raw: Partial<PayMethodFields> | null,
): SavedPayMethod[] {
  const others = context.saved.filter((method) => method.typeId !== typeId);
  const all = raw ? [...others, { typeId, raw }] : others;
  const order = (id: number) => context.types.findIndex((type) => type.id === id);
  return all.sort((a, b) => order(a.typeId) - order(b.typeId));
}

function problemOf(context: PayMethodContext): Problem<PayMethodField> | null {
  const code = codeOf(context);
  return code ? validatePayMethod(code, context.values) : null;
}

/**
 * Collection settings (spec §2, §5): list which method types are saved, open on the one chosen (or
 * the first saved one), see what is saved for it, fill the fields that type needs (alipay and
 * wxpay: real name, account, QR code; bank: real name, bank, branch, card number), save.
 */
export const payMethodMachine = setup({
  types: {
    context: {} as PayMethodContext,
    events: {} as PayMethodEvent,
    input: {} as PayMethodInput | undefined,
  },
  actors: {
    loadTypes: fromPromise<PayMethodType[]>(async () => []),
    /** What is saved for each of these types (the types with nothing saved are left out). */
    loadSaved: fromPromise<SavedPayMethod[], { types: number[] }>(async () => []),
    loadMethod: fromPromise<SavedMethod, { type: number }>(async () => null),
    save: fromPromise<unknown, PayloadOf<'pay_method/save'>>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
    typeIn: assign(({ context, event }) => {
      if (event.type !== 'SET') return {};
      return {
        values: { ...context.values, ...event.values },
        typed: { ...context.typed, ...event.values },
        problem: null,
      };
    }),
  },
  guards: {
    invalid: ({ context }) => codeOf(context) === null || problemOf(context) !== null,
  },
}).createMachine({
  id: 'payMethod',
  context: ({ input }) => ({
    types: [],
    preferred: input?.typeId ?? null,
    typeId: null,
    saved: [],
    values: EMPTY_PAY_METHOD,
    typed: {},
    problem: null,
  }),
  initial: 'loadingTypes',
  states: {
    loadingTypes: {
      invoke: {
        src: 'loadTypes',
        onDone: {
          target: 'loadingSaved',
          actions: assign({ types: ({ event }) => event.output }),
        },
        onError: { target: 'failed' },
      },
    },
    loadingSaved: {
      invoke: {
        src: 'loadSaved',
        input: ({ context }) => ({ types: context.types.map((type) => type.id) }),
        onDone: {
          target: 'loadingMethod',
          actions: assign(({ context, event }) => {
            const saved = event.output.filter((method) =>
              context.types.some((type) => type.id === method.typeId),
            );
            return { saved, typeId: openingType(context.types, saved, context.preferred) };
          }),
        },
        // Without the list, still open on the chosen type (or the first).
        onError: {
          target: 'loadingMethod',
          actions: assign({ typeId: ({ context }) => openingType(context.types, [], context.preferred) }),
        },
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
          actions: assign({
            values: ({ context, event }) => ({
              ...EMPTY_PAY_METHOD,
              ...event.output?.raw_data,
              ...context.typed,
            }),
            saved: ({ context, event }) =>
              context.typeId === null
                ? context.saved
                : withSaved(context, context.typeId, event.output?.raw_data ?? null),
          }),
        },
        onError: { target: 'editing' },
      },
      on: { SET: { actions: 'typeIn' } },
    },
    editing: {
      on: {
        CHOOSE: {
          guard: ({ context, event }) => context.typeId !== event.typeId,
          target: 'loadingMethod',
          actions: assign({
            typeId: ({ event }) => event.typeId,
            values: EMPTY_PAY_METHOD,
            typed: {},
            problem: null,
          }),
        },
        SET: { actions: 'typeIn' },
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
        onDone: {
          target: 'editing',
          actions: assign({
            saved: ({ context }) =>
              context.typeId === null
                ? context.saved
                : withSaved(
                    context,
                    context.typeId,
                    pickPayMethodFields(codeOf(context) ?? 'bank', context.values),
                  ),
          }),
        },
        onError: { target: 'editing' },
      },
    },
  },
});
