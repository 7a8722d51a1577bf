import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { PayloadOf } from '../../../src/api/catalogue.ts';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import {
  loginFormMachine,
  type LoginInput,
  type LoginResult,
} from '../../../src/machines/login-form.machine.ts';
import type { SignedIn } from '../../../src/machines/login-prefs.ts';
import { deferred, flush, recordingSendCode, type Deferred } from './machine-kit.ts';
import { ApiError } from '../../../src/api/client.ts';

function start(input: LoginInput = { remembered: null }) {
  const effects = {
    problems: [] as Problem[],
    persisted: [] as SignedIn[],
    signedIn: [] as SignedIn[],
    logins: [] as PayloadOf<'user/login'>[],
  };
  const answers: Deferred<LoginResult>[] = [];
  const codes = recordingSendCode();
  const machine = loginFormMachine.provide({
    actors: {
      sendCode: codes.machine,
      login: fromPromise(({ input: payload }) => {
        effects.logins.push(payload);
        const answer = deferred<LoginResult>();
        answers.push(answer);
        return answer.promise;
      }),
    },
    actions: {
      reportProblem: (_, { problem }) => effects.problems.push(problem),
      persist: (_, signedIn) => effects.persisted.push(signedIn),
      signedIn: (_, signedIn) => effects.signedIn.push(signedIn),
    },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  const codeState = () => actor.getSnapshot().children.sendCode?.getSnapshot();
  return { actor, effects, answers, sent: codes.sent, codeState };
}

describe('login form machine (spec §2, §5)', () => {
  it('reports the first problem in the spec order and sends nothing', () => {
    const { actor, effects } = start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { account: 'ada@' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { account: 'ada@example.com' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SMS_REQUIRED', required: true });
    actor.send({ type: 'SET', values: { password: 'x' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'TAB', tab: 'mobile' });
    actor.send({ type: 'SET', values: { account: '' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { account: '12a' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.problems.map((problem) => problem.code)).toEqual([
      'emptyEmail',
      'pRightEmail',
      'emptyPassword',
      'emptyCode',
      'emptyPhone',
      'pRightPhone',
    ]);
    expect(effects.logins).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('logs in with the contract payload, persists, and reports the session', async () => {
    const { actor, effects, answers } = start();
    actor.send({
      type: 'SET',
      values: { account: ' Ada@Example.com ', password: 'Secret123', remember: true },
    });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(effects.logins).toEqual([
      { account: 'ada@example.com', password: 'Secret123', login_type: 'email' },
    ]);
    answers[0]?.resolve({ token: 'tok', uid: 7, is_seller: 1 });
    await flush();
    const expected: SignedIn = {
      token: 'tok',
      uid: 7,
      isSeller: 1,
      account: 'ada@example.com',
      tab: 'email',
      areaId: null,
      remember: true,
    };
    expect(effects.persisted).toEqual([expected]);
    expect(effects.signedIn).toEqual([expected]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('sends the code and the country on the phone tab when login_use_sms is 1', () => {
    const { actor, effects } = start({ remembered: null, defaultAreaId: 81 });
    actor.send({ type: 'SMS_REQUIRED', required: true });
    actor.send({ type: 'TAB', tab: 'mobile' });
    actor.send({ type: 'SET', values: { account: '090 1234 5678', password: 'p', smsCode: ' 123456 ' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.logins).toEqual([
      { account: '09012345678', password: 'p', login_type: 'mobile', sms_code: '123456', country_code: 81 },
    ]);
  });

  it('phone login sends the chosen country, and without one sends nothing (issue 11)', () => {
    const chosen = start({ remembered: null, defaultAreaId: 1 });
    chosen.actor.send({ type: 'TAB', tab: 'mobile' });
    chosen.actor.send({ type: 'SET', values: { areaId: 44, account: '7700 900123', password: 'p' } });
    chosen.actor.send({ type: 'SUBMIT' });
    expect(chosen.effects.logins).toEqual([
      { account: '7700900123', password: 'p', login_type: 'mobile', country_code: 44 },
    ]);

    const none = start({ remembered: null });
    none.actor.send({ type: 'TAB', tab: 'mobile' });
    none.actor.send({ type: 'SET', values: { account: '7700900123', password: 'p' } });
    none.actor.send({ type: 'SUBMIT' });
    expect(none.effects.logins).toEqual([]);
    expect(none.effects.problems).toEqual([{ field: 'areaId', code: 'emptyArea' }]);
  });

  it('returns to editing on a refused login with the code cleared', async () => {
    const { actor, answers } = start();
    actor.send({ type: 'SMS_REQUIRED', required: true });
    actor.send({ type: 'SET', values: { account: 'a@b.co', password: 'p', smsCode: '123456' } });
    actor.send({ type: 'SUBMIT' });
    answers[0]?.reject(new Error('code 0'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.smsCode).toBe('');
    expect(actor.getSnapshot().context.values.password).toBe('p');
  });

  it('starts from the remembered account, country and tab, never a password', () => {
    const { actor } = start({ remembered: { tab: 'mobile', account: '13800138000', areaId: 44 } });
    const { tab, values } = actor.getSnapshot().context;
    expect(tab).toBe('mobile');
    expect(values).toMatchObject({ account: '13800138000', areaId: 44, password: '', remember: true });
  });

  it('starts from the account just registered (its tab, account and country) over the remembered one', () => {
    const { actor } = start({
      remembered: { tab: 'email', account: 'old@example.com', areaId: 1 },
      prefill: { tab: 'mobile', account: '7700900123', areaId: 44 },
    });
    const { tab, values } = actor.getSnapshot().context;
    expect(tab).toBe('mobile');
    expect(values).toMatchObject({ account: '7700900123', areaId: 44, password: '', remember: true });
    const fresh = start({
      remembered: null,
      prefill: { tab: 'email', account: 'ada@example.com', areaId: null },
    });
    expect(fresh.actor.getSnapshot().context).toMatchObject({
      tab: 'email',
      values: { account: 'ada@example.com', remember: false },
    });
  });

  it('sends a login code (type 5) only to a well-formed account', async () => {
    const { actor, effects, sent, codeState } = start();
    actor.send({ type: 'SEND_CODE' });
    expect(effects.problems.at(-1)?.code).toBe('emptyEmail');
    actor.send({ type: 'SET', values: { account: 'ada@example.com' } });
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(sent).toEqual([{ channel: 'email', to: 'ada@example.com', type: 5 }]);
    expect(codeState()?.value).toBe('countdown');
  });

  it('resets the countdown when the account, its country or the tab changes, not the password', async () => {
    const { actor, codeState } = start({ remembered: null, defaultAreaId: 1 });
    const sendAndWait = async () => {
      actor.send({ type: 'SEND_CODE' });
      await flush();
      expect(codeState()?.value).toBe('countdown');
    };
    actor.send({ type: 'SET', values: { account: 'ada@example.com' } });
    await sendAndWait();
    actor.send({ type: 'SET', values: { password: 'x' } });
    expect(codeState()?.value).toBe('countdown');
    actor.send({ type: 'SET', values: { account: 'bob@example.com' } });
    expect(codeState()?.value).toBe('idle');
    await sendAndWait();
    actor.send({ type: 'TAB', tab: 'mobile' });
    expect(codeState()?.value).toBe('idle');
    actor.send({ type: 'SET', values: { account: '13800138000' } });
    await sendAndWait();
    actor.send({ type: 'SET', values: { areaId: 2 } });
    expect(codeState()?.value).toBe('idle');
  });

  it('calls the server only with input the domain rule accepts, whatever the user does', () => {
    const event = fc.oneof(
      fc.record({
        type: fc.constant('TAB' as const),
        tab: fc.constantFrom('email' as const, 'mobile' as const),
      }),
      fc.record({
        type: fc.constant('SET' as const),
        values: fc.record(
          {
            account: fc.constantFrom('', 'a@b', 'ada@example.com', '123', '13800138000'),
            password: fc.constantFrom('', 'x', 'Secret123'),
            smsCode: fc.constantFrom('', '12', '123456'),
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({ type: fc.constant('SMS_REQUIRED' as const), required: fc.boolean() }),
      fc.constant({ type: 'SUBMIT' as const }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        const { actor, effects } = start({ remembered: null, defaultAreaId: 1 });
        for (const item of events) {
          if (actor.getSnapshot().value !== 'editing') break;
          const before = actor.getSnapshot().context;
          actor.send(item);
          if (item.type === 'SUBMIT' && actor.getSnapshot().value === 'submitting') {
            const payload = effects.logins.at(-1);
            expect(payload?.password).not.toBe('');
            expect(payload?.login_type).toBe(before.tab);
            if (before.smsRequired) expect(payload?.sms_code).toMatch(/^\d{6}$/);
          }
        }
        expect(effects.logins.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('login form machine: two-factor sign-in', () => {
  it('shows the code field only when the server asks for it, then checks and sends the code', async () => {
    const { actor, effects, answers } = start();
    actor.send({ type: 'SET', values: { account: 'ada@example.com', password: 'Secret123' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.logins.at(-1)).not.toHaveProperty('totp_code');
    // Any other refusal (a wrong password) leaves the form as it was.
    answers.at(-1)?.reject(new ApiError('error', 'Incorrect account or password'));
    await flush();
    expect(actor.getSnapshot().context.twoFactor).toBe(false);
    actor.send({ type: 'SUBMIT' });
    answers.at(-1)?.reject(new ApiError('error', 'Enter the code', { two_factor: 1 }));
    await flush();
    expect(actor.getSnapshot().context.twoFactor).toBe(true);
    // The code is checked before anything is sent: empty, then not a code.
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { totpCode: '12 345' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.problems.slice(-2)).toEqual([
      { field: 'totpCode', code: 'emptyTotp' },
      { field: 'totpCode', code: 'badTotp' },
    ]);
    expect(effects.logins).toHaveLength(2);
    actor.send({ type: 'SET', values: { totpCode: '123456' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.logins.at(-1)).toMatchObject({ account: 'ada@example.com', totp_code: '123456' });
    // Refused (a wrong code): the field stays, emptied.
    answers.at(-1)?.reject(new ApiError('error', 'Wrong code'));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ twoFactor: true, values: { totpCode: '' } });
    // Another account: the server says again whether it needs a code.
    actor.send({ type: 'SET', values: { account: 'bob@example.com' } });
    expect(actor.getSnapshot().context.twoFactor).toBe(false);
  });
});
