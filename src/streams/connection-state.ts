import {
  asyncScheduler,
  distinctUntilChanged,
  map,
  type Observable,
  of,
  type SchedulerLike,
  scan,
  switchMap,
  timer,
} from 'rxjs';
import type { SocketLink } from './socket.ts';

/** Failed tries in a row after which the backend reads as offline rather than blinking. */
export const OFFLINE_AFTER_FAILURES = 2;

/**
 * The connection as a person reads it (the header's indicator): connecting for the first time,
 * live, reconnecting after a drop, or offline once a retry failed too. While a retry waits,
 * `secondsLeft` counts down to it; while a try is under way it is null.
 */
export type ConnectionState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'live' }
  | { readonly kind: 'reconnecting' | 'offline'; readonly secondsLeft: number | null };

/** Whether calls that need the backend may go out: not while a dropped connection is away. */
export function isReachable(state: ConnectionState): boolean {
  return state.kind === 'live' || state.kind === 'connecting';
}

/** The kind a number of failed tries in a row reads as. */
function awayKind(failures: number): 'reconnecting' | 'offline' {
  return failures >= OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
}

/**
 * The socket's link as a ConnectionState, the countdown ticking once a second. `scheduler.now()`
 * must be the clock the socket stamped `retryAt` with (both default to the wall clock).
 */
export function connectionState$(
  link$: Observable<SocketLink>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<ConnectionState> {
  return link$.pipe(
    // A try under way after a failure is still "reconnecting", not a first "connecting".
    scan(
      (seen: { link: SocketLink; failures: number }, link: SocketLink) => ({
        link,
        failures: link.state === 'open' ? 0 : link.state === 'waiting' ? link.failures : seen.failures,
      }),
      { link: { state: 'connecting' }, failures: 0 },
    ),
    switchMap(({ link, failures }): Observable<ConnectionState> => {
      if (link.state === 'open') return of({ kind: 'live' });
      if (link.state === 'connecting')
        return of(failures === 0 ? { kind: 'connecting' } : { kind: awayKind(failures), secondsLeft: null });
      const kind = awayKind(link.failures);
      return timer(0, 1000, scheduler).pipe(
        map(() => ({
          kind,
          secondsLeft: Math.max(0, Math.ceil((link.retryAt - scheduler.now()) / 1000)),
        })),
      );
    }),
    distinctUntilChanged(
      (a, b) =>
        a.kind === b.kind &&
        ('secondsLeft' in a ? a.secondsLeft : null) === ('secondsLeft' in b ? b.secondsLeft : null),
    ),
  );
}

/** What a screen reader is told about the connection: a change of state, not each second. */
export type ConnectionNews = 'reconnecting' | 'offline' | 'back' | null;

/**
 * The news in a stream of states: reconnecting and offline when the connection gets there, back
 * when it is live again after either; nothing for a page's first connect.
 */
export function connectionNews$(state$: Observable<ConnectionState>): Observable<ConnectionNews> {
  return state$.pipe(
    map((state) => state.kind),
    distinctUntilChanged(),
    scan(
      (seen: { away: boolean; news: ConnectionNews }, kind): { away: boolean; news: ConnectionNews } => {
        if (kind === 'reconnecting' || kind === 'offline') return { away: true, news: kind };
        if (kind === 'live' && seen.away) return { away: false, news: 'back' };
        return { away: seen.away, news: seen.news };
      },
      { away: false, news: null },
    ),
    map((seen) => seen.news),
    distinctUntilChanged(),
  );
}
