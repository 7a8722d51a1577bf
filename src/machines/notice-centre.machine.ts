import { assign, fromEventObservable, setup, type NonReducibleUnknown } from 'xstate';
import { EMPTY } from 'rxjs';
import { addNotices, markAllRead, type Notice, type NoticeKind } from '../domain/notices/notice-list.ts';
import type { NoticePrefs } from './notice-store.ts';

export interface NoticeCentreContext {
  userId: number;
  notices: Notice[];
  prefs: NoticePrefs;
  /** The notices the last NOTICES event added (what is announced). */
  fresh: Notice[];
}

export type NoticeCentreEvent =
  | { type: 'NOTICES'; notices: readonly Notice[] }
  | { type: 'MARK_ALL_READ' }
  | { type: 'KIND'; kind: NoticeKind; on: boolean }
  | { type: 'BROWSER'; on: boolean }
  | { type: 'SOUND'; on: boolean };

/**
 * The notification centre (header bell): hears the signed-in user's notices (fills, automatic lever
 * closes, micro settlements, P2P steps, fired price alerts), lists each once however often it
 * arrives, counts the unread, and announces the new ones of the kinds the user wants (a toast; the
 * browser's notification and a sound when switched on). The list and the choices are kept
 * (notice-store.ts), so a reload neither loses nor repeats a notice.
 */
export const noticeCentreMachine = setup({
  types: {
    context: {} as NoticeCentreContext,
    events: {} as NoticeCentreEvent,
    input: {} as { userId: number; notices: Notice[]; prefs: NoticePrefs },
  },
  actors: {
    sources: fromEventObservable<{ type: 'NOTICES'; notices: Notice[] }, NonReducibleUnknown>(() => EMPTY),
  },
  actions: {
    /** Keeps the list and the choices for the next visit. */
    persist: (_, _params: { userId: number; notices: readonly Notice[]; prefs: NoticePrefs }) => {},
    /** Tells the user of notices that just arrived. */
    announce: (_, _params: { notices: readonly Notice[]; prefs: NoticePrefs }) => {},
  },
}).createMachine({
  id: 'noticeCentre',
  context: ({ input }) => ({ ...input, fresh: [] }),
  invoke: { src: 'sources' },
  initial: 'listening',
  states: {
    listening: {
      on: {
        NOTICES: {
          actions: [
            assign(({ context, event }) => {
              const wanted = event.notices.filter((notice) => context.prefs.kinds[notice.kind]);
              const { list, added } = addNotices(context.notices, wanted);
              return { notices: list, fresh: added };
            }),
            {
              type: 'announce',
              params: ({ context }) => ({ notices: context.fresh, prefs: context.prefs }),
            },
            { type: 'persist', params: ({ context }) => context },
          ],
        },
        MARK_ALL_READ: {
          actions: [
            assign({ notices: ({ context }) => markAllRead(context.notices) }),
            { type: 'persist', params: ({ context }) => context },
          ],
        },
        KIND: {
          actions: [
            assign({
              prefs: ({ context, event }) => ({
                ...context.prefs,
                kinds: { ...context.prefs.kinds, [event.kind]: event.on },
              }),
            }),
            { type: 'persist', params: ({ context }) => context },
          ],
        },
        BROWSER: {
          actions: [
            assign({ prefs: ({ context, event }) => ({ ...context.prefs, browser: event.on }) }),
            { type: 'persist', params: ({ context }) => context },
          ],
        },
        SOUND: {
          actions: [
            assign({ prefs: ({ context, event }) => ({ ...context.prefs, sound: event.on }) }),
            { type: 'persist', params: ({ context }) => context },
          ],
        },
      },
    },
  },
});
