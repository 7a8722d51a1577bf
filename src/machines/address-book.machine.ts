import { assign, fromPromise, setup } from 'xstate';
import type { BoundAddress } from './actors/address-book.ts';
import { bindAddressMachine, type BindParentEvent } from './bind-address.machine.ts';

export interface AddressBookContext {
  entries: BoundAddress[];
  /** The entry waiting for the user's "delete?" answer. */
  pending: number | null;
  /** The entry being renamed, and the label typed so far. */
  editing: { id: number; label: string } | null;
  contacts: { email: boolean; mobile: boolean };
}

export type AddressBookEvent =
  | BindParentEvent
  | { type: 'RETRY' }
  | { type: 'DELETE'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RENAME'; id: number }
  | { type: 'LABEL'; label: string }
  | { type: 'SAVE_LABEL' };

/**
 * The address book page (/assets/bindAddr): the list of bound addresses, deleting one after a
 * confirmation, renaming one, and the bind form as a child that reports BOUND, after which the list
 * loads again. The page renders this machine's snapshot and its bind form child; it forwards nothing.
 */
export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as { contacts: { email: boolean; mobile: boolean } },
  },
  actors: {
    bindForm: bindAddressMachine,
    list: fromPromise<BoundAddress[]>(async () => []),
    remove: fromPromise<unknown, { id: number }>(async () => null),
    relabel: fromPromise<unknown, { id: number; label: string }>(async () => null),
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({ entries: [], pending: null, editing: null, contacts: input.contacts }),
  invoke: { id: 'bindForm', src: 'bindForm', input: ({ context }) => ({ contacts: context.contacts }) },
  on: { BOUND: { target: '.loading' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'list',
        onDone: {
          target: 'ready',
          actions: assign({ entries: ({ event }) => event.output, pending: null, editing: null }),
        },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { RETRY: { target: 'loading' } } },
    ready: {
      on: {
        DELETE: {
          target: 'confirming',
          actions: assign({ pending: ({ event }) => event.id, editing: null }),
        },
        RENAME: {
          target: 'renaming',
          actions: assign({
            editing: ({ context, event }) => ({
              id: event.id,
              label: context.entries.find((entry) => entry.id === event.id)?.label ?? '',
            }),
          }),
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'deleting' },
        CANCEL: { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ id: context.pending ?? 0 }),
        onDone: { target: 'loading' },
        onError: { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    renaming: {
      on: {
        LABEL: {
          actions: assign({
            editing: ({ context, event }) =>
              context.editing ? { ...context.editing, label: event.label } : null,
          }),
        },
        SAVE_LABEL: { target: 'savingLabel' },
        CANCEL: { target: 'ready', actions: assign({ editing: null }) },
      },
    },
    savingLabel: {
      invoke: {
        src: 'relabel',
        input: ({ context }) => ({ id: context.editing?.id ?? 0, label: context.editing?.label ?? '' }),
        onDone: { target: 'loading' },
        onError: { target: 'renaming' },
      },
    },
  },
});
