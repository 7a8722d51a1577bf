import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { sessionMachine, type SessionEvent } from '../../../src/machines/session.machine.ts';

/** The real machine with recording effects: what the app would have stored, toasted and opened. */
function start(token: string | null, logout: () => Promise<void> = async () => {}) {
  const effects = { stored: [] as (string | null)[], timeouts: 0, logins: [] as string[], logouts: 0 };
  const machine = sessionMachine.provide({
    actions: {
      persistToken: (_, params) => effects.stored.push(params.token),
      notifyTimeout: () => effects.timeouts++,
      goToLogin: (_, params) => effects.logins.push(params.returnTo),
    },
    actors: {
      logout: fromPromise(async () => {
        effects.logouts++;
        await logout();
      }),
    },
  });
  const actor = createActor(machine, { input: { token } }).start();
  return { actor, effects };
}

describe('session machine', () => {
  it('starts authenticated with a stored token and anonymous without one', () => {
    expect(start('t1').actor.getSnapshot().value).toBe('authenticated');
    expect(start(null).actor.getSnapshot().value).toBe('anonymous');
    expect(start('').actor.getSnapshot().value).toBe('anonymous');
  });

  it('999 with a token: clears it, says "login timeout" once, goes to /login with the return page', () => {
    const { actor, effects } = start('t1');
    actor.send({ type: 'EXPIRED', returnTo: '/assets/tradeAccount?x=1' });
    actor.send({ type: 'EXPIRED', returnTo: '/assets/tradeAccount?x=1' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects.stored).toEqual([null]);
    expect(effects.timeouts).toBe(1);
    expect(effects.logins).toEqual(['/assets/tradeAccount?x=1']);
  });

  it('999 without a token: just goes to login, no message', () => {
    const { actor, effects } = start(null);
    actor.send({ type: 'EXPIRED', returnTo: '/trade' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(effects.timeouts).toBe(0);
    expect(effects.logins).toEqual(['/trade']);
  });

  it('the socket says the session ended: login timeout and /login, for the current token only', () => {
    const { actor, effects } = start('t1');
    actor.send({ type: 'SESSION_ENDED', token: 'old', returnTo: '/trade' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    actor.send({ type: 'SESSION_ENDED', token: 't1', returnTo: '/trade' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects.timeouts).toBe(1);
    expect(effects.logins).toEqual(['/trade']);
  });

  it("after this tab's own logout, the socket's session_ended changes nothing", async () => {
    const { actor, effects } = start('t1');
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'SESSION_ENDED', token: 't1', returnTo: '/trade' });
    await waitFor(actor, (snapshot) => snapshot.matches('anonymous'));
    actor.send({ type: 'SESSION_ENDED', token: 't1', returnTo: '/trade' });
    expect(effects.logins).toEqual([]);
    expect(effects.timeouts).toBe(0);
  });

  it('logging in again after expiry restores the session and stores the new token', () => {
    const { actor, effects } = start('t1');
    actor.send({ type: 'EXPIRED', returnTo: '/trade' });
    actor.send({ type: 'LOGIN', token: 't2' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.token).toBe('t2');
    expect(effects.stored).toEqual([null, 't2']);
  });

  it('logout calls user/logout and clears the token, even when the server fails', async () => {
    for (const logout of [async () => {}, async () => Promise.reject(new Error('down'))]) {
      const { actor, effects } = start('t1', logout);
      actor.send({ type: 'LOGOUT' });
      await waitFor(actor, (snapshot) => snapshot.matches('anonymous'));
      expect(effects.logouts).toBe(1);
      expect(actor.getSnapshot().context.token).toBeNull();
      expect(effects.stored.at(-1)).toBeNull();
    }
  });

  it('logout forgets the stored token at once, before the server answers (a reload then is signed out)', async () => {
    let answer: () => void = () => {};
    const { actor, effects } = start('t1', () => new Promise<void>((resolve) => (answer = resolve)));
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(effects.stored).toEqual([null]);
    answer();
    await waitFor(actor, (snapshot) => snapshot.matches('anonymous'));
    expect(effects.logouts).toBe(1);
    expect(effects.stored).toEqual([null]);
  });

  it('every state is reachable (shortest paths over the real machine)', () => {
    const paths = getShortestPaths(sessionMachine, {
      input: { token: 't' },
      events: [
        { type: 'LOGIN', token: 'x' },
        { type: 'LOGOUT' },
        { type: 'EXPIRED', returnTo: '/home' },
        { type: 'xstate.done.actor.0.session.loggingOut' } as never,
      ],
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['authenticated', 'expired', 'loggingOut'])
      expect(reached).toContain(JSON.stringify(state));
  });

  it('property: a token is held exactly when the state is authenticated (or logging out)', async () => {
    const event = fc.oneof(
      fc.constantFrom<SessionEvent>({ type: 'LOGOUT' }, { type: 'EXPIRED', returnTo: '/trade' }),
      fc.string({ minLength: 1, maxLength: 8 }).map((token): SessionEvent => ({ type: 'LOGIN', token })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.string({ minLength: 1 })),
        fc.array(event, { maxLength: 20 }),
        async (token, events) => {
          const { actor, effects } = start(token);
          for (const next of events) {
            actor.send(next);
            await Promise.resolve();
            await new Promise((resolve) => setTimeout(resolve, 0));
          }
          const snapshot = actor.getSnapshot();
          const hasToken = snapshot.context.token !== null;
          expect(hasToken).toBe(snapshot.matches('authenticated') || snapshot.matches('loggingOut'));
          // What is persisted always matches the machine once it is at rest.
          if (effects.stored.length > 0 && !snapshot.matches('loggingOut')) {
            expect(effects.stored.at(-1)).toBe(snapshot.context.token);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
