import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CodeRequest } from '../../../src/machines/code-request.ts';
import {
  ADDRESS_BINDING_COUNTDOWN_SECONDS,
  CODE_COUNTDOWN_SECONDS,
  sendCodeMachine,
} from '../../../src/machines/send-code.machine.ts';
import { deferred, flush, type Deferred } from './machine-kit.ts';

const REQUEST: CodeRequest = { channel: 'email', to: 'ada@example.com', type: 1 };

/** The real machine on a simulated clock, with deliveries the test settles by hand. */
function start(seconds?: number) {
  const clock = new SimulatedClock();
  const pending: Deferred<void>[] = [];
  const machine = sendCodeMachine.provide({
    actors: {
      deliver: fromPromise<void, CodeRequest>(() => {
        const answer = deferred<void>();
        pending.push(answer);
        return answer.promise;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: seconds === undefined ? {} : { seconds } }).start();
  const tick = (times: number) => {
    // One increment fires only timers that existed before it (STACK.md): one second at a time.
    for (let index = 0; index < times; index++) clock.increment(1000);
  };
  return { actor, pending, tick };
}

describe('send-code machine (spec §4)', () => {
  it('idle -> sending -> 60 s countdown -> idle', async () => {
    const { actor, pending, tick } = start();
    actor.send({ type: 'SEND', request: REQUEST });
    expect(actor.getSnapshot().value).toBe('sending');
    pending[0]?.resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('countdown');
    expect(actor.getSnapshot().context.remaining).toBe(CODE_COUNTDOWN_SECONDS);
    tick(CODE_COUNTDOWN_SECONDS - 1);
    expect(actor.getSnapshot().value).toBe('countdown');
    expect(actor.getSnapshot().context.remaining).toBe(1);
    tick(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remaining).toBe(0);
  });

  it('counts 59 s for withdrawal-address binding', async () => {
    const { actor, pending, tick } = start(ADDRESS_BINDING_COUNTDOWN_SECONDS);
    actor.send({ type: 'SEND', request: REQUEST });
    pending[0]?.resolve();
    await flush();
    expect(actor.getSnapshot().context.remaining).toBe(59);
    tick(58);
    expect(actor.getSnapshot().value).toBe('countdown');
    tick(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores SEND while sending or counting down, so one click sends one code', async () => {
    const { actor, pending, tick } = start();
    actor.send({ type: 'SEND', request: REQUEST });
    actor.send({ type: 'SEND', request: REQUEST });
    pending[0]?.resolve();
    await flush();
    actor.send({ type: 'SEND', request: REQUEST });
    tick(10);
    expect(pending).toHaveLength(1);
  });

  it('goes back to idle at once when sending fails, ready to retry', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'SEND', request: REQUEST });
    pending[0]?.reject(new Error('rate limited'));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SEND', request: REQUEST });
    expect(actor.getSnapshot().value).toBe('sending');
  });

  it('RESET (a new account or tab) stops a countdown and drops an answer still in flight', async () => {
    const { actor, pending, tick } = start();
    actor.send({ type: 'SEND', request: REQUEST });
    pending[0]?.resolve();
    await flush();
    tick(5);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remaining).toBe(0);

    actor.send({ type: 'SEND', request: REQUEST });
    actor.send({ type: 'RESET' });
    pending[1]?.resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    tick(3);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('reaches every state by its shortest path through the real machine', () => {
    const paths = getShortestPaths(sendCodeMachine, {
      input: {},
      events: [
        { type: 'SEND', request: REQUEST },
        { type: 'RESET' },
        // The machine's internal events: the delivery's answer and the one-second timer.
        { type: 'xstate.done.actor.deliver', output: undefined } as never,
        { type: 'xstate.error.actor.deliver', error: new Error('no') } as never,
        { type: 'xstate.after.1000.sendCode.countdown' } as never,
      ],
    });
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect(reached).toEqual(new Set(['idle', 'sending', 'countdown']));
    const countdown = paths.find(
      (path) => path.state.value === 'countdown' && path.state.context.remaining === CODE_COUNTDOWN_SECONDS,
    );
    expect(countdown?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'SEND',
      'xstate.done.actor.deliver',
    ]);
    const lastSecond = paths.find(
      (path) => path.state.value === 'countdown' && path.state.context.remaining === 1,
    );
    expect(lastSecond?.steps).toHaveLength(3 + CODE_COUNTDOWN_SECONDS - 1);
  });

  it('keeps its invariants under any sequence of clicks, answers, resets and seconds', async () => {
    type Step = 'send' | 'resolve' | 'reject' | 'reset' | 'tick';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Step>('send', 'resolve', 'reject', 'reset', 'tick'), { maxLength: 80 }),
        async (steps) => {
          const { actor, pending, tick } = start();
          let settled = 0;
          for (const step of steps) {
            const before = actor.getSnapshot();
            if (step === 'send') actor.send({ type: 'SEND', request: REQUEST });
            if (step === 'reset') actor.send({ type: 'RESET' });
            if (step === 'tick') tick(1);
            if ((step === 'resolve' || step === 'reject') && settled < pending.length) {
              const answer = pending[settled++];
              if (step === 'resolve') answer?.resolve();
              else answer?.reject(new Error('no'));
              await flush();
            }
            const { value, context } = actor.getSnapshot();
            expect(context.remaining >= 0 && context.remaining <= CODE_COUNTDOWN_SECONDS).toBe(true);
            expect(context.remaining > 0).toBe(value === 'countdown');
            // A delivery starts only from idle.
            if (step === 'send' && before.value !== 'idle') expect(value).toBe(before.value);
            if (step === 'reset') expect(value).toBe('idle');
          }
          expect(pending.length).toBeLessThanOrEqual(steps.filter((step) => step === 'send').length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
