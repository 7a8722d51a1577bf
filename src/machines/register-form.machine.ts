import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { PayloadOf } from '../api/catalogue.ts';
import { guessAccountKind, normalizeAccount, type AccountKind } from '../domain/validation/account.ts';
import { normalizeInviteCode } from '../domain/validation/invite-code.ts';
import type { Problem } from '../domain/validation/problem.ts';
import { validateRegister, type RegisterField, type RegisterInput } from '../domain/validation/register.ts';
import { clean } from '../domain/validation/text.ts';
import { accountCode, isCodeProblem, targetChanged } from './account-code.ts';
import type { CodeRequest } from './code-request.ts';
import { sendCodeMachine } from './send-code.machine.ts';
import { CODE_PURPOSE_REGISTER } from '../domain/contract-codes.ts';

export interface RegisterValues {
  account: string;
  areaId: number | null;
  code: string;
  password: string;
  password2: string;
  inviteCode: string;
  agreed: boolean;
}

export interface RegisterContext {
  tab: AccountKind;
  values: RegisterValues;
  problem: Problem<RegisterField> | null;
}

export type RegisterEvent =
  | { type: 'TAB'; tab: AccountKind }
  | { type: 'SET'; values: Partial<RegisterValues> }
  | { type: 'SEND_CODE' }
  | { type: 'SUBMIT' };

export interface RegisterFormInput {
  /** `haccount` from the link: prefills the account (and picks its tab). */
  account?: string | null;
  /** `extension_code` from an invite link. */
  inviteCode?: string | null;
  areaId?: number | null;
}

/** Spec §2: after a successful registration the form goes to login after 500 ms. */
export const LEAVE_AFTER_MS = 500;

const CLEARED_ON_TAB = { account: '', code: '', password: '', password2: '' } as const;

export function registerInput(context: RegisterContext): RegisterInput {
  return { kind: context.tab, ...context.values };
}

/** The contract payload of user/register for the form's values. */
export function registerPayload(context: RegisterContext): PayloadOf<'user/register'> {
  const { tab, values } = context;
  const invite = normalizeInviteCode(values.inviteCode);
  return {
    account: normalizeAccount(tab, values.account),
    password: values.password,
    re_password: values.password2,
    sms_code: clean(values.code),
    type: tab,
    ...(invite ? { invite_code: invite } : {}),
    ...(tab === 'mobile' && values.areaId !== null ? { area_id: values.areaId } : {}),
  };
}

/** A register code goes to the typed account (spec §7 code type 1). */
function codeFor(context: RegisterContext): CodeRequest | Problem<'account' | 'areaId'> {
  return accountCode(context.tab, context.values, CODE_PURPOSE_REGISTER);
}

/**
 * The register form (spec §2, §4, §5): tabs; account (+ country on the phone tab); code with its
 * send button; password twice; invitation code; the privacy terms, ticked by default. Changing the
 * tab clears the inputs and resets the countdown; changing the account or country resets the
 * countdown. Checks run in the spec's order on SUBMIT; after success it leaves for login in 500 ms.
 */
export const registerFormMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterFormInput,
  },
  actors: {
    sendCode: sendCodeMachine,
    register: fromPromise<unknown, PayloadOf<'user/register'>>(async () => {
      throw new Error('register actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
    /** Leaves for /login with the new account, its kind and country, so login starts filled in. */
    goToLogin: (_, _params: { account: string; tab: AccountKind; areaId: number | null }) => {},
  },
  guards: {
    invalid: ({ context }) => validateRegister(registerInput(context)) !== null,
    cannotSendCode: ({ context }) => isCodeProblem(codeFor(context)),
    accountChanged: ({ context, event }) =>
      event.type === 'SET' && targetChanged(context.values, event.values),
  },
}).createMachine({
  id: 'registerForm',
  context: ({ input }) => {
    const account = clean(input.account ?? '');
    return {
      tab: account ? guessAccountKind(account) : 'email',
      values: {
        account,
        areaId: input.areaId ?? null,
        code: '',
        password: '',
        password2: '',
        inviteCode: clean(input.inviteCode ?? ''),
        agreed: true,
      },
      problem: null,
    };
  },
  invoke: { id: 'sendCode', src: 'sendCode', input: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TAB: {
          guard: ({ context, event }) => context.tab !== event.tab,
          actions: [
            assign({
              tab: ({ event }) => event.tab,
              values: ({ context }) => ({ ...context.values, ...CLEARED_ON_TAB }),
              problem: null,
            }),
            sendTo('sendCode', { type: 'RESET' }),
          ],
        },
        SET: [
          {
            guard: 'accountChanged',
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
              assign({ problem: ({ context }) => codeFor(context) as Problem<RegisterField> }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          {
            actions: sendTo('sendCode', ({ context }) => ({
              type: 'SEND' as const,
              request: codeFor(context) as CodeRequest,
            })),
          },
        ],
        SUBMIT: [
          {
            guard: 'invalid',
            actions: [
              assign({ problem: ({ context }) => validateRegister(registerInput(context)) }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'register',
        input: ({ context }) => registerPayload(context),
        onDone: { target: 'registered' },
        onError: { target: 'editing' },
      },
    },
    registered: {
      after: {
        [LEAVE_AFTER_MS]: {
          target: 'done',
          actions: {
            type: 'goToLogin',
            params: ({ context }) => ({
              account: normalizeAccount(context.tab, context.values.account),
              tab: context.tab,
              areaId: context.tab === 'mobile' ? context.values.areaId : null,
            }),
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
