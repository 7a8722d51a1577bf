import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { PayloadOf } from '../api/catalogue.ts';
import { normalizeAccount, type AccountKind } from '../domain/validation/account.ts';
import { clean } from '../domain/validation/text.ts';
import { validateLogin, type LoginField } from '../domain/validation/login.ts';
import type { Problem } from '../domain/validation/problem.ts';
import { accountCode, isCodeProblem, targetChanged } from './account-code.ts';
import type { CodeRequest } from './code-request.ts';
import type { RememberedLogin, SignedIn } from './login-prefs.ts';
import { sendCodeMachine } from './send-code.machine.ts';
import { CODE_PURPOSE_LOGIN, type Flag } from '../domain/contract-codes.ts';
import { validateTwoFactorCode } from '../domain/security/two-factor.ts';
import { asksForSecondFactor } from './second-factor.ts';

export interface LoginValues {
  account: string;
  password: string;
  smsCode: string;
  areaId: number | null;
  remember: boolean;
  /** The code from the authenticator app (or a recovery code), once the server asked for it. */
  totpCode: string;
}

export interface LoginContext {
  tab: AccountKind;
  values: LoginValues;
  /** The setting login_use_sms is 1 (fetched after start, so it arrives as an event). */
  smsRequired: boolean;
  /** The server asked for the second factor (two-factor sign-in is on for this account). */
  twoFactor: boolean;
  problem: Problem<LoginField | 'areaId' | 'totpCode'> | null;
}

export type LoginEvent =
  | { type: 'TAB'; tab: AccountKind }
  | { type: 'SET'; values: Partial<LoginValues> }
  | { type: 'SMS_REQUIRED'; required: boolean }
  | { type: 'SEND_CODE' }
  | { type: 'SUBMIT' };

/**
 * What signing in yields: `user/login` answers the token itself (as the family's servers do), and
 * uid and is_seller come from `user/info` read with that token (actors/accounts.ts).
 */
export interface LoginResult {
  token: string;
  uid: number;
  is_seller: Flag;
}

export interface LoginInput {
  remembered: RememberedLogin | null;
  /** The account just registered: it wins over the remembered one (tab, account and country). */
  prefill?: RememberedLogin | null;
  /** A country to start the phone tab with when nothing is remembered. */
  defaultAreaId?: number | null;
}

/** The contract payload of user/login for the form's values. */
export function loginPayload(context: LoginContext): PayloadOf<'user/login'> {
  const { tab, values } = context;
  return {
    account: normalizeAccount(tab, values.account),
    password: values.password,
    login_type: tab,
    ...(context.smsRequired ? { sms_code: clean(values.smsCode) } : {}),
    ...(context.twoFactor ? { totp_code: values.totpCode } : {}),
    ...(tab === 'mobile' && values.areaId !== null ? { country_code: values.areaId } : {}),
  };
}

/**
 * The login form (spec §2, §5): e-mail and phone tabs; account, password, the code when login_use_sms
 * is 1, remember me. Checks run in the spec's order on SUBMIT (Enter or the button); the first
 * problem is reported and nothing is sent. Changing the account, its country or the tab resets the
 * send-code countdown (spec §4). On success it persists the login and reports `signedIn`.
 */
export const loginFormMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    sendCode: sendCodeMachine,
    login: fromPromise<LoginResult, PayloadOf<'user/login'>>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
    persist: (_, _params: SignedIn) => {},
    signedIn: (_, _params: SignedIn) => {},
  },
  guards: {
    invalid: ({ context }) => loginProblem(context) !== null,
    cannotSendCode: ({ context }) => isCodeProblem(codeFor(context)),
    accountChanged: ({ context, event }) =>
      event.type === 'SET' && targetChanged(context.values, event.values),
  },
}).createMachine({
  id: 'loginForm',
  context: ({ input }) => ({
    tab: (input.prefill ?? input.remembered)?.tab ?? 'email',
    values: {
      account: (input.prefill ?? input.remembered)?.account ?? '',
      password: '',
      smsCode: '',
      areaId: input.prefill?.areaId ?? input.remembered?.areaId ?? input.defaultAreaId ?? null,
      remember: input.remembered !== null,
      totpCode: '',
    },
    smsRequired: false,
    twoFactor: false,
    problem: null,
  }),
  invoke: { id: 'sendCode', src: 'sendCode', input: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TAB: {
          guard: ({ context, event }) => context.tab !== event.tab,
          actions: [
            // Another account: whether it has two-factor sign-in is the server's to say again.
            assign({ tab: ({ event }) => event.tab, problem: null, twoFactor: false }),
            assign({ values: ({ context }) => ({ ...context.values, smsCode: '' }) }),
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
                twoFactor: false,
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
        SMS_REQUIRED: { actions: assign({ smsRequired: ({ event }) => event.required }) },
        SEND_CODE: [
          {
            guard: 'cannotSendCode',
            actions: [
              assign({ problem: ({ context }) => codeFor(context) as Problem<LoginField | 'areaId'> }),
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
              assign({ problem: ({ context }) => loginProblem(context) }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'login',
        input: ({ context }) => loginPayload(context),
        onDone: {
          target: 'done',
          actions: [
            { type: 'persist', params: ({ context, event }) => signedIn(context, event.output) },
            { type: 'signedIn', params: ({ context, event }) => signedIn(context, event.output) },
          ],
        },
        // The server's message is toasted by the API client; the user corrects and tries again. A
        // refusal that asks for the second factor shows its field (the password stays as typed).
        onError: {
          target: 'editing',
          actions: assign({
            values: ({ context }) => ({ ...context.values, smsCode: '', totpCode: '' }),
            twoFactor: ({ context, event }) => context.twoFactor || asksForSecondFactor(event.error),
          }),
        },
      },
    },
    done: { type: 'final' },
  },
});

/**
 * The first problem of the form, or null. A phone number is an account only with its country
 * (+44 7700900123 is not +1 7700900123), so the phone tab needs one before anything is sent.
 */
function loginProblem(context: LoginContext): Problem<LoginField | 'areaId' | 'totpCode'> | null {
  const problem = validateLogin(loginInput(context));
  if (problem) return problem;
  if (context.tab === 'mobile' && context.values.areaId === null)
    return { field: 'areaId', code: 'emptyArea' };
  if (context.twoFactor) return validateTwoFactorCode(context.values);
  return null;
}

function loginInput(context: LoginContext) {
  return {
    kind: context.tab,
    account: context.values.account,
    password: context.values.password,
    smsCode: context.values.smsCode,
    smsRequired: context.smsRequired,
  };
}

/** A login code goes to the typed account (spec §7 code type 5). */
function codeFor(context: LoginContext): CodeRequest | Problem<'account' | 'areaId'> {
  return accountCode(context.tab, context.values, CODE_PURPOSE_LOGIN);
}

function signedIn(context: LoginContext, answer: LoginResult): SignedIn {
  return {
    token: answer.token,
    uid: answer.uid,
    isSeller: answer.is_seller,
    account: normalizeAccount(context.tab, context.values.account),
    tab: context.tab,
    areaId: context.tab === 'mobile' ? context.values.areaId : null,
    remember: context.values.remember,
  };
}
