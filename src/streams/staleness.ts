import {
  asyncScheduler,
  concat,
  distinctUntilChanged,
  map,
  type Observable,
  of,
  type SchedulerLike,
  startWith,
  switchMap,
  timer,
} from 'rxjs';

/** How long live data may go without news before a panel says how old it is. */
export const STALE_AFTER_MS = 5_000;

/**
 * When a live stream last said anything, once that is older than `staleAfterMs` (DESIGN.md "Live
 * data says how live it is"): null while it is fresh (and before its first value, when the panel
 * shows its skeleton anyway), else the time of its last value on `scheduler`'s clock (the wall
 * clock in the app), for a panel's "as of 12:03:41".
 */
export function asOf$(
  updates$: Observable<unknown>,
  staleAfterMs = STALE_AFTER_MS,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<number | null> {
  return updates$.pipe(
    map(() => scheduler.now()),
    switchMap((at) => concat(of(null), timer(staleAfterMs, scheduler).pipe(map(() => at)))),
    startWith(null),
    distinctUntilChanged(),
  );
}
