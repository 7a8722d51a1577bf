import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { PayloadOf } from '../../../src/api/catalogue.ts';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import {
  LEAVE_AFTER_MS,
  registerFormMachine,
  type RegisterFormInput,
} from '../../../src/machines/register-form.machine.ts';
import { deferred, flush, recordingSendCode } from './machine-kit.ts';

function start(input: RegisterFormInput = {}) {
  const clock = new SimulatedClock();
  const effects = {
    problems: [] as Problem[],
    registered: [] as PayloadOf<'user/register'>[],
    left: [] as string[],
  };
  const answer = deferred<unknown>();
  const codes = recordingSendCode();
  const machine = registerFormMachine.provide({
    actors: {
      sendCode: codes.machine,
      register: fromPromise(({ input: payload }) => {
        effects.registered.push(payload);
        return answer.promise;
      }),
    },
    actions: {
      reportProblem: (_, { problem }) => effects.problems.push(problem),
      goToLogin: (_, { account }) => effects.left.push(account),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const codeState = () => actor.getSnapshot().children.sendCode?.getSnapshot();
  return { actor, clock, effects, answer, sent: codes.sent, codeState };
}

const COMPLETE = {
  account: 'ada@example.com',
  code: '123456',
  password: 'Secret123',
  password2: 'Secret123',
};

describe('register form machine (spec §2, §4, §5)', () => {
  it('prefills haccount (choosing its tab) and extension_code; the terms start ticked', () => {
    const phone = start({ account: '13800138000', inviteCode: 'TESSERA1', areaId: 86 }).actor.getSnapshot()
      .context;
    expect(phone.tab).toBe('mobile');
    expect(phone.values).toMatchObject({
      account: '13800138000',
      inviteCode: 'TESSERA1',
      areaId: 86,
      agreed: true,
    });
    expect(start({ account: 'a@b.co' }).actor.getSnapshot().context.tab).toBe('email');
    expect(start().actor.getSnapshot().context.tab).toBe('email');
  });

  it('checks in the spec order: account, terms, code, password, invite, strength, confirmation', () => {
    const { actor, effects } = start();
    const steps: Array<Parameters<typeof actor.send>[0]> = [
      { type: 'SET', values: { account: 'ada@example.com', agreed: false } },
      { type: 'SET', values: { agreed: true } },
      { type: 'SET', values: { code: '123456' } },
      { type: 'SET', values: { password: 'weak', inviteCode: '?' } },
      { type: 'SET', values: { inviteCode: '' } },
      { type: 'SET', values: { password: 'Secret123' } },
      { type: 'SET', values: { password2: 'Secret124' } },
    ];
    actor.send({ type: 'SUBMIT' });
    for (const step of steps) {
      actor.send(step);
      actor.send({ type: 'SUBMIT' });
    }
    expect(effects.problems.map((problem) => problem.code)).toEqual([
      'emptyEmail',
      'agree',
      'emptyCode',
      'emptyPassword',
      'badInvite',
      'length',
      'enterPassword2',
      'unlike',
    ]);
    expect(effects.registered).toEqual([]);
  });

  it('a tab change clears the inputs (keeping the invite code and terms) and resets the countdown', async () => {
    const { actor, codeState, sent } = start({ inviteCode: 'TESSERA1' });
    actor.send({ type: 'SET', values: COMPLETE });
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(sent).toEqual([{ channel: 'email', to: 'ada@example.com', type: 1 }]);
    expect(codeState()?.value).toBe('countdown');
    actor.send({ type: 'TAB', tab: 'mobile' });
    expect(codeState()?.value).toBe('idle');
    expect(actor.getSnapshot().context.values).toMatchObject({
      account: '',
      code: '',
      password: '',
      password2: '',
      inviteCode: 'TESSERA1',
      agreed: true,
    });
  });

  it('a country arriving for an empty phone field does not reset a code already sent', async () => {
    const { actor, codeState, effects, sent } = start();
    actor.send({ type: 'TAB', tab: 'mobile' });
    actor.send({ type: 'SET', values: { account: '13800138000' } });
    actor.send({ type: 'SEND_CODE' });
    expect(effects.problems.at(-1)?.code).toBe('emptyArea');
    actor.send({ type: 'SET', values: { areaId: 86 } });
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(sent).toEqual([{ channel: 'sms', to: '13800138000', type: 1, areaId: 86 }]);
    actor.send({ type: 'SET', values: { areaId: 81 } });
    expect(codeState()?.value).toBe('idle');
  });

  it('registers with the contract payload and leaves for login 500 ms later', async () => {
    const { actor, clock, effects, answer } = start({ inviteCode: ' tessera1 ' });
    actor.send({ type: 'SET', values: { ...COMPLETE, account: ' Ada@Example.com ' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.registered).toEqual([
      {
        account: 'ada@example.com',
        password: 'Secret123',
        re_password: 'Secret123',
        sms_code: '123456',
        type: 'email',
        invite_code: 'TESSERA1',
      },
    ]);
    answer.resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('registered');
    clock.increment(LEAVE_AFTER_MS - 1);
    expect(effects.left).toEqual([]);
    clock.increment(1);
    expect(effects.left).toEqual(['ada@example.com']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays on the form when the server refuses', async () => {
    const { actor, answer } = start();
    actor.send({ type: 'SET', values: COMPLETE });
    actor.send({ type: 'SUBMIT' });
    answer.reject(new Error('accountExists'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
