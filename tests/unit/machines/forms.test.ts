import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import { bindEmailForm } from '../../../src/machines/bind-email.machine.ts';
import { changePasswordForm } from '../../../src/machines/change-password.machine.ts';
import { EMPTY_FEEDBACK, feedbackForm } from '../../../src/machines/feedback.machine.ts';
import {
  forgotPasswordForm,
  type ForgotPasswordValues,
} from '../../../src/machines/forgot-password.machine.ts';
import { submitWith, type FormDefinition, type FormValues } from '../../../src/machines/form.machine.ts';
import type { CallName } from '../../../src/api/catalogue.ts';
import { tradePasswordForm, type TradePasswordValues } from '../../../src/machines/trade-password.machine.ts';
import { deferred, flush, recordingSendCode } from './machine-kit.ts';

/** Runs a shared form machine with recording effects and a submit answer the test settles. */
function run<V extends FormValues, F extends string, N extends CallName>(
  form: FormDefinition<V, F, N>,
  values: V,
) {
  const effects = { problems: [] as Problem[], submitted: [] as unknown[], succeeded: 0 };
  let answer = deferred<unknown>();
  const codes = recordingSendCode();
  const machine = form.machine.provide({
    actors: {
      sendCode: codes.machine,
      submit: submitWith<N>((payload) => {
        effects.submitted.push(payload);
        return answer.promise;
      }),
    },
    actions: {
      reportProblem: (_, { problem }) => effects.problems.push(problem),
      succeeded: () => {
        effects.succeeded++;
      },
    },
  });
  const actor = createActor(machine, { input: { values }, clock: new SimulatedClock() }).start();
  return {
    actor,
    effects,
    sent: codes.sent,
    codeState: () => actor.getSnapshot().children.sendCode?.getSnapshot(),
    answer: () => answer,
    nextAnswer: () => {
      answer = deferred<unknown>();
    },
  };
}

const FORGOT: ForgotPasswordValues = {
  kind: 'email',
  account: '',
  areaId: null,
  code: '',
  password: '',
  password2: '',
};

describe('forgot password form (spec §5)', () => {
  it('sends a type-2 code to a well-formed account only', async () => {
    const { actor, effects, sent } = run(forgotPasswordForm, FORGOT);
    actor.send({ type: 'SEND_CODE' });
    actor.send({ type: 'SET', values: { kind: 'mobile', account: '13800138000' } });
    actor.send({ type: 'SEND_CODE' });
    actor.send({ type: 'SET', values: { areaId: 86 } });
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(effects.problems).toEqual([
      { field: 'account', code: 'emptyEmail' },
      { field: 'areaId', code: 'emptyArea' },
    ]);
    expect(sent).toEqual([{ channel: 'sms', to: '13800138000', type: 2, areaId: 86 }]);
  });

  it('resets the countdown on a new account or tab', async () => {
    const { actor, codeState } = run(forgotPasswordForm, { ...FORGOT, account: 'a@b.co' });
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(codeState()?.value).toBe('countdown');
    actor.send({ type: 'SET', values: { code: '123456' } });
    expect(codeState()?.value).toBe('countdown');
    actor.send({ type: 'SET', values: { account: 'b@b.co' } });
    expect(codeState()?.value).toBe('idle');
  });

  it('submits the contract payload once the rule passes', async () => {
    const { actor, effects, answer } = run(forgotPasswordForm, FORGOT);
    actor.send({ type: 'SET', values: { account: ' A@B.co ', code: '123456', password: 'Fresh2026' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { password2: 'Fresh2026' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.problems.map((problem) => problem.code)).toEqual(['enterPassword2']);
    expect(effects.submitted).toEqual([
      {
        account: 'a@b.co',
        new_password: 'Fresh2026',
        secondary_password: 'Fresh2026',
        type: 'email',
        auth_code: '123456',
      },
    ]);
    answer().resolve(null);
    await flush();
    expect(effects.succeeded).toBe(1);
  });
});

describe('trade password, change password and bind e-mail forms', () => {
  const trade: TradePasswordValues = {
    password: 'Trade123',
    password2: 'Trade123',
    code: '',
    via: 'email',
    email: 'ada@example.com',
    mobile: '13800138000',
    areaId: 86,
    totpCode: '',
  };

  it('trade password: a type-3 code to the chosen bound address, then password and code', async () => {
    const { actor, sent, effects, codeState } = run(tradePasswordForm, trade);
    actor.send({ type: 'SEND_CODE' });
    await flush();
    actor.send({ type: 'SET', values: { via: 'sms' } });
    expect(codeState()?.value).toBe('idle');
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(sent).toEqual([
      { channel: 'email', to: 'ada@example.com', type: 3 },
      { channel: 'sms', to: '13800138000', type: 3, areaId: 86 },
    ]);
    actor.send({ type: 'SET', values: { code: ' 123456 ' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.submitted).toEqual([{ password: 'Trade123', auth_code: '123456' }]);
  });

  it('trade password: no phone bound means no SMS', () => {
    const { actor, effects } = run(tradePasswordForm, { ...trade, via: 'sms', mobile: '', areaId: null });
    actor.send({ type: 'SEND_CODE' });
    expect(effects.problems).toEqual([{ field: 'via', code: 'emptyPhone' }]);
  });

  it('change password: refuses the same password, submits old and new', () => {
    const { actor, effects } = run(changePasswordForm, {
      oldPassword: 'Demo1234',
      password: 'Demo1234',
      password2: 'Demo1234',
      totpCode: '',
    });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { password: 'Newer2026', password2: 'Newer2026' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.problems.map((problem) => problem.code)).toEqual(['samePassword']);
    expect(effects.submitted).toEqual([
      { old_password: 'Demo1234', new_password: 'Newer2026', secondary_password: 'Newer2026' },
    ]);
  });

  it('bind e-mail: the binding code goes through the legacy call to the normalised address', async () => {
    const { actor, sent, effects } = run(bindEmailForm, { email: 'nope', code: '' });
    actor.send({ type: 'SEND_CODE' });
    actor.send({ type: 'SET', values: { email: ' Ada@Example.com ' } });
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(effects.problems).toEqual([{ field: 'email', code: 'pRightEmail' }]);
    expect(sent).toEqual([{ channel: 'bindEmail', to: 'ada@example.com' }]);
  });
});

describe('feedback form', () => {
  it('reports problems, submits, and starts over after a success', async () => {
    const { actor, effects, answer, nextAnswer } = run(feedbackForm, EMPTY_FEEDBACK);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { type: 2, title: ' Charts ', content: 'too short' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { content: 'The chart does not load.' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.problems.map((problem) => problem.code)).toEqual(['emptyType', 'shortContent']);
    expect(effects.submitted).toEqual([{ type: 2, title: 'Charts', content: 'The chart does not load.' }]);
    answer().resolve(null);
    await flush();
    expect(actor.getSnapshot().context.values).toEqual(EMPTY_FEEDBACK);
    nextAnswer();
    actor.send({ type: 'SET', values: { type: 1, title: 'Again', content: 'Another message here.' } });
    actor.send({ type: 'SUBMIT' });
    answer().reject(new Error('server error'));
    await flush();
    expect(actor.getSnapshot().context.values.title).toBe('Again');
  });
});
