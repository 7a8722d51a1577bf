import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  OUTBOX_KEPT,
  OUTBOX_POLL_MS,
  outboxMachine,
  type OutboxMessage,
} from '../../../src/machines/outbox.machine.ts';
import { deferred, flush } from './machine-kit.ts';
import { called, declaredStates, fold, spawned, walk, type InternalEvent } from './walk-kit.ts';

const DONE = 'xstate.done.actor.0.outbox.fetching';
const ERROR = 'xstate.error.actor.0.outbox.fetching';
const POLL = 'xstate.after.poll.outbox.waiting';

function message(id: number): OutboxMessage {
  return {
    id,
    channel: 'sms',
    to: '13800138000',
    purpose: 5,
    kind: 'code',
    code: '123456',
    at: id,
    anti_phishing: '',
  };
}

describe('demo outbox machine: transition walk', () => {
  it('reaches fetching and waiting; a poll or a CHECK fetches again', () => {
    const result = walk(outboxMachine, {
      events: [
        { type: 'SEEN' },
        { type: 'CHECK' },
        { type: DONE, output: [] },
        { type: ERROR, error: new Error('offline') },
        { type: POLL },
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(outboxMachine)));
    // From waiting, both the poll timer and CHECK lead back to fetching in one step.
    for (const wake of [{ type: POLL } as InternalEvent, { type: 'CHECK' as const }]) {
      const { steps } = fold(outboxMachine, undefined, [{ type: DONE, output: [] }, wake]);
      expect(steps.map((step) => step.after.value)).toEqual(['waiting', 'fetching']);
    }
  });

  it('property: bounded, newest first, every arrival counted and announced once', () => {
    // The server answers with the messages after `after`, oldest first; `size` says how many are new.
    const answer = (size: number) => (snapshot: { context: { lastId: number } }) =>
      ({
        type: DONE,
        output: Array.from({ length: size }, (_, index) => message(snapshot.context.lastId + index + 1)),
      }) satisfies InternalEvent;
    const event = fc.oneof(
      fc.integer({ min: 0, max: 12 }).map(answer),
      fc.constantFrom<{ type: 'SEEN' } | { type: 'CHECK' } | InternalEvent>(
        { type: 'SEEN' },
        { type: 'CHECK' },
        { type: ERROR, error: new Error('offline') },
        { type: POLL },
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const { initial, steps } = fold(outboxMachine, undefined, events);
        expect(initial.value).toBe('fetching');
        let received = 0;
        let unseen = 0;
        for (const { before, after, event: sent, effects } of steps) {
          const where = `${String(before.value)} + ${JSON.stringify(sent.type)}`;
          const arrived = sent.type === DONE ? ((sent as InternalEvent).output as OutboxMessage[]) : [];
          received += arrived.length;
          unseen = sent.type === 'SEEN' ? 0 : unseen + arrived.length;
          const ids = after.context.messages.map((item) => item.id);
          expect(ids, where).toEqual(
            Array.from({ length: Math.min(received, OUTBOX_KEPT) }, (_, index) => received - index),
          );
          expect(after.context.lastId, where).toBe(received);
          expect(after.context.unseen, where).toBe(unseen);
          expect(called(effects, 'announce'), where).toEqual(
            sent.type === DONE ? [{ messages: arrived }] : [],
          );
          // One fetch at a time, always asking for what came after the newest message seen.
          const fetches = spawned(effects);
          if (before.value === 'fetching') expect(fetches, where).toEqual([]);
          if (after.value === 'fetching' && before.value === 'waiting') {
            expect(fetches, where).toEqual([{ src: 'fetch', input: { after: before.context.lastId } }]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('polls every 1.5 s after the last answer, a CHECK restarts the wait, and a slow answer is never doubled', async () => {
    const clock = new SimulatedClock();
    const answers: Array<ReturnType<typeof deferred<OutboxMessage[]>>> = [];
    const machine = outboxMachine.provide({
      actors: {
        fetch: fromPromise(() => {
          const answer = deferred<OutboxMessage[]>();
          answers.push(answer);
          return answer.promise;
        }),
      },
    });
    createActor(machine, { clock }).start().send({ type: 'CHECK' });
    // A fetch that has not answered: no timer runs, so no second request piles up.
    for (let index = 0; index < 10; index++) clock.increment(OUTBOX_POLL_MS);
    expect(answers).toHaveLength(1);
    answers[0]?.resolve([]);
    await flush();
    clock.increment(OUTBOX_POLL_MS - 1);
    expect(answers).toHaveLength(1);
    clock.increment(1);
    expect(answers).toHaveLength(2);
  });

  it('a CHECK while waiting fetches at once and the next poll counts from that answer', async () => {
    const clock = new SimulatedClock();
    let fetches = 0;
    const machine = outboxMachine.provide({
      actors: { fetch: fromPromise(async (): Promise<OutboxMessage[]> => (fetches++, [])) },
    });
    const actor = createActor(machine, { clock }).start();
    await flush();
    clock.increment(1000);
    actor.send({ type: 'CHECK' });
    await flush();
    expect(fetches).toBe(2);
    clock.increment(OUTBOX_POLL_MS - 1000);
    expect(fetches).toBe(2); // the first wait was cancelled by the CHECK
    clock.increment(1000);
    await flush();
    expect(fetches).toBe(3);
  });
});
