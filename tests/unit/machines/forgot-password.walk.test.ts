import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountProblem, normalizeAccount } from '../../../src/domain/validation/account.ts';
import { validateForgotPassword } from '../../../src/domain/validation/forgot-password.ts';
import {
  forgotPasswordForm,
  type ForgotPasswordValues,
} from '../../../src/machines/forgot-password.machine.ts';
import { checkFormStep, fold, formAnswers, formEvents, sentTo, walk, type FormRules } from './walk-kit.ts';

const machine = forgotPasswordForm.machine;
const EMPTY: ForgotPasswordValues = {
  kind: 'email',
  account: '',
  areaId: null,
  code: '',
  password: '',
  password2: '',
};

/** Spec §5 forgot password: a type-2 code to the account (a phone needs its country), new password twice. */
const RULES: FormRules<ForgotPasswordValues> = {
  id: 'forgotPassword',
  initial: EMPTY,
  validate: validateForgotPassword,
  payload: (values) => ({
    account: normalizeAccount(values.kind, values.account),
    new_password: values.password,
    secondary_password: values.password2,
    type: values.kind,
    auth_code: values.code.trim(),
  }),
  code: (values) => {
    const problem = accountProblem(values.kind, values.account);
    if (problem) return { field: 'account', code: problem };
    const to = normalizeAccount(values.kind, values.account);
    if (values.kind === 'email') return { channel: 'email', to, type: 2 };
    if (values.areaId === null) return { field: 'areaId', code: 'emptyArea' };
    return { channel: 'sms', to, type: 2, areaId: values.areaId };
  },
  // Spec §4: the account, its country or the tab changing makes a code already sent meaningless.
  resetBy: ['kind', 'account', 'areaId'],
  resetOnSuccess: false,
};

const SETS: Array<Partial<ForgotPasswordValues>> = [
  { account: 'eve@example.net', code: '111111', password: 'Brand2026', password2: 'Brand2026' },
  { kind: 'mobile' },
  { kind: 'email' },
  { account: ' A@B.co ' },
  { account: '138 0013 8000' },
  { account: 'nope' },
  { areaId: 86 },
  { areaId: 81 },
  { code: '123456' },
  { password: 'Fresh2026', password2: 'Fresh2026' },
  { password2: 'Other2026' },
];

describe('forgot password form: transition walk', () => {
  it('reaches both states, and every route to a phone code passes through a country', () => {
    const result = walk(machine, {
      input: { values: EMPTY },
      events: [
        ...[SETS[1], SETS[4], SETS[6], SETS[8], SETS[9]].map((values) => ({
          type: 'SET' as const,
          values: values ?? {},
        })),
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        ...formAnswers('forgotPassword'),
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(['editing', 'submitting']));
    expect(result.paths.map((path) => path.state.context.problem)).toContainEqual({
      field: 'areaId',
      code: 'emptyArea',
    });
    for (const path of result.paths.filter((item) => item.state.matches('submitting'))) {
      expect(validateForgotPassword(path.state.context.values)).toBeNull();
    }
  });

  it('a country arriving for an empty field keeps the countdown; changing it resets it', () => {
    const { steps } = fold(machine, { values: { ...EMPTY, kind: 'mobile', account: '13800138000' } }, [
      { type: 'SEND_CODE' },
      { type: 'SET', values: { areaId: 86 } },
      { type: 'SEND_CODE' },
      { type: 'SET', values: { areaId: 86 } },
      { type: 'SET', values: { code: '123456' } },
      { type: 'SET', values: { areaId: 81 } },
    ]);
    expect(steps.map((step) => sentTo(step.effects, 'sendCode'))).toEqual([
      [],
      [],
      [{ type: 'SEND', request: { channel: 'sms', to: '13800138000', type: 2, areaId: 86 } }],
      [],
      [],
      [{ type: 'RESET' }],
    ]);
  });

  it('property: every step follows the form rules', () => {
    fc.assert(
      fc.property(formEvents<ForgotPasswordValues>('forgotPassword', fc.constantFrom(...SETS)), (events) => {
        const { steps } = fold(machine, { values: EMPTY }, events);
        for (const step of steps) checkFormStep(RULES, step);
      }),
      { numRuns: 300 },
    );
  });
});
