import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoginEvent, LoginValues } from '../../../src/machines/login-form.machine.ts';
import { loginFormMachine } from '../../../src/machines/login-form.machine.ts';
import { declaredStates, fold, sentTo, walk, type InternalEvent } from './walk-kit.ts';

const DONE = 'xstate.done.actor.0.loginForm.submitting';
const ERROR = 'xstate.error.actor.0.loginForm.submitting';
const ANSWER = { token: 'tok', uid: 7, is_seller: 0 };

describe('login form machine: transition walk', () => {
  it('reaches editing, submitting and the final done state, and done takes nothing more', () => {
    const result = walk(loginFormMachine, {
      input: { remembered: null, defaultAreaId: 86 },
      events: [
        { type: 'TAB', tab: 'mobile' },
        { type: 'SET', values: { account: 'ada@example.com', password: 'Secret123' } },
        { type: 'SMS_REQUIRED', required: true },
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        { type: DONE, output: ANSWER },
        { type: ERROR, error: new Error('code 0') },
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(loginFormMachine)));
    expect(result.route((snapshot) => snapshot.status === 'done')).toEqual([
      'xstate.init',
      'SET',
      'SUBMIT',
      DONE,
    ]);
    for (const path of result.paths.filter((item) => item.state.status === 'done')) {
      expect(path.state.value).toBe('done');
    }
  });

  it('property: tab and account changes reset the code; submitting and done ignore the user; the session is reported once', () => {
    const event = fc.oneof(
      fc.constantFrom('email' as const, 'mobile' as const).map((tab): LoginEvent => ({ type: 'TAB', tab })),
      fc
        .constantFrom<Partial<LoginValues>>(
          { account: 'ada@example.com' },
          { account: '13800138000' },
          { areaId: 86 },
          { areaId: 81 },
          { password: 'Secret123' },
          { smsCode: '123456' },
          { remember: true },
        )
        .map((values): LoginEvent => ({ type: 'SET', values })),
      fc.boolean().map((required): LoginEvent => ({ type: 'SMS_REQUIRED', required })),
      fc.constantFrom<LoginEvent | InternalEvent>(
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        { type: DONE, output: ANSWER },
        { type: ERROR, error: new Error('code 0') },
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(null, 86), fc.array(event, { maxLength: 30 }), (defaultAreaId, events) => {
        const { steps } = fold(loginFormMachine, { remembered: null, defaultAreaId }, events);
        for (const { before, after, event: sent, effects } of steps) {
          const where = `${String(before.value)} + ${JSON.stringify(sent)}`;
          const user = !sent.type.startsWith('xstate.');
          if (user && before.value !== 'editing') {
            expect(after, where).toBe(before);
            continue;
          }
          const b = before.context;
          const a = after.context;
          if (sent.type === 'TAB') {
            if (sent.tab === b.tab) {
              expect(after, where).toBe(before);
            } else {
              expect(a.tab, where).toBe(sent.tab);
              expect(a.values, where).toEqual({ ...b.values, smsCode: '' });
              expect(sentTo(effects, 'sendCode'), where).toEqual([{ type: 'RESET' }]);
            }
          }
          if (sent.type === 'SET') {
            const moved =
              (sent.values.account !== undefined && sent.values.account !== b.values.account) ||
              (sent.values.areaId !== undefined &&
                b.values.areaId !== null &&
                sent.values.areaId !== b.values.areaId);
            expect(sentTo(effects, 'sendCode'), where).toEqual(moved ? [{ type: 'RESET' }] : []);
            expect(a.problem, where).toBeNull();
          }
          if (sent.type === ERROR) {
            // A refused login: correct and try again; the used code is cleared, the rest stays.
            expect(after.value, where).toBe('editing');
            expect(a.values, where).toEqual({ ...b.values, smsCode: '' });
          }
          const reported = effects.filter(
            (effect) => effect.type === 'persist' || effect.type === 'signedIn',
          );
          if (sent.type === DONE) {
            expect(after.status, where).toBe('done');
            // Persisted first, then reported, with the same session.
            expect(
              reported.map((effect) => effect.type),
              where,
            ).toEqual(['persist', 'signedIn']);
            expect(reported[0]?.params, where).toEqual(reported[1]?.params);
            expect(reported[0]?.params, where).toMatchObject({
              token: 'tok',
              uid: 7,
              tab: b.tab,
              areaId: b.tab === 'mobile' ? b.values.areaId : null,
            });
          } else {
            expect(reported, where).toEqual([]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
