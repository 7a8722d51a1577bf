import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateBindEmail } from '../../../src/domain/validation/bind-email.ts';
import { bindEmailForm, type BindEmailValues } from '../../../src/machines/bind-email.machine.ts';
import { checkFormStep, fold, formAnswers, formEvents, walk, type FormRules } from './walk-kit.ts';

const machine = bindEmailForm.machine;
const EMPTY: BindEmailValues = { email: '', code: '' };

/** Spec §5 e-mail bind, written out: a code to a well-formed address by sms_mail, then safe/email. */
const RULES: FormRules<BindEmailValues> = {
  id: 'bindEmail',
  initial: EMPTY,
  validate: validateBindEmail,
  payload: (values) => ({ email: values.email.trim().toLowerCase(), code: values.code.trim() }),
  code: (values) => {
    const email = values.email.trim();
    if (email === '') return { field: 'email', code: 'emptyEmail' };
    if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) return { field: 'email', code: 'pRightEmail' };
    return { channel: 'bindEmail', to: email.toLowerCase() };
  },
  resetBy: ['email'],
  resetOnSuccess: false,
};

const SETS: Array<Partial<BindEmailValues>> = [
  { email: 'eve@example.net', code: '111111' },
  { email: ' Ada@Example.com ' },
  { email: 'ada@' },
  { email: '' },
  { email: 'bob@example.org' },
  { code: '123456' },
  { code: ' 654321 ' },
  { code: '12' },
];

describe('bind e-mail form: transition walk', () => {
  it('reaches editing and submitting, and submits only along a valid route', () => {
    const result = walk(machine, {
      input: { values: EMPTY },
      events: [
        ...SETS.slice(1, 6).map((values) => ({ type: 'SET' as const, values })),
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        ...formAnswers('bindEmail'),
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(['editing', 'submitting']));
    // Both an address and a code are needed before anything is sent.
    expect(result.route((snapshot) => snapshot.matches('submitting'))).toEqual([
      'xstate.init',
      'SET',
      'SET',
      'SUBMIT',
    ]);
    for (const path of result.paths.filter((item) => item.state.matches('submitting'))) {
      expect(validateBindEmail(path.state.context.values)).toBeNull();
    }
    // SEND_CODE on an empty address pins the problem on the e-mail field.
    const problems = result.paths.map((path) => path.state.context.problem).filter((problem) => problem);
    expect(problems).toContainEqual({ field: 'email', code: 'emptyEmail' });
    expect(problems).toContainEqual({ field: 'email', code: 'pRightEmail' });
  });

  it('property: every step follows the form rules (one submit, the code follows the address)', () => {
    fc.assert(
      fc.property(formEvents<BindEmailValues>('bindEmail', fc.constantFrom(...SETS)), (events) => {
        const { steps } = fold(machine, { values: EMPTY }, events);
        for (const step of steps) checkFormStep(RULES, step);
      }),
      { numRuns: 300 },
    );
  });
});
