import { assign, fromPromise, setup } from 'xstate';

/**
 * The session (spec §4, §8): anonymous, authenticated, expired.
 * - LOGIN stores the token.
 * - EXPIRED (an answer with code 999) clears the token; when a token existed the user is told
 *   "login timeout, please log in again"; either way the app goes to /login with the return page.
 * - LOGOUT forgets the stored token at once, then calls user/logout and clears the tab's own copy
 *   whatever the server says, so neither a reload mid-logout nor a dead server keeps a user signed in.
 * - SESSION_ENDED (the socket's `session_ended` frame) is EXPIRED for the current token only: a
 *   signal about a token this tab no longer holds (its own logout, an older login) changes nothing.
 * Side effects are injected actions and actors, so tests run the real machine with fakes.
 */
export interface SessionContext {
  token: string | null;
  /** The page to come back to after logging in again. */
  returnTo: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; token: string }
  | { type: 'LOGOUT' }
  | { type: 'EXPIRED'; returnTo: string }
  /** The socket was told the session of `token` ended (logout elsewhere, password change, expiry). */
  | { type: 'SESSION_ENDED'; token: string; returnTo: string };

export interface SessionInput {
  token: string | null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    persistToken: (_, _params: { token: string | null }) => {},
    notifyTimeout: () => {},
    goToLogin: (_, _params: { returnTo: string }) => {},
  },
  actors: {
    logout: fromPromise<void, { token: string }>(async () => {}),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token || null, returnTo: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ target: 'authenticated', guard: 'hasToken' }, { target: 'anonymous' }],
    },
    anonymous: {
      on: {
        LOGIN: {
          target: 'authenticated',
          actions: [
            assign({ token: ({ event }) => event.token, returnTo: null }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        EXPIRED: {
          // No token: nothing to clear or announce, just go to login (spec §8).
          actions: [
            assign({ returnTo: ({ event }) => event.returnTo }),
            { type: 'goToLogin', params: ({ event }) => ({ returnTo: event.returnTo }) },
          ],
        },
      },
    },
    authenticated: {
      on: {
        LOGIN: {
          target: 'authenticated',
          reenter: true,
          actions: [
            assign({ token: ({ event }) => event.token, returnTo: null }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        LOGOUT: { target: 'loggingOut' },
        EXPIRED: {
          target: 'expired',
          actions: [
            assign({ returnTo: ({ event }) => event.returnTo }),
            'notifyTimeout',
            { type: 'goToLogin', params: ({ event }) => ({ returnTo: event.returnTo }) },
          ],
        },
        SESSION_ENDED: {
          guard: ({ context, event }) => event.token === context.token,
          target: 'expired',
          actions: [
            assign({ returnTo: ({ event }) => event.returnTo }),
            'notifyTimeout',
            { type: 'goToLogin', params: ({ event }) => ({ returnTo: event.returnTo }) },
          ],
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'anonymous' },
        onError: { target: 'anonymous' },
      },
      // The stored token goes at once: a reload or a new page while the server is still answering
      // (a slow or dead one) must not come back signed in. The tab keeps it only to send user/logout.
      entry: { type: 'persistToken', params: { token: null } },
      exit: assign({ token: null }),
    },
    expired: {
      entry: [assign({ token: null }), { type: 'persistToken', params: { token: null } }],
      on: {
        LOGIN: {
          target: 'authenticated',
          actions: [
            assign({ token: ({ event }) => event.token, returnTo: null }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        // Several calls may fail with 999 at once: one announcement is enough.
        EXPIRED: {},
      },
    },
  },
});
