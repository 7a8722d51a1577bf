import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { validateRealName } from '../../../src/domain/validation/real-name.ts';
import {
  REVIEW_POLL_MS,
  reviewStatusMachine,
  type RealNameValues,
  type ReviewStatus,
} from '../../../src/machines/review-status.machine.ts';
import { flush } from './machine-kit.ts';
import { called, declaredStates, fold, spawned, type InternalEvent } from './walk-kit.ts';

const LOAD_DONE = 'xstate.done.actor.0.reviewStatus.loading';
const LOAD_ERROR = 'xstate.error.actor.0.reviewStatus.loading';
const SUBMIT_DONE = 'xstate.done.actor.0.reviewStatus.submitting';
const SUBMIT_ERROR = 'xstate.error.actor.0.reviewStatus.submitting';
const POLL = 'xstate.after.poll.reviewStatus.inReview';
const CHECK_DONE = 'xstate.done.actor.0.reviewStatus.checking';
const CHECK_ERROR = 'xstate.error.actor.0.reviewStatus.checking';

/** Spec §4 / §3: review_status 0 shows the form, 1 the in-review message, 2 the verified message. */
const STATUS_OF_STATE: Record<string, ReviewStatus | null> = {
  loading: null,
  failed: null,
  form: 0,
  submitting: 0,
  inReview: 1,
  checking: 1,
  verified: 2,
};

const COMPLETE: RealNameValues = { name: ' Ada ', cardId: 'AB123456', frontPic: 'blob:f', backPic: 'blob:b' };

describe('review status machine: folded event properties', () => {
  it('property: the status shown matches the state, verified is final, one submission at a time', () => {
    expect(Object.keys(STATUS_OF_STATE).sort()).toEqual(declaredStates(reviewStatusMachine));
    const answer = (type: string) =>
      fc
        .constantFrom<ReviewStatus>(0, 1, 2)
        .map((output): InternalEvent => ({ type: type as `xstate.${string}`, output }));
    const event = fc.oneof(
      answer(LOAD_DONE),
      answer(CHECK_DONE),
      fc
        .constantFrom<Partial<RealNameValues>>(COMPLETE, { name: '' }, { frontPic: '' }, { cardId: '?' })
        .map((values) => ({ type: 'SET' as const, values })),
      fc.constantFrom<{ type: 'SUBMIT' } | { type: 'RETRY' } | InternalEvent>(
        { type: 'SUBMIT' },
        { type: 'RETRY' },
        { type: LOAD_ERROR, error: new Error('offline') },
        { type: SUBMIT_DONE, output: null },
        { type: SUBMIT_ERROR, error: new Error('code 0') },
        { type: POLL },
        { type: CHECK_ERROR, error: new Error('offline') },
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const { steps } = fold(reviewStatusMachine, undefined, events);
        let everVerified = false;
        for (const { before, after, event: sent, effects } of steps) {
          const where = `${String(before.value)} + ${JSON.stringify(sent)}`;
          const state = String(after.value);
          // loading and failed show no status until the first answer; afterwards the last one holds.
          if (STATUS_OF_STATE[state] !== null)
            expect(after.context.status, where).toBe(STATUS_OF_STATE[state]);
          if (everVerified) expect(state, where).toBe('verified');
          everVerified ||= state === 'verified';
          if (before.value === 'submitting' && !sent.type.startsWith('xstate.')) {
            expect(after, where).toBe(before);
          }
          if (sent.type === 'SUBMIT' && before.value === 'form') {
            const problem = validateRealName(before.context.values);
            expect(after.value, where).toBe(problem ? 'form' : 'submitting');
            expect(called(effects, 'reportProblem'), where).toEqual(problem ? [{ problem }] : []);
            expect(spawned(effects).length, where).toBe(problem ? 0 : 1);
          }
          // In review, the status is fetched again only when the poll delay has passed.
          if (before.value === 'inReview' && after.value === 'checking') expect(sent.type, where).toBe(POLL);
          // Each answer of a check shows its own status: 0 the form again, 1 in review, 2 verified.
          if (before.value === 'checking' && sent.type === CHECK_DONE && 'output' in sent) {
            expect(after.value, where).toBe(['form', 'inReview', 'verified'][sent.output as number]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the submission sends trimmed name and ID with both photos', () => {
    const { steps } = fold(reviewStatusMachine, undefined, [
      { type: LOAD_DONE, output: 0 },
      { type: 'SET', values: COMPLETE },
      { type: 'SUBMIT' },
    ]);
    expect(spawned(steps.at(-1)?.effects ?? [])).toEqual([
      {
        src: 'submit',
        input: { name: 'Ada', card_id: 'AB123456', front_pic: 'blob:f', reverse_pic: 'blob:b' },
      },
    ]);
  });

  // Spec §3/§4: review_status 0 shows the form. A pending review that is rejected answers 0 again,
  // so the page must offer the form again instead of polling "in review" forever.
  it('a review rejected while in review (the poll answers 0) shows the form again', async () => {
    const clock = new SimulatedClock();
    const answers: ReviewStatus[] = [1, 0];
    let fetches = 0;
    const machine = reviewStatusMachine.provide({
      actors: { fetchStatus: fromPromise(async () => answers[Math.min(fetches++, answers.length - 1)] ?? 0) },
    });
    const actor = createActor(machine, { clock }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('inReview');
    clock.increment(REVIEW_POLL_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.status).toBe(0);
  });
});
