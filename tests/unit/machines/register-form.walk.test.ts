import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateRegister } from '../../../src/domain/validation/register.ts';
import {
  LEAVE_AFTER_MS,
  registerFormMachine,
  type RegisterEvent,
  type RegisterValues,
} from '../../../src/machines/register-form.machine.ts';
import { called, declaredStates, fold, sentTo, spawned, walk, type InternalEvent } from './walk-kit.ts';

const DONE = 'xstate.done.actor.0.registerForm.submitting';
const ERROR = 'xstate.error.actor.0.registerForm.submitting';
const LEAVE = `xstate.after.${LEAVE_AFTER_MS}.registerForm.registered`;
const COMPLETE: Partial<RegisterValues> = {
  account: ' Ada@Example.com ',
  code: '123456',
  password: 'Secret123',
  password2: 'Secret123',
};

describe('register form machine: transition walk', () => {
  it('reaches every state; the only way out of registered is the 500 ms delay', () => {
    const result = walk(registerFormMachine, {
      input: { inviteCode: 'TESSERA1' },
      events: [
        { type: 'TAB', tab: 'mobile' },
        { type: 'SET', values: COMPLETE },
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        { type: DONE, output: null },
        { type: ERROR, error: new Error('accountExists') },
        { type: LEAVE },
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(registerFormMachine)));
    expect(result.route((snapshot) => snapshot.status === 'done')).toEqual([
      'xstate.init',
      'SET',
      'SUBMIT',
      DONE,
      LEAVE,
    ]);
  });

  it('property: registers once with valid input, a tab clears the inputs, and login gets the normalised account', () => {
    const event = fc.oneof(
      fc
        .constantFrom('email' as const, 'mobile' as const)
        .map((tab): RegisterEvent => ({ type: 'TAB', tab })),
      fc
        .constantFrom<Partial<RegisterValues>>(
          COMPLETE,
          { account: '138 0013 8000' },
          { areaId: 86 },
          { agreed: false },
          { agreed: true },
          { inviteCode: '?' },
          { password2: 'Other123' },
        )
        .map((values): RegisterEvent => ({ type: 'SET', values })),
      fc.constantFrom<RegisterEvent | InternalEvent>(
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        { type: DONE, output: null },
        { type: ERROR, error: new Error('accountExists') },
        { type: LEAVE },
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const { steps } = fold(registerFormMachine, { inviteCode: 'TESSERA1', areaId: null }, events);
        let registrations = 0;
        for (const { before, after, event: sent, effects } of steps) {
          const where = `${String(before.value)} + ${JSON.stringify(sent)}`;
          const user = !sent.type.startsWith('xstate.');
          registrations += spawned(effects).filter((actor) => actor.src === 'register').length;
          // Submitting, registered (leaving for login) and done take no edits and no second submit.
          if (user && before.value !== 'editing') {
            expect(after, where).toBe(before);
            continue;
          }
          const b = before.context;
          if (sent.type === 'TAB' && sent.tab !== b.tab) {
            expect(after.context.values, where).toEqual({
              ...b.values,
              account: '',
              code: '',
              password: '',
              password2: '',
            });
            expect(sentTo(effects, 'sendCode'), where).toEqual([{ type: 'RESET' }]);
          }
          if (sent.type === 'SUBMIT') {
            const valid = validateRegister({ kind: b.tab, ...b.values }) === null;
            expect(after.value, where).toBe(valid ? 'submitting' : 'editing');
          }
          const left = called(effects, 'goToLogin');
          if (sent.type === LEAVE) {
            expect(after.status, where).toBe('done');
            const expected =
              b.tab === 'email'
                ? b.values.account.trim().toLowerCase()
                : b.values.account.replace(/[\s-]/g, '');
            // The new account, its kind and (for a phone) its country go to the login page.
            expect(left, where).toEqual([
              { account: expected, tab: b.tab, areaId: b.tab === 'mobile' ? b.values.areaId : null },
            ]);
          } else {
            expect(left, where).toEqual([]);
          }
        }
        expect(registrations).toBeLessThanOrEqual(
          steps.filter((step) => step.event.type === ERROR && step.before.value === 'submitting').length + 1,
        );
      }),
      { numRuns: 300 },
    );
  });
});
