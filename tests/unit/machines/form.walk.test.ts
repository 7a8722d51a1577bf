import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createForm, submitWith } from '../../../src/machines/form.machine.ts';
import { CODE_COUNTDOWN_SECONDS } from '../../../src/machines/send-code.machine.ts';
import { deferred, flush, recordingSendCode, type Deferred } from './machine-kit.ts';
import { declaredStates, walk } from './walk-kit.ts';

type ProbeValues = { to: string; note: string; code: string };
const START: ProbeValues = { to: 'a@b.co', note: '', code: '' };

/** A form built by the shared factory: a code to `to` (reset by `to`), any non-empty code submits. */
const probe = createForm<ProbeValues, 'to' | 'code', 'safe/email'>({
  id: 'probe',
  call: 'safe/email',
  validate: (values) => (values.code === '' ? { field: 'code', code: 'emptyCode' } : null),
  payload: (values) => ({ email: values.to, code: values.code }),
  codeFor: (values) =>
    values.to === '' ? { field: 'to', code: 'emptyEmail' } : { channel: 'bindEmail', to: values.to },
  codeResetBy: ['to'],
});

/** The factory's machine on a simulated clock, its real send-code child delivering at once. */
function start() {
  const clock = new SimulatedClock();
  const answers: Deferred<unknown>[] = [];
  const codes = recordingSendCode();
  const machine = probe.machine.provide({
    actors: {
      sendCode: codes.machine,
      submit: submitWith<'safe/email'>(() => {
        const answer = deferred<unknown>();
        answers.push(answer);
        return answer.promise;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { values: START } }).start();
  const code = () => actor.getSnapshot().children.sendCode?.getSnapshot();
  const seconds = (count: number) => {
    // One increment fires only the timers that existed before it (STACK.md): a second at a time.
    for (let index = 0; index < count; index++) clock.increment(1000);
  };
  const sendCode = async () => {
    actor.send({ type: 'SEND_CODE' });
    await flush();
  };
  return { actor, answers, sent: codes.sent, code, seconds, sendCode };
}

describe('shared form factory: transition walk', () => {
  it('declares exactly editing and submitting, and the walk reaches both', () => {
    const result = walk(probe.machine, {
      input: { values: START },
      events: [
        { type: 'SET', values: { code: '1' } },
        { type: 'SET', values: { to: '' } },
        { type: 'SEND_CODE' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.0.probe.submitting', output: null },
        { type: 'xstate.error.actor.0.probe.submitting', error: new Error('no') },
      ],
    });
    expect(declaredStates(probe.machine)).toEqual(['editing', 'submitting']);
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(probe.machine)));
  });

  it('a countdown keeps running through edits of other fields and a refused submit', async () => {
    const { actor, answers, code, seconds, sendCode } = start();
    await sendCode();
    expect(code()?.value).toBe('countdown');
    seconds(20);
    actor.send({ type: 'SET', values: { note: 'hello', code: '123456' } });
    actor.send({ type: 'SUBMIT' });
    answers[0]?.reject(new Error('wrong code'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(code()?.context.remaining).toBe(CODE_COUNTDOWN_SECONDS - 20);
    seconds(CODE_COUNTDOWN_SECONDS - 21);
    expect(code()?.value).toBe('countdown');
    seconds(1);
    expect(code()?.value).toBe('idle');
  });

  it('a successful submit uses the code up: the countdown stops and a new code can be sent at once', async () => {
    const { actor, answers, code, sent, seconds, sendCode } = start();
    await sendCode();
    seconds(5);
    actor.send({ type: 'SET', values: { code: '123456' } });
    actor.send({ type: 'SUBMIT' });
    answers[0]?.resolve(null);
    await flush();
    expect(code()?.value).toBe('idle');
    expect(code()?.context.remaining).toBe(0);
    await sendCode();
    expect(sent).toHaveLength(2);
    expect(code()?.context.remaining).toBe(CODE_COUNTDOWN_SECONDS);
  });

  it('while submitting, the code button and a second submit are ignored', async () => {
    const { actor, answers, sent, sendCode } = start();
    actor.send({ type: 'SET', values: { code: '123456' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await sendCode();
    actor.send({ type: 'SET', values: { to: 'c@d.co' } });
    expect(answers).toHaveLength(1);
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.values.to).toBe('a@b.co');
  });

  it('a form whose submit actor was never provided fails back to editing, reporting no success', async () => {
    const successes: unknown[] = [];
    const machine = probe.machine.provide({
      actions: { succeeded: (_, { output }) => successes.push(output) },
    });
    const actor = createActor(machine, { input: { values: { ...START, code: '1' } } }).start();
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().status).toBe('active');
    expect(successes).toEqual([]);
  });
});
