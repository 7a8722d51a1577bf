import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateChangePassword } from '../../../src/domain/validation/change-password.ts';
import {
  changePasswordForm,
  type ChangePasswordValues,
} from '../../../src/machines/change-password.machine.ts';
import { checkFormStep, fold, formAnswers, formEvents, walk, type FormRules } from './walk-kit.ts';

const machine = changePasswordForm.machine;
const EMPTY: ChangePasswordValues = { oldPassword: '', password: '', password2: '', totpCode: '' };

/** Spec §5 change login password: old, new (not the old one), confirmation; no code. */
const RULES: FormRules<ChangePasswordValues> = {
  id: 'changePassword',
  initial: EMPTY,
  validate: validateChangePassword,
  payload: (values) => ({
    old_password: values.oldPassword,
    new_password: values.password,
    secondary_password: values.password2,
  }),
  resetBy: [],
  resetOnSuccess: false,
};

const SETS: Array<Partial<ChangePasswordValues>> = [
  { oldPassword: 'Old12345', password: 'Brand2026', password2: 'Brand2026' },
  { oldPassword: 'Demo1234' },
  { password: 'Newer2026', password2: 'Newer2026' },
  { password: 'Demo1234', password2: 'Demo1234' },
  { password2: 'Other2026' },
  { password: 'short' },
  { oldPassword: '' },
];

describe('change password form: transition walk', () => {
  it('reaches both states; every submitting snapshot holds a password the rule accepts', () => {
    const result = walk(machine, {
      input: { values: EMPTY },
      events: [
        ...SETS.slice(1, 5).map((values) => ({ type: 'SET' as const, values })),
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        ...formAnswers('changePassword'),
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(['editing', 'submitting']));
    const submitting = result.paths.filter((path) => path.state.matches('submitting'));
    expect(submitting.length).toBeGreaterThan(0);
    for (const path of submitting) {
      const { oldPassword, password, password2 } = path.state.context.values;
      expect(oldPassword).not.toBe('');
      expect(password).not.toBe(oldPassword);
      expect(password2).toBe(password);
    }
    // The same password as the old one is refused on the new-password field.
    const problems = result.paths.map((path) => path.state.context.problem);
    expect(problems).toContainEqual({ field: 'password', code: 'samePassword' });
    // This form has no code: SEND_CODE never leads anywhere.
    expect(result.route((snapshot) => snapshot.context.problem?.field === 'oldPassword')).toEqual([
      'xstate.init',
      'SUBMIT',
    ]);
  });

  it('property: every step follows the form rules (no code, one submit at a time)', () => {
    fc.assert(
      fc.property(formEvents<ChangePasswordValues>('changePassword', fc.constantFrom(...SETS)), (events) => {
        const { steps } = fold(machine, { values: EMPTY }, events);
        for (const step of steps) checkFormStep(RULES, step);
      }),
      { numRuns: 300 },
    );
  });
});
