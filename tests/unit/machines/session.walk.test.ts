import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionMachine, type SessionEvent } from '../../../src/machines/session.machine.ts';
import { called, declaredStates, fold, walk, type InternalEvent } from './walk-kit.ts';

const DONE = 'xstate.done.actor.0.session.loggingOut';
const ERROR = 'xstate.error.actor.0.session.loggingOut';
const EVENTS = [
  { type: 'LOGIN', token: 't2' },
  { type: 'LOGOUT' },
  { type: 'EXPIRED', returnTo: '/trade' },
  { type: 'SESSION_ENDED', token: 't1', returnTo: '/trade' },
  { type: DONE, output: undefined },
  { type: ERROR, error: new Error('server down') },
] as const;

describe('session machine: transition walk', () => {
  it('from either start it reaches every resting state; starting is never one', () => {
    for (const token of ['t1', null]) {
      const result = walk(sessionMachine, { input: { token }, events: EVENTS });
      expect(result.unsupplied).toEqual([]);
      const resting = declaredStates(sessionMachine).filter((state) => state !== 'starting');
      expect(result.reached).toEqual(new Set(resting));
    }
  });

  it('property: every step stores exactly the token it holds, announces a timeout only for a live session', () => {
    const event = fc.oneof(
      fc.constantFrom('t2', 't3').map((token): SessionEvent => ({ type: 'LOGIN', token })),
      fc
        .constantFrom('t1', 't2', 'old')
        .map((token): SessionEvent => ({ type: 'SESSION_ENDED', token, returnTo: '/trade' })),
      fc.constantFrom<SessionEvent | InternalEvent>(
        { type: 'LOGOUT' },
        { type: 'EXPIRED', returnTo: '/trade' },
        { type: DONE, output: undefined },
        { type: ERROR, error: new Error('server down') },
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom('t1', null, ''), fc.array(event, { maxLength: 30 }), (token, events) => {
        const { initial, steps } = fold(sessionMachine, { token }, events);
        expect(initial.value).toBe(token ? 'authenticated' : 'anonymous');
        for (const { before, after, event: sent, effects } of steps) {
          const where = `${String(before.value)} + ${JSON.stringify(sent)}`;
          // A token is held exactly while authenticated or logging out.
          expect(after.context.token !== null, where).toBe(
            ['authenticated', 'loggingOut'].includes(String(after.value)),
          );
          const stored = called(effects, 'persistToken') as Array<{ token: string | null }>;
          // Logging out forgets the stored token as it starts (the tab keeps its copy only to send
          // user/logout), so a reload mid-logout is signed out; the end of the logout stores nothing.
          const loggingOutNow = after.value === 'loggingOut' && before.value !== 'loggingOut';
          if (loggingOutNow) expect(stored, where).toEqual([{ token: null }]);
          else if (before.context.token !== after.context.token && before.value !== 'loggingOut') {
            expect(stored.at(-1), where).toEqual({ token: after.context.token });
          }
          const persisted = after.value === 'loggingOut' ? null : after.context.token;
          for (const item of stored) expect(item.token, where).toBe(persisted);
          // The socket's session_ended counts only for the token held right now.
          const endedNow =
            sent.type === 'SESSION_ENDED' &&
            before.value === 'authenticated' &&
            sent.token === before.context.token;
          const live = before.value === 'authenticated' && (sent.type === 'EXPIRED' || endedNow);
          expect(called(effects, 'notifyTimeout').length, where).toBe(live ? 1 : 0);
          const toLogin =
            endedNow ||
            (sent.type === 'EXPIRED' && ['authenticated', 'anonymous'].includes(String(before.value)));
          if (sent.type === 'SESSION_ENDED' && !endedNow) expect(after.value, where).toBe(before.value);
          expect(called(effects, 'goToLogin'), where).toEqual(toLogin ? [{ returnTo: '/trade' }] : []);
          if (sent.type === 'LOGIN' && after.value === 'authenticated')
            expect(after.context.returnTo, where).toBeNull();
          // Logging out ends in anonymous whatever the server answered.
          if (before.value === 'loggingOut' && sent.type.startsWith('xstate.'))
            expect(after.value, where).toBe('anonymous');
        }
      }),
      { numRuns: 300 },
    );
  });
});
