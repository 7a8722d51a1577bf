import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { PayloadOf } from '../../../src/api/catalogue.ts';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import {
  REVIEW_POLL_MS,
  reviewStatusMachine,
  type ReviewStatus,
} from '../../../src/machines/review-status.machine.ts';
import { flush } from './machine-kit.ts';

/** The real machine; `statuses` are what successive user_real/center calls answer. */
function start(statuses: Array<ReviewStatus | 'fail'>) {
  const clock = new SimulatedClock();
  const effects = {
    problems: [] as Problem[],
    submitted: [] as PayloadOf<'user_real/real_name'>[],
    fetches: 0,
  };
  const machine = reviewStatusMachine.provide({
    actors: {
      fetchStatus: fromPromise(async () => {
        const next = statuses[Math.min(effects.fetches++, statuses.length - 1)];
        if (next === 'fail' || next === undefined) throw new Error('server error');
        return next;
      }),
      submit: fromPromise(async ({ input }) => {
        effects.submitted.push(input);
      }),
    },
    actions: { reportProblem: (_, { problem }) => effects.problems.push(problem) },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, effects };
}

describe('review status machine (spec §4: 0 form, 1 in review, 2 verified)', () => {
  it('shows the state the server reports', async () => {
    for (const [status, state] of [
      [0, 'form'],
      [1, 'inReview'],
      [2, 'verified'],
    ] as const) {
      const { actor } = start([status]);
      await flush();
      expect(actor.getSnapshot().value).toBe(state);
      expect(actor.getSnapshot().context.status).toBe(status);
    }
  });

  it('offers a retry when the status cannot be loaded', async () => {
    const { actor } = start(['fail', 0]);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'RETRY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('form');
  });

  it('checks the form, submits, then polls until the review is approved', async () => {
    const { actor, clock, effects } = start([0, 1, 'fail', 2]);
    await flush();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { name: ' Ada ', cardId: 'ab123456' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { frontPic: 'blob:front' } });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { backPic: 'blob:back' } });
    actor.send({ type: 'SUBMIT' });
    expect(effects.problems.map((problem) => problem.code)).toEqual(['emptyName', 'emptyFront', 'emptyBack']);
    await flush();
    expect(effects.submitted).toEqual([
      { name: 'Ada', card_id: 'ab123456', front_pic: 'blob:front', reverse_pic: 'blob:back' },
    ]);
    expect(actor.getSnapshot().value).toBe('inReview');
    clock.increment(REVIEW_POLL_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('inReview'); // answered 1
    clock.increment(REVIEW_POLL_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('inReview'); // the check failed: tried again later
    clock.increment(REVIEW_POLL_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('verified');
    expect(effects.fetches).toBe(4);
  });

  it('reaches every state through the real machine', () => {
    const paths = getShortestPaths(reviewStatusMachine, {
      events: [
        { type: 'SUBMIT' },
        { type: 'RETRY' },
        { type: 'SET', values: { name: 'Ada', cardId: 'AB1234', frontPic: 'f', backPic: 'b' } },
        { type: 'xstate.done.actor.0.reviewStatus.loading', output: 0 } as never,
        { type: 'xstate.done.actor.0.reviewStatus.loading', output: 2 } as never,
        { type: 'xstate.error.actor.0.reviewStatus.loading', error: 'x' } as never,
        { type: 'xstate.done.actor.0.reviewStatus.submitting', output: null } as never,
        { type: 'xstate.after.poll.reviewStatus.inReview' } as never,
        { type: 'xstate.done.actor.0.reviewStatus.checking', output: 2 } as never,
      ],
    });
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect(reached).toEqual(
      new Set(['loading', 'failed', 'form', 'submitting', 'inReview', 'checking', 'verified']),
    );
  });
});
