import { assign, fromPromise, setup } from 'xstate';
import type { PayloadOf } from '../api/catalogue.ts';
import type { Problem } from '../domain/validation/problem.ts';
import { validateRealName, type RealNameField } from '../domain/validation/real-name.ts';
import { clean } from '../domain/validation/text.ts';
import {
  REVIEW_STATUS_APPROVED,
  REVIEW_STATUS_NONE,
  REVIEW_STATUS_PENDING,
  type ReviewStatus,
} from '../domain/contract-codes.ts';

export type { ReviewStatus };

export type RealNameValues = { name: string; cardId: string; frontPic: string; backPic: string };

export interface ReviewContext {
  status: ReviewStatus | null;
  values: RealNameValues;
  problem: Problem<RealNameField> | null;
}

export type ReviewEvent =
  { type: 'SET'; values: Partial<RealNameValues> } | { type: 'SUBMIT' } | { type: 'RETRY' };

/** How often a pending review is checked again. */
export const REVIEW_POLL_MS = 2_000;

const EMPTY: RealNameValues = { name: '', cardId: '', frontPic: '', backPic: '' };

export function realNamePayload(values: RealNameValues): PayloadOf<'user_real/real_name'> {
  return {
    name: clean(values.name),
    card_id: clean(values.cardId),
    front_pic: values.frontPic,
    reverse_pic: values.backPic,
  };
}

/**
 * Real-name verification (spec §4): review_status none shows the form, pending the in-review message, approved the
 * verified message. While in review the status is fetched again every REVIEW_POLL_MS, so the page
 * turns to "verified" by itself when the review is done, or back to the form when it was rejected.
 */
export const reviewStatusMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
  },
  actors: {
    fetchStatus: fromPromise<ReviewStatus>(async () => REVIEW_STATUS_NONE),
    submit: fromPromise<unknown, PayloadOf<'user_real/real_name'>>(async () => {
      throw new Error('submit actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
  },
  guards: {
    invalid: ({ context }) => validateRealName(context.values) !== null,
  },
  delays: {
    poll: REVIEW_POLL_MS,
  },
}).createMachine({
  id: 'reviewStatus',
  context: { status: null, values: EMPTY, problem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchStatus',
        onDone: [
          { guard: ({ event }) => event.output === REVIEW_STATUS_APPROVED, target: 'verified' },
          { guard: ({ event }) => event.output === REVIEW_STATUS_PENDING, target: 'inReview' },
          { target: 'form' },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
    form: {
      entry: assign({ status: REVIEW_STATUS_NONE }),
      on: {
        SET: {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, ...event.values }),
            problem: null,
          }),
        },
        SUBMIT: [
          {
            guard: 'invalid',
            actions: [
              assign({ problem: ({ context }) => validateRealName(context.values) }),
              { type: 'reportProblem', params: ({ context }) => ({ problem: context.problem as Problem }) },
            ],
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => realNamePayload(context.values),
        onDone: { target: 'inReview' },
        onError: { target: 'form' },
      },
    },
    inReview: {
      entry: assign({ status: REVIEW_STATUS_PENDING }),
      after: { poll: { target: 'checking' } },
    },
    checking: {
      invoke: {
        src: 'fetchStatus',
        onDone: [
          { guard: ({ event }) => event.output === REVIEW_STATUS_APPROVED, target: 'verified' },
          { guard: ({ event }) => event.output === REVIEW_STATUS_PENDING, target: 'inReview' },
          // Rejected (or withdrawn): the server answers none again, so the form comes back.
          { target: 'form' },
        ],
        // A failed check is retried at the next poll.
        onError: { target: 'inReview' },
      },
    },
    verified: {
      entry: assign({ status: REVIEW_STATUS_APPROVED }),
    },
  },
});
