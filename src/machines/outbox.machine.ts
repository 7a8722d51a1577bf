import { assign, fromPromise, setup } from 'xstate';
import type { AnswerOf } from '../api/catalogue.ts';

export type OutboxMessage = AnswerOf<'notify/outbox'>[number];

export interface OutboxContext {
  messages: readonly OutboxMessage[];
  lastId: number;
  /** Messages that arrived since the list was last opened. */
  unseen: number;
}

export type OutboxEvent = { type: 'SEEN' } | { type: 'CHECK' };

/** The outbox checks for new demo messages this often (the simulator answers in microseconds). */
export const OUTBOX_POLL_MS = 1_500;
export const OUTBOX_KEPT = 20;

/**
 * The demo outbox (simulator only): polls notify/outbox with this tab's key, keeps the newest
 * messages, counts the unseen ones and announces each arrival (the header shows a toast).
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
  },
  actors: {
    fetch: fromPromise<OutboxMessage[], { after: number }>(async () => []),
  },
  actions: {
    announce: (_, _params: { messages: readonly OutboxMessage[] }) => {},
  },
  delays: { poll: OUTBOX_POLL_MS },
}).createMachine({
  id: 'outbox',
  context: { messages: [], lastId: 0, unseen: 0 },
  initial: 'fetching',
  on: {
    SEEN: { actions: assign({ unseen: 0 }) },
  },
  states: {
    fetching: {
      invoke: {
        src: 'fetch',
        input: ({ context }) => ({ after: context.lastId }),
        onDone: {
          target: 'waiting',
          actions: [
            assign({
              messages: ({ context, event }) =>
                [...event.output].reverse().concat(context.messages).slice(0, OUTBOX_KEPT),
              lastId: ({ context, event }) =>
                Math.max(context.lastId, ...event.output.map((message) => message.id)),
              unseen: ({ context, event }) => context.unseen + event.output.length,
            }),
            { type: 'announce', params: ({ event }) => ({ messages: event.output }) },
          ],
        },
        onError: { target: 'waiting' },
      },
    },
    waiting: {
      after: { poll: { target: 'fetching' } },
      on: { CHECK: { target: 'fetching' } },
    },
  },
});
